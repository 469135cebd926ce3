"""Card play (rules §2.2 "Play", DDZ-A6 to A8, A17) and how the engine refuses what it must."""

from __future__ import annotations

import pytest

from games.core.errors import IllegalAction
from games.core.rng import rng_for
from games.dou_dizhu import ENGINE
from games.dou_dizhu.state import DouDizhuState
from tests.games.dou_dizhu.helpers import fixed, pass_, play

# Landlord 0 (17 + 3 cards); farmers 1 and 2.
HANDS = ["3 4 5 6 7 8 9 9 9 9 T J Q K A 2 2", "3 3 4 4 5 5 6 7 8 T J Q K A A 2 B", "3 4 5 6 6 7 7 8 8 T J Q K K A 2 R"]
BOTTOM = "T J Q"


def _play_phase() -> DouDizhuState:
    return fixed(HANDS, BOTTOM, landlord=0, bid=2)


def _refusal(state: DouDizhuState, seat: int, action: object) -> str:
    before = ENGINE.dump(state)
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(state, seat, action)  # type: ignore[arg-type]
    assert ENGINE.dump(state) == before
    assert str(refused.value)
    return refused.value.code


def test_the_leader_must_play_and_may_not_pass() -> None:
    state = _play_phase()
    assert _refusal(state, 0, {"type": "pass"}) == "leader_cannot_pass"
    assert ENGINE.view(state, 0)["legal"] == {"pass": False, "can_beat": True}


def test_followers_may_pass_and_the_turn_goes_counter_clockwise() -> None:
    state = play(_play_phase(), 0, "3")
    assert state.turn == 1
    assert ENGINE.legal_actions(state, 1)[0] == {"type": "pass"}
    state = pass_(state, 1)
    assert state.turn == 2


def test_after_two_passes_the_seat_that_played_last_leads() -> None:
    state = play(_play_phase(), 0, "3")
    state = play(state, 1, "4")
    state = pass_(state, 2)
    state = pass_(state, 0)
    assert state.turn == 1 and state.table_seat is None
    assert _refusal(state, 1, {"type": "pass"}) == "leader_cannot_pass"


def test_passing_does_not_lock_a_seat_out_of_the_trick() -> None:
    state = play(_play_phase(), 0, "3")
    state = pass_(state, 1)
    state = play(state, 2, "5")
    state = play(state, 0, "7")
    state = play(state, 1, "K")  # seat 1 passed earlier in this trick
    assert state.table_seat == 1


def test_a_play_must_be_the_same_kind_and_length_and_higher() -> None:
    state = play(_play_phase(), 0, "34567")
    hand = ENGINE.view(state, 1)["hand"]
    pair = [c for c in hand if c[0] == "3"][:2]
    assert _refusal(state, 1, {"type": "play", "cards": pair}) == "wrong_kind"
    low = [next(c for c in hand if c[0] == r) for r in "34567"]
    assert _refusal(state, 1, {"type": "play", "cards": low}) == "not_higher"
    state = play(state, 1, "45678")
    assert state.table_seat == 1


def test_a_bomb_beats_any_combination() -> None:
    state = play(_play_phase(), 0, "2")
    state = play(state, 1, "B")
    state = play(state, 2, "R")
    assert {"type": "play", "cards": ["9S", "9H", "9D", "9C"]} in ENGINE.legal_actions(state, 0)
    state = play(state, 0, "9999")
    assert state.bombs == 1 and ENGINE.view(state, None)["multiplier"] == 2


def test_nothing_beats_the_rocket() -> None:
    state = fixed(["3", "4444 5", "6"], "B R 7", landlord=0)
    state = play(state, 0, "BR")
    assert ENGINE.legal_actions(state, 1) == [{"type": "pass"}]
    assert ENGINE.view(state, 1)["legal"] == {"pass": True, "can_beat": False}
    assert _refusal(state, 1, {"type": "play", "cards": ["4S", "4H", "4D", "4C"]}) == "rocket_on_table"
    assert state.bombs == 1


def test_a_four_of_a_kind_may_be_split() -> None:
    state = _play_phase()
    plays = {tuple(a["cards"]) for a in ENGINE.legal_actions(state, 0)}
    nines = ("9S", "9H", "9D", "9C")
    for cards in (nines[:1], nines[:2], nines[:3], ("3S", *nines[:3]), ("5S", "6S", "7S", "8S", "9S"), nines):
        assert tuple(sorted(cards)) in {tuple(sorted(p)) for p in plays}, cards
    state = play(state, 0, "99")
    assert state.table_seat == 0


def test_the_player_chooses_the_suits_and_their_order() -> None:
    state = _play_phase()
    state, events = ENGINE.apply(state, 0, {"type": "play", "cards": ["9C", "9H"]})
    assert events[0]["data"]["cards"] == ["9H", "9C"] and events[0]["data"]["kind"] == "pair"
    assert ENGINE.view(state, 0)["played"][0] == ["9H", "9C"]


def test_legal_actions_list_each_rank_combination_once_with_the_lowest_suits() -> None:
    actions = ENGINE.legal_actions(_play_phase(), 0)
    pairs = [a["cards"] for a in actions if len(a["cards"]) == 2 and a["cards"][0][0] == "9"]
    assert pairs == [["9S", "9H"]]
    rank_sets = [tuple(c[0] for c in a["cards"]) for a in actions]
    assert len(rank_sets) == len(set(rank_sets))


def test_random_action_is_drawn_from_the_legal_list() -> None:
    state = play(_play_phase(), 0, "3")
    for seed in range(30):
        legal = ENGINE.legal_actions(state, 1)
        expected = legal[rng_for(seed, "r").randrange(len(legal))]
        assert ENGINE.random_action(state, 1, rng_for(seed, "r")) == expected


def test_the_deal_ends_the_moment_a_hand_is_empty() -> None:
    state = fixed(["", "3 4", "5 6"], "7 8 9", landlord=0, bid=1)
    state = play(state, 0, "7")
    state = pass_(state, 1)
    state = pass_(state, 2)
    state = play(state, 0, "8")
    state = pass_(state, 1)
    state = pass_(state, 2)
    state, events = ENGINE.apply(state, 0, {"type": "play", "cards": ["9S"]})
    assert ENGINE.actors(state) == frozenset() and ENGINE.outcome(state)["winner"] == 0
    assert events[-1]["code"] == "deal_over"
    assert _refusal(state, 1, {"type": "pass"}) == "deal_over"


@pytest.mark.parametrize(
    ("action", "code"),
    [
        ("pass", "bad_action"),
        ({}, "unknown_action"),
        ({"type": "fold"}, "unknown_action"),
        ({"type": "play"}, "bad_cards"),
        ({"type": "play", "cards": "3S"}, "bad_cards"),
        ({"type": "play", "cards": [3]}, "unknown_card"),
        ({"type": "play", "cards": [["3S"]]}, "unknown_card"),
        ({"type": "play", "cards": ["1S"]}, "unknown_card"),
        ({"type": "play", "cards": ["3S", "3S"]}, "repeated_card"),
        ({"type": "play", "cards": ["3H"]}, "card_not_held"),
        ({"type": "play", "cards": []}, "no_cards"),
        ({"type": "play", "cards": ["3S", "5S"]}, "no_combination"),
        ({"type": "bid", "value": 1}, "unknown_action"),
    ],
)
def test_malformed_or_illegal_actions_are_refused_and_change_nothing(action: object, code: str) -> None:
    assert _refusal(_play_phase(), 0, action) == code


@pytest.mark.parametrize("seat", [1, 2, -1, 3, "0", None, 0.0])
def test_only_the_seat_on_turn_may_act(seat: object) -> None:
    assert _refusal(_play_phase(), seat, {"type": "play", "cards": ["3S"]}) == "not_your_turn"  # type: ignore[arg-type]
