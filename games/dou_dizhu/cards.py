"""The Dou Dizhu pack (54 cards) and the two representations the engine computes with.

Codes are the protocol's (DESIGN.md, "Card codes"): rank `3-9 T J Q K A 2` + suit `S H D C`, and
the jokers `BJ` (black, small) and `RJ` (red, big). Inside the engine they only appear at the
boundary; the rules work on two integers built for speed:

* a **card mask**: bit `4·rank + suit` for the 52 suited cards, bit 52 for BJ and bit 56 for RJ.
  Each rank owns one 4-bit nibble, so a hand is one int and removing a play is `hand & ~play`.
* **packed counts**: the count of each rank (0-4) in nibble `rank`, i.e. `Σ count[r] << 4r`.
  `counts_of(mask)` is a nibble-wise popcount; combinations are looked up by this key.

Rank indices follow the rules file (§2.2): `3=0 … A=11, 2=12, BJ=13, RJ=14`.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from games.core.cards import FRENCH_SUITS

RANK_CHARS = "3456789TJQKA2"
RANKS = 15
BLACK_JOKER, RED_JOKER = 13, 14
TWO = 12  # the 2: above the Ace, but no sequence rank
RANK_NAMES: tuple[str, ...] = (*RANK_CHARS, "BJ", "RJ")

DECK: tuple[str, ...] = (*(r + s for r in RANK_CHARS for s in FRENCH_SUITS), "BJ", "RJ")
HAND_SIZE = 17
BOTTOM_SIZE = 3

_BIT: dict[str, int] = {
    **{r + s: 4 * i + j for i, r in enumerate(RANK_CHARS) for j, s in enumerate(FRENCH_SUITS)},
    "BJ": 4 * BLACK_JOKER,
    "RJ": 4 * RED_JOKER,
}
BIT_OF: dict[str, int] = {code: 1 << bit for code, bit in _BIT.items()}
CODE_OF_BIT: dict[int, str] = {bit: code for code, bit in _BIT.items()}
FULL_MASK = sum(BIT_OF.values())

ONE: tuple[int, ...] = tuple(1 << 4 * r for r in range(RANKS))  # packed counts of one card of a rank
_NIBBLES = sum(ONE)  # 0x1111…: one in every rank's nibble
_M5 = 0x5 * _NIBBLES
_M3 = 0x3 * _NIBBLES


def counts_of(mask: int) -> int:
    """Packed rank counts of a card mask (a popcount per 4-bit nibble, SWAR style)."""
    x = mask - ((mask >> 1) & _M5)
    return (x & _M3) + ((x >> 2) & _M3)


_SHIFTS = tuple(4 * r for r in range(RANKS))


def count_list(packed: int) -> list[int]:
    return [(packed >> shift) & 15 for shift in _SHIFTS]


def pack(counts: Iterable[int]) -> int:
    return sum(c << 4 * r for r, c in enumerate(counts))


def rank_of(code: str) -> int:
    return _BIT[code] >> 2


def is_card(code: object) -> bool:
    return isinstance(code, str) and code in BIT_OF


def mask_of(codes: Iterable[str]) -> int:
    mask = 0
    for code in codes:
        mask |= BIT_OF[code]
    return mask


def codes_of(mask: int) -> list[str]:
    """The cards of a mask, low rank first (3 … 2, BJ, RJ), suits S H D C within a rank."""
    codes = []
    while mask:
        low = mask & -mask
        codes.append(CODE_OF_BIT[low.bit_length() - 1])
        mask ^= low
    return codes


def sort_for_display(codes: Iterable[str]) -> list[str]:
    """Low to high as a Dou Dizhu hand is fanned: 3 … A, 2, BJ, RJ; suits S H D C within a rank."""
    return sorted(codes, key=_BIT.__getitem__)


def _lowest_suits(nibble: int, k: int) -> int:
    return sum([1 << b for b in range(4) if nibble >> b & 1][:k])


# For each rank and each nibble of suits held: the lowest `k` suits as a mask part (k = 0..4).
_LOWEST: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(_lowest_suits(nibble, k) << 4 * r for k in range(5)) for nibble in range(16)) for r in range(RANKS)
)


def pick(hand: int, packed: int) -> int:
    """The cards of `hand` that make up the rank counts `packed`, lowest suits first (a canonical choice)."""
    mask = 0
    rank = 0
    while packed:
        k = packed & 15
        if k:
            mask |= _LOWEST[rank][(hand >> 4 * rank) & 15][k]
        packed >>= 4
        rank += 1
    return mask


@cache
def parts(packed: int) -> tuple[tuple[int, int], ...]:
    """(rank, count) of each rank in packed counts, low to high; cached, as the same plays recur."""
    return tuple((r, k) for r, k in enumerate(count_list(packed)) if k)


def _lowest_codes(rank: int, nibble: int) -> tuple[tuple[str, ...], ...]:
    held = [CODE_OF_BIT[4 * rank + b] for b in range(4) if nibble >> b & 1 and 4 * rank + b in CODE_OF_BIT]
    return tuple(tuple(held[:k]) for k in range(5))


# For each rank and each nibble of suits held: the codes of the lowest `k` suits (k = 0..4), `pick`'s choice.
_LOWEST_CODES: tuple[tuple[tuple[tuple[str, ...], ...], ...], ...] = tuple(
    tuple(_lowest_codes(r, nibble) for nibble in range(16)) for r in range(RANKS)
)


PLACES: dict[int, tuple[int, ...]] = {}
"""Packed counts -> the places `5·rank + count` of its parts in `lowest_codes`, filled by `places_of`. A
plain dict, as hot loops index it first: a dict subclass (one with `__missing__`) is slower to index."""


def places_of(packed: int) -> tuple[int, ...]:
    """The places of packed counts' parts in `lowest_codes`, remembered in `PLACES`."""
    known = PLACES.get(packed)
    if known is None:
        known = PLACES[packed] = tuple(5 * r + k for r, k in parts(packed))
    return known


_LOWEST_BY_SHIFT = tuple(zip(_LOWEST_CODES, _SHIFTS, strict=True))


def lowest_codes(hand: int) -> list[tuple[str, ...]]:
    """At `5·rank + k` the codes of the hand's lowest k cards of that rank (`pick`'s choice): the
    cards of packed counts `p` are those at `places_of(p)`, which spells a list of plays fast."""
    lows: list[tuple[str, ...]] = []
    for table, shift in _LOWEST_BY_SHIFT:
        lows += table[(hand >> shift) & 15]
    return lows


def spell(packed: int) -> str:
    """Ranks of packed counts as a short string for messages and transcripts: `333444 5 BJ`."""
    return " ".join(
        RANK_NAMES[r] if r >= BLACK_JOKER else RANK_CHARS[r] * c for r, c in enumerate(count_list(packed)) if c
    )
