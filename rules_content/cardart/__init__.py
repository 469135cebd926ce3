"""Card pictures for the four packs, drawn as SVG from the card codes (DESIGN.md "Card codes").

    from rules_content import cardart
    cardart.DECKS                          # ("french", "to_tom", "money", "domino")
    cardart.cards("french")                # every identity of the full pack, gallery order
    cardart.svg("french", "AS")            # standalone <svg> document; "back" = the back
    cardart.svg("to_tom", "7V", compact=True)   # the small face for hands and logs (< 160 px high)
    cardart.svg("french", "QH", lang="en") # court letters J Q K instead of B D K
    cardart.name("french", "AS")           # "Pik-Ass"; lang "en", and "vi" (Tổ Tôm), "zh"
    cardart.aspect("to_tom")               # (250, 900); aspect(deck, compact=True) for the small face

Everything here is pure Python (no Django) and deterministic: the same arguments give the same
bytes. How each pack looks and why: shared/reference/card-art.md.
"""

from __future__ import annotations

from functools import lru_cache
from types import ModuleType

from rules_content.cardart import domino, french, money, to_tom
from rules_content.cardart.svgkit import Doc, back, lattice_pattern, outline

DECKS = ("french", "to_tom", "money", "domino")
_PACKS: dict[str, ModuleType] = {"french": french, "to_tom": to_tom, "money": money, "domino": domino}
BACK = "back"
_BACK_NAMES = {"de": "Verdeckte Karte", "en": "Face-down card", "vi": "Quân bài úp", "zh": "牌背"}


def _pack(deck: str) -> ModuleType:
    try:
        return _PACKS[deck]
    except KeyError:
        raise ValueError(f"unknown deck {deck!r}; known: {', '.join(DECKS)}") from None


def _check(deck: str, code: str) -> ModuleType:
    pack = _pack(deck)
    if code != BACK and code not in pack.CODES:
        raise ValueError(f"unknown card code {code!r} for the {deck} pack")
    return pack


def cards(deck: str) -> tuple[str, ...]:
    """Every card code of the full pack, one per identity, in gallery order."""
    return _pack(deck).CODES


def aspect(deck: str, compact: bool = False) -> tuple[int, int]:
    """viewBox width and height of the full (or compact) face."""
    pack = _pack(deck)
    return pack.COMPACT if compact else pack.ASPECT


@lru_cache(maxsize=4096)
def name(deck: str, code: str, lang: str = "de") -> str:
    """The readable name, for alt text and captions (asked for every card of a table at every move)."""
    pack = _check(deck, code)
    if lang not in pack.LANGS:
        raise ValueError(f"no {lang!r} names for the {deck} pack; known: {', '.join(pack.LANGS)}")
    return _BACK_NAMES[lang] if code == BACK else pack.name(code, lang)


def svg(deck: str, code: str, *, compact: bool = False, lang: str = "de") -> str:
    """A standalone SVG document of one card. `lang` only changes the French court letters."""
    _check(deck, code)
    if lang not in ("de", "en"):
        raise ValueError(f"court letters exist for 'de' and 'en', not {lang!r}")
    return _render(deck, code, compact, lang)


@lru_cache(maxsize=1024)  # every face of every pack fits; pages show the same cards again and again
def _render(deck: str, code: str, compact: bool, lang: str) -> str:
    pack = _PACKS[deck]
    width, height = aspect(deck, compact)
    face = code + ("-c" if compact else "")
    if lang != "de" and pack.LOCALISED:
        face += "-" + lang
    doc = Doc(width, height, f"{deck}-{face}")
    if code == BACK:
        colour, line = pack.BACK
        back(doc, colour, lattice_pattern(colour, line) if line else "")
    else:
        outline(doc, pack.PAPER_COLOUR)
        pack.draw(doc, code, compact, lang)
    return doc.render()
