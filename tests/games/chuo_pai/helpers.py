"""Fixed deals and short moves for the Chuo Pai rule tests."""

from __future__ import annotations

from games.chuo_pai import ENGINE
from games.chuo_pai.state import ChuoPaiState
from games.core.protocol import Event
from games.core.rng import rng_for


def deal(*hands: str, leader: int = 0) -> ChuoPaiState:
    """A fixed deal from hands written as "6-6 6-6 1-2"; the opening bonus applies as in a real deal."""
    return ENGINE.new_game(seed=0, seats=3, deal={"hands": [h.split() for h in hands], "leader": leader})


def play(state: ChuoPaiState, seat: int, cards: str) -> ChuoPaiState:
    return ENGINE.apply(state, seat, {"type": "play", "cards": cards.split()})[0]


def play_events(state: ChuoPaiState, seat: int, cards: str) -> list[Event]:
    return ENGINE.apply(state, seat, {"type": "play", "cards": cards.split()})[1]


def pass_(state: ChuoPaiState, seat: int) -> ChuoPaiState:
    return ENGINE.apply(state, seat, {"type": "pass"})[0]


def plays_of(state: ChuoPaiState, seat: int) -> list[str]:
    """The seat's legal actions written as "6-6 6-6" strings, "pass" for a pass."""
    return [" ".join(a["cards"]) if a["type"] == "play" else "pass" for a in ENGINE.legal_actions(state, seat)]


def random_prefix(seed: int, steps: int) -> ChuoPaiState:
    """The deal of `seed` after up to `steps` random legal actions."""
    rng = rng_for(seed, "prefix")
    state = ENGINE.new_game(seed=seed, seats=3)
    for _ in range(steps):
        if ENGINE.outcome(state) is not None:
            break
        (seat,) = ENGINE.actors(state)
        state, _ = ENGINE.apply(state, seat, ENGINE.random_action(state, seat, rng))
    return state
