"""Whole-deal playouts for the Meister (reference/computer-opponents.md §2.3, determinized sampling).

A *world* is one way the cards a seat cannot see may lie (the Meister deals them in `bots.py`).
`play_out` finishes a world from a first move with a policy for all three seats (the planner, which
lets farmers cooperate, with greedy answers for the other side: `bots._modelled_policy`) and
returns the mover's settlement in multiplier units: bombs, the rocket, spring and reverse spring
double it, as `scoring.settle` does. Everything works on packed rank counts, so a playout of a
whole deal costs about a millisecond.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from games.dou_dizhu import scoring
from games.dou_dizhu.cards import count_list
from games.dou_dizhu.combos import CATALOGUE, legal_plays

SEATS = 3
PASS = 0  # a move: packed counts of the cards played, 0 for a pass

# policy(hands, counts, seat, landlord, table, table_seat, plays) -> a play of `plays`, or PASS
Policy = Callable[[Sequence[int], Sequence[int], int, int, int, int, list[int]], int]


@dataclass(frozen=True, slots=True)
class Deal:
    """A perfect-information position inside a world, packed rank counts."""

    hands: tuple[int, ...]
    landlord: int
    turn: int
    table: int  # the combination to beat, 0 when `turn` leads
    table_seat: int
    passes: int
    bombs: int
    plays: tuple[int, ...]  # plays (not passes) per seat so far, for spring and reverse spring


def play_out(deal: Deal, first: int, policy: Policy, me: int) -> tuple[int, int]:
    """`me`'s settlement in units of the bid once `deal.turn` has made `first` and `policy` has
    played the rest (±2^(bombs + spring) for a farmer, twice that for the landlord), and how many
    moves the policy made (the Meister's budget counts them)."""
    hands = list(deal.hands)
    counts = [sum(count_list(h)) for h in hands]
    steps = 0
    plays = list(deal.plays)
    turn, table, table_seat, passes, bombs = deal.turn, deal.table, deal.table_seat, deal.passes, deal.bombs
    move = first
    landlord = deal.landlord
    while True:
        if move == PASS:
            passes += 1
            if passes == SEATS - 1:
                turn, table, passes = table_seat, 0, 0
            else:
                turn = (turn + 1) % SEATS
        else:
            hands[turn] -= move
            counts[turn] -= CATALOGUE[move].size
            plays[turn] += 1
            bombs += CATALOGUE[move].is_bomb
            if hands[turn] == 0:
                return _settlement(landlord, turn, bombs, plays, me), steps
            table, table_seat, passes = move, turn, 0
            turn = (turn + 1) % SEATS
        plays_now = legal_plays(hands[turn], CATALOGUE[table] if table else None)
        move = policy(hands, counts, turn, landlord, table, table_seat, plays_now)
        steps += 1


def _settlement(landlord: int, winner: int, bombs: int, plays: list[int], me: int) -> int:
    landlord_won = winner == landlord
    doubled = scoring.spring(landlord_won, landlord, plays) or scoring.reverse_spring(landlord_won, landlord, plays)
    return scoring.scores(landlord, landlord_won, 1, scoring.multiplier(bombs, doubled))[me]
