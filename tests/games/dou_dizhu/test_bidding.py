"""The auction (rules §2.2 "Bidding", DDZ-A2 to A5)."""

from __future__ import annotations

import pytest

from games.core.errors import IllegalAction
from games.core.protocol import visible_events
from games.dou_dizhu import ENGINE
from games.dou_dizhu.rules import next_seat
from tests.games.dou_dizhu.helpers import bid


def _state(first: int = 0):
    state = ENGINE.new_game(seed=11, seats=3)
    return ENGINE.load({**ENGINE.dump(state), "first_bidder": first, "turn": first})


def _auction(values: list[int], first: int = 0):
    state = _state(first)
    for value in values:
        state = bid(state, state.turn, value)
    return state


def test_each_deal_gives_17_cards_to_each_seat_and_3_bottom_cards() -> None:
    state = ENGINE.new_game(seed=5, seats=3)
    assert [h.bit_count() for h in state.hands] == [17, 17, 17]
    assert state.bottom.bit_count() == 3
    ENGINE.check_invariants(state)


def test_the_first_bidder_is_random() -> None:
    assert {ENGINE.new_game(seed=s, seats=3).first_bidder for s in range(30)} == {0, 1, 2}


def test_bidding_goes_counter_clockwise() -> None:
    state = _state(first=2)
    assert [next_seat(s) for s in range(3)] == [1, 2, 0]
    state = bid(state, 2, 0)
    assert state.turn == 0
    state = bid(state, 0, 1)
    assert state.turn == 1


def test_bids_are_1_to_3_and_each_must_be_higher() -> None:
    state = _state()
    assert ENGINE.legal_actions(state, 0) == [
        {"type": "pass"},
        {"type": "bid", "value": 1},
        {"type": "bid", "value": 2},
        {"type": "bid", "value": 3},
    ]
    state = bid(state, 0, 2)
    assert ENGINE.legal_actions(state, 1) == [{"type": "pass"}, {"type": "bid", "value": 3}]
    for value in (2, 1, 4, 0, "3", True, None):
        with pytest.raises(IllegalAction) as refused:
            ENGINE.apply(state, 1, {"type": "bid", "value": value})
        assert refused.value.code == "bad_bid"


def test_a_bid_of_3_ends_the_auction_at_once() -> None:
    state = _auction([3])
    assert state.landlord == 0 and state.bid == 3


def test_two_passes_after_a_bid_end_the_auction() -> None:
    state = _auction([1, 0, 0])
    assert state.landlord == 0 and state.bid == 1


def test_passes_before_the_first_bid_do_not_count() -> None:
    state = _auction([0, 0, 1])
    assert state.landlord is None
    state = _auction([0, 0, 1, 0, 0])
    assert state.landlord == 2 and state.bid == 1


def test_a_seat_that_passed_may_bid_later() -> None:
    # DDZ-A3's example: A pass, B 1, C pass, A 2, B pass, C pass -> A is landlord at 2.
    state = _auction([0, 1, 0])
    assert {"type": "bid", "value": 2} in ENGINE.legal_actions(state, 0)
    state = _auction([0, 1, 0, 2, 0, 0])
    assert state.landlord == 0 and state.bid == 2


def test_the_longest_auction_has_seven_actions() -> None:
    state = _auction([0, 0, 1, 0, 2, 0])
    assert state.landlord is None
    state = bid(state, state.turn, 3)
    assert state.landlord == 0 and len(state.auction) == 7


def test_three_opening_passes_redeal_with_a_new_random_first_bidder_and_no_score() -> None:
    state = _auction([0, 0])
    before = state.hands
    state, events = ENGINE.apply(state, 2, {"type": "pass"})
    assert state.redeals == 1 and state.auction == () and state.landlord is None
    assert state.hands != before and ENGINE.outcome(state) is None
    assert state.turn == state.first_bidder
    assert [e["code"] for e in visible_events(events, None)] == ["bid_passed", "redeal"]
    dealt = [e for e in events if e["code"] == "dealt"]
    assert [e["to"] for e in dealt] == [[0], [1], [2]]
    first_bidders = set()
    for seed in range(20):
        redealt = ENGINE.new_game(seed=seed, seats=3)
        for _ in range(3):
            redealt = bid(redealt, redealt.turn, 0)
        first_bidders.add(redealt.first_bidder)
    assert first_bidders == {0, 1, 2}


def test_the_bottom_cards_are_hidden_while_bidding() -> None:
    state = _state()
    assert all(ENGINE.view(state, s)["bottom"] is None for s in (0, 1, 2, None))


def test_the_landlord_takes_the_publicly_shown_bottom_cards_and_leads() -> None:
    state = _state()
    bottom = state.bottom
    state = bid(state, 0, 0)
    state, events = ENGINE.apply(state, 1, {"type": "bid", "value": 3})
    assert state.landlord == 1 and state.turn == 1
    assert state.hands[1].bit_count() == 20 and state.hands[1] & bottom == bottom
    landlord_event = events[-1]
    assert landlord_event["code"] == "landlord" and landlord_event["to"] is None
    shown = landlord_event["data"]["bottom"]
    assert len(shown) == 3
    assert all(ENGINE.view(state, s)["bottom"] == shown for s in (0, 1, 2, None))
    assert {"type": "pass"} not in ENGINE.legal_actions(state, 1)


def test_only_the_seat_on_turn_may_bid() -> None:
    state = _state()
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(state, 1, {"type": "bid", "value": 1})
    assert refused.value.code == "not_your_turn"
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(state, 0, {"type": "play", "cards": []})
    assert refused.value.code == "unknown_action"
