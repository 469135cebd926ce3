"""What each seat sees (K7): hidden hands and stock, locked cards face down, public draws public."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from games.core.rng import rng_for
from games.kowah import ENGINE
from games.kowah.state import KowahState
from tests.games.kowah.helpers import PLAIN, act, checki, deal, discard, draw, greedy_states, take

QUIET = "3C 4S 6M 7S 8C 3S 4M 6C 7M 8S"


def declared() -> KowahState:
    """Seat 0 has declared Checki on 2C 2C, locking 5C 5S 5M 9C 9S 9M; seat 1 is on turn."""
    state = deal("5C 5S 5M 9C 9S 9M 2C 1C", PLAIN[1], PLAIN[2], stock="2C " + QUIET)
    return checki(draw(state, 0), 0, "1C", "2C")


def test_the_view_has_the_documented_keys():
    state = draw(declared(), 1)
    mine = ENGINE.view(state, 1)
    assert set(mine) == {
        "game", "seat", "phase", "turn", "first", "order", "stock_count", "pile", "offer", "public_draws",
        "drawn", "taken", "hand_counts", "seats", "hand", "locked", "legal", "checki", "outcome",
    }  # fmt: skip
    assert set(mine["seats"][0]) == {"seat", "declared", "wait", "exposed", "known", "hand"}
    public = ENGINE.view(state, None)
    assert "hand" not in public and "locked" not in public and public["legal"] == []
    json.dumps(mine)


def test_the_exposed_pair_is_shown_and_the_locked_cards_are_not():  # K7
    view = ENGINE.view(declared(), 1)
    assert view["seats"][0] == {
        "seat": 0,
        "declared": True,
        "wait": "2C",
        "exposed": ["2C", "2C"],
        "known": [],
        "hand": None,
    }
    assert view["hand_counts"] == [8, 8, 8]
    assert ENGINE.view(declared(), 0)["locked"] is True


def test_a_declarers_locked_cards_can_be_anything_for_the_others():  # K7
    state = declared()
    worlds = [ENGINE.shuffle_hidden(state, 1, rng_for(n, "locked")) for n in range(5)]
    assert any(w.hands[0] != state.hands[0] for w in worlds)
    for world in worlds:
        ENGINE.check_invariants(world)
        assert world.hands[0].count("2C") == 2  # the exposed pair stays
        assert ENGINE.view(world, 1) == ENGINE.view(state, 1)


def test_a_taken_discard_is_known_until_it_is_discarded():
    state = take(discard(draw(deal(*PLAIN, stock=QUIET), 0), 0, "5S"), 1)
    assert ENGINE.view(state, 2)["taken"] == {"seat": 1, "card": "5S"}
    state = discard(state, 1, "1S")
    assert ENGINE.view(state, 2)["seats"][1]["known"] == ["5S"]
    worlds = [ENGINE.shuffle_hidden(state, 2, rng_for(n, "worlds")) for n in range(5)]
    assert all("5S" in world.hands[1] for world in worlds)
    state = quiet_turn(quiet_turn(state, 2), 0)
    state = discard(draw(state, 1), 1, "5S")
    assert ENGINE.view(state, 2)["seats"][1]["known"] == []


def quiet_turn(state: KowahState, seat: int) -> KowahState:
    state = draw(state, seat)
    return discard(state, seat, state.drawn)


def test_a_private_draw_is_shown_only_to_the_drawer():  # K7
    state, events = act(deal(*PLAIN, stock=QUIET), 0, "draw")
    assert ENGINE.view(state, 0)["drawn"] == {"seat": 0, "card": "3C"}
    for seat in (1, 2, None):
        assert ENGINE.view(state, seat)["drawn"] == {"seat": 0, "card": None}
        assert all(e["data"].get("card") is None for e in events if e["to"] is None or seat in e["to"])


def test_a_public_draw_is_shown_to_everybody():  # K7
    state, events = act(declared(), 1, "draw")
    for seat in (0, 1, 2, None):
        assert ENGINE.view(state, seat)["drawn"] == {"seat": 1, "card": "3C"}
    assert [e["to"] for e in events] == [None]


def test_every_hand_is_shown_when_the_deal_is_over():
    state = discard(draw(declared(), 1), 1, "1S")
    state = discard(draw(state, 2), 2, "2C")  # seat 2 feeds the winning card
    view = ENGINE.view(state, None)
    assert view["phase"] == "over" and view["turn"] is None
    assert view["seats"][0]["hand"] == ["2C", "2C", "2C", "5C", "5S", "5M", "9C", "9S", "9M"]
    assert [len(s["hand"]) for s in view["seats"]] == [9, 8, 8]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), cut=st.floats(0, 1))
def test_views_never_depend_on_cards_the_seat_cannot_see(seed, cut):
    steps = greedy_states(seed)
    state = steps[int(cut * (len(steps) - 1))][0]
    for seat in (0, 1, 2, None):
        world = ENGINE.shuffle_hidden(state, seat, rng_for(seed, "world", seat))
        ENGINE.check_invariants(world)
        assert ENGINE.view(world, seat) == ENGINE.view(state, seat)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_stock_draws_after_a_declaration_are_public_events(seed):
    for state, _seat, action, events in greedy_states(seed):
        if action != {"type": "draw"}:
            continue
        drew = next(e for e in events if e["code"] == "drew")
        assert drew["to"] is None
        assert (drew["data"]["card"] is not None) == state.public_draws
        assert any(e["code"] == "drew_card" for e in events) != state.public_draws
