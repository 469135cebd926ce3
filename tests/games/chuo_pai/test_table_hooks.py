"""What the room needs from the engine: opening events, the next deal's options, the seat direction."""

from __future__ import annotations

from games.chuo_pai import ENGINE
from games.core.rng import rng_for
from tests.games.chuo_pai.helpers import deal


def test_opening_events_tell_who_took_the_bonus_and_who_leads_first():
    state = deal("1-2 2-4 2-4 6-6", "1-2 3-3", "2-4 5-5", leader=1)
    events = ENGINE.opening_events(state)
    assert [(e["code"], e["seat"], e["data"]) for e in events] == [
        ("bonus", 0, {"cards": ["1-2", "2-4", "2-4"]}),
        ("first_lead", 1, {}),
    ]
    assert all(e["to"] is None for e in events)  # the bonus is laid out face up (rules P7)


def test_opening_events_without_a_bonus_name_only_the_first_leader():
    state = deal("6-6", "3-3", "5-5", leader=2)
    assert [(e["code"], e["seat"]) for e in ENGINE.opening_events(state)] == [("first_lead", 2)]


def test_opening_events_stay_the_same_after_rounds_are_played():
    state = deal("6-6 5-5", "3-3 2-2", "1-1 4-4", leader=0)
    first = ENGINE.opening_events(state)
    state = ENGINE.apply(state, 0, {"type": "play", "cards": ["6-6"]})[0]
    state = ENGINE.apply(state, 1, {"type": "pass"})[0]
    state = ENGINE.apply(state, 2, {"type": "pass"})[0]
    assert ENGINE.opening_events(state) == first


def test_a_deal_over_right_after_the_bonus_says_so_in_its_opening_events():
    state = deal("1-2 2-4", "", "3-3", leader=0)  # seat 0 lays out its only cards; one holder is left
    codes = [e["code"] for e in ENGINE.opening_events(state)]
    assert codes == ["bonus", "deal_over"]
    assert ENGINE.outcome(state)["scores"] == [2, 0, 0]


def test_every_deal_draws_its_own_first_leader_so_nothing_carries_over():
    state = ENGINE.new_game(seed=3, seats=3)
    rng = rng_for(3, "test")
    while ENGINE.outcome(state) is None:
        (seat,) = ENGINE.actors(state)
        state = ENGINE.apply(state, seat, ENGINE.random_action(state, seat, rng))[0]
    options = ENGINE.next_options(ENGINE.outcome(state))
    assert options == {}
    assert ENGINE.new_game(seed=4, seats=3, **options).current is not None


def test_seats_run_clockwise_which_the_table_reads_to_place_them():
    # Rules P1: seat 0 -> 1 -> 2 is clockwise (rooms.rendering.PLACES draws seat 1 on seat 0's left).
    assert ENGINE.clockwise is True
