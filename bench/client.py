"""A browser without a browser: cookies, CSRF and the table's websocket, as the pages use them; a page's copy
of the table kept up to date frame by frame; the hooks by which the table names a seat's legal moves.

Shared by the services-mode tests, the browser tests (tests/helpers.py) and the load bench (bench/live.py).
"""

from __future__ import annotations

import html
import http.cookiejar
import re
import urllib.parse
import urllib.request
from dataclasses import dataclass

from rooms.patches import Node, Tree

FRESHNESS = re.compile(r'id="freshness"[^>]*data-deal="(\d+)" data-version="(-?\d+)"[^>]*data-phase="(\w*)" '
                       r'data-my-turn="(true|false)"')


class Browser:
    """Cookies and CSRF like a browser, over plain HTTP."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def get(self, path: str) -> str:
        return self.opener.open(self.base + path, timeout=30).read().decode()

    def post(self, path: str, data: dict) -> tuple[str, str]:
        if not any(c.name == "csrftoken" for c in self.jar):
            self.get("/de/")
        body = urllib.parse.urlencode({"csrfmiddlewaretoken": self.cookie("csrftoken"), **data}).encode()
        request = urllib.request.Request(self.base + path, data=body, headers={"Referer": self.base + "/"})
        response = self.opener.open(request, timeout=60)
        return response.geturl(), response.read().decode()

    def cookie(self, name: str) -> str:
        return next(c.value for c in self.jar if c.name == name)

    def cookie_header(self) -> str:
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)

    def open_room(self, game: str, name: str, computers: set[int]) -> str:
        """Opens a room (this browser in seat 1) and returns its invite token."""
        fields = {"name": name, **{f"seat-{i}": "computer" for i in computers}}
        url, _html = self.post(f"/de/raum/neu/{game}/", fields)
        return url.rstrip("/").rsplit("/", 1)[-1]

    def join(self, token: str, name: str) -> None:
        self.post(f"/de/raum/{token}/beitreten/", {"name": name})

    def socket_url(self, token: str, port: int, lang: str = "de") -> str:
        return f"ws://127.0.0.1:{port}/ws/raum/{token}/?lang={lang}"


def freshness(frame: str) -> tuple[int, int, str, bool] | None:
    """(deal number, version, phase, my turn) of a frame, if it says."""
    match = FRESHNESS.search(frame)
    if match is None:
        return None
    return int(match[1]), int(match[2]), match[3], match[4] == "true"


# --- a page's copy of the table, brought up to date frame by frame as htmx does it -------------------------
# The server sends a region whole, or as what changed in it (rooms/patches.py): swaps by id, items deleted and
# inserted by id, each carrying `data-of` with its region's name. The browser tests check the swaps against the
# regions whole with `applied`; the load bench keeps each person's page with `Page`.

SWAP = re.compile(r'\shx-swap-oob="([^"]*)"')
OF = re.compile(r'\sdata-of="([^"]*)"')
SPACES = re.compile(r">\s+<")
ATTRIBUTE = re.compile(r"""\s([^\s=>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s'"=<>`]+)))?""")


def find(tree: Tree, wanted: str) -> Node:
    nodes = [tree.root]
    while nodes:
        node = nodes.pop()
        if node.id == wanted:
            return node
        nodes += node.children
    raise LookupError(f"no element #{wanted}")


@dataclass(frozen=True)
class Swap:
    """One out-of-band swap of a frame: how (`true`, `delete`, `innerHTML`, `afterend`, …), on which element
    (by id), the element without its `hx-swap-oob` and `data-of`, and the region it belongs to (`data-of`;
    None: a region or another element of the page sent whole)."""

    style: str
    target: str
    element: str
    region: str | None

    def into(self, page: str) -> str:
        """The page's copy after this swap, as htmx's oobSwap does it."""
        target = find(Tree(page), self.target)
        element = self.element
        content = element[element.index(">") + 1:element.rindex("</")] if self.style not in ("true", "delete") else ""
        if self.style == "true":
            return page[:target.start] + element + page[target.end:]
        if self.style == "delete":
            return page[:target.start] + page[target.end:]
        if self.style == "afterend":
            return page[:target.end] + content + page[target.end:]
        if self.style == "beforebegin":
            return page[:target.start] + content + page[target.start:]
        if self.style == "innerHTML":
            return page[:target.inner] + content + page[target.close:]
        if self.style not in ("afterbegin", "beforeend"):
            raise ValueError(f"a swap htmx does not do: {self.style}")
        at = target.inner if self.style == "afterbegin" else target.close
        return page[:at] + content + page[at:]


def swaps(frame: str) -> list[Swap]:
    """A frame's swaps in order (every top-level element of a frame is one). ValueError unless each is an
    element whose tags nest and whose ids differ (an id may be in two swaps: Kowah's older discards are sent
    whole after the center's `hx-preserve` slot for them)."""
    found, at = [], 0
    for node in Tree(frame).root.children:
        source = frame[node.start:node.end]
        if frame[at:node.start].strip() or not Tree(source).sound:
            raise ValueError("a frame whose tags do not nest")
        at = node.end
        opening = source[:node.inner - node.start]
        swap, of = SWAP.search(opening), OF.search(opening)
        style, _, selector = (swap.group(1) if swap else "true").partition(":")
        element = OF.sub("", SWAP.sub("", source, count=1), count=1)
        found.append(Swap(style, selector.removeprefix("#") if selector else node.id, element, of and of.group(1)))
    if frame[at:].strip():
        raise ValueError("a frame whose tags do not nest")
    return found


def applied(page: str, frame: str) -> str:
    """The page's copy after the frame's swaps, as htmx's oobSwap does them (by id, or `style:#id` with the
    swap element's content)."""
    for swap in swaps(frame):
        page = swap.into(page)
    return SPACES.sub(">\n<", page)  # a deleted item leaves the white space on both sides of it


class Page:
    """What a page shows of the table: the whole table as it came (on connecting, on a refresh), and since then
    each region as the frames' swaps made it, in order — a region sent whole replaces the page's; the swaps of a
    region sent as what changed in it go into the page's copy of that region. A region inside another (Chuo
    Pai's scoreboard, Kowah's older discards) is its own entry, as the page keeps it (`hx-preserve`) when the
    outer region is swapped whole."""

    def __init__(self) -> None:
        self.whole = ""
        self.regions: dict[str, str] = {}
        self._tree: Tree | None = None  # the whole table's, read when a region is first asked for

    def take(self, frame: str) -> None:
        """Applies a frame; ValueError or LookupError if it cannot be (its swaps name nothing the page has)."""
        if 'id="table"' in frame:
            self.whole, self.regions, self._tree = frame, {}, None
            return
        for swap in swaps(frame):
            name = swap.region or swap.target
            if swap.style == "true" and swap.region is None:
                self.regions[name] = swap.element
            else:
                region = self.region(name)
                if not region:
                    raise LookupError(f"a swap into #{name}, which the page does not show")
                self.regions[name] = swap.into(region)

    def region(self, name: str) -> str:
        """The region as the page shows it ("" if the page has none)."""
        found = self.regions.get(name)
        if found is None:
            self._tree = self._tree or Tree(self.whole)
            try:
                node = find(self._tree, name)
            except LookupError:
                return ""
            found = self.regions[name] = self.whole[node.start:node.end]
        return found

    def elements(self, hook: Hook) -> list[dict[str, str]]:
        """The attributes of each element of the page that `hook` names, in the page's order."""
        source = self.region(hook.region)
        found, nodes = [], list(reversed(Tree(source).root.children))
        while nodes:
            node = nodes.pop()
            nodes += reversed(node.children)
            if hook.tag and node.tag != hook.tag:
                continue
            attributes = {name: html.unescape("".join(values))
                          for name, *values in ATTRIBUTE.findall(source[node.start + 1 + len(node.tag):node.inner])}
            if all(name in attributes and (value is None or attributes[name] == value) for name, value in hook.attrs):
                found.append(attributes)
        return found


# --- the hooks a person acts by: the table's legal moves, as the page names them ----------------------------


@dataclass(frozen=True)
class Hook:
    """Elements of a region the table marks for the moves a seat may make: as a CSS selector for a real browser
    (the browser tests) and as a match over a page's copy (`Page.elements`, the load bench). `attrs` are
    (name, value) pairs; a value of None asks only that the attribute be there."""

    region: str
    tag: str = ""
    attrs: tuple[tuple[str, str | None], ...] = ()

    @property
    def css(self) -> str:
        return f"#{self.region} {self.tag}" + "".join(f"[{n}]" if v is None else f"[{n}={v}]" for n, v in self.attrs)


PLAYS = Hook("actions", attrs=(("data-plays", None),))  # Chuo Pai: the plays the seat may make, "6-6 5-5+5-5 …"
PICKS = Hook("hand", "input", (("data-code", None),))  # Chuo Pai: a card of the hand to tick for a play
LEGAL_PICK = Hook("hand", "input", (("type", "radio"), ("data-legal", "true")))  # Chắn, Kowah: a card to discard
DISCARD = Hook("actions", "button", (("name", "intent"), ("value", "discard")))  # there while the seat discards
LEGAL_BUTTON = Hook("actions", "button", (("data-legal", None),))  # any other move the seat may make: its button


def plays(named: str) -> list[list[str]]:
    """The plays of a Chuo Pai page's `data-plays`, each as its cards."""
    return [play.split("+") for play in named.split()]
