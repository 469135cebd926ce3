"""The hooks a room needs around the engine: the deal's own events and the options of the next deal."""

from __future__ import annotations

from games.chan import ENGINE
from games.core.conformance import play_random, replay


def test_opening_events_say_who_deals_and_how_many_cards_each_place_gets():
    state = ENGINE.new_game(seed=3, seats=4, dealer=2)
    assert ENGINE.opening_events(state) == [
        {"code": "dealt", "seat": 2, "data": {"dealer": 2, "cards": 20, "others": 19, "stock": 23}, "to": None}
    ]


def test_opening_events_stay_the_same_after_moves_are_played():
    state = ENGINE.new_game(seed=5, seats=4)
    first = ENGINE.opening_events(state)
    playout = play_random(ENGINE, 5, check=False)
    later = replay(ENGINE, 5, playout.steps[: len(playout.steps) // 2])
    assert ENGINE.opening_events(later) == first


def test_the_next_deal_draws_its_dealer_afresh():
    """Rules §1.2 "Deal": the dealer is picked at random for every deal, so nothing carries over."""
    playout = play_random(ENGINE, 9, check=False)
    state = replay(ENGINE, 9, playout.steps)
    assert ENGINE.next_options(ENGINE.outcome(state)) == {}
