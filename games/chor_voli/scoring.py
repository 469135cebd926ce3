"""Settlement of one Chor Voli round: the four-of-a-kind check, the comparisons and the chips (rules §1.2).

Chips: every seat antes 1 into the pool; a quad takes the whole pool; otherwise each comparison
pays its winner 1 from the pool, and what is left stays there for the next round (house rule).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from games.chor_voli.cards import SEATS
from games.chor_voli.groups import CARD_BIT, GroupType, cards_bits, cards_of, group_keys, kind_of_key
from games.core.cards import FRENCH_RANKS, FRENCH_SUITS

ANTE = 1

Key = tuple[int, ...]


# Reveals and comparisons are NamedTuples (frozen as well): every settlement builds about twenty,
# and a NamedTuple is built in half the time of a frozen dataclass.
class Reveal(NamedTuple):
    seat: int
    cards: tuple[str, ...]
    kind: GroupType


class Comparison(NamedTuple):
    number: int  # 1-based
    reveals: tuple[Reveal, ...]  # in reveal order, the opener first
    winner: int

    @property
    def opener(self) -> int:
        return self.reveals[0].seat


@dataclass(frozen=True, slots=True)
class Settlement:
    chips_won: tuple[int, ...]  # this round's chips per seat, the ante not counted
    pool: int  # left in the pool for the next round
    next_dealer: int
    quads: tuple[tuple[int, str], ...]  # (seat, rank), highest first; empty unless a quad ended the round
    comparisons: tuple[Comparison, ...]

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's net change this round, ante included."""
        return tuple(chips - ANTE for chips in self.chips_won)

    @property
    def quad_winner(self) -> int | None:
        return self.quads[0][0] if self.quads else None


def find_quads(hands: Sequence[Sequence[str]]) -> tuple[tuple[int, str], ...]:
    """Every four-of-a-kind as (seat, rank), the highest rank (Ace high) first (rules §1.2 step 4, CV-A3).
    Each hand holds distinct cards of the pack."""
    return _quads(tuple(map(tuple, hands)))  # no copy of a state's hands: tuple() of a tuple is itself


# A rank's four cards have neighbouring `CARD_BIT`s (display order: rank, then suit S H D C), so a hand
# holds a quad where a rank's first bit and the next three are all set.
_RANK_FIRST_BITS = sum(CARD_BIT[rank + FRENCH_SUITS[0]] for rank in FRENCH_RANKS)


@lru_cache(maxsize=1024)
def _quads(hands: tuple[tuple[str, ...], ...]) -> tuple[tuple[int, str], ...]:
    """Cached: a round's hands never change, and `settle` asks on every protocol call."""
    quads = []
    for seat, hand in enumerate(hands):
        bits = cards_bits(hand)
        fours = bits & bits >> 1 & bits >> 2 & bits >> 3 & _RANK_FIRST_BITS
        if fours:  # about one hand in thirty: the others spare the card list and the sort
            quads += [(seat, card[0]) for card in cards_of(fours)]
    return tuple(sorted(quads, key=lambda quad: FRENCH_RANKS.index(quad[1]), reverse=True)) if quads else ()


def seat_cycle(start: int) -> tuple[int, ...]:
    """The four seats counter-clockwise from `start` (seats are numbered counter-clockwise, CV-A1)."""
    return tuple((start + step) % SEATS for step in range(SEATS))


_SEAT_CYCLES = tuple(map(seat_cycle, range(SEATS)))  # the bots replay comparisons by the thousand


def play_comparisons(keys: Sequence[Sequence[Key]], dealer: int) -> list[tuple[tuple[int, ...], int]]:
    """Each comparison's reveal order (opener first) and winner, from every seat's group keys strong→weak.

    Comparison k takes every seat with at least k groups. The first starts right of the dealer
    (CV-A1, CV-A8), each later one at the previous winner, skipping seats that sit out (CV-A7). Only
    a strictly higher key beats the best so far, so equal groups go to the earlier reveal (CV-A9),
    and a lone group wins as well (CV-A6).
    """
    results = []
    start = (dealer + 1) % SEATS
    for k in range(max(map(len, keys), default=0)):
        order = tuple([seat for seat in _SEAT_CYCLES[start] if len(keys[seat]) > k])
        winner = order[0]
        for seat in order[1:]:
            if keys[seat][k] > keys[winner][k]:
                winner = seat
        results.append((order, winner))
        start = winner
    return results


def settle_quads(quads: tuple[tuple[int, str], ...], pool: int) -> Settlement:
    """The highest quad takes the whole pool, this round's antes included (CV-A4), and deals next (CV-A5)."""
    winner = quads[0][0]
    chips = tuple(pool if seat == winner else 0 for seat in range(SEATS))
    return Settlement(chips, 0, winner, quads, ())


def settle_comparisons(groups: Sequence[Sequence[Sequence[str]]], dealer: int, pool: int) -> Settlement:
    """Compare every seat's groups (strong→weak); each comparison pays its winner 1 chip from `pool`.

    The last winner deals next; with no comparison at all the dealer stays (CV-A15). An invalid
    group raises `group_key`'s ValueError.
    """
    keys = [*map(group_keys, groups)]
    played = play_comparisons(keys, dealer)
    comparisons = tuple(
        [Comparison(k + 1, _reveals(order, k, groups, keys), winner) for k, (order, winner) in enumerate(played)]
    )
    winners = [winner for _, winner in played]
    next_dealer = winners[-1] if winners else dealer
    return Settlement(tuple(map(winners.count, range(SEATS))), pool - len(winners), next_dealer, (), comparisons)


def _reveals(
    order: Sequence[int], k: int, groups: Sequence[Sequence[Sequence[str]]], keys: Sequence[Sequence[Key]]
) -> tuple[Reveal, ...]:
    """Comparison k's reveals in `order`; each group's type follows from its key, looked up once."""
    return tuple([Reveal(seat, tuple(groups[seat][k]), kind_of_key(keys[seat][k])) for seat in order])
