"""The Chinese domino-card pack of Chuo Pai: 21 identities × 4 copies = 84 cards.

A card's code is its pips low-high (`6-6`, `1-2`, `3-6`). Families and ranks come from the one
table below (rules §2.1); the seed's orderings are marked [uncertain] there (Long Three above Plum,
the Yao order), so a correction is an edit of this table and nothing else. Rank is compared only
inside a family; higher is stronger. The special combinations (rules §2.2) are the second table.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

FAMILIES = ("long", "yao", "black", "red")
SPECIAL = "special"  # the family of all four special combinations
COPIES = 4


@dataclass(frozen=True)
class Identity:
    code: str
    name: str  # the seed's English name
    chinese: str
    family: str
    rank: int


IDENTITIES = (
    Identity("6-6", "Heaven", "天牌 tiān", "long", 7),
    Identity("1-1", "Earth", "地牌 dì", "long", 6),
    Identity("4-4", "Man", "人牌 rén", "long", 5),
    Identity("1-3", "Harmony", "和 hé", "long", 4),
    Identity("3-3", "Long Three", "長三 cháng sān", "long", 3),
    Identity("5-5", "Plum Blossom", "梅花 méihuā", "long", 2),
    Identity("2-2", "Bench", "板凳 bǎndèng", "long", 1),
    # The seed's Chinese name for Cat is unknown; this is its Tien Gow name ("Red Mallet Six").
    Identity("1-5", "Cat", "玲瓏六 línglóng liù", "yao", 4),
    Identity("1-6", "High Foot", "高腳七 gāojiǎo qī", "yao", 3),
    Identity("4-6", "Four–Six", "四六 sì liù", "yao", 2),
    Identity("5-6", "Axe", "斧頭 fǔtóu", "yao", 1),
    Identity("3-6", "Black Nine", "黑九 hēi jiǔ", "black", 4),
    Identity("2-6", "Straight Eight", "平八 píng bā", "black", 3),
    Identity("3-5", "Crooked Eight", "彎八 wān bā", "black", 3),
    Identity("2-5", "Black Seven", "黑七 hēi qī", "black", 2),
    Identity("2-3", "Black Five", "黑五 hēi wǔ", "black", 1),
    Identity("4-5", "Red Nine", "紅九 hóng jiǔ", "red", 4),
    Identity("3-4", "Red Seven", "紅七 hóng qī", "red", 3),
    Identity("1-4", "Red Five", "紅五 hóng wǔ", "red", 2),
    Identity("1-2", "Nail", "丁丁 dīngdīng", "red", 1),
    Identity("2-4", "Two Red", "二紅 èr hóng", "red", 1),
)


@dataclass(frozen=True)
class SpecialKind:
    key: str  # stable name in actions' descriptions and views
    name: str
    key_card: str
    matching: tuple[str, ...]  # the military cards with the key card's pip total (rules P4)
    rank: int


SPECIAL_KINDS = (
    SpecialKind("tian_jiu", "Tian Jiu", "6-6", ("3-6", "4-5"), 4),
    SpecialKind("di_ba", "Di Ba", "1-1", ("2-6", "3-5"), 3),
    SpecialKind("ren_qi", "Ren Qi", "4-4", ("2-5", "3-4"), 2),
    SpecialKind("he_wu", "He Wu", "1-3", ("1-4", "2-3"), 1),
)

BY_CODE = {identity.code: identity for identity in IDENTITIES}
CODES = tuple(BY_CODE)
DECK = tuple(code for code in CODES for _ in range(COPIES))
BONUS_CARDS = ("1-2", "2-4")  # Nail and Two Red: the opening bonus (rules §2.2)


def family_of(code: str) -> str:
    return BY_CODE[code].family


def rank_of(code: str) -> int:
    return BY_CODE[code].rank


def is_code(code: object) -> bool:
    return isinstance(code, str) and code in BY_CODE


def display_key(code: str) -> tuple[int, int, str]:
    """Family by family (Long, Yao, Black, Red), strongest first."""
    identity = BY_CODE[code]
    return FAMILIES.index(identity.family), -identity.rank, code


_DISPLAY_KEYS = {code: display_key(code) for code in CODES}


def sort_for_display(cards: Iterable[str]) -> list[str]:
    return sorted(cards, key=_DISPLAY_KEYS.__getitem__)


def by_family(cards: Iterable[str]) -> list[dict[str, object]]:
    """The hand grouped for the table: every family in order, even when empty, so the layout is stable."""
    ordered = sort_for_display(cards)
    return [{"family": f, "cards": [c for c in ordered if family_of(c) == f]} for f in FAMILIES]
