"""What a region's template reads from its context, so that a region is rendered again only when that
changed (issue 13: most regions of a table look the same after most moves, e.g. Dou Dizhu's bottom
cards, or a hand whose seat did not move).

`lookups(template)` walks the compiled template once and lists every variable its tags, filters,
conditions, loops and includes look up (`view.hand`, `picked`, `c.code`…). `fingerprint` resolves each
of them in a context, as the template itself would, and serialises the values (pickle: a str and a
SafeString, or True and 1, stay apart; equal bytes mean equal values). A template is a function of
what it looks up (and of the active language, which callers add to their key), so two contexts with
the same fingerprint render the same string. Names a loop or a `with` binds are looked up in the outer
context too: they resolve to nothing there, and what they stand for is looked up through the loop's
sequence or the `with`'s values.

A tag this module does not know (or one that takes the whole context) makes its template *opaque*:
`lookups` returns None and the caller renders it every time. tests/rooms/test_reads.py checks that
every live region of every game is understood, and that cached regions equal fresh renders over whole
deals.
"""

from __future__ import annotations

import hashlib
import pickle
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from django.template import Context, NodeList, Variable, VariableDoesNotExist
from django.template.base import FilterExpression, Node, TextNode, TokenType, VariableNode
from django.template.defaulttags import (
    CommentNode,
    CsrfTokenNode,
    FirstOfNode,
    ForNode,
    IfNode,
    LoadNode,
    TemplateLiteral,
    URLNode,
    WithNode,
)
from django.template.library import SimpleNode
from django.template.loader import get_template
from django.template.loader_tags import IncludeNode
from django.templatetags.i18n import BlockTranslateNode, TranslateNode
from django.templatetags.static import StaticNode
from template_partials.templatetags.partials import DefinePartialNode, RenderPartialNode

from rooms.templatetags.table import get

MISSING = ("cardavia.reads", "missing")  # what a lookup that finds nothing contributes to a fingerprint


class Opaque(Exception):
    """A template, or a value it reads, this module cannot see through."""


@dataclass(frozen=True)
class Read:
    """One thing a template reads: a variable, and then the entries it picks by `|get:key` filters (a
    seat's box reads `fronts|get:s.seat.index`, one seat's entry, not every seat's)."""

    var: Variable
    keys: tuple[Variable | object, ...] = ()  # each a lookup, or a constant

    @property
    def path(self) -> tuple:
        return (*self.var.lookups, *(("|get", k.var if isinstance(k, Variable) else k) for k in self.keys))


@cache
def lookups(name: str) -> tuple[Read, ...] | None:
    """Everything the template `name` ("file.html" or "file.html#partial") reads, once each, less what
    lies inside another read (`view` covers `view.hand`); None when it uses a tag not understood here."""
    return reads_in(get_template(name).template.nodelist)


def reads_in(nodes: NodeList) -> tuple[Read, ...] | None:
    """What these compiled template nodes read (see `lookups`)."""
    try:
        found = {read.path: read for read in _in_nodes(nodes)}
    except Opaque:
        return None
    return tuple(read for path, read in found.items() if not any(path[:n] in found for n in range(1, len(path))))


def fingerprint(wanted: tuple[Read, ...], context: dict) -> bytes:
    """A digest of what a template reads (`wanted`) in `context` (BLAKE2b, 128 bits: equal digests mean
    equal values, short of a deliberate collision); Opaque when a value cannot be serialised."""
    scope = Context(context)
    values = []
    for read in wanted:
        value = _resolve(read.var, context, scope)
        for key in read.keys:
            if value is not MISSING:
                value = get(value, _resolve(key, context, scope) if isinstance(key, Variable) else key)
        values.append(value)
    try:
        serialised = pickle.dumps(values, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception as error:  # any value pickle refuses makes the region uncached
        raise Opaque(repr(error)) from error
    return hashlib.blake2b(serialised, digest_size=16).digest()


def _resolve(var: Variable, context: dict, scope: Context) -> object:
    """The variable's value as the template finds it: through dictionaries that hold its keys directly,
    else by the template's own lookup (attributes, indexes, methods such as `.items`, what is missing)."""
    if var.lookups is None:
        return var.literal
    value = context
    for key in var.lookups:
        if type(value) is not dict or key not in value:
            try:
                return var.resolve(scope)
            except VariableDoesNotExist:
                return MISSING
        value = value[key]
    return value


def _in_nodes(nodes: NodeList) -> Iterator[Read]:
    for node in nodes:
        yield from _in_node(node)


def _in_node(node: Node) -> Iterator[Read]:
    if isinstance(node, (TextNode, CommentNode, LoadNode, StaticNode)):
        return  # constant text
    if isinstance(node, DefinePartialNode):
        if node.inline:  # else only defined here, for `{% partial %}` or a region to use
            yield from _in_nodes(node.nodelist)
    elif isinstance(node, VariableNode):
        yield from _in_expression(node.filter_expression)
    elif isinstance(node, IfNode):
        for condition, nodelist in node.conditions_nodelists:
            yield from _in_condition(condition)
            yield from _in_nodes(nodelist)
    elif isinstance(node, ForNode):
        yield from _in_expression(node.sequence)
        yield from _in_nodes(node.nodelist_loop)
        yield from _in_nodes(node.nodelist_empty)
    elif isinstance(node, WithNode):
        for expression in node.extra_context.values():
            yield from _in_expression(expression)
        yield from _in_nodes(node.nodelist)
    elif isinstance(node, IncludeNode):
        if node.template.is_var or not isinstance(node.template.var, str):
            raise Opaque("an include of a template named by a variable")
        for expression in node.extra_context.values():
            yield from _in_expression(expression)
        yield from _in_nodes(get_template(node.template.var).template.nodelist)
    elif isinstance(node, RenderPartialNode):
        yield from _in_nodes(node.partial_mapping[node.partial_name].nodelist)
    elif isinstance(node, TranslateNode):
        yield from _in_expression(node.filter_expression)
        if node.message_context:
            yield from _in_expression(node.message_context)
    elif isinstance(node, BlockTranslateNode):
        for expression in node.extra_context.values():
            yield from _in_expression(expression)
        for token in (*node.singular, *(node.plural or ())):
            if token.token_type == TokenType.VAR:
                yield Read(Variable(token.contents))
        if node.counter is not None:
            yield from _in_expression(node.counter)
        if node.message_context:
            yield from _in_expression(node.message_context)
    elif isinstance(node, SimpleNode) and not node.takes_context:
        for expression in (*node.args, *node.kwargs.values()):
            yield from _in_expression(expression)
    elif isinstance(node, URLNode):
        for expression in (node.view_name, *node.args, *node.kwargs.values()):
            yield from _in_expression(expression)
    elif isinstance(node, FirstOfNode):
        for expression in node.vars:
            yield from _in_expression(expression)
    elif isinstance(node, CsrfTokenNode):
        yield Read(Variable("csrf_token"))
    else:
        raise Opaque(f"the tag of {type(node).__name__}")


def _in_expression(expression: FilterExpression) -> Iterator[Read]:
    """The expression's variable, followed through its leading `|get:` filters, and every variable
    its filters take as arguments."""
    for _function, arguments in expression.filters:
        for is_lookup, argument in arguments:
            if is_lookup and argument.lookups is not None:
                yield Read(argument)
    keys = []
    for function, arguments in expression.filters:
        if function is not get:
            break
        keys.append(arguments[0][1])
    if isinstance(expression.var, Variable) and expression.var.lookups is not None:
        yield Read(expression.var, tuple(keys))


def _in_condition(condition: object) -> Iterator[Read]:
    """An `{% if %}` condition: a tree of operators over literals (None for an `else`)."""
    if condition is None:
        return
    if isinstance(condition, TemplateLiteral):
        yield from _in_expression(condition.value)
        return
    for operand in (condition.first, condition.second):
        yield from _in_condition(operand)
