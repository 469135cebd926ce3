"""Endgame search for the computers (reference/computer-opponents.md §2.2 and §2.4, fix 5).

When few cards are left, the computer deals the cards it cannot see at random among the other two
seats (consistent with their card counts and with the landlord's public bottom cards), solves each
such world exactly as a perfect-information game (landlord against the farmer team, minimax on
packed rank counts with memoisation), and plays the move that wins in the most worlds. Climbing
games reveal their cards fast and end within a few turns once control is lost, which is where
this kind of determinised search works well.

A world whose tree grows past a node budget is dropped, so the time per decision stays bounded.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from games.core.rng import Rng
from games.dou_dizhu.cards import ONE, count_list
from games.dou_dizhu.combos import CATALOGUE, answers, plays_in

SEATS = 3
PASS = 0  # a move: packed counts of the cards played, 0 for a pass


@dataclass(frozen=True, slots=True)
class Position:
    """A perfect-information position: every hand known, packed rank counts."""

    hands: tuple[int, ...]
    landlord: int
    turn: int
    table: int  # packed counts of the combination to beat, 0 when `turn` leads
    table_seat: int
    passes: int


class OutOfBudget(Exception):
    pass


class Solver:
    """Minimax for one world: does the landlord win against best play from both sides?"""

    def __init__(self, landlord: int, budget: int) -> None:
        self.landlord = landlord
        self.budget = budget
        self.memo: dict[tuple[tuple[int, ...], int, int, int, int], bool] = {}

    def landlord_wins_after(self, pos: Position, move: int) -> bool:
        """The result once the seat on turn in `pos` has made `move`."""
        return self._after(pos.hands, pos.turn, pos.table, pos.table_seat, pos.passes, move)

    def _after(self, hands: tuple[int, ...], seat: int, table: int, table_seat: int, passes: int, move: int) -> bool:
        if move == PASS:
            if passes + 1 == SEATS - 1:
                return self._solve(hands, table_seat, 0, table_seat, 0)
            return self._solve(hands, (seat + 1) % SEATS, table, table_seat, passes + 1)
        rest = hands[seat] - move
        if rest == 0:
            return seat == self.landlord
        return self._solve((*hands[:seat], rest, *hands[seat + 1 :]), (seat + 1) % SEATS, move, seat, 0)

    def _solve(self, hands: tuple[int, ...], turn: int, table: int, table_seat: int, passes: int) -> bool:
        key = (hands, turn, table, table_seat, passes)
        known = self.memo.get(key)
        if known is not None:
            return known
        self.budget -= 1
        if self.budget < 0:
            raise OutOfBudget
        want = turn == self.landlord  # the landlord wants True, the farmers False
        result = not want
        for move in ordered_moves(hands[turn], table):
            if self._after(hands, turn, table, table_seat, passes, move) == want:
                result = want
                break
        self.memo[key] = result
        return result


def _order(packed: int) -> tuple[int, int]:
    combo = CATALOGUE[packed]
    return -combo.size, combo.key


_ORDER = {packed: _order(packed) for packed in CATALOGUE}


@lru_cache(maxsize=50_000)
def ordered_moves(hand: int, table: int) -> tuple[int, ...]:
    """Legal moves, the likeliest winners first: going out, then more cards, then lower ranks; a
    follower's pass last. Cached: small endgame hands recur across positions, worlds and turns."""
    plays = plays_in(hand) if table == 0 else answers(hand, CATALOGUE[table])
    plays.sort(key=_ORDER.__getitem__)
    if hand in _ORDER and plays and plays[0] != hand and hand in plays:
        plays.remove(hand)
        plays.insert(0, hand)
    return tuple(plays) if table == 0 else (*plays, PASS)


def sample_world(
    me: int, my_hand: int, unseen: list[int], counts: Sequence[int], landlord: int, landlord_known: list[int], rng: Rng
) -> tuple[int, ...]:
    """Deal the unseen ranks (one entry per card) to the other two seats: the landlord's known
    bottom cards stay with the landlord, the rest at random, each seat's count kept."""
    pool = list(unseen)
    for rank in landlord_known:
        pool.remove(rank)
    rng.shuffle(pool)
    hands = [0] * SEATS
    hands[me] = my_hand
    for seat in range(SEATS):
        if seat == me:
            continue
        need = counts[seat]
        given = landlord_known if seat == landlord else []
        drawn, pool = pool[: need - len(given)], pool[need - len(given) :]
        hands[seat] = sum(ONE[r] for r in (*given, *drawn))
    return tuple(hands)


def ranks_of(packed: int) -> list[int]:
    return [r for r, k in enumerate(count_list(packed)) for _ in range(k)]


def best_moves(
    positions: Sequence[Position], candidates: list[int], me_landlord: bool, per_world: int, total: int
) -> dict[int, int]:
    """How many of the sampled worlds each candidate move wins for the mover's side. Each world may
    use `per_world` positions, all of them together `total`; a world out of budget is dropped."""
    wins = dict.fromkeys(candidates, 0)
    for pos in positions:
        solver = Solver(pos.landlord, min(per_world, total))
        try:
            results = {move: solver.landlord_wins_after(pos, move) == me_landlord for move in candidates}
        except OutOfBudget:
            results = {}
        total -= min(per_world, total) - max(solver.budget, 0)
        for move, won in results.items():
            wins[move] += won
        if total <= 0:
            break
    return wins
