"""Chinese money cards (Kowah / Ceki): card-art.md section 3.

Full face `0 0 250 900`: a thick ink frame whose top and bottom bands carry the rank as white
ticks (equal ranks look alike across suits, as on Ceki frames) and a reversed-out Arabic numeral
as reading aid; coins and strings as pips, myriads as numeral + 萬 + a plain medallion, honours as
characters + a motif. Compact face `0 0 72 96`.
"""

from __future__ import annotations

from collections.abc import Callable

from rules_content.cardart import motifs
from rules_content.cardart.motifs import placed
from rules_content.cardart.svgkit import (
    CREAM,
    GREEN,
    INK,
    RED,
    Doc,
    cjk,
    el,
    latin,
    n,
    seal,
    turned,
    use,
)

ASPECT = (250, 900)
COMPACT = (72, 96)
BACK = ("#2B2B2B", "")  # plain, as Ceki backs are
LANGS = ("de", "en", "zh")
PAPER_COLOUR = CREAM
LOCALISED = False

SUITS = {  # code: (German, English singular, English plural)
    "C": ("Münzen", "Coin", "Coins"),
    "S": ("Schnüre", "String", "Strings"),
    "M": ("Myriaden", "Myriad", "Myriads"),
}
NUMBERS_DE = ("Eins", "Zwei", "Drei", "Vier", "Fünf", "Sechs", "Sieben", "Acht", "Neun")
NUMBERS_EN = ("One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine")
NUMERALS_ZH = "一二三四五六七八九"
HONOURS = {  # code: (German, English, characters on the face)
    "OT": ("Alter Tausender", "Old Thousand", "老千"),
    "RF": ("Rote Blume", "Red Flower", "紅花"),
    "WF": ("Weiße Blume", "White Flower", "白花"),
    "WS": ("Weiße Schlange", "White Snake", "白蛇"),  # library only
    "GS": ("Grüne Schlange", "Green Snake", "青蛇"),  # library only
    "MK": ("Mönch", "Monk", "和尚"),  # library only
}
# Gallery: a row per suit with the honour Malaysia names with it, then the extras (card-art 3.5).
ROW_HONOUR = {"C": "OT", "S": "WF", "M": "RF"}
CODES = (
    *(code for suit, honour in ROW_HONOUR.items() for code in (*(f"{r}{suit}" for r in range(1, 10)), honour)),
    "WS",
    "GS",
    "MK",
)
RED_STAMP = frozenset({"9S", "RF", "OT"})  # Ceki's red stamps; no rule meaning in Kowah

# Pip grid in the field x 28-222, y 68-832: columns L, C, R and five rows (card-art 3.3).
_COL = {"L": 78, "C": 125, "R": 172}
_ROW = {str(i + 1): 68 + 764 * (i + 0.5) / 5 for i in range(5)}
LAYOUT = {
    1: ("C3",),
    2: ("C2", "C4"),
    3: ("C1", "C3", "C5"),
    4: ("L2", "R2", "L4", "R4"),
    5: ("L2", "R2", "C3", "L4", "R4"),
    6: ("L1", "R1", "L3", "R3", "L5", "R5"),
    7: ("L1", "R1", "C2", "L3", "R3", "L5", "R5"),
    8: ("L1", "R1", "L2", "R2", "L4", "R4", "L5", "R5"),
    9: ("L1", "R1", "L2", "R2", "C3", "L4", "R4", "L5", "R5"),
}
PIP_SCALE = {"C": 0.8, "S": 1.0}  # coins 80 across; strings 56 x 130


def name(code: str, lang: str) -> str:
    if code in HONOURS:
        de, en, zh = HONOURS[code]
        return zh if lang == "zh" else f"{de if lang == 'de' else en} ({zh})"
    rank, suit = int(code[0]), code[1]
    zh = f"{NUMERALS_ZH[rank - 1]}萬" if suit == "M" else ""
    if lang == "zh":
        return zh  # coins and strings carry no characters; no name is attested for them
    if lang == "de":
        base = f"{NUMBERS_DE[rank - 1]} {SUITS[suit][0]}"
    else:
        base = f"{NUMBERS_EN[rank - 1]} {SUITS[suit][1 if rank == 1 else 2]}"
    return f"{base} ({zh})" if zh else base


def draw(doc: Doc, code: str, compact: bool, lang: str) -> None:
    (_compact if compact else _full)(doc, code)


# ---------------------------------------------------------------- full face


def _frame(doc: Doc, rank: int | None) -> None:
    """Ink frame; each band carries the rank ticks and the reversed-out numeral, turned at the
    foot so either end reads when the cards are fanned."""
    doc.add(el("path", d="M12 12H238V888H12ZM28 68V832H222V68Z", fill=INK, fill_rule="evenodd"))
    if rank is None:
        return  # honours: solid bands
    # Notches cut from the outer edge, counted from the right: a comb that reads at 48 px.
    ticks = "".join(f"M{n(212 - 15 * i)} 12h9v26h-9Z" for i in range(rank))
    band = doc.define("b", "g", el("path", d=ticks, fill=CREAM) + latin(str(rank), 20, 22, 36, 30, CREAM))
    doc.add(use(band), turned(band, *ASPECT))


def _full(doc: Doc, code: str) -> None:
    if code in HONOURS:
        _frame(doc, None)
        _honour(doc, code)
        if code in RED_STAMP:
            seal(doc, 125, 720, 110)
        return
    rank, suit = int(code[0]), code[1]
    _frame(doc, rank)
    if code in RED_STAMP:
        # The "red rope": the stamp sits behind the centre pip, so every pip stays countable.
        seal(doc, 125, 450, 124)
    (_myriad if suit == "M" else _pips)(doc, rank, suit)


def _pips(doc: Doc, rank: int, suit: str) -> None:
    ref = doc.define(suit, "g", motifs.coin() if suit == "C" else motifs.string())
    scale = PIP_SCALE[suit] * (1.6 if rank == 1 else 1)
    doc.add(*(placed(ref, _COL[p[0]], _ROW[p[1]], scale) for p in LAYOUT[rank]))


def _myriad(doc: Doc, rank: int, suit: str) -> None:
    """Numeral and 萬, then one plain medallion shared by all nine: no named hero, no face."""
    doc.add(
        cjk(NUMERALS_ZH[rank - 1], (50, 80, 150, 130), INK),
        cjk("萬", (50, 220, 150, 130), INK),
        el("ellipse", cx=125, cy=650, rx=70, ry=150, fill="none", stroke=INK, stroke_width=8),
        el("ellipse", cx=125, cy=650, rx=58, ry=138, fill="none", stroke=INK, stroke_width=2),
        # a scholar's hat: crown, brim and two side wings
        el(
            "path",
            d="M95 470V420Q125 396 155 420V470ZM60 470H190V486H60ZM60 478L30 456M190 478L220 456",
            fill=INK,
            stroke=INK,
            stroke_width=6,
            stroke_linecap="round",
        ),
        el("path", d="M100 560h18M132 560h18", stroke=INK, stroke_width=6, stroke_linecap="round"),
    )


HONOUR_MOTIFS: dict[str, Callable[[], str]] = {
    "OT": lambda: motifs.string(bars=14),
    "RF": lambda: motifs.flower(RED),
    "WF": lambda: motifs.flower(CREAM),
    "WS": lambda: motifs.snake(CREAM),
    "GS": lambda: motifs.snake(GREEN),
    "MK": motifs.beads,
}
HONOUR_MOTIF_PLACE = {"OT": (125, 460, 1.0), "RF": (125, 510, 1.5), "WF": (125, 590, 1.8)}


def _honour(doc: Doc, code: str) -> None:
    chars = HONOURS[code][2]
    doc.add(*(cjk(ch, (55, 85 + i * 135, 140, 125), INK) for i, ch in enumerate(chars)))
    ref = doc.define("m", "g", HONOUR_MOTIFS[code]())
    doc.add(placed(ref, *HONOUR_MOTIF_PLACE.get(code, (125, 600, 1.8))))


# ---------------------------------------------------------------- compact face


def _compact(doc: Doc, code: str) -> None:
    if code in HONOURS:
        _compact_honour(doc, code)
    else:
        rank, suit = int(code[0]), code[1]
        doc.add(latin(str(rank), 4, 5, 28, 24, INK))
        if suit == "M":
            doc.add(cjk("萬", (44, 6, 22, 22), INK), cjk("萬", (12, 46, 40, 40), INK))
        else:
            ref = doc.define(suit, "g", motifs.coin() if suit == "C" else motifs.string())
            small, big = (0.22, 0.4) if suit == "C" else (0.17, 0.3)
            doc.add(placed(ref, 55, 17, small), placed(ref, 32, 66, big))
    if code in RED_STAMP:
        seal(doc, 61, 84, 12)


COMPACT_HONOUR_CHAR = {"WS": "白", "GS": "青"}  # the snakes differ by colour, so also by character


def _compact_honour(doc: Doc, code: str) -> None:
    """Old Thousand as 千; flowers filled against outline; snakes with their character."""
    if code == "OT":
        doc.add(cjk("千", (10, 10, 52, 56), INK))
        return
    ref = doc.define("m", "g", HONOUR_MOTIFS[code]())
    char = COMPACT_HONOUR_CHAR.get(code)
    if char:
        doc.add(placed(ref, 36, 30, 0.5), cjk(char, (22, 60, 28, 28), INK))
    else:
        doc.add(placed(ref, 36, 44, 0.6))
