"""A shuffle anyone can check: each deal's secret seed, the commitment to it, and the recomputation.

When a deal is dealt, the site draws a secret seed of 256 random bits (`secrets`), deals with the
game engine's own `new_game(seed=int(seed, 16), seats, **options)`, and fixes the commitment

    SHA-256( UTF-8 bytes of "cardavia-deal/v1/<room id>/<deal number>/<seed as 64 lower-case hex digits>" )

written as 64 lower-case hex digits, e.g. `printf %s 'cardavia-deal/v1/12/3/00ab…' | sha256sum`. The
room is named by its database id, not by its invite token: the commitment and the seed are shown to
people a replay is shared with, who must not learn the invite link. The commitment is on the table
from the deal's first render; the seed stays on the server until the deal is over and is then shown
on the table, the replay and the shuffle check. Binding the room and the deal number makes every
commitment unique, so one seed cannot be claimed for two deals.

`check()` recomputes the deal from the revealed seed and compares: the commitment, every hand and
everything else dealt (the recorded first state of the deal), and that the recorded moves lead from
that state to the recorded end. Functions here take plain data; `check_deal()` reads it from a Deal.
Deals dealt before this existed have no commitment (and no recorded first state): nothing to check.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable
from dataclasses import dataclass

from games.core import registry
from games.core.errors import IllegalAction

FORMAT = "cardavia-deal/v1/{room}/{number}/{seed}"
SEED_BITS = 256


def new_seed() -> str:
    """A deal's secret seed: 256 random bits as 64 lower-case hex digits."""
    return secrets.token_hex(SEED_BITS // 8)


def seed_number(seed: str) -> int:
    """The seed as the engines take it (any int seeds `games.core.rng.rng_for`)."""
    return int(seed, 16)


def commitment_input(room_id: int, number: int, seed: str) -> str:
    return FORMAT.format(room=room_id, number=number, seed=seed)


def commitment(room_id: int, number: int, seed: str) -> str:
    """The SHA-256 (hex) that fixes the seed of deal `number` in room `room_id` before anyone sees a card."""
    return hashlib.sha256(commitment_input(room_id, number, seed).encode()).hexdigest()


def deal(game: str, seed: str, options: dict) -> object:
    """The engine's own deal for this seed and these `new_game` options (a room's next deal carries
    options over from the last one, e.g. Chor Voli's dealer and pool)."""
    engine = registry.get(game)
    return engine.new_game(seed=seed_number(seed), seats=engine.seats, **options)


def hands(game: str, state: object) -> list[list[str]]:
    """Every seat's hand in a state, in card codes (each seat's own view of it)."""
    engine = registry.get(game)
    return [list(engine.view(state, seat)["hand"] or []) for seat in range(engine.seats)]


@dataclass(frozen=True)
class HandCheck:
    seat: int
    recorded: list[str]
    recomputed: list[str]

    @property
    def ok(self) -> bool:
        return self.recorded == self.recomputed


@dataclass(frozen=True)
class Check:
    """The outcome of recomputing one deal from its revealed seed."""

    commitment_input: str
    recorded_commitment: str
    recomputed_commitment: str
    hands: list[HandCheck]
    state_ok: bool  # the whole dealt state (hands, stock, bottom cards, dealer, first player) is the seed's
    moves_ok: bool  # the recorded moves, replayed by the engine from the recorded start, give the recorded end

    @property
    def commitment_ok(self) -> bool:
        return self.recorded_commitment == self.recomputed_commitment

    @property
    def ok(self) -> bool:
        return self.commitment_ok and self.state_ok and self.moves_ok and all(h.ok for h in self.hands)


def check(game: str, room_id: int, number: int, seed: str, recorded_commitment: str, options: dict,
          start: dict, moves: Iterable[tuple[int, dict]], end: dict) -> Check:
    """Recompute a deal from its seed and compare it with what was recorded (`start`, `end`: engine dumps;
    `moves`: (seat, action) in the order they were applied)."""
    engine = registry.get(game)
    recorded = engine.load(start)
    recomputed = deal(game, seed, options)
    return Check(
        commitment_input=commitment_input(room_id, number, seed),
        recorded_commitment=recorded_commitment,
        recomputed_commitment=commitment(room_id, number, seed),
        hands=[HandCheck(seat, r, c) for seat, (r, c) in
               enumerate(zip(hands(game, recorded), hands(game, recomputed), strict=True))],
        state_ok=engine.dump(recomputed) == start,
        moves_ok=_replays_to(engine, recorded, moves, end),
    )


def _replays_to(engine, state: object, moves: Iterable[tuple[int, dict]], end: dict) -> bool:
    try:
        for seat, action in moves:
            state, _events = engine.apply(state, seat, action)
    except IllegalAction:
        return False
    return engine.dump(state) == end


def checkable(deal) -> bool:
    """A finished deal that was dealt with a commitment (older deals have none)."""
    return deal.over and bool(deal.commitment) and deal.start is not None


def check_deal(deal) -> Check:
    """`check()` for a finished Deal row (rooms.models.Deal) with its recorded actions."""
    moves = [(record.seat, record.action) for record in deal.actions.order_by("version")]
    return check(deal.room.game, deal.room_id, deal.number, deal.seed, deal.commitment, deal.options or {},
                 deal.start, moves, deal.state)
