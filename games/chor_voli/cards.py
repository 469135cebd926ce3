"""Chor Voli's pack: the 52 French cards, no jokers (rules §1.2), and the table's display order.

Codes are rank `2-9 T J Q K A` + suit `S H D C` (DESIGN.md, "Card codes"). The Ace is high
everywhere except inside the straight A-2-3, which `groups.py` handles.
"""

from __future__ import annotations

from collections.abc import Iterable

from games.core.cards import FRENCH_SUITS, french_deck, rank_value

DECK: tuple[str, ...] = french_deck()
SEATS = 4
HAND_SIZE = 13


DECK_SET = frozenset(DECK)


def is_card(code: object) -> bool:
    return isinstance(code, str) and code in DECK_SET


def rank_of(code: str) -> str:
    return code[0]


def display_key(code: str) -> tuple[int, int]:
    """Rank high→low, then suit in the order S H D C: how a hand is fanned on the table."""
    key = _DISPLAY_KEYS.get(code)
    return (-rank_value(code), FRENCH_SUITS.index(code[1])) if key is None else key


_DISPLAY_KEYS = {code: (-rank_value(code), FRENCH_SUITS.index(code[1])) for code in DECK}


DISPLAY_DECK: tuple[str, ...] = tuple(sorted(DECK, key=display_key))
_DISPLAY_PLACES = {code: place for place, code in enumerate(DISPLAY_DECK)}


def sort_for_display(cards: Iterable[str]) -> tuple[str, ...]:
    cards = tuple(cards)
    try:  # every hand is sorted on every deal: plain ints are the quickest key
        return tuple(sorted(cards, key=_DISPLAY_PLACES.__getitem__))
    except KeyError:  # a code outside the pack (or spelled otherwise) sorts the long way
        return tuple(sorted(cards, key=display_key))
