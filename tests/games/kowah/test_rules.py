"""Every rule and resolution of rules/kowah.md §3.2 and K1–K14, from fixed deals."""

from __future__ import annotations

import pytest

from games.core.errors import IllegalAction
from games.kowah import ENGINE
from games.kowah.cards import DECK
from games.kowah.rules import claimant
from tests.games.kowah.helpers import (
    PLAIN,
    act,
    checki,
    deal,
    discard,
    draw,
    draw_and_discard,
    legal,
    outcome,
    take,
)

# Seat 0 draws 2C and, discarding 1C, holds 5C 5S 5M + 9C 9S 9M + 2C 2C: Checki waiting on 2C.
SHAPE = "5C 5S 5M 9C 9S 9M 2C 1C"
QUIET = "3C 4S 6M 7S 8C 3S 4M 6C 7M 8S 3M 4C 6S"  # stock cards that win nothing below


def declared(stock: str = QUIET, hands: tuple[str, str] = (PLAIN[1], PLAIN[2])):
    """Seat 0 has declared Checki on 2C 2C (seat 2 holds the third 2C); seat 1 is on turn."""
    state = deal(SHAPE, *hands, stock="2C " + stock)
    return checki(draw(state, 0), 0, "1C", "2C")


def refused(state, seat: int, action: dict) -> str:
    with pytest.raises(IllegalAction) as caught:
        ENGINE.apply(state, seat, action)
    return caught.value.code


# --- 3.1 deck and 3.2 deal -------------------------------------------------------------------------


def test_deck_has_120_cards_four_of_each_of_thirty():
    assert len(DECK) == 120
    assert {DECK.count(card) for card in set(DECK)} == {4}
    assert len(set(DECK)) == 30


def test_deck_leaves_out_the_snakes_and_the_monk():
    assert {"WS", "GS", "MK"}.isdisjoint(DECK)
    assert {"OT", "RF", "WF"} <= set(DECK)


def test_deal_gives_eight_cards_each_and_the_rest_to_the_stock():
    state = ENGINE.new_game(seed=1, seats=3)
    assert [len(h) for h in state.hands] == [8, 8, 8]
    assert len(state.stock) == 96
    assert state.aside == ()


def test_first_player_is_drawn_at_random_and_fixed_by_the_seed():
    firsts = {ENGINE.new_game(seed=seed, seats=3).first for seed in range(30)}
    assert firsts == {0, 1, 2}
    assert ENGINE.new_game(seed=5, seats=3) == ENGINE.new_game(seed=5, seats=3)


def test_play_goes_clockwise_from_the_first_player():  # K1
    state = deal(*PLAIN, stock=QUIET, first=2)
    seen = []
    for _ in range(4):
        seen.append(state.turn)
        state = draw_and_discard(state, state.turn)
    assert seen == [2, 0, 1, 2]


# --- the turn: K2, K3 ----------------------------------------------------------------------------


def test_the_first_turn_must_draw_from_the_stock():  # K2
    state = deal(*PLAIN, stock=QUIET)
    assert legal(state, 0) == [{"type": "draw"}]
    assert refused(state, 0, {"type": "take"}) == "nothing_to_take"


def test_only_the_latest_discard_may_be_taken():  # K2
    state = discard(draw(deal(*PLAIN, stock=QUIET), 0), 0, "1C")
    state = draw_and_discard(state, 1)  # seat 1 discards the drawn 4S on top of 1C
    assert {"type": "take"} in legal(state, 2)
    state = take(state, 2)
    assert state.hands[2].count("4S") == 1 and [c for _, c in state.pile] == ["1C"]
    state = discard(state, 2, "1M")
    assert ENGINE.view(state, 0)["offer"] == "1M"  # 1C underneath is dead for good
    state = take(state, 0)
    assert "1M" in state.hands[0] and [c for _, c in state.pile] == ["1C"]


def test_a_taken_discard_may_not_be_discarded_in_the_same_turn():  # K3
    state = discard(draw(deal(*PLAIN, stock=QUIET), 0), 0, "5S")
    state = take(state, 1)
    assert refused(state, 1, {"type": "discard", "card": "5S"}) == "taken_card"
    assert {"type": "discard", "card": "5S"} not in legal(state, 1)


def test_no_copy_of_the_taken_card_may_be_discarded_that_turn():  # K3 (copies are interchangeable)
    state = deal(PLAIN[0], "5S " + PLAIN[1][3:], PLAIN[2], stock=QUIET)
    state = take(discard(draw(state, 0), 0, "5S"), 1)
    assert state.hands[1].count("5S") == 2
    assert refused(state, 1, {"type": "discard", "card": "5S"}) == "taken_card"


def test_a_discard_brings_the_hand_back_to_eight():
    state = draw(deal(*PLAIN, stock=QUIET), 0)
    assert len(state.hands[0]) == 9
    state = discard(state, 0, "8S")
    assert len(state.hands[0]) == 8 and state.pile == ((0, "8S"),)


def test_a_seat_draws_once_then_discards():
    state = deal(*PLAIN, stock=QUIET)
    assert refused(state, 0, {"type": "discard", "card": "1C"}) == "draw_first"
    state = draw(state, 0)
    assert refused(state, 0, {"type": "draw"}) == "discard_now"
    assert refused(state, 0, {"type": "take"}) == "discard_now"


# --- declaring Checki: K5, K6, public waiting ----------------------------------------------------


def test_checki_is_offered_after_a_discard_that_leaves_the_shape():  # K5
    state = draw(deal(SHAPE, PLAIN[1], PLAIN[2], stock="2C " + QUIET), 0)
    assert {"type": "checki", "card": "1C", "pair": "2C"} in legal(state, 0)
    assert ENGINE.view(state, 0)["checki"] == {"1C": ["2C"]}


def test_declaring_checki_is_not_forced():  # K5
    state = draw(deal(SHAPE, PLAIN[1], PLAIN[2], stock="2C " + QUIET), 0)
    state = discard(state, 0, "1C")
    assert state.waits == (None, None, None)
    assert state.turn == 1


def test_checki_is_not_offered_without_the_shape():
    state = draw(deal(*PLAIN, stock=QUIET), 0)
    assert not [a for a in legal(state, 0) if a["type"] == "checki"]
    assert refused(state, 0, {"type": "checki", "card": "1C", "pair": "2S"}) == "no_checki"


def test_checki_must_name_a_pair_the_shape_allows():
    state = draw(deal(SHAPE, PLAIN[1], PLAIN[2], stock="2C " + QUIET), 0)
    assert refused(state, 0, {"type": "checki", "card": "1C", "pair": "5C"}) == "no_checki"
    assert refused(state, 0, {"type": "checki", "card": "5C", "pair": "2C"}) == "no_checki"


def test_the_declarer_chooses_which_identical_pair_to_expose():  # K4
    state = draw(deal("5C 5C 5S 5S 5M 9C 9S 1C", PLAIN[1], PLAIN[2], stock="9M " + QUIET), 0)
    offered = [a["pair"] for a in legal(state, 0) if a["type"] == "checki"]
    assert offered == ["5C", "5S"]
    assert checki(state, 0, "1C", "5S").waits[0] == "5S"


def test_a_dealt_checki_shape_is_declared_at_the_end_of_the_first_turn():  # K6
    state = deal("5C 5S 5M 9C 9S 9M 2C 2C", PLAIN[1], PLAIN[2], stock=QUIET)
    assert legal(state, 0) == [{"type": "draw"}]
    state = draw(state, 0)
    assert {"type": "checki", "card": "3C", "pair": "2C"} in legal(state, 0)
    assert checki(state, 0, "3C", "2C").waits[0] == "2C"


def test_the_declared_hand_is_locked_and_each_drawn_card_is_discarded():  # public waiting
    state = draw_and_discard(draw_and_discard(declared(), 1), 2)
    locked = state.hands[0]
    assert legal(state, 0) == [{"type": "draw"}]
    state, events = act(state, 0, "draw")
    assert state.hands[0] == locked
    assert state.pile[-1] == (0, "6M")
    assert [e["code"] for e in events] == ["drew", "discarded"]
    assert events[1]["data"] == {"card": "6M", "forced": True}
    assert state.turn == 1 and state.phase == "draw"


def test_a_declarer_may_not_take_a_discard():  # K13
    state = draw_and_discard(draw_and_discard(declared(), 1), 2)
    assert refused(state, 0, {"type": "take"}) == "declarer_draws"
    assert ENGINE.view(state, 0)["offer"] is None


def test_stock_draws_are_private_before_any_declaration():  # K7
    state, events = act(deal(*PLAIN, stock=QUIET), 0, "draw")
    public = [e for e in events if e["to"] is None]
    assert public == [{"code": "drew", "seat": 0, "data": {"card": None, "public": False}, "to": None}]
    assert {"code": "drew_card", "seat": 0, "data": {"card": "3C"}, "to": [0]} in events
    assert ENGINE.view(state, 1)["drawn"] == {"seat": 0, "card": None}
    assert ENGINE.view(state, 0)["drawn"] == {"seat": 0, "card": "3C"}


def test_every_stock_draw_is_public_after_a_declaration():  # K7
    state, events = act(declared(), 1, "draw")
    assert events == [{"code": "drew", "seat": 1, "data": {"card": "3C", "public": True}, "to": None}]
    assert ENGINE.view(state, None)["drawn"] == {"seat": 1, "card": "3C"}
    state = discard(state, 1, "1S")
    assert ENGINE.view(state, 2)["seats"][1]["known"] == ["3C"]  # a kept public draw stays known


# --- winning: the multipliers, K8, K9, K11, K12, K14 --------------------------------------------


def test_a_self_drawn_winning_card_wins_times_three():
    state = draw_and_discard(draw_and_discard(declared("3C 4S 2C"), 1), 2)
    state, events = act(state, 0, "draw")
    assert outcome(state) == {
        "scores": [3, 0, 0],
        "winners": [0],
        "winner": 0,
        "draw": False,
        "multiplier": 3,
        "reason": "self_draw",
        "card": "2C",
        "by": 0,
    }
    assert state.hands[0].count("2C") == 3
    assert [e["code"] for e in events] == ["drew", "won", "deal_over"]


def test_an_opponent_drawing_the_winning_card_wins_times_two_out_of_turn():
    state, events = act(declared("2C " + QUIET), 1, "draw")
    result = outcome(state)
    assert (result["winner"], result["multiplier"], result["reason"], result["by"]) == (0, 2, "opponent_draw", 1)
    assert ENGINE.actors(state) == frozenset()
    assert len(state.hands[1]) == 8 and state.hands[0].count("2C") == 3
    assert events[-2] == {
        "code": "won",
        "seat": 0,
        "data": {"reason": "opponent_draw", "card": "2C", "by": 1, "multiplier": 2},
        "to": None,
    }


def test_an_opponent_discarding_the_winning_card_wins_times_two_out_of_turn():
    state = draw(draw_and_discard(declared(), 1), 2)
    state = discard(state, 2, "2C")
    result = outcome(state)
    assert (result["winner"], result["multiplier"], result["reason"], result["by"]) == (0, 2, "discard", 2)
    assert state.pile[-1] != (2, "2C")  # the card went to the winner, not onto the pile


def test_a_declarer_drawing_another_declarers_winning_card_pays_him_times_two():
    # Seat 1 also declares (on 6S 6S); his forced draw of 2C wins for seat 0.
    state = deal(SHAPE, "4C 4S 4M 7C 7S 7M 6S 1S", PLAIN[2], stock="2C 6S 3C 4M 2C")
    state = checki(draw(state, 0), 0, "1C", "2C")
    state = checki(draw(state, 1), 1, "1S", "6S")
    state = draw_and_discard(state, 2)
    state = draw_and_discard(state, 0)  # 4M goes straight onto the pile
    state = draw(state, 1)
    assert (outcome(state)["winner"], outcome(state)["reason"], outcome(state)["by"]) == (0, "opponent_draw", 1)


def test_a_player_who_has_not_declared_cannot_win():  # K8, K11
    state = deal("5C 5S 5M 9C 9S 9M 2C 2C", PLAIN[1], PLAIN[2], stock="2S " + QUIET)
    state = discard(draw(state, 0), 0, "2S")  # Checki declined
    state = draw_and_discard(state, 1)
    state = discard(draw(state, 2), 2, "2C")
    assert outcome(state) is None
    state = take(state, 0)  # three triples in hand, but undeclared: no win, discard as usual
    assert state.phase == "discard" and outcome(state) is None


def test_a_win_needs_the_exact_card():
    state = draw(declared("2S " + QUIET), 1)  # 2S is not 2C
    assert outcome(state) is None and state.phase == "discard"


def test_an_honour_pair_waits_on_the_same_honour_only():  # K14
    hand = "5C 5S 5M 9C 9S 9M RF WF"
    state = checki(draw(deal(hand, PLAIN[1], PLAIN[2], stock="RF OT WF RF"), 0), 0, "WF", "RF")
    assert state.waits[0] == "RF"
    state = draw_and_discard(state, 1)  # OT
    state = draw_and_discard(state, 2)  # WF: another honour, no win
    assert outcome(state) is None
    state = draw(state, 0)
    assert (outcome(state)["winner"], outcome(state)["multiplier"]) == (0, 3)


def test_claims_go_to_the_drawer_first_then_clockwise():  # K8
    waits = ("2C", "2C", "2C")
    assert claimant(waits, "2C", by=1, from_stock=True) == 1
    assert claimant(waits, "2C", by=1, from_stock=False) == 2
    assert claimant(("2C", None, None), "2C", by=1, from_stock=True) == 0
    assert claimant((None, "2C", "2C"), "2C", by=0, from_stock=False) == 1
    assert claimant(("2C", "2C", None), "2C", by=2, from_stock=False) == 0
    assert claimant(("2C", None, None), "2S", by=1, from_stock=True) is None


def test_a_dead_wait_is_kept_and_play_goes_on():  # K12
    state = deal("5C 5S 5M 9C 9S 9M 2C 2C", "2C " + PLAIN[1][3:], PLAIN[2], stock="3C 4S 6M 7S 8C 3S")
    state = discard(draw(state, 0), 0, "3C")  # not declared yet
    state = discard(draw(state, 1), 1, "2C")
    state = discard(draw(state, 2), 2, "2C")  # both other copies of 2C lie on the pile
    state = draw(state, 0)
    state = checki(state, 0, "7S", "2C")  # declaring a dead wait is the player's own choice
    state = draw_and_discard(state, 1)
    assert legal(state, 2) == [{"type": "draw"}, {"type": "take"}]
    state = draw_and_discard(state, 2)
    assert state.waits[0] == "2C" and outcome(state)["reason"] == "stock_exhausted"


# --- the end of the stock: K10 --------------------------------------------------------------------


def test_a_win_on_the_last_stock_card_stands():  # K10
    state = draw(declared("2C"), 1)
    assert state.stock == ()
    assert (outcome(state)["winner"], outcome(state)["multiplier"]) == (0, 2)


def test_a_win_on_the_discard_after_the_last_stock_card_stands():  # K10
    state = draw(draw_and_discard(declared("3C 4S"), 1), 2)
    assert state.stock == ()
    state = discard(state, 2, "2C")
    assert (outcome(state)["winner"], outcome(state)["reason"]) == (0, "discard")


def test_the_deal_is_drawn_when_the_last_stock_turn_brings_no_win():  # K10
    state = draw(draw_and_discard(declared("3C 4S"), 1), 2)
    state, events = act(state, 2, "discard", card="1M")
    assert outcome(state) == {
        "scores": [0, 0, 0],
        "winners": [],
        "winner": None,
        "draw": True,
        "multiplier": None,
        "reason": "stock_exhausted",
        "card": None,
        "by": None,
    }
    assert ENGINE.actors(state) == frozenset()
    assert refused(state, 0, {"type": "take"}) == "deal_over"  # nobody takes the last discard
    assert events[-1]["code"] == "deal_over"


def test_checki_is_not_offered_on_the_last_turn():  # K10
    state = draw(deal(SHAPE, PLAIN[1], PLAIN[2], stock="2C"), 0)
    assert [a["type"] for a in legal(state, 0)] == ["discard"] * 8
    assert refused(state, 0, {"type": "checki", "card": "1C", "pair": "2C"}) == "stock_empty"


def test_the_outcome_shows_the_multiplier_and_no_money():  # K9
    state = draw(declared("2C " + QUIET), 1)
    result = outcome(state)
    assert result["multiplier"] == 2 and result["scores"] == [2, 0, 0]
    assert not {"money", "chips", "total", "totals", "stake"} & set(result)


# --- malformed and out-of-turn actions ------------------------------------------------------------


@pytest.mark.parametrize(
    "action",
    [
        None,
        "draw",
        {},
        {"type": "pass"},
        {"type": ["draw"]},
        {"type": {"draw": 1}},
        {1: "draw"},
        {"type": "draw", "card": "5C"},
        {"type": "discard"},
        {"type": "discard", "card": 5},
        {"type": "discard", "card": "WS"},
        {"type": "discard", "card": ["1C"]},
        {"type": "checki", "card": "1C"},
        {"type": "checki", "card": "1C", "pair": None},
    ],
)
def test_malformed_actions_are_refused_and_change_nothing(action):
    state = draw(deal(SHAPE, PLAIN[1], PLAIN[2], stock="2C " + QUIET), 0)
    before = ENGINE.dump(state)
    with pytest.raises(IllegalAction) as caught:
        ENGINE.apply(state, 0, action)
    assert str(caught.value)
    assert ENGINE.dump(state) == before


@pytest.mark.parametrize("seat", [1, 2, 3, -1, None, "0", 0.0, True, False])
def test_only_the_seat_on_turn_may_act(seat):
    assert refused(deal(*PLAIN, stock=QUIET), seat, {"type": "draw"}) == "not_your_turn"


def test_a_card_not_held_is_refused_with_the_cards_that_may_go():
    state = draw(deal(*PLAIN, stock=QUIET), 0)
    with pytest.raises(IllegalAction) as caught:
        ENGINE.apply(state, 0, {"type": "discard", "card": "9M"})
    assert caught.value.code == "card_not_held"
    assert "1C 2S 3C" in str(caught.value)


def test_a_fixed_deal_with_a_fifth_copy_is_refused():
    with pytest.raises(ValueError):
        deal("5C 5C 5C 5C 5C 9S 9M 9C", PLAIN[1], PLAIN[2], stock=QUIET)


def test_dump_and_load_round_trip_with_a_version():
    state = draw(declared(), 1)
    data = ENGINE.dump(state)
    assert data["v"] == 1 and ENGINE.load(data) == state
    with pytest.raises(ValueError):
        ENGINE.load({**data, "v": 99})
