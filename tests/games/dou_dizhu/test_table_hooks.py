"""What the room needs from the engine: opening events, the next deal's options, the seat direction."""

from __future__ import annotations

from games.core.protocol import visible_events
from games.dou_dizhu import ENGINE
from games.dou_dizhu.cards import codes_of
from tests.games.dou_dizhu.helpers import cards


def test_opening_events_deal_each_seat_its_cards_privately_and_name_the_first_bidder():
    state = ENGINE.new_game(seed=7, seats=3)
    events = ENGINE.opening_events(state)
    dealt = [e for e in events if e["code"] == "dealt"]
    assert [e["to"] for e in dealt] == [[0], [1], [2]]
    assert [e["data"]["cards"] for e in dealt] == [codes_of(h) for h in state.hands]
    assert events[-1] == {"code": "bids_first", "seat": state.first_bidder, "data": {}, "to": None}
    for seat in range(3):  # a seat sees its own cards and who bids first, never another hand
        seen = visible_events(events, seat)
        assert [e["data"].get("cards") for e in seen] == [codes_of(state.hands[seat]), None]
    assert visible_events(events, None) == [events[-1]]


def test_a_fixed_deal_with_a_landlord_opens_with_his_bid_and_the_public_bottom():
    taken: set[str] = set()
    hands = [cards(h, taken) for h in ("3456", "789T", "JQKA")]  # `cards` marks each code taken
    bottom = cards("222", taken)
    state = ENGINE.new_game(seed=0, seats=3, deal={"hands": hands, "bottom": bottom, "landlord": 1, "bid": 2})
    events = ENGINE.opening_events(state)
    assert events[1]["data"]["cards"] == hands[1]  # the cards dealt, before he took the bottom
    assert [(e["code"], e["seat"], e["data"]) for e in events[3:]] == [
        ("bid", 1, {"value": 2}),
        ("landlord", 1, {"bid": 2, "bottom": bottom}),
    ]


def test_every_deal_draws_its_first_bidder_afresh():
    """DDZ-A4: nothing carries over from one deal to the next in a room."""
    assert ENGINE.next_options({"scores": [2, -1, -1], "winner": 0}) == {}


def test_seats_run_counter_clockwise_on_screen():
    """DDZ-A1: seat + 1 acts next and sits on the viewer's right, the room's default."""
    assert getattr(ENGINE, "clockwise", False) is False
