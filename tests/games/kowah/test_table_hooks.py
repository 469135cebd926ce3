"""What the room needs from the engine: opening events, the next deal's options, the seat direction."""

from __future__ import annotations

from games.kowah import ENGINE
from tests.games.kowah.helpers import PLAIN, deal, draw


def test_opening_events_say_who_plays_first_and_how_many_cards_are_dealt():
    state = ENGINE.new_game(seed=7, seats=3)
    assert ENGINE.opening_events(state) == [
        {"code": "dealt", "seat": state.first, "data": {"cards": 8, "stock": 96}, "to": None}
    ]


def test_opening_events_count_a_fixed_deals_stock_and_stay_the_same_later():
    state = deal(*PLAIN, stock="9C 9S 9M", first=2)
    first = ENGINE.opening_events(state)
    assert [(e["code"], e["seat"], e["data"]) for e in first] == [("dealt", 2, {"cards": 8, "stock": 3})]
    state = draw(state, 2)
    assert ENGINE.opening_events(state) == first


def test_every_deal_draws_its_first_player_afresh():
    state = deal(*PLAIN, stock="9C")
    state = draw(state, 0)
    state = ENGINE.apply(state, 0, {"type": "discard", "card": "9C"})[0]  # the last stock card: drawn deal
    assert ENGINE.outcome(state)["draw"]
    assert ENGINE.next_options(ENGINE.outcome(state)) == {}


def test_seats_run_clockwise_on_screen():
    """K1: 0 → 1 → 2 is clockwise, so the room draws the next seat on the viewer's left."""
    assert ENGINE.clockwise is True
