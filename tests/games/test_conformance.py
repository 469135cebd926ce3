"""The engine protocol, checked for every game in the registry (DESIGN.md, "Tests, in layers").

Parametrized over `registry.available()`, so a game is checked as soon as its engine lands. Each
game's own folder runs the same checkers over other seeds; these are the shared defaults.
"""

from __future__ import annotations

import json
import random

import pytest

from games.core import registry
from games.core.conformance import _pick_seat, check_engine, check_hidden_information
from games.core.protocol import Engine
from games.core.rng import rng_for

GAMES = registry.available()


@pytest.fixture(params=GAMES)
def engine(request: pytest.FixtureRequest) -> Engine:
    return registry.get(request.param)


def test_at_least_one_game_is_registered() -> None:
    assert GAMES, "no engine found under games/"


def test_the_engine_declares_its_key_and_seats(engine: Engine) -> None:
    assert engine.key in registry.KEYS
    assert registry.get(engine.key) is engine
    assert isinstance(engine.seats, int) and engine.seats >= 2


def test_random_play_keeps_the_protocol(engine: Engine) -> None:
    check_engine(engine)


def test_views_never_depend_on_cards_the_seat_cannot_see(engine: Engine) -> None:
    check_hidden_information(engine)


def test_a_new_deal_follows_its_seed(engine: Engine) -> None:
    first = engine.new_game(seed=123, seats=engine.seats)
    assert engine.new_game(seed=123, seats=engine.seats) == first
    assert json.loads(json.dumps(engine.dump(first))) == engine.dump(first)


def test_the_game_has_a_computer_player(engine: Engine) -> None:
    assert callable(registry.bot(engine.key).choose)


@pytest.mark.parametrize("actors", [frozenset({2}), frozenset({0, 3}), frozenset({3, 1, 2, 0})])
def test_random_play_picks_the_seat_choice_of_the_sorted_actors_picks(actors: frozenset[int]) -> None:
    # The benches and the conformance seeds must keep playing the same deals as before the shortcut.
    for seed in range(50):
        ours, stdlib = rng_for(seed, "pick"), random.Random(f"{seed}:pick")
        assert _pick_seat(actors, ours) == stdlib.choice(sorted(actors))
        assert ours.getstate() == stdlib.getstate()
