"""Tổ Tôm (Chắn): card-art.md section 2. Codes rank 1-9 + V (Vạn 萬), S (Sách 索), N (Văn 文), and the
three red specials CC (Chi Chi), TT (Thang thang), OC (Ông cụ).

Full face `0 0 250 900`: head numeral 一…九 (with a small Arabic reading aid), a middle panel with
a neutral motif, foot suit character; a red seal on red cards. Compact face `0 0 72 96`.
No figures: the middle panel uses the pack's own non-human motifs (carp, peach, pavilion, boat),
assigned from the identity so that each of the 30 designs differs, with no meaning.
"""

from __future__ import annotations

from rules_content.cardart import motifs
from rules_content.cardart.motifs import placed
from rules_content.cardart.svgkit import (
    CREAM,
    INK,
    ORNAMENT,
    Doc,
    circle,
    cjk,
    el,
    latin,
    polygon,
    rect,
    seal,
)

ASPECT = (250, 900)
COMPACT = (72, 96)
BACK = ("#B4541A", "")  # Camoin's Tổ Tôm cards had orange backs
LANGS = ("de", "en", "vi", "zh")
PAPER_COLOUR = CREAM
LOCALISED = False

SUITS = {  # code: (Vietnamese, character, German gloss, English gloss)
    "V": ("Vạn", "萬", "Myriaden", "myriads"),
    "S": ("Sách", "索", "Schnüre", "strings"),
    "N": ("Văn", "文", "Münzen", "coins"),
}
RANKS_VI = ("Nhất", "Nhị", "Tam", "Tứ", "Ngũ", "Lục", "Thất", "Bát", "Cửu")
NUMERALS_ZH = "一二三四五六七八九"
NUMBERS_DE = ("Eins", "Zwei", "Drei", "Vier", "Fünf", "Sechs", "Sieben", "Acht", "Neun")
NUMBERS_EN = ("One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine")
SPECIALS = {"OC": "Ông cụ", "TT": "Thang thang", "CC": "Chi Chi"}  # spelled as the project does
# Gallery: three rows Vạn, Sách, Văn, ranks 1-9, the suit's special at the end (card-art 2.7).
ROW_SPECIAL = {"V": "OC", "S": "TT", "N": "CC"}
CODES = tuple(code for suit, sp in ROW_SPECIAL.items() for code in (*(f"{r}{suit}" for r in range(1, 10)), sp))
RED = frozenset({"8V", "9V", "8S", "9S", "CC", "OC", "TT"})  # Chắn's five, plus OC and TT (card-art 2.1)

# ---------------------------------------------------------------- middle-panel ornaments (100-unit box)

PICTURES = {
    "carp": "M-50 0C-30-28 18-30 34 0C18 30-30 28-50 0ZM34 0L54-22V22ZM-12-16Q-2 0-12 16M4-18Q14 0 4 18"
    "M-8-21L2-36L14-20M-38-4h2",
    "peach": "M0 44C-40 44-50 2-30-18C-18-30-4-26 0-16C4-26 18-30 30-18C50 2 40 44 0 44ZM0-16C-6 4-4 26 0 44"
    "M0-16C-6-34-26-44-40-38C-30-24-12-20 0-16ZM0-16C10-36 26-44 40-40C32-26 16-20 0-16",
    "pavilion": "M-56-6Q-30-10-22-26H22Q30-10 56-6Q28 0 0-2Q-28 0-56-6ZM-30-26Q-20-30-14-42H14Q20-30 30-26"
    "M0-42V-52M-36-2V34M36-2V34M-12 0V34M12 0V34M-50 34H50M-42 44H42",
    "boat": "M-56 6H56L40 26H-40ZM0 6V-48M4-44Q36-18 4 0ZM-4-40Q-30-18-4 0M-56 40q10-8 20 0t20 0t20 0t20 0t20 0",
}
LATTICES = {  # 20-unit pattern tiles
    "diamond": "M0 10L10 0L20 10L10 20Z",
    "grid": "M0 1H20M1 0V20M6 10H14M10 6V14",
    "coins": "".join(
        f"M{x - 10} {y}a10 10 0 1 0 20 0a10 10 0 1 0-20 0" for x, y in ((0, 0), (20, 0), (0, 20), (20, 20), (10, 10))
    ),
}
MEDALLIONS = ("circle", "octagon", "square")
PANEL_CENTRE = (125, 370)  # medallion; the seal of red cards sits below it at y 560


def design(code: str) -> tuple[str, str, str]:
    """Picture, lattice and medallion shape of a card: (i mod 4, i mod 3, i div 12) is distinct for
    all 30 identities (Chinese remainder theorem over 12, then a third cycle)."""
    i = CODES.index(code)
    return tuple(PICTURES)[i % 4], tuple(LATTICES)[i % 3], MEDALLIONS[i // 12]


def name(code: str, lang: str) -> str:
    red = code in RED
    if code in SPECIALS:
        vi = SPECIALS[code]
        return {"de": f"{vi}, rot", "en": f"{vi}, red", "vi": vi, "zh": ""}[lang]
    rank, (vi_suit, zh_suit, gloss_de, gloss_en) = int(code[0]), SUITS[code[1]]
    if lang == "vi":
        return f"{RANKS_VI[rank - 1]} {vi_suit}"
    if lang == "zh":
        return NUMERALS_ZH[rank - 1] + zh_suit
    # A German screen reader says Văn and Vạn alike: the gloss tells them apart (card-art 2.3).
    if lang == "de":
        return f"{NUMBERS_DE[rank - 1]} {vi_suit} ({gloss_de})" + (", rot" if red else "")
    return f"{NUMBERS_EN[rank - 1]} {vi_suit} ({gloss_en})" + (", red" if red else "")


def draw(doc: Doc, code: str, compact: bool, lang: str) -> None:
    (_compact if compact else _full)(doc, code)


# ---------------------------------------------------------------- full face

SPECIAL_HEADS = {  # motif, centre x, y, scale
    "CC": (lambda: el("path", d=motifs.HALF_COIN, fill=INK), 125, 160, 1.7),
    "TT": (lambda: motifs.cord_loop(), 125, 120, 1.55),
    "OC": (lambda: _staff(), 118, 118, 1.05),
}


def _full(doc: Doc, code: str) -> None:
    doc.add(
        rect(10, 10, 230, 880, rx=10, fill="none", stroke=INK, stroke_width=3),
        rect(16, 16, 218, 868, rx=6, fill="none", stroke=INK, stroke_width=1.5),
    )
    special = code in SPECIALS
    _panel(doc, code, bottom=876 if special else 670)
    if special:
        make, x, y, scale = SPECIAL_HEADS[code]
        doc.add(placed(doc.define("h", "g", make()), x, y, scale))
    else:
        rank, suit = int(code[0]), code[1]
        doc.add(
            latin(str(rank), 22, 24, 40, 26, INK),
            cjk(NUMERALS_ZH[rank - 1], (55, 44, 150, 150), INK),
            cjk(SUITS[suit][1], (40, 694, 170, 170), INK),
        )
    if code in RED:
        seal(doc, 125, 560, 120)


def _panel(doc: Doc, code: str, bottom: float) -> None:
    picture, lattice, medallion = design(code)
    tile = el("path", d=LATTICES[lattice], fill="none", stroke=ORNAMENT, stroke_width=1.5, stroke_opacity=0.35)
    fill = "url(" + doc.define("l", "pattern", tile, width=20, height=20, patternUnits="userSpaceOnUse") + ")"
    doc.add(rect(26, 230, 198, bottom - 230, fill=fill, stroke=ORNAMENT, stroke_width=2.5))
    if code in ("TT", "OC"):
        return  # "pattern only" (card-art 2.4)
    cx, cy = PANEL_CENTRE
    doc.add(_medallion(medallion, cx, cy, 80))
    art = (
        _flower_spray()
        if code == "CC"
        else el(
            "path",
            d=PICTURES[picture],
            fill="none",
            stroke=ORNAMENT,
            stroke_width=5,
            stroke_linejoin="round",
            stroke_linecap="round",
        )
    )
    doc.add(placed(doc.define("p", "g", art), cx, cy, 1.15))


def _medallion(shape: str, cx: float, cy: float, r: float) -> str:
    style = {"fill": CREAM, "stroke": ORNAMENT, "stroke_width": 3}
    if shape == "circle":
        return circle(cx, cy, r, **style)
    if shape == "square":
        return rect(cx - r * 0.9, cy - r * 0.9, r * 1.8, r * 1.8, rx=r * 0.3, **style)
    c = r * 0.4142  # regular octagon: half side = r·tan(22.5°)
    return polygon(
        [(cx + x, cy + y) for x, y in ((-c, -r), (c, -r), (r, -c), (r, c), (c, r), (-c, r), (-r, c), (-r, -c))], **style
    )


def _flower_spray() -> str:
    """Chi Chi's middle: a small flowering branch (枝花, "spray of flowers", of the Madiao pack)."""
    branch = el(
        "path",
        d="M-40 50C-20 20 0 0 30-30M-4 8C8 10 20 20 24 34M-22 28C-34 20-44 4-44-8",
        fill="none",
        stroke=ORNAMENT,
        stroke_width=5,
        stroke_linecap="round",
    )
    return (
        branch
        + el("g", motifs.flower(CREAM, ORNAMENT), transform="matrix(0.45 0 0 0.45 30 -30)")
        + el("g", motifs.flower(CREAM, ORNAMENT), transform="matrix(0.3 0 0 0.3 24 34)")
        + circle(-44, -12, 8, fill=ORNAMENT)
    )


def _staff() -> str:
    """Ông cụ's head: an elder's staff with a longevity peach, no figure. 100-unit box."""
    return (
        el(
            "path",
            d="M-34 84L20-60Q28-80 46-74Q60-68 54-52",
            fill="none",
            stroke=INK,
            stroke_width=9,
            stroke_linecap="round",
        )
        + el("path", d="M54-52V-36", stroke=INK, stroke_width=4)
        + el("g", el("path", d=PICTURES["peach"], fill=INK), transform="matrix(0.55 0 0 0.55 54 -10)")
    )


# ---------------------------------------------------------------- compact face


COMPACT_HEADS = {"CC": (36, 46, 0.6), "TT": (36, 38, 0.6), "OC": (38, 44, 0.46)}  # x, y, scale


def _compact(doc: Doc, code: str) -> None:
    """Numeral, Chinese numeral and suit character (card-art 2.5); specials show their head motif."""
    if code in SPECIALS:
        make, *_ = SPECIAL_HEADS[code]
        x, y, scale = COMPACT_HEADS[code]
        doc.add(placed(doc.define("h", "g", make()), x, y, scale))
    else:
        rank, suit = int(code[0]), code[1]
        doc.add(
            latin(str(rank), 5, 5, 28, 20, INK),
            cjk(NUMERALS_ZH[rank - 1], (37, 5, 30, 30), INK),
            cjk(SUITS[suit][1], (10, 46, 40, 40), INK),
        )
    if code in RED:
        seal(doc, 61, 84, 12)
