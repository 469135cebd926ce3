"""Card codes shared by several games (DESIGN.md, "Card codes") and multiset helpers for hands.

French pack: rank `2-9 T J Q K A` + suit `S H D C`; jokers `BJ` (black, small) and `RJ` (red, big).
Copies of a card are interchangeable, so hands are tuples treated as multisets.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from games.core.errors import IllegalAction, gettext_noop

FRENCH_RANKS = "23456789TJQKA"
FRENCH_SUITS = "SHDC"
JOKERS = ("BJ", "RJ")


def french_deck(jokers: bool = False) -> tuple[str, ...]:
    deck = tuple(rank + suit for suit in FRENCH_SUITS for rank in FRENCH_RANKS)
    return deck + JOKERS if jokers else deck


def rank_value(code: str) -> int:
    """2..14 for a French card, Ace high."""
    return FRENCH_RANKS.index(code[0]) + 2


def suit_of(code: str) -> str:
    return code[1]


def remove_cards(hand: Iterable[str], cards: Iterable[str]) -> tuple[str, ...]:
    """`hand` without `cards` (as multisets); IllegalAction if the hand does not hold them all."""
    left = Counter(hand)
    for card in cards:
        if left[card] <= 0:
            raise IllegalAction(gettext_noop("You do not hold {card}."), "card_not_held", card=card)
        left[card] -= 1
    return tuple(sorted(left.elements()))


def same_cards(a: Iterable[str], b: Iterable[str]) -> bool:
    return Counter(a) == Counter(b)
