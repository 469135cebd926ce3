"""Rules §2.2 (deal, bonus, rounds, end, scoring) and P1, P2, P7–P12, played through the engine."""

from __future__ import annotations

import pytest

from games.chuo_pai import ENGINE
from games.chuo_pai.rules import explain
from games.core.errors import IllegalAction
from tests.games.chuo_pai.helpers import deal, pass_, play, play_events, plays_of


def refused(state, seat, action) -> IllegalAction:
    before = ENGINE.dump(state)
    with pytest.raises(IllegalAction) as caught:
        ENGINE.apply(state, seat, action)
    assert ENGINE.dump(state) == before
    return caught.value


# --- the deal ---------------------------------------------------------------------------------


def test_deal_gives_28_cards_to_each_of_three_seats():
    state = ENGINE.new_game(seed=5, seats=3)
    assert [len(h) + len(b) for h, b in zip(state.hands, state.bonus, strict=True)] == [28, 28, 28]


def test_new_game_is_deterministic_for_a_seed():
    assert ENGINE.new_game(seed=11, seats=3) == ENGINE.new_game(seed=11, seats=3)
    assert ENGINE.new_game(seed=11, seats=3) != ENGINE.new_game(seed=12, seats=3)


def test_first_leader_is_chosen_at_random():
    leaders = {ENGINE.new_game(seed=seed, seats=3).current.leader for seed in range(30)}
    assert leaders == {0, 1, 2}


def test_chuo_pai_is_for_three_seats():
    with pytest.raises(ValueError):
        ENGINE.new_game(seed=0, seats=4)


# --- the Nail/Two Red opening bonus (P7) ----------------------------------------------------


def test_hand_with_nail_and_two_red_lays_out_every_copy_onto_its_pile():
    state = deal("1-2 1-2 2-4 6-6", "2-2", "3-3")
    assert sorted(state.bonus[0]) == ["1-2", "1-2", "2-4"]
    assert state.hands[0] == ("6-6",)
    assert ENGINE.view(state, None)["pile_counts"] == [3, 0, 0]


def test_hand_with_only_one_of_the_two_kinds_keeps_its_cards():
    state = deal("1-2 1-2 6-6", "2-4 2-4 2-2", "3-3")
    assert state.bonus == ((), (), ())
    assert state.hands[0] == ("1-2", "1-2", "6-6")


def test_several_players_may_take_the_bonus():
    state = deal("1-2 2-4 6-6", "1-2 2-4 2-4 2-2", "3-3")
    assert [len(b) for b in state.bonus] == [2, 3, 0]


def test_bonus_happens_before_the_first_lead_and_is_public():
    state = deal("1-2 2-4 6-6", "2-2", "3-3")
    public = ENGINE.view(state, None)
    assert public["bonus"] == [["1-2", "2-4"], [], []]
    assert public["rounds_played"] == 0 and public["round"]["plays"] == []


def test_a_nail_won_later_triggers_no_bonus():
    state = deal("1-2 6-6", "2-4 5-6", "5-6 5-6")
    state = pass_(pass_(play(state, 0, "1-2"), 1), 2)  # Two Red only equals the Nail: no beat
    assert state.pile(0) == ("1-2",) and state.bonus == ((), (), ())


# --- a round --------------------------------------------------------------------------------


def test_seats_act_clockwise_from_the_leader():
    state = deal("2-2 2-2", "3-3 3-3", "5-5 5-5", leader=1)
    assert ENGINE.view(state, None)["round"]["waiting"] == [1, 2, 0]
    assert ENGINE.actors(state) == {1}


def test_leader_cannot_pass():
    error = refused(deal("2-2", "3-3", "5-5"), 0, {"type": "pass"})
    assert error.code == "leader_cannot_pass"


def test_leader_may_lead_any_set_or_special():
    state = deal("6-6 6-6 3-6", "3-3", "5-5")
    assert plays_of(state, 0) == ["6-6", "6-6 6-6", "3-6", "6-6 3-6", "6-6 6-6 3-6"]


def test_follower_who_can_beat_must_beat_and_is_told_so():
    state = play(deal("2-2 5-6", "3-3 5-6", "5-6 5-6"), 0, "2-2")
    assert plays_of(state, 1) == ["3-3"]
    error = refused(state, 1, {"type": "pass"})
    assert error.code == "must_beat"
    assert str(error) == "You must beat 2-2: you can, with 3-3, so you may not pass."


def test_view_tells_the_follower_he_must_beat():
    state = play(deal("2-2 5-6", "3-3 5-6", "5-6 5-6"), 0, "2-2")
    assert ENGINE.view(state, 1)["to_beat"] == {
        "seat": 0,
        "cards": ["2-2"],
        "combo": {"family": "long", "rank": 1, "size": 1, "name": "2-2"},
        "can_beat": True,
    }


def test_the_table_can_explain_a_refused_pass_from_the_view_alone():
    state = play(deal("2-2 5-6", "3-3 5-6", "5-6 5-6"), 0, "2-2")
    reason = explain(ENGINE.view(state, 1), None)
    assert reason.code == "must_beat" and str(reason).startswith("You must beat 2-2")
    assert explain(ENGINE.view(state, 1), ["3-3"]) is None


def test_must_beat_counts_a_pair_taken_from_a_triple():
    state = play(deal("1-3 1-3 5-6", "6-6 6-6 6-6 5-6", "2-2"), 0, "1-3 1-3")
    assert plays_of(state, 1) == ["6-6 6-6"]
    assert refused(state, 1, {"type": "pass"}).code == "must_beat"


def test_must_beat_counts_a_special_of_the_same_size():
    state = play(deal("1-3 2-3 5-6", "6-6 3-6 5-6", "2-2"), 0, "1-3 2-3")
    assert plays_of(state, 1) == ["6-6 3-6"]
    assert refused(state, 1, {"type": "pass"}).code == "must_beat"


def test_must_beat_the_current_highest_play_not_the_lead():
    state = play(play(deal("2-2 5-6", "1-1 5-6", "3-3 5-6"), 0, "2-2"), 1, "1-1")
    assert plays_of(state, 2) == ["pass"]
    assert refused(state, 2, {"type": "play", "cards": ["3-3"]}).code == "cannot_beat"


def test_follower_may_choose_any_beating_play():
    state = play(deal("2-2 5-6", "3-3 6-6 5-6", "5-6"), 0, "2-2")
    assert plays_of(state, 1) == ["3-3", "6-6"]
    assert ENGINE.view(play(state, 1, "6-6"), None)["round"]["highest"]["cards"] == ["6-6"]


def test_follower_holding_fewer_cards_than_the_play_passes():
    state = play(deal("2-2 2-2 5-6", "6-6", "5-6 5-6"), 0, "2-2 2-2")
    assert plays_of(state, 1) == ["pass"]


def test_equal_rank_does_not_beat_and_the_refusal_says_so():
    state = play(deal("2-6 2-3", "3-5 3-6", "5-6"), 0, "2-6")
    error = refused(state, 1, {"type": "play", "cards": ["3-5"]})
    assert error.code == "equal_rank"
    assert "equal rank does not beat" in str(error)


def test_a_non_beating_play_is_refused_with_the_beating_options():
    state = play(deal("2-2 5-6", "3-3 1-3 5-6", "5-6"), 0, "2-2")
    error = refused(state, 1, {"type": "play", "cards": ["5-6"]})
    assert error.code == "does_not_beat"
    assert str(error).endswith("You must beat it with 3-3 or 1-3.")


def test_follower_without_a_beating_play_passes_and_plays_no_cards():
    state = pass_(play(deal("6-6 5-6", "2-2 5-6", "3-3 5-6"), 0, "6-6"), 1)
    assert state.hands[1] == ("2-2", "5-6")


def test_leader_wins_the_round_when_nobody_beats():
    state = pass_(pass_(play(deal("6-6 5-6", "2-2 5-6", "3-3 5-6"), 0, "6-6"), 1), 2)
    assert state.rounds[-1].winner == 0
    assert ENGINE.view(state, None)["pile_counts"] == [1, 0, 0]


def test_winner_scores_only_his_own_play_and_the_other_cards_are_dead():
    state = play(play(deal("2-2 2-2 5-6", "3-3 3-3 5-6", "1-1 1-1 5-6"), 0, "2-2 2-2"), 1, "3-3 3-3")
    events = play_events(state, 2, "1-1 1-1")
    state = play(state, 2, "1-1 1-1")
    assert ENGINE.view(state, None)["pile_counts"] == [0, 0, 2]
    assert sorted(state.dead()) == ["2-2", "2-2", "3-3", "3-3"]
    won = next(e for e in events if e["code"] == "round_won")
    assert (won["seat"], won["data"]["points"]) == (2, 2)


def test_winner_leads_the_next_round():
    state = pass_(play(play(deal("2-2 5-6", "3-3 5-6", "5-6 5-6"), 0, "2-2"), 1, "3-3"), 2)
    assert state.current.leader == 1 and ENGINE.actors(state) == {1}


def test_next_seat_clockwise_with_cards_leads_when_the_winner_is_out():
    # Seat 1 wins with its last card; seat 2 is next clockwise and holds cards.
    state = pass_(play(play(deal("2-2 5-6", "3-3", "5-6 5-6"), 0, "2-2"), 1, "3-3"), 2)
    assert state.hands[1] == ()
    assert state.current.leader == 2


def test_lead_passes_clockwise_around_the_table_from_seat_2_to_seat_0():
    state = play(pass_(play(deal("2-2 5-6", "5-6", "6-6"), 0, "2-2"), 1), 2, "6-6")
    assert state.hands[2] == () and state.current.leader == 0


def test_players_who_ran_out_are_skipped_in_later_rounds():
    state = pass_(play(play(deal("2-2", "3-3 5-6 5-6", "5-6 4-6"), 0, "2-2"), 1, "3-3"), 2)
    assert state.hands[0] == ()
    state = play(state, 1, "5-6")
    assert ENGINE.actors(state) == {2}
    state = play(state, 2, "4-6")
    assert [p.seat for p in state.rounds[-1].plays] == [1, 2] and ENGINE.actors(state) == {2}


def test_player_who_runs_out_mid_round_can_still_win_it():
    state = pass_(pass_(play(deal("6-6", "2-2 5-6", "3-3 5-6"), 0, "6-6"), 1), 2)
    assert state.rounds[-1].winner == 0 and state.hands[0] == ()
    assert state.current.leader == 1


# --- the end --------------------------------------------------------------------------------


def test_deal_ends_when_one_player_holds_cards_and_his_cards_do_not_score():
    state = pass_(pass_(play(deal("6-6", "2-2 5-5", "3-3"), 0, "6-6"), 1), 2)
    assert state.current is not None  # seats 1 and 2 hold cards
    state = play(state, 1, "2-2")
    state = play(state, 2, "3-3")  # seat 2 wins its last card; only seat 1 holds cards
    outcome = ENGINE.outcome(state)
    assert outcome["scores"] == [1, 0, 1]
    assert outcome["unscored"] == {"seat": 1, "cards": 1}
    assert ENGINE.actors(state) == frozenset()


def test_deal_ends_when_a_round_leaves_nobody_holding_cards():
    state = play(play(deal("2-2", "3-3", "6-6"), 0, "2-2"), 1, "3-3")
    state = play(state, 2, "6-6")
    assert ENGINE.outcome(state) == {"scores": [0, 0, 1], "winners": [2], "draw": False, "unscored": None}


def test_a_round_is_finished_even_when_its_lead_leaves_a_single_holder():
    state = play(pass_(play(deal("2-2 2-3", "3-3 5-6", "2-5"), 0, "2-3"), 1), 2, "2-5")
    state = play(state, 0, "2-2")  # seat 0's last card: only seat 1 holds cards, but he has not acted
    assert ENGINE.actors(state) == {1} and plays_of(state, 1) == ["3-3"]
    state = play(state, 1, "3-3")
    assert ENGINE.outcome(state) == {
        "scores": [0, 1, 1],
        "winners": [1, 2],
        "draw": True,
        "unscored": {"seat": 1, "cards": 1},
    }


def test_the_lone_holder_never_leads_alone():
    state = pass_(pass_(play(deal("6-6", "5-6", "2-2 2-2"), 0, "6-6"), 1), 2)
    assert state.current is not None and state.current.leader == 1
    state = pass_(play(state, 1, "5-6"), 2)
    assert state.hands[1] == () and state.hands[2]
    assert ENGINE.outcome(state) is not None


def test_the_highest_score_wins():
    state = pass_(pass_(play(deal("6-6 6-6", "2-2", "3-3"), 0, "6-6 6-6"), 1), 2)
    state = play(play(state, 1, "2-2"), 2, "3-3")
    assert ENGINE.outcome(state)["winners"] == [0]
    assert ENGINE.outcome(state)["draw"] is False


def test_equal_top_scores_are_a_draw():
    state = pass_(pass_(play(deal("6-6", "2-2", "3-3"), 0, "6-6"), 1), 2)
    state = play(play(state, 1, "2-2"), 2, "3-3")
    assert ENGINE.outcome(state) == {"scores": [1, 0, 1], "winners": [0, 2], "draw": True, "unscored": None}


def test_lower_equal_scores_do_not_make_a_draw():
    state = deal("1-2 2-4 6-6 6-6", "2-2", "3-3")  # seat 0 scores 2 by the bonus
    state = pass_(pass_(play(state, 0, "6-6 6-6"), 1), 2)
    state = play(play(state, 1, "2-2"), 2, "3-3")
    assert ENGINE.outcome(state) == {"scores": [4, 0, 1], "winners": [0], "draw": False, "unscored": None}


def test_scores_count_bonus_cards_and_won_plays():
    state = deal("1-2 2-4 6-6", "2-2", "3-3")
    state = pass_(pass_(play(state, 0, "6-6"), 1), 2)
    assert ENGINE.view(state, None)["pile_counts"] == [3, 0, 0]


# --- what each seat sees (P12) ----------------------------------------------------------------


def test_a_seat_sees_its_own_hand_and_only_the_counts_of_the_others():
    state = deal("6-6 2-3", "2-2", "3-3 3-3")
    mine, public = ENGINE.view(state, 0), ENGINE.view(state, None)
    assert mine["hand"] == ["6-6", "2-3"] and mine["hand_counts"] == [2, 1, 2]
    assert "hand" not in public and public["legal"] == []
    assert "2-2" not in str(ENGINE.view(state, 2)["hand"])


def test_played_and_dead_cards_are_face_up_for_everyone():
    state = play(play(deal("2-2 5-6", "3-3 5-6", "1-1 5-6"), 0, "2-2"), 1, "3-3")
    state = play(state, 2, "1-1")
    public = ENGINE.view(state, None)
    assert public["dead"] == ["3-3", "2-2"]
    assert public["last_round"]["winner"] == 2 and public["last_round"]["won"] == ["1-1"]
    assert [p["cards"] for p in public["last_round"]["plays"]] == [["2-2"], ["3-3"], ["1-1"]]
