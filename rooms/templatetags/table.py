import pickle
from functools import lru_cache

from django import template
from django.template import Context, TemplateSyntaxError
from django.template.base import Parser, Token
from django.template.loader_tags import IncludeNode, do_include
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext, ngettext

from rooms.livecache import RENDERED
from rules_content import cardart
from rules_content.passport import rule_url
from rules_content.templatetags.cards import card_src

register = template.Library()


@register.filter
def get(container: object, key: object) -> object:
    """`{{ names|get:code }}` / `{{ flags|get:index }}`: a lookup with a variable key or index."""
    if isinstance(container, dict):
        return container.get(key)
    try:
        return container[key]  # type: ignore[index]
    except (TypeError, IndexError, KeyError):
        return None


@register.simple_tag
def slot(region: str) -> SafeString:
    """Where a region of its own sits inside another (rooms.rendering.inner_regions): the whole table puts it
    here; a swap of the outer region keeps the element the page has (`hx-preserve`)."""
    return format_html('<div id="{}" hx-preserve="true"></div>', region)


BACK_HEIGHT, BACK_STEP = 42, 7  # a face-down hand: backs this high, fanned this far apart


@register.simple_tag
def back_patterns(deck: str) -> SafeString:
    """Once per table: the card back and its fanned edge, for every `{% backs %}` of the page to use."""
    w, h = cardart.aspect(deck)
    width = round(BACK_HEIGHT * w / h)
    return format_html(
        '<svg class="defs" width="0" height="0" aria-hidden="true"><defs>'
        '<image id="back-{deck}" href="{src}" width="{width}" height="{height}"/>'
        '<pattern id="fan-{deck}" width="{step}" height="{height}" patternUnits="userSpaceOnUse">'
        '<use href="#back-{deck}"/></pattern></defs></svg>',
        deck=deck, src=card_src(deck, "back"), width=width, height=BACK_HEIGHT, step=BACK_STEP,
    )


@register.simple_tag
def backs(deck: str, count: int) -> SafeString:
    """A face-down hand as one small picture whatever its size: the backs' left edges fanned out and the
    last back whole (drawn from the table's `back_patterns`)."""
    if not count:
        return mark_safe("")
    return _backs(deck, count, get_language())


@lru_cache(maxsize=512)
def _backs(deck: str, count: int, language: str | None) -> SafeString:
    """Built once per deck, count and language: every seat box that changes draws one (0.03 ms each)."""
    w, h = cardart.aspect(deck)
    width = round(BACK_HEIGHT * w / h)
    fan = (count - 1) * BACK_STEP
    return format_html(
        '<svg class="backs" width="{total}" height="{height}" viewBox="0 0 {total} {height}" role="img" '
        'aria-label="{label}"><rect width="{fan}" height="{height}" fill="url(#fan-{deck})"/>'
        '<use href="#back-{deck}" x="{fan}"/></svg>',
        total=fan + width, height=BACK_HEIGHT, fan=fan, deck=deck,
        label=ngettext("{count} card", "{count} cards", count).format(count=count),
    )


@register.simple_tag
def rule_link(reason: object, game: str) -> SafeString:
    """After a refusal the table shows (a `rooms.tables.Why`): a link to the rule that decides it."""
    url = rule_url(game, getattr(reason, "code", ""))
    if not url:
        return mark_safe("")
    return format_html(' <a class="rule-link" href="{}">{}</a>', url, gettext("What the rules say"))


PICKLE = pickle.HIGHEST_PROTOCOL


class CachedIncludeNode(IncludeNode):
    """`{% include … with … only %}` whose output this process keeps (`livecache.RENDERED`) by the
    included template, the language, escaping and the values passed: with `only`, those are all that the
    included template sees, so equal values (equal pickles) render the same string. Meant for the items of
    a table's long loops (a hand's cards, a pile), which mostly look the same from move to move. A value
    pickle refuses makes the include render every time."""

    def render(self, context: Context) -> SafeString:
        values = {name: value.resolve(context) for name, value in self.extra_context.items()}
        try:
            key = ("include", self.template.var, get_language(), context.autoescape, pickle.dumps(values, PICKLE))
        except Exception:  # not picklable: rendered, not kept
            return super().render(context)
        html = RENDERED.get(key)
        if html is None:
            html = super().render(context)
            RENDERED.put(key, html)
        return html


@register.tag
def cached_include(parser: Parser, token: Token) -> CachedIncludeNode:
    """`{% cached_include "games/chan/_fan_card.html" with c=c deck=deck only %}`: see CachedIncludeNode."""
    node = do_include(parser, token)
    if not node.isolated_context or node.template.is_var or not isinstance(node.template.var, str):
        raise TemplateSyntaxError("cached_include takes a template's name in quotes and ends with `only`")
    return CachedIncludeNode(node.template, extra_context=node.extra_context, isolated_context=True)
