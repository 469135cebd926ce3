"""The Kowah pack: 120 Chinese money cards, four copies of each of 30 cards (rules §3.1).

Ordinary cards are rank `1-9` + suit `C` coins, `S` strings, `M` myriads (`5C`, `9M`). The three
honours `OT` Old Thousand, `RF` Red Flower and `WF` White Flower are kinds of their own: never wild,
matching only themselves. The money pack's White Snake, Green Snake and Monk stay in the box.

Triples match ordinary cards by rank and honours by identity; that is the card's `triple_key`.
Pairs always match by identity (the code itself).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

RANKS = "123456789"
SUITS = "CSM"
HONOURS = ("OT", "RF", "WF")
COPIES = 4
# The 30 distinct cards in display order: rank by rank (so a triple sits together), honours last.
CARDS = tuple(rank + suit for rank in RANKS for suit in SUITS) + HONOURS
DECK = tuple(card for card in CARDS for _ in range(COPIES))

_ORDER = {card: index for index, card in enumerate(CARDS)}
_TRIPLE_KEYS = {card: card if card in HONOURS else card[0] for card in CARDS}


def is_card(code: object) -> bool:
    return isinstance(code, str) and code in _ORDER


def is_honour(card: str) -> bool:
    return card in HONOURS


def triple_key(card: str) -> str:
    """What a triple matches on: the rank of an ordinary card, the honour itself."""
    return _TRIPLE_KEYS[card]


def suit_of(card: str) -> str | None:
    return None if is_honour(card) else card[1]


def sort_cards(cards: Iterable[str]) -> list[str]:
    """Display order: ranks 1 to 9 (coins, strings, myriads within a rank), then the honours."""
    return sorted(cards, key=_ORDER.__getitem__)


def same_rank_cards(rank: str) -> tuple[str, ...]:
    """The three ordinary cards of one rank: any of them fills a triple of that rank."""
    return tuple(rank + suit for suit in SUITS)


def without(cards: Sequence[str], card: str) -> tuple[str, ...]:
    """`cards` less one copy of `card` (which it holds)."""
    index = cards.index(card)
    return (*cards[:index], *cards[index + 1 :])
