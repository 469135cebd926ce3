"""The conformance checker: random legal play through many seeded deals of one engine.

Every game's tests call `check_engine(engine)`. At each step it asserts what DESIGN.md promises:
actors exist until the deal is over, legal lists are deterministic, junk and out-of-turn actions
raise `IllegalAction`, `apply` leaves its input untouched, dump/load round-trips through JSON,
views are JSON, cards and chips are conserved, the deal ends, and replaying the recorded actions
from the same seed reproduces the final state.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from games.core.errors import IllegalAction
from games.core.protocol import JSON, Engine
from games.core.rng import Rng, rng_for


@dataclass(frozen=True)
class Playout:
    seed: int
    steps: list[tuple[int, JSON]]
    final: object


def play_random(engine: Engine, seed: int, max_steps: int = 5000, check: bool = True) -> Playout:
    """Play one deal with uniformly random legal actions; with `check`, assert the protocol at each step."""
    rng = rng_for(seed, "conformance")
    state = engine.new_game(seed=seed, seats=engine.seats)
    steps: list[tuple[int, JSON]] = []
    while engine.outcome(state) is None:
        assert len(steps) < max_steps, f"seed {seed}: no end after {max_steps} actions"
        actors = engine.actors(state)
        assert actors, f"seed {seed}: the deal is running but nobody may act"
        seat = _pick_seat(actors, rng)
        if check:
            _check_step(engine, state, sorted(actors))
        action = engine.random_action(state, seat, rng)
        if not check:  # the benches' path: the protocol alone, nothing serialised
            state, _ = engine.apply(state, seat, action)
        else:
            before = json.dumps(engine.dump(state), sort_keys=True)
            state, events = engine.apply(state, seat, action)
            assert json.dumps(engine.dump(state), sort_keys=True) != before or events, "apply changed nothing"
            json.dumps(events)
        steps.append((seat, action))
    if check:
        _check_over(engine, state)
    return Playout(seed, steps, state)


def _pick_seat(actors: frozenset[int], rng: Rng) -> int:
    """`rng.choice(sorted(actors))`, without the sort and the list when one seat acts, as most often."""
    if len(actors) > 1:
        return rng.choice(sorted(actors))
    rng.below(1)  # choice draws even from one seat; the same seed must go on to the same actions
    (seat,) = actors
    return seat


def _check_step(engine: Engine, state: object, actors: list[int]) -> None:
    dumped = engine.dump(state)
    assert engine.load(json.loads(json.dumps(dumped))) == state, "dump/load does not round-trip"
    engine.check_invariants(state)
    for seat in [*range(engine.seats), None]:
        json.dumps(engine.view(state, seat))
    for seat in actors:
        legal = engine.legal_actions(state, seat)
        assert legal == engine.legal_actions(state, seat), "legal actions are not deterministic"
        json.dumps(legal)
        _assert_refused(engine, state, seat, {"type": "__no_such_action__"})
    for seat in set(range(engine.seats)) - set(actors):
        assert engine.legal_actions(state, seat) == [], f"seat {seat} is not an actor but has legal actions"
        _assert_refused(engine, state, seat, engine.random_action(state, actors[0], rng_for(0, "probe")))
    assert engine.dump(state) == dumped, "checking the state changed it"


def _assert_refused(engine: Engine, state: object, seat: int, action: JSON) -> None:
    before = engine.dump(state)
    try:
        engine.apply(state, seat, action)
    except IllegalAction as exc:
        assert str(exc), "IllegalAction without a message"
    else:
        raise AssertionError(f"seat {seat} was allowed {action!r}")
    assert engine.dump(state) == before, "a refused action changed the state"


def _check_over(engine: Engine, state: object) -> None:
    engine.check_invariants(state)
    assert engine.actors(state) == frozenset(), "the deal is over but seats may still act"
    outcome = engine.outcome(state)
    assert outcome is not None
    json.dumps(outcome)
    assert len(outcome["scores"]) == engine.seats


def replay(engine: Engine, seed: int, steps: list[tuple[int, JSON]]) -> object:
    state = engine.new_game(seed=seed, seats=engine.seats)
    for seat, action in steps:
        state, _ = engine.apply(state, seat, action)
    return state


def check_engine(engine: Engine, seeds: range = range(40)) -> None:
    for seed in seeds:
        playout = play_random(engine, seed)
        assert replay(engine, seed, playout.steps) == playout.final, f"seed {seed}: replay differs"
        assert play_random(engine, seed, check=False).final == playout.final, f"seed {seed}: not deterministic"


def check_hidden_information(engine: Engine, seeds: range = range(20), samples: int = 3) -> None:
    """At random points of random deals, permuting what seat s cannot see never changes view(state, s)."""
    for seed in seeds:
        playout = play_random(engine, seed, check=False)
        rng = rng_for(seed, "hidden")
        cut = rng.randrange(len(playout.steps) + 1)
        state = replay(engine, seed, playout.steps[:cut])
        for seat in range(engine.seats):
            for _ in range(samples):
                other = engine.shuffle_hidden(state, seat, rng)
                engine.check_invariants(other)
                assert engine.view(other, seat) == engine.view(state, seat), (
                    f"seed {seed}, step {cut}: seat {seat}'s view depends on cards it cannot see"
                )
