"""The French pack, 52 cards and two jokers (Chor Voli, Dou Dizhu): card-art.md section 5.

Full face `0 0 250 350`, compact face `0 0 68 96`. Point-symmetric: the corner index and the court
half-panel are drawn once in <defs> and used a second time turned by 180°.
"""

from __future__ import annotations

from rules_content.cardart.svgkit import (
    INK,
    PAPER,
    RED,
    Doc,
    el,
    k,
    latin,
    n,
    polygon,
    rect,
    star_points,
    turned,
    use,
)

ASPECT = (250, 350)
COMPACT = (68, 96)
BACK = ("#1F3A68", "#3A5B8F")  # navy with a lighter lattice
LANGS = ("de", "en")
PAPER_COLOUR = PAPER
LOCALISED = True  # court letters differ by language

RANKS = "23456789TJQKA"
SUIT_ORDER = "CSHD"  # German Skat order for the gallery: Kreuz, Pik, Herz, Karo (card-art 5.4)
JOKERS = ("BJ", "RJ")
CODES = tuple(r + s for s in SUIT_ORDER for r in RANKS) + JOKERS

SUITS = {  # code: (German, English, colour)
    "S": ("Pik", "spades", INK),
    "H": ("Herz", "hearts", RED),
    "D": ("Karo", "diamonds", RED),
    "C": ("Kreuz", "clubs", INK),
}
VALUES = {  # rank: (German, English)
    "2": ("Zwei", "Two"),
    "3": ("Drei", "Three"),
    "4": ("Vier", "Four"),
    "5": ("Fünf", "Five"),
    "6": ("Sechs", "Six"),
    "7": ("Sieben", "Seven"),
    "8": ("Acht", "Eight"),
    "9": ("Neun", "Nine"),
    "T": ("Zehn", "Ten"),
    "J": ("Bube", "Jack"),
    "Q": ("Dame", "Queen"),
    "K": ("König", "King"),
    "A": ("Ass", "Ace"),
}
JOKER_NAMES = {  # the seed's words: "Roter Joker (großer Joker)", "Schwarzer Joker (kleiner Joker)"
    "RJ": ("Roter Joker (groß)", "Red Joker (big)"),
    "BJ": ("Schwarzer Joker (klein)", "Black Joker (small)"),
}
INDEX = {  # German courts read B, D, K (card-art 5.2)
    "de": {"T": "10", "J": "B", "Q": "D", "K": "K", "A": "A"},
    "en": {"T": "10", "J": "J", "Q": "Q", "K": "K", "A": "A"},
}

# Suit signs, our own geometry, in a 100-unit box centred on the origin.
SUIT_PATHS = {
    "H": "M0 44C-16 28-50 8-50-16C-50-36-36-46-23-46C-11-46-3-38 0-28C3-38 11-46 23-46"
    "C36-46 50-36 50-16C50 8 16 28 0 44Z",
    "S": "M0-48C-14-30-50-10-50 12C-50 30-36 38-24 38C-14 38-7 33-3 26C-4 36-8 43-17 50H17"
    "C8 43 4 36 3 26C7 33 14 38 24 38C36 38 50 30 50 12C50-10 14-30 0-48Z",
    "D": "M0-50Q16-24 38 0Q16 24 0 50Q-16 24-38 0Q-16-24 0-50Z",
    "C": "M-21-25a21 21 0 1 0 42 0a21 21 0 1 0-42 0M-46 10a21 21 0 1 0 42 0a21 21 0 1 0-42 0"
    "M4 10a21 21 0 1 0 42 0a21 21 0 1 0-42 0M-10 4h20v10h-20ZM-4 12C-4 30-9 42-17 50H17"
    "C9 42 4 30 4 12Z",
}

# Pip centres (x, y) in the field x 60-190, y 40-310. Pips below the middle are turned.
_L, _C, _R = 88, 125, 162
_ROW4 = (62, 137, 213, 288)
_ROW3 = (62, 175, 288)
PIPS: dict[str, tuple[tuple[float, float], ...]] = {
    "2": ((_C, 62), (_C, 288)),
    "3": ((_C, 62), (_C, 175), (_C, 288)),
    "4": tuple((x, y) for y in (62, 288) for x in (_L, _R)),
    "5": (*((x, y) for y in (62, 288) for x in (_L, _R)), (_C, 175)),
    "6": tuple((x, y) for y in _ROW3 for x in (_L, _R)),
    "7": (*((x, y) for y in _ROW3 for x in (_L, _R)), (_C, 118.5)),
    "8": (*((x, y) for y in _ROW3 for x in (_L, _R)), (_C, 118.5), (_C, 231.5)),
    "9": (*((x, y) for y in _ROW4 for x in (_L, _R)), (_C, 175)),
    "T": (*((x, y) for y in _ROW4 for x in (_L, _R)), (_C, 99.5), (_C, 250.5)),
}
PIP_SIZE = 40
ACE_SIZE = 112

# Court headgear (card-art 5.2): Bube a cap with a band, Dame a band with three dots, König a
# crown of three points. Drawn about the origin, 80 wide.
HEADGEAR = {
    "J": "M-34 6C-34-12-18-22 0-22S34-12 34 6ZM-40 10h80v10h-80Z",
    "Q": "M-36 2h72v16h-72ZM-31-10a7 7 0 1 0 14 0a7 7 0 1 0-14 0M-7-16a7 7 0 1 0 14 0"
    "a7 7 0 1 0-14 0M17-10a7 7 0 1 0 14 0a7 7 0 1 0-14 0",
    "K": "M-38 18V-20L-19 0 0-24 19 0 38-20V18Z",
}
PANEL_TINT = {INK: "#ECEBE8", RED: "#FBE9E4"}


def name(code: str, lang: str) -> str:
    i = LANGS.index(lang)
    if code in JOKER_NAMES:
        return JOKER_NAMES[code][i]
    value, suit = VALUES[code[0]][i], SUITS[code[1]][i]
    return f"{suit}-{value}" if lang == "de" else f"{value} of {suit}"


def draw(doc: Doc, code: str, compact: bool, lang: str) -> None:
    if code in JOKERS:
        (_joker_compact if compact else _joker)(doc, code)
    elif compact:
        _compact(doc, code, lang)
    else:
        _full(doc, code, lang)


def _pip(doc: Doc, suit: str, x: float, y: float, size: float, turn: bool = False) -> str:
    ref = doc.define(suit, "path", d=SUIT_PATHS[suit], fill=SUITS[suit][2])
    s = k(-size / 100 if turn else size / 100)
    return use(ref, transform=f"matrix({s} 0 0 {s} {n(x)} {n(y)})")


def _full(doc: Doc, code: str, lang: str) -> None:
    rank, suit = code[0], code[1]
    colour = SUITS[suit][2]
    index = doc.define(
        "i", "g", latin(INDEX[lang].get(rank, rank), 4, 12, 54, 48, colour) + _pip(doc, suit, 28, 94, 36)
    )
    doc.add(use(index), turned(index, *ASPECT))
    if rank in PIPS:
        doc.add(*(_pip(doc, suit, x, y, PIP_SIZE, turn=y > 175) for x, y in PIPS[rank]))
    elif rank == "A":
        doc.add(_pip(doc, suit, 125, 175, ACE_SIZE))
    else:
        _court(doc, rank, suit, lang)


def _court(doc: Doc, rank: str, suit: str, lang: str) -> None:
    """Our own court: a tinted panel, headgear mark, big letter and a pip in each half."""
    colour = SUITS[suit][2]
    doc.add(rect(56, 44, 138, 262, rx=8, fill=PANEL_TINT[colour], stroke=colour, stroke_width=3))
    half = doc.define(
        "h",
        "g",
        el("path", d=HEADGEAR[rank], fill=colour, transform="translate(118 76)")
        + latin(INDEX[lang][rank], 78, 104, 60, 80, colour)
        + _pip(doc, suit, 170, 78, 30),
    )
    doc.add(use(half), turned(half, *ASPECT), el("path", d="M62 175H188", stroke=colour, stroke_width=2))


def _joker(doc: Doc, code: str) -> None:
    """Big joker: a large filled red star; small joker: a smaller outlined ink star. Filled against
    outline tells them apart without colour (card-art 5.2)."""
    big = code == "RJ"
    colour = RED if big else INK
    letters = "".join(latin(ch, 10, 16 + i * 27, 21, 28, colour) for i, ch in enumerate("JOKER"))
    index = doc.define("i", "g", letters)
    doc.add(use(index), turned(index, *ASPECT))
    if big:
        doc.add(polygon(star_points(125, 182, 100, 40), fill=RED))
    else:
        doc.add(
            polygon(star_points(125, 182, 72, 29), fill="none", stroke=INK, stroke_width=9, stroke_linejoin="round")
        )


def _compact(doc: Doc, code: str, lang: str) -> None:
    """Rank and suit top-left, one big pip bottom-right (card-art 5.3)."""
    rank, suit = code[0], code[1]
    doc.add(
        latin(INDEX[lang].get(rank, rank), 4, 5, 28, 28, SUITS[suit][2]),
        _pip(doc, suit, 18, 48, 22),
        _pip(doc, suit, 46, 73, 36),
    )


def _joker_compact(doc: Doc, code: str) -> None:
    if code == "RJ":
        doc.add(polygon(star_points(34, 50, 32, 13), fill=RED))
    else:
        doc.add(polygon(star_points(34, 50, 22, 9), fill="none", stroke=INK, stroke_width=4, stroke_linejoin="round"))
