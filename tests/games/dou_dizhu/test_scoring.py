"""End of the deal, multiplier and settlement (rules §2.5, DDZ-A14)."""

from __future__ import annotations

import pytest

from games.core.conformance import play_random
from games.dou_dizhu import ENGINE, scoring
from tests.games.dou_dizhu.helpers import fixed, pass_, play

SCORES = [
    # id, landlord, landlord won, bid, multiplier, scores
    ("landlord_wins_bid_1", 0, True, 1, 1, [2, -1, -1]),
    ("landlord_wins_bid_3_doubled_twice", 1, True, 3, 4, [-12, 24, -12]),
    ("farmers_win_bid_2", 2, False, 2, 1, [2, 2, -4]),
    ("farmers_win_bid_3_with_a_bomb", 0, False, 3, 2, [-12, 6, 6]),
]


@pytest.mark.parametrize(
    ("landlord", "won", "bid", "multiplier", "expected"), [r[1:] for r in SCORES], ids=[r[0] for r in SCORES]
)
def test_settlement_farmers_bid_times_multiplier_landlord_twice_zero_sum(
    landlord: int, won: bool, bid: int, multiplier: int, expected: list[int]
) -> None:
    assert scoring.scores(landlord, won, bid, multiplier) == expected
    assert sum(expected) == 0


@pytest.mark.parametrize(
    ("bombs", "spring", "expected"), [(0, False, 1), (1, False, 2), (0, True, 2), (2, True, 8), (6, True, 128)]
)
def test_multiplier_doubles_per_bomb_and_for_spring_without_cap(bombs: int, spring: bool, expected: int) -> None:
    assert scoring.multiplier(bombs, spring) == expected


def test_spring_when_the_landlord_goes_out_and_the_farmers_never_played() -> None:
    state = fixed(["", "4 5", "6 7"], "3 3 3", landlord=0, bid=2)
    state = play(state, 0, "333")
    outcome = ENGINE.outcome(state)
    assert outcome["spring"] and not outcome["reverse_spring"]
    assert outcome["multiplier"] == 2 and outcome["scores"] == [8, -4, -4]


def test_no_spring_once_a_farmer_has_played() -> None:
    state = fixed(["", "4 A", "3 3"], "3 5 K", landlord=0, bid=2)
    state = play(state, 0, "3")
    state = play(state, 1, "4")
    state = pass_(state, 2)
    state = play(state, 0, "5")
    state = pass_(state, 1)
    state = pass_(state, 2)
    state = play(state, 0, "K")
    outcome = ENGINE.outcome(state)
    assert outcome["winners"] == [0] and not outcome["spring"]
    assert outcome["multiplier"] == 1 and outcome["scores"] == [4, -2, -2]


def test_reverse_spring_when_a_farmer_wins_after_the_landlords_only_play() -> None:
    state = fixed(["", "2", "6 7"], "3 4 5", landlord=0, bid=3)
    state = play(state, 0, "3")
    state = play(state, 1, "2")
    outcome = ENGINE.outcome(state)
    assert outcome["reverse_spring"] and not outcome["spring"]
    assert outcome["winners"] == [1, 2] and outcome["winner"] == 1
    assert outcome["multiplier"] == 2 and outcome["scores"] == [-12, 6, 6]


def test_no_reverse_spring_once_the_landlord_played_twice() -> None:
    state = fixed(["", "9 2", "6 7"], "3 4 A", landlord=0, bid=1)
    state = play(state, 0, "3")
    state = play(state, 1, "9")
    state = pass_(state, 2)
    state = play(state, 0, "A")  # the landlord's second play
    state = play(state, 1, "2")
    outcome = ENGINE.outcome(state)
    assert outcome["winners"] == [1, 2] and not outcome["reverse_spring"]
    assert outcome["multiplier"] == 1 and outcome["scores"] == [-2, 1, 1]


def test_played_bombs_double_and_combine_with_reverse_spring() -> None:
    state = fixed(["", "7777 8", "6"], "3 4 5", landlord=0, bid=1)
    state = play(state, 0, "3")
    state = play(state, 1, "7777")
    state = pass_(state, 2)
    state = pass_(state, 0)
    state = play(state, 1, "8")
    outcome = ENGINE.outcome(state)
    assert outcome["bombs"] == 1 and outcome["reverse_spring"]
    assert outcome["multiplier"] == 4 and outcome["scores"] == [-8, 4, 4]


def test_a_played_rocket_doubles() -> None:
    state = fixed(["", "4", "5"], "B R 3", landlord=0, bid=1)
    state = play(state, 0, "BR")
    state = pass_(state, 1)
    state = pass_(state, 2)
    state = play(state, 0, "3")
    outcome = ENGINE.outcome(state)
    assert outcome["bombs"] == 1 and outcome["spring"] and outcome["multiplier"] == 4


def test_a_bomb_kept_in_hand_does_not_double() -> None:
    state = fixed(["", "9999", "5"], "3 3 3", landlord=0, bid=1)
    state = play(state, 0, "333")
    assert ENGINE.outcome(state)["bombs"] == 0


def test_four_with_two_is_no_bomb_and_does_not_double() -> None:
    state = fixed(["4444 5 6", "3", "3"], "7 8 9", landlord=0, bid=1)
    state = play(state, 0, "444456")
    assert state.bombs == 0 and ENGINE.view(state, None)["multiplier"] == 1


def test_every_random_deal_settles_zero_sum_with_the_winning_side() -> None:
    for seed in range(60):
        outcome = ENGINE.outcome(play_random(ENGINE, seed, check=False).final)
        assert sum(outcome["scores"]) == 0
        landlord = outcome["landlord"]
        assert (outcome["scores"][landlord] > 0) == outcome["landlord_won"] == (outcome["winner"] == landlord)
        assert abs(outcome["scores"][landlord]) == 2 * outcome["bid"] * outcome["multiplier"]
        assert not (outcome["spring"] and outcome["reverse_spring"])
