"""The deal, the turn flow, claim windows, Chíu in and out of turn, wins, the dead hand and the draw.

Rules §1.2.1, §1.2.5, R1–R3, R6, R7, C1–C6, C19, C22. Situations are fixed deals built with
`table()`; seats are 0–3 in the cycle You → AI 1 → AI 2 → AI 3, dealer 0 unless stated.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.chan import rules
from games.chan.cards import deck, is_red
from games.chan.legality import discard_error, holding
from games.chan.state import Meld
from games.core.errors import IllegalAction
from tests.games.chan.helpers import CHIU, PASS, REVEAL, WIN, codes, discard, meld, passive, play, table

# Waits on 3V (Chắn) or 3N (Cạ with 3V): six Chắn, three Cạ and 3V alone.
READY = "2V 2V 3S 3S 4N 4N 6V 6V 6V 6V 7S 7S 5V 5S 8N 8V 9S 9N 3V"
# Another hand waiting on 3V/3N, sharing no more than four copies of anything with READY.
READY_TOO = "2S 2S 4V 4V 5N 5N 6S 6S 7N 7N 9V 9V 8S 8N 5V 5S 7V 7S 3V"


def legal_types(state, seat) -> list[str]:
    return [a["type"] for a in rules.legal_actions(state, seat)]


# --- deck and deal -------------------------------------------------------------------------------


def test_deck_is_ranks_2_to_9_in_van_sach_van_and_chi_chi_four_each():
    cards = deck()
    assert len(cards) == 100 and len(set(cards)) == 25
    assert all(cards.count(c) == 4 for c in set(cards))
    assert {c[1] for c in cards if c != "CC"} == {"V", "S", "N"}
    assert {c[0] for c in cards if c != "CC"} == set("23456789")


def test_rank_one_old_man_and_zero_string_are_not_dealt():
    assert not {"1V", "1S", "1N", "OC", "TT"} & set(deck())


def test_red_cards_are_eights_and_nines_of_van_and_sach_and_chi_chi():
    assert {c for c in deck() if is_red(c)} == {"8V", "9V", "8S", "9S", "CC"}
    assert sum(is_red(c) for c in deck()) == 20


def test_dealer_gets_20_cards_others_19_and_the_stock_23():
    state = rules.new_game(seed=5, seats=4)
    assert [len(h) for h in state.hands] == [19 + (s == state.dealer) for s in range(4)]
    assert len(state.stock) == 23


def test_dealer_is_random_per_seed_and_fixed_by_the_seed():
    dealers = {rules.new_game(seed=s, seats=4).dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert rules.new_game(seed=9, seats=4) == rules.new_game(seed=9, seats=4)
    assert rules.new_game(seed=9, seats=4, dealer=2).dealer == 2


def test_dealer_discards_first():
    state = table({}, dealer=2)
    assert rules.actors(state) == {2}
    assert set(legal_types(state, 2)) == {"discard"}


def test_turns_follow_the_seat_cycle():
    state = table({3: "2V", 0: "2V", 1: "2V", 2: "2V"}, dealer=3)
    state, _ = play(state, (3, discard("2V")))
    assert state.turn == 0 and rules.actors(state) == {0}
    state, _ = play(state, (0, REVEAL), (0, PASS))
    assert state.turn == 1 and state.offer.source == "passed"
    assert [rules.next_seat(s) for s in range(4)] == [1, 2, 3, 0]


# --- taking, revealing, passing ------------------------------------------------------------------


def test_next_seat_may_meld_the_discard_and_then_discards():
    state = table({0: "2V", 1: "2V", 2: "2V", 3: "2V"})
    state, _ = play(state, (0, discard("2V")))
    assert state.offer.card == "2V" and state.offer.source == "discard" and state.turn == 1
    state, events = play(state, (1, meld("2V")))
    assert state.phase == "discard" and state.turn == 1
    assert state.melds[1] == (Meld("chan", "2V", ("2V",)),)
    assert state.doors[0] == ()  # the discard left the dealer's door
    card = rules.legal_actions(state, 1)[0]["card"]
    state, events = play(state, (1, discard(card)))
    assert state.turn == 2 and state.offer.card == card and state.offer.door == 1
    assert "discarded" in codes(events)


def test_declining_the_offered_card_reveals_a_stock_card_at_the_own_door():
    state = table({0: "2V"}, stock="9N")
    state, events = play(state, (0, discard("2V")), (1, REVEAL))
    assert state.offer.card == "9N" and state.offer.source == "stock" and state.offer.door == 1
    assert state.doors[1][-1].card == "9N" and state.doors[1][-1].source == "stock"
    assert len(state.stock) == 22 and "revealed" in codes(events)


def test_a_revealed_stock_card_never_enters_the_hand():
    state = table({0: "2V", 1: "9N"}, stock="9N")
    state, _ = play(state, (0, discard("2V")), (1, REVEAL), (1, meld("9N")))
    assert state.hands[1].count("9N") == 0 and state.melds[1][-1].cards == ("9N", "9N")


def test_a_passed_stock_card_is_offered_to_the_next_seat():
    state = table({0: "2V"}, stock="9N")
    state, events = play(state, (0, discard("2V")), (1, REVEAL), (1, PASS))
    assert state.turn == 2 and state.offer.card == "9N" and state.offer.source == "passed"
    assert state.doors[1][-1].card == "9N"  # it stays at the door of the seat that passed it
    assert "passed" in codes(events)


def test_a_passed_card_has_no_claim_window():
    state = table({0: "2V", 3: "9N 9N 9N"}, stock="9N")
    state, _ = play(state, (0, discard("2V")), (1, REVEAL))
    assert rules.actors(state) == {1, 3}  # seat 3 may Chíu the stock card now ...
    state, _ = play(state, (3, PASS), (1, PASS))
    assert rules.actors(state) == {2}  # ... but not once it was passed


def test_only_the_most_recent_card_is_on_offer():
    state = table({0: "2V 9N", 2: "2V", 3: "9N 9N"}, stock="9N")
    state, _ = play(state, (0, discard("2V")), (1, REVEAL), (1, PASS))
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, 2, meld("2V"))
    assert refused.value.code == "not_a_pair"


def test_revealing_is_final_the_declined_card_cannot_be_taken_back():
    state = table({0: "2V", 1: "2V"}, stock="9N")
    state, _ = play(state, (0, discard("2V")), (1, REVEAL))
    assert {"type": "meld", "card": "2V"} not in rules.legal_actions(state, 1)


# --- freezing (R4c) ------------------------------------------------------------------------------


def test_declining_an_available_chan_freezes_that_identity():
    state = table({0: "2V", 1: "2V"}, stock="9N")
    state, events = play(state, (0, discard("2V")), (1, REVEAL))
    assert state.frozen[1] == ("2V",)
    assert {"code": "frozen", "seat": 1, "data": {"card": "2V"}, "to": [1]} in events
    assert discard_error(holding(state, 1), "2V").code == "frozen"


def test_passing_a_stock_card_with_an_identical_hand_card_freezes_it():
    state = table({0: "2V", 1: "9N", 2: "2V", 3: "2V 2V"}, stock="9N")
    state, _ = play(state, (0, discard("2V")), (1, REVEAL), (1, PASS))
    assert state.frozen[1] == ("9N",)


def test_declining_a_chan_that_was_not_allowed_freezes_nothing():
    state = table({0: "2V", 1: "2V"}, stock="9N", discarded={1: "2V"})
    state, _ = play(state, (0, discard("2V")), (1, REVEAL))
    assert state.frozen[1] == ()


def test_frozen_identity_is_shown_only_to_its_owner():
    state = table({0: "2V", 1: "2V"}, stock="9N")
    state, _ = play(state, (0, discard("2V")), (1, REVEAL))
    assert rules.view(state, 1)["frozen"] == ["2V"]
    assert "frozen" not in rules.view(state, None) and rules.view(state, 2)["frozen"] == []


# --- Chíu ----------------------------------------------------------------------------------------


def test_chiu_in_turn_exposes_all_four_and_then_discards():
    state = table({0: "2V", 1: "2V 2V 2V"})
    state, _ = play(state, (0, discard("2V")))
    assert "chiu" in legal_types(state, 1) and "meld" not in legal_types(state, 1)
    state, _ = play(state, (1, CHIU))
    assert state.melds[1] == (Meld("chiu", "2V", ("2V", "2V", "2V")),)
    assert state.phase == "discard" and state.turn == 1
    card = rules.legal_actions(state, 1)[0]["card"]
    state, _ = play(state, (1, discard(card)))
    assert state.turn == 2 and state.offer.door == 1


def test_chiu_in_turn_on_the_own_stock_card():
    state = table({0: "2V", 1: "9N 9N 9N"}, stock="9N")
    state, _ = play(state, (0, discard("2V")), (1, REVEAL))
    assert legal_types(state, 1)[0] == "chiu"
    state, _ = play(state, (1, CHIU))
    card = rules.legal_actions(state, 1)[0]["card"]
    state, _ = play(state, (1, discard(card)))
    assert state.turn == 2 and state.offer.door == 1 and state.doors[1][-1].card == card


def test_the_next_seat_may_chiu_a_passed_card_in_turn():
    state = table({0: "2V", 2: "9N 9N 9N"}, stock="9N")
    state, _ = play(state, (0, discard("2V")), (1, REVEAL), (2, PASS), (1, PASS))
    assert rules.actors(state) == {2} and "chiu" in legal_types(state, 2)


def test_chiu_out_of_turn_returns_the_replacement_discard_to_the_interrupted_door():
    state = table({0: "2V", 2: "2V 2V 2V"}, stock="9N")
    state, _ = play(state, (0, discard("2V")))
    assert rules.actors(state) == {1, 2}
    state, events = play(state, (1, REVEAL), (2, CHIU))
    assert state.phase == "discard" and state.turn == 2 and len(state.stock) == 23
    assert any(e["code"] == "melded" and e["data"]["out_of_turn"] for e in events)
    card = rules.legal_actions(state, 2)[0]["card"]
    state, _ = play(state, (2, discard(card)))
    assert state.doors[1][-1].card == card and state.doors[1][-1].by == 2
    assert state.turn == 1 and state.offer.source == "discard" and state.offer.door == 1
    state, _ = play(state, (1, REVEAL), (1, PASS))
    assert state.turn == 2  # play goes on from the interrupted seat, not from the claimant


def test_chiu_out_of_turn_on_a_stock_card_lets_the_revealer_reveal_again():
    state = table({0: "2V", 3: "9N 9N 9N"}, stock="9N 4S")
    state, _ = play(state, (0, discard("2V")), (1, REVEAL), (1, PASS), (3, CHIU))
    card = rules.legal_actions(state, 3)[0]["card"]
    state, _ = play(state, (3, discard(card)))
    assert state.turn == 1 and state.offer.card == card and state.offer.door == 1
    state, _ = play(state, (1, REVEAL))
    assert state.offer.card == "4S" and state.offer.door == 1  # a second stock card this turn


def test_chiu_beats_the_normal_meld():
    state = table({0: "2V", 1: "2S", 2: "2N 2N 2N 2N", 3: "2V 2V 2V"}, stock="9N")
    state, _ = play(state, (0, discard("2V")), (1, meld("2S")), (3, CHIU))
    assert state.melds[1] == () and state.melds[3][0].kind == "chiu"
    assert state.hands[1].count("2S") >= 1


def test_a_winning_chiu_is_a_win_claim_even_on_a_discard():
    three_held = "2V 2V 3S 3S 4N 4N 6V 6V 7S 7S 5V 5S 8N 8V 3V 3N 9N 9N 9N"
    state, _ = play(table({0: "9N", 2: three_held}), (0, discard("9N")))
    assert legal_types(state, 2) == ["win", "pass"]
    state, _ = play(state, (1, REVEAL), (2, WIN))
    assert state.result.winner == 2 and ("chiu_u", 1) in state.result.bonuses


# --- claim windows and wins ----------------------------------------------------------------------


def three_way() -> object:
    """Seat 1 reveals 3N: seat 0 and seat 3 can win on it, seat 2 can Chíu it."""
    return table({0: READY_TOO + " CC", 2: "3N 3N 3N", 3: READY}, stock="3N")


def test_a_claim_window_waits_for_every_seat_with_a_claim():
    state, _ = play(three_way(), (0, discard("CC")), (1, REVEAL))
    assert rules.actors(state) == {0, 1, 2, 3}
    assert legal_types(state, 0) == ["win", "pass"] and legal_types(state, 2) == ["chiu", "pass"]
    state, events = play(state, (3, WIN))
    assert rules.actors(state) == {0, 1, 2} and events[0]["to"] == [3]


def test_wins_go_in_seat_order_from_the_open_door():
    state, _ = play(three_way(), (0, discard("CC")), (1, REVEAL), (0, WIN), (2, CHIU), (3, WIN), (1, PASS))
    assert state.result.winner == 3  # door 1: seats 1, 2, 3, then 0


def test_a_win_beats_a_chiu_on_a_stock_card():
    state, _ = play(three_way(), (0, discard("CC")), (1, REVEAL), (0, PASS), (2, CHIU), (3, WIN), (1, PASS))
    assert state.result.winner == 3 and state.melds[2] == ()


def test_a_win_ends_the_window_once_no_earlier_seat_is_pending():
    state, _ = play(three_way(), (0, discard("CC")), (1, REVEAL), (1, PASS), (2, PASS), (3, WIN))
    assert state.phase == "over" and state.result.winner == 3  # seat 0 need not answer


def test_a_declined_win_has_no_consequence():
    state, _ = play(three_way(), (0, discard("CC")), (1, REVEAL), (0, PASS), (2, PASS), (3, PASS), (1, PASS))
    assert state.phase == "offer" and state.turn == 2 and state.frozen[3] == ()


def test_no_win_on_an_ordinary_discard():
    state = table({0: "3N", 1: READY})
    state, _ = play(state, (0, discard("3N")))
    assert "win" not in legal_types(state, 1)
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, 1, WIN)
    assert refused.value.code == "win_not_stock"


def test_seed_example_u_chi_and_tom_score_five():
    tom_ready = "2V 2V 3V 3V 4S 4S 5N 5N 6V 6V 7N 7N 9S 9S 3S 3N 8V 8N 2S"
    state = table({0: "CC", 1: tom_ready}, stock="2N")
    state, _ = play(state, (0, discard("CC")), (1, REVEAL), (1, WIN))
    assert state.result.bonuses == (("u_chi", 1), ("tom", 1))
    assert state.result.score == 5 and state.result.scores == (-5, 15, -5, -5)
    assert rules.outcome(state)["scores"] == [-5, 15, -5, -5]


def test_thien_u_dealer_wins_with_the_initial_twenty_cards():
    state = table({0: READY + " 3N"})
    assert legal_types(state, 0)[0] == "win"
    state, _ = play(state, (0, WIN))
    result = rules.outcome(state)
    assert result["reason"] == "thien_u" and result["winner"] == 0 and result["card"] is None
    assert [b["key"] for b in result["bonuses"]][:1] == ["thien_u"]


def test_thien_u_may_be_declined_by_discarding():
    state = table({0: READY + " 3N"})
    state, _ = play(state, (0, discard("3N")))
    assert state.phase == "offer" and state.turn == 1


# --- dead hand (C4) ------------------------------------------------------------------------------

TEN_CHAN = "2V 2V 3S 3S 4N 4N 5V 5V 6S 6S 7N 7N 8V 8V 9S 9S CC CC 2N 2N"


def test_dealer_without_a_legal_discard_may_decline_thien_u_and_becomes_a_dead_hand():
    state = table({0: TEN_CHAN})
    assert legal_types(state, 0) == ["win", "pass"]
    state, events = play(state, (0, PASS))
    assert state.dead and "dead_hand" in codes(events)
    assert state.turn == 1 and state.offer.card is None and legal_types(state, 1) == ["reveal"]


def test_a_dealer_with_a_legal_discard_cannot_pass():
    with pytest.raises(IllegalAction) as refused:
        rules.apply(table({}), 0, PASS)
    assert refused.value.code == "must_discard"


def test_a_dead_hand_only_turns_up_stock_cards():
    state, _ = play(table({0: TEN_CHAN}), (0, PASS))
    for seat in (1, 2, 3):
        state, _ = play(state, (seat, REVEAL), (seat, PASS))
    assert 0 not in rules.actors(state)
    assert state.doors[0][-1].source == "stock" and state.doors[0][-1].by == 0
    assert state.turn == 1 and state.offer.source == "passed" and state.offer.door == 0
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, 0, REVEAL)
    assert refused.value.code == "dead_hand"


# --- the end of the stock (C19) ------------------------------------------------------------------


def test_the_deal_is_drawn_when_the_last_stock_card_is_not_won():
    state = table({1: "9N 9N 9N"}, stock="9N")
    state = replace(state, stock=state.stock[1:] + state.stock[:1])  # 9N is the last stock card
    state = passive(state, until=lambda s: len(s.stock) == 0 or s.phase == "over")
    assert state.phase == "over" and state.offer.card == "9N" and state.offer.last
    assert rules.outcome(state)["reason"] == "draw" and rules.outcome(state)["scores"] == [0, 0, 0, 0]


def test_the_last_stock_card_can_still_be_won_but_only_won():
    state = table({1: "3V 3V 3N 3N", 2: READY, 3: "3V"}, stock="3N")
    state = replace(state, stock=state.stock[1:] + state.stock[:1])
    state = passive(state, until=lambda s: len(s.stock) == 0 or s.phase == "over")
    assert state.offer.last and rules.actors(state) == {2}
    assert legal_types(state, 2) == ["win", "pass"]
    state, _ = play(state, (2, WIN))
    assert state.result.winner == 2


def test_a_whole_passive_deal_reveals_all_23_stock_cards_then_draws():
    state = passive(table({}))
    assert state.result.reason == "draw" and state.stock == ()
    assert sum(d.source == "stock" for row in state.doors for d in row) == 23
