"""The frozen state of one Chuo Pai deal and its versioned JSON form.

Only the hands are hidden. Everything played is face up (rules P12), so the finished rounds are
kept whole: scoring piles and dead cards are derived from them, which leaves nothing to drift.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core.protocol import JSON

VERSION = 1
SEATS = 3
Hands = tuple[tuple[str, ...], ...]  # per seat, sorted codes


@dataclass(frozen=True, slots=True)
class Play:
    seat: int
    cards: tuple[str, ...]  # empty: the seat passed (it could not beat)


@dataclass(frozen=True, slots=True)
class Round:
    leader: int
    plays: tuple[Play, ...]  # in the order of action, the lead first
    winner: int | None = None  # set when everyone has acted

    def highest(self) -> Play:
        """The current highest play; each play after the lead beat the one before, so it is the last.

        Only for a round that has been led.
        """
        return next(p for p in reversed(self.plays) if p.cards)


@dataclass(frozen=True, slots=True)
class ChuoPaiState:
    seed: int
    hands: Hands
    bonus: Hands  # the Nail/Two Red cards each seat laid out after the deal
    rounds: tuple[Round, ...]  # finished rounds, oldest first
    current: Round | None  # the round being played; None when the deal is over
    dealt: int  # cards dealt in all, for the conservation check

    def pile(self, seat: int) -> tuple[str, ...]:
        """The seat's scoring pile: its opening bonus and its own winning plays (rules §2.2, round 4)."""
        return self.bonus[seat] + tuple(c for r in self.rounds if r.winner == seat for c in r.highest().cards)

    def dead(self) -> tuple[str, ...]:
        """Cards played in finished rounds that the round's winner did not win: out of the game, face up."""
        return tuple(c for r in self.rounds for p in r.plays if p is not r.highest() for c in p.cards)


def dump(state: ChuoPaiState) -> JSON:
    return {
        "v": VERSION,
        "seed": state.seed,
        "hands": [list(h) for h in state.hands],
        "bonus": [list(b) for b in state.bonus],
        "rounds": [dump_round(r) for r in state.rounds],
        "current": None if state.current is None else dump_round(state.current),
        "dealt": state.dealt,
    }


def load(data: JSON) -> ChuoPaiState:
    if data.get("v") != VERSION:
        raise ValueError(f"chuo_pai state version {data.get('v')!r}, expected {VERSION}")
    return ChuoPaiState(
        seed=data["seed"],
        hands=tuple(tuple(h) for h in data["hands"]),
        bonus=tuple(tuple(b) for b in data["bonus"]),
        rounds=tuple(_load_round(r) for r in data["rounds"]),
        current=None if data["current"] is None else _load_round(data["current"]),
        dealt=data["dealt"],
    )


def dump_round(r: Round) -> JSON:
    return {"leader": r.leader, "plays": [[p.seat, list(p.cards)] for p in r.plays], "winner": r.winner}


def _load_round(data: JSON) -> Round:
    plays = tuple(Play(seat, tuple(cards)) for seat, cards in data["plays"])
    return Round(data["leader"], plays, data["winner"])
