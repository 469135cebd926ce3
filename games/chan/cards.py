"""The 100 cards Chắn uses from the 120-card Tổ Tôm pack (rules §1.2, "Deck").

A card's code is its rank `2-9` and suit `V` Vạn (myriads), `S` Sách (strings), `N` Văn (coins),
or `CC` for Chi Chi, which has neither rank nor suit. Rank 1, Ông cụ and Thang thang stay in the
card library: the engine never deals them. Four copies of each of the 25 identities; copies are
interchangeable, so hands are sorted tuples read as multisets.
"""

from __future__ import annotations

from collections.abc import Iterable

from games.core.errors import IllegalAction, gettext_noop

RANKS = "23456789"
SUITS = "VSN"  # display order: Vạn, Sách, Văn
CHI_CHI = "CC"
COPIES = 4
IDENTITIES: tuple[str, ...] = (*(rank + suit for rank in RANKS for suit in SUITS), CHI_CHI)
RED = frozenset({"8V", "9V", "8S", "9S", CHI_CHI})  # seed: eights and nines of Vạn and Sách, and Chi Chi

RANK_NAMES = {"2": "Nhị", "3": "Tam", "4": "Tứ", "5": "Ngũ", "6": "Lục", "7": "Thất", "8": "Bát", "9": "Cửu"}
SUIT_NAMES = {"V": "Vạn", "S": "Sách", "N": "Văn"}


def deck() -> tuple[str, ...]:
    return _DECK  # built once: every deal starts from it


_DECK = tuple(code for code in IDENTITIES for _ in range(COPIES))


def rank_of(code: str) -> str | None:
    """The rank digit, or None for Chi Chi (which pairs only with Chi Chi and never forms a Cạ)."""
    return _RANK_OF[code] if code in _RANK_OF else code[0]


_RANK_OF = {code: None if code == CHI_CHI else code[0] for code in IDENTITIES}  # the legality checks ask often


def is_red(code: str) -> bool:
    return code in RED


def name(code: str) -> str:
    """The Vietnamese name, e.g. "Tam vạn" for 3V, "Chi chi" for CC."""
    if code == CHI_CHI:
        return "Chi chi"
    return f"{RANK_NAMES[code[0]]} {SUIT_NAMES[code[1]].lower()}"


def sort_key(code: str) -> tuple[int, int]:
    """By rank, then Vạn, Sách, Văn; Chi Chi last. Cards of one rank sit together, as pairs are made."""
    key = _SORT_KEYS.get(code)
    if key is not None:
        return key
    if code == CHI_CHI:
        return (len(RANKS), 0)
    return (RANKS.index(code[0]), SUITS.index(code[1]))


_SORT_KEYS = {code: (RANKS.index(code[0]), SUITS.index(code[1])) for code in IDENTITIES if code != CHI_CHI}
_SORT_KEYS[CHI_CHI] = (len(RANKS), 0)


def sorted_cards(cards: Iterable[str]) -> tuple[str, ...]:
    try:  # the table's own lookup as the key: a Python key function per card cost more than the sort
        return tuple(sorted(cards, key=_SORT_KEYS.__getitem__))
    except KeyError:
        return tuple(sorted(cards, key=sort_key))  # not a Chắn card: sort_key says so


_IDENTITY_SET = frozenset(IDENTITIES)  # every move's card is looked up here


def check_code(code: object) -> str:
    """`code` if it is one of the 25 identities; IllegalAction otherwise."""
    if not isinstance(code, str) or code not in _IDENTITY_SET:
        raise IllegalAction(
            gettext_noop("{card} is not a Chắn card: use a rank 2–9 with V, S or N (e.g. 7N), or CC."),
            "unknown_card",
            card=repr(code),
        )
    return code
