"""Fixed deals and short moves for the Kowah rule tests."""

from __future__ import annotations

from games.core.protocol import JSON, Event
from games.core.rng import rng_for
from games.kowah import ENGINE
from games.kowah.bots import GreedyBot
from games.kowah.state import KowahState

# Three hands far from any Checki shape, with no card in common with the others.
PLAIN = (
    "1C 2S 3M 4C 5S 6M 7C 8S",
    "1S 2M 3C 4S 5M 6C 7S 8M",
    "1M 2C 3S 4M 5C 6S 7M 8C",
)


def deal(*hands: str, stock: str, first: int = 0) -> KowahState:
    """A fixed deal from hands written as "5C 5S 5M ...", the stock top card first.

    Cards of the pack in neither the hands nor the stock are set aside for the deal.
    """
    return ENGINE.new_game(
        seed=0, seats=3, deal={"hands": [h.split() for h in hands], "stock": stock.split(), "first": first}
    )


def act(state: KowahState, seat: int, kind: str, **fields: str) -> tuple[KowahState, list[Event]]:
    return ENGINE.apply(state, seat, {"type": kind, **fields})


def draw(state: KowahState, seat: int) -> KowahState:
    return act(state, seat, "draw")[0]


def take(state: KowahState, seat: int) -> KowahState:
    return act(state, seat, "take")[0]


def discard(state: KowahState, seat: int, card: str) -> KowahState:
    return act(state, seat, "discard", card=card)[0]


def checki(state: KowahState, seat: int, card: str, pair: str) -> KowahState:
    return act(state, seat, "checki", card=card, pair=pair)[0]


def draw_and_discard(state: KowahState, seat: int) -> KowahState:
    """One quiet turn: draw, then throw the drawn card away (a declarer's draw does both at once)."""
    state = draw(state, seat)
    if state.phase == "discard":
        state = discard(state, seat, state.drawn)
    return state


def legal(state: KowahState, seat: int) -> list[JSON]:
    return ENGINE.legal_actions(state, seat)


def outcome(state: KowahState) -> JSON | None:
    return ENGINE.outcome(state)


def greedy_states(seed: int) -> list[tuple[KowahState, int | None, JSON | None, list[Event]]]:
    """Every (state, seat, action, events) of one deal played by three GreedyBots, then the end."""
    state, steps = ENGINE.new_game(seed=seed, seats=3), []
    while ENGINE.outcome(state) is None:
        (seat,) = ENGINE.actors(state)
        options = ENGINE.legal_actions(state, seat)
        action = GreedyBot().choose(ENGINE.view(state, seat), options, rng_for(seed, "views", len(steps)))
        after, events = ENGINE.apply(state, seat, action)
        steps.append((state, seat, action, events))
        state = after
    return [*steps, (state, None, None, [])]
