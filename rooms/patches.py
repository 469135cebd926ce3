"""A region sent as what changed in it, when that is shorter than the region whole.

A region (rooms/rendering.py) is one element whose id is its name. When the page has it as last sent and
only some of its elements changed, the frame carries htmx out-of-band swaps of those elements instead:
an element with an id that changed is replaced by its id, an item of a list of elements with ids that
is gone is deleted by its id, and new items are inserted after the item before them (or first into their
list). Elements without ids are gone through when they kept their opening tag, their place and the text
around them; anything else is the nearest element with an id around it, whole (the region itself at most,
which is then sent as before). Each swap but a whole region carries `data-of` with its region's name, by
which static/js/table.js knows a seat's own parts (its hand and actions) in a frame.

The page's copy and `before` must be the same: rooms/consumers.py keeps what it sent each page, and the
page applies every frame in order (table.js holds back the own parts of a frame that answers an older draft
and applies them just before the next frame, never drops them).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html import escape, unescape

from rooms import livecache

SAFE_ID = re.compile(r"[A-Za-z][\w-]*\Z")  # an id written into a selector (`afterend:#id`) needs no escaping
VOID = frozenset(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
                  "wbr"])
TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s=>/]+(?:\s*=\s*(?:\"[^\"]*\"|'[^']*'|[^\s>]+))?)*)\s*(/?)>"
                 r"|<!--.*?-->", re.DOTALL)
ID = re.compile(r'\sid="([^"]*)"')  # as the templates write it; inside a value a `"` is escaped
SMALLEST = 512  # a region shorter than this is sent whole: what a patch could save is not worth its parse


@dataclass(eq=False, slots=True)
class Node:
    """An element of a region's source: its opening tag is source[start:inner], its content
    source[inner:close], its closing tag source[close:end] (empty for a void element)."""

    tag: str
    id: str | None
    start: int
    inner: int
    close: int = 0
    end: int = 0
    children: list[Node] = field(default_factory=list)


class Tree:
    """A region's elements, with where each lies in its source; `sound` when every element is closed by its
    own closing tag and no id is used twice. Read by a regular expression over the tags, not by a full HTML
    parser (a tenth of its time): a region is the site's own templates' output, whose attribute values and
    text carry `<` and `>` only escaped; anything else found makes it unsound, and it is sent whole."""

    def __init__(self, source: str) -> None:
        self.root = Node("", None, 0, 0, len(source), len(source))
        self.ids: set[str] = set()
        self.sound, stack = True, [self.root]
        for tag in TAG.finditer(source):
            closing, name, attrs, alone = tag.groups()
            if name is None:  # a comment
                continue
            if closing:
                if len(stack) == 1 or stack[-1].tag != name:
                    self.sound = False
                    return
                node = stack.pop()
                node.close, node.end = tag.start(), tag.end()
                continue
            found = ID.search(attrs)
            id_ = unescape(found.group(1)) if found else None
            if id_ is not None:
                self.sound = self.sound and id_ not in self.ids
                self.ids.add(id_)
            node = Node(name, id_, tag.start(), tag.end(), tag.end(), tag.end())
            stack[-1].children.append(node)
            if name not in VOID and not alone:
                stack.append(node)
        self.sound = self.sound and len(stack) == 1


# A region's string is read once: the pages of a seat share it, and it is the next frame's `before`. About
# 10 kB a tree at most; the strings themselves are held by the consumers' `sent` anyway.
_TREES = livecache.Bounded(1024)


def tree(source: str) -> Tree:
    found = _TREES.get(source)
    if found is None:
        found = Tree(source)
        _TREES.put(source, found)
    return found


def patch(name: str, before: str, html: str) -> str | None:
    """The swaps that make the region `name` as last sent (`before`) into `html`, or None when it is to be
    sent whole: the region's own opening tag changed, its source is not sound, or the swaps are longer."""
    if len(html) < SMALLEST:
        return None
    old, new = tree(before), tree(html)
    if not (old.sound and new.sound) or len(old.root.children) != 1 or len(new.root.children) != 1:
        return None
    o, n = old.root.children[0], new.root.children[0]
    if o.id != name or n.id != name or before[o.start:o.inner] != html[n.start:n.inner]:
        return None
    swaps = _Swaps(name, before, html)
    if not swaps.content(o, n):
        return None
    found = "".join(swaps.out)
    return found if len(found) < len(html) else None


class _Swaps:
    def __init__(self, region: str, before: str, html: str) -> None:
        self.region, self.a, self.b, self.out = region, before, html, []

    def content(self, o: Node, n: Node) -> bool:
        """Swaps that make o's content n's (their opening tags are the same); False if there are none."""
        a, b = self.a, self.b
        if a[o.inner:o.close] == b[n.inner:n.close]:
            return True
        if self._skeleton(a, o) == self._skeleton(b, n):  # the same children in the same places
            return all(self._child(x, y) for x, y in zip(o.children, n.children, strict=True))
        return self._items(o, n)

    @staticmethod
    def _skeleton(source: str, node: Node) -> list:
        """The text between the children, and their ids."""
        parts, at = [], node.inner
        for child in node.children:
            parts += [source[at:child.start], child.id]
            at = child.end
        return [*parts, source[at:node.close]]

    def _child(self, x: Node, y: Node) -> bool:
        """Child x became y in the same place."""
        if self.a[x.start:x.end] == self.b[y.start:y.end]:
            return True
        mark = len(self.out)
        if (self.a[x.start:x.inner] == self.b[y.start:y.inner] and x.tag not in VOID and self.content(x, y)
                and (y.id is None or sum(map(len, self.out[mark:])) < y.end - y.start)):
            return True
        del self.out[mark:]  # what was found inside it before it failed, or more than it whole
        if y.id is None:  # an element without an id is reached only by going on inside it
            return False
        self._replace(y)
        return True

    def _items(self, o: Node, n: Node) -> bool:
        """o's children and n's are lists of elements with ids, in the same order where both have one: the
        ones gone are deleted, the new ones inserted after the item before them, the changed ones swapped."""
        a, b = self.a, self.b
        if n.tag == "table" or not all(c.id for c in (*o.children, *n.children)):
            return False  # (rows inserted into a <table> would be parsed into a <tbody> of their own)
        if any(part.strip() for part in (*self._skeleton(a, o)[::2], *self._skeleton(b, n)[::2])):
            return False  # text between items
        had = {c.id: c for c in o.children}
        has = {c.id for c in n.children}
        if [c.id for c in n.children if c.id in had] != [c.id for c in o.children if c.id in has]:
            return False  # moved
        for c in o.children:
            if c.id not in has:
                self.out.append(f'<{c.tag} id="{escape(c.id)}" hx-swap-oob="delete" data-of="{self.region}">'
                                + ("" if c.tag in VOID else f"</{c.tag}>"))
        after, run = None, []
        for c in (*n.children, None):
            if c is not None and c.id not in had:
                run.append(c)
                continue
            if run:
                where = (f"afterend:#{after.id}" if after else f"afterbegin:#{n.id}" if n.id
                         else f"beforebegin:#{c.id}" if c else None)
                if where is None or not SAFE_ID.match(where.partition("#")[2]):
                    return False
                # with the white space before each (the same between inline items as when sent whole), or
                # before the item they go in front of
                items = (b[after.end:run[-1].end] if after else b[n.inner:run[-1].end] if n.id
                         else b[run[0].start:c.start])
                self.out.append(f'<{n.tag} hx-swap-oob="{where}" data-of="{self.region}">{items}</{n.tag}>')
                run = []
            if c is not None:
                if not self._child(had[c.id], c):
                    return False
                after = c
        return True

    def _replace(self, y: Node) -> None:
        """y whole, in place of the element with its id."""
        opening = len(y.tag) + 1
        self.out.append(f'{self.b[y.start:y.start + opening]} hx-swap-oob="true" data-of="{self.region}"'
                        f'{self.b[y.start + opening:y.end]}')
