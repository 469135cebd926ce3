"""Chinese domino cards (Chuo Pai): card-art.md section 4. Codes `low-high`, e.g. `1-2`, `6-6`.

Full face `0 0 250 900`: the larger number in the top square, the smaller in the bottom one,
three blue fleurons between them. Compact face `0 0 52 96`: a mini domino for hands of 28 cards.
The 1s and 4s are red, and the double six has one red line of three in each half; pip counts
alone identify every card, so colour is never the only cue.
"""

from __future__ import annotations

from rules_content.cardart.motifs import fleuron, placed
from rules_content.cardart.svgkit import CREAM, FLEURON, INK, RED, Doc, circle, el, g, rect

ASPECT = (250, 900)
COMPACT = (52, 96)
BACK = ("#1A1A1A", "")  # black backs are documented for domino cards
LANGS = ("de", "en", "zh")
PAPER_COLOUR = CREAM
LOCALISED = False

# Gallery order: by Chuo Pai family, strongest first (card-art 4.5).
# code: (German, English, Chinese where a source gives one)
NAMES: dict[str, tuple[str, str, str]] = {
    "6-6": ("Himmel", "Heaven", "天"),
    "1-1": ("Erde", "Earth", "地"),
    "4-4": ("Mensch", "Man", "人"),
    "1-3": ("Harmonie", "Harmony", "和"),
    "3-3": ("Lange Drei", "Long Three", "長三"),
    "5-5": ("Pflaumenblüte", "Plum Blossom", "梅花"),
    "2-2": ("Bank", "Bench", "板凳"),
    "1-5": ("Katze", "Cat", "玲瓏六"),
    "1-6": ("Hoher Fuß", "High Foot", "高腳七"),
    "4-6": ("Vier-Sechs", "Four-Six", "紅頭十"),
    "5-6": ("Axt", "Axe", "斧頭"),
    "3-6": ("Schwarze Neun", "Black Nine", "黑九"),
    "2-6": ("Gerade Acht", "Straight Eight", "八"),  # which eight is 平八/彎八 is unsure: class only
    "3-5": ("Krumme Acht", "Crooked Eight", "八"),
    "2-5": ("Schwarze Sieben", "Black Seven", "黑七"),
    "2-3": ("Schwarze Fünf", "Black Five", "黑五"),
    "4-5": ("Rote Neun", "Red Nine", "紅九"),
    "3-4": ("Rote Sieben", "Red Seven", "紅七"),
    "1-4": ("Rote Fünf", "Red Five", "紅五"),
    "1-2": ("Nagel (Ding Ding)", "Nail (Ding Ding)", "丁丁"),
    "2-4": ("Zwei Rot", "Two Red", "二紅"),
}
CODES = tuple(NAMES)

RED_VALUES = frozenset({1, 4})  # red on dice and on the cards
HALF_RED_SIX = frozenset({"6-6"})  # one red line of three in each six; other sixes stay black

# Die faces: pip centres as fractions of the square, and radius as a fraction of its side.
FACES: dict[int, tuple[tuple[tuple[float, float], ...], float]] = {
    1: (((0.5, 0.5),), 0.17),
    2: (((0.3, 0.5), (0.7, 0.5)), 0.095),  # side by side: 2-2 looks like a bench
    3: (((0.25, 0.25), (0.5, 0.5), (0.75, 0.75)), 0.095),
    4: (((0.3, 0.3), (0.7, 0.3), (0.3, 0.7), (0.7, 0.7)), 0.11),
    5: (((0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)), 0.095),
    6: (((0.3, 0.2), (0.3, 0.5), (0.3, 0.8), (0.7, 0.2), (0.7, 0.5), (0.7, 0.8)), 0.09),
}
COMPACT_RADIUS = {1: 8, 4: 5}  # card-art 4.4: larger pips where the face has few
COMPACT_DEFAULT_RADIUS = 4.5


def values(code: str) -> tuple[int, int]:
    low, high = code.split("-")
    return int(low), int(high)


def name(code: str, lang: str) -> str:
    de, en, zh = NAMES[code]
    low, high = values(code)
    if lang == "zh":
        return zh
    # "6-6" would be read "six minus six": the numbers go in words' company (card-art 4.5).
    joiner = "und" if lang == "de" else "and"
    base = de if lang == "de" else en
    # "Nagel (Ding Ding)" takes the characters inside its parentheses, not in a second pair.
    named = f"{base[:-1]}, {zh})" if base.endswith(")") else f"{base} ({zh})"
    return f"{named} – {high} {joiner} {low}"


def pip_colour(code: str, value: int, x: float) -> str:
    if code in HALF_RED_SIX:
        return RED if x > 0.5 else INK  # right column red; the bottom half is turned
    return RED if value in RED_VALUES else INK


def face(code: str, value: int, x0: float, y0: float, side: float, radius: float | None = None) -> str:
    centres, r = FACES[value]
    radius = radius if radius is not None else r * side
    return "".join(
        circle(x0 + fx * side, y0 + fy * side, radius, fill=pip_colour(code, value, fx)) for fx, fy in centres
    )


def draw(doc: Doc, code: str, compact: bool, lang: str) -> None:
    (_compact if compact else _full)(doc, code)


def _full(doc: Doc, code: str) -> None:
    low, high = values(code)
    frame = {"fill": "none", "stroke": INK, "stroke_width": 2.5, "rx": 10}
    doc.add(rect(10, 10, 230, 230, **frame), rect(10, 660, 230, 230, **frame), face(code, high, 10, 10, 230))
    doc.add(g(face(code, low, 10, 660, 230), transform="rotate(180 125 775)"))
    ref = doc.define("f", "g", fleuron(FLEURON))
    doc.add(*(placed(ref, 125, y, size) for y, size in ((330, 0.42), (450, 0.7), (570, 0.42))))
    doc.add(el("path", d="M125 262V300M125 360V405M125 495V540M125 600V638", stroke=INK, stroke_width=2.5))


def _compact(doc: Doc, code: str) -> None:
    low, high = values(code)
    doc.add(el("path", d="M6 48H46", stroke=INK, stroke_width=1))
    for value, y0, turn in ((high, 3, ""), (low, 49, "rotate(180 26 71)")):
        pips = face(code, value, 4, y0, 44, COMPACT_RADIUS.get(value, COMPACT_DEFAULT_RADIUS))
        doc.add(g(pips, transform=turn) if turn else pips)
