"""Rules §1.2 and the CV-A decisions, each built as an exact situation with a fixed deal."""

from __future__ import annotations

import json

import pytest

from games.chor_voli import ENGINE
from games.chor_voli.rules import check_arrangement
from games.core.errors import IllegalAction
from games.core.protocol import visible_events
from tests.games.chor_voli.helpers import (
    GROUPS,
    HOLDINGS,
    arrange,
    arrangement,
    cards,
    fixed_deal,
    new_round,
    play_round,
)


def comparison(view: dict, number: int) -> dict:
    return view["comparisons"][number - 1]


def reveal_order(view: dict, number: int) -> list[int]:
    return [r["seat"] for r in comparison(view, number)["reveals"]]


# --- ante, deal, dealer


def test_every_seat_antes_one_chip_into_the_pool() -> None:
    state = ENGINE.new_game(seed=3, seats=4, pool=5)
    view = ENGINE.view(state, 0)
    assert (view["ante"], view["pool_start"], view["pool"]) == (1, 5, 9)
    anted = ENGINE.opening_events(state)[0]
    assert anted == {"code": "anted", "seat": None, "data": {"ante": 1, "pool_start": 5, "pool": 9}, "to": None}


def test_the_deal_gives_thirteen_cards_to_each_seat_and_follows_the_seed() -> None:
    state = ENGINE.new_game(seed=11, seats=4)
    assert [len(h) for h in state.hands] == [13] * 4
    assert ENGINE.new_game(seed=11, seats=4) == state
    assert ENGINE.new_game(seed=12, seats=4).hands != state.hands


def test_the_first_dealer_is_drawn_from_the_seed_unless_given() -> None:
    dealers = {ENGINE.new_game(seed=s, seats=4).dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert ENGINE.new_game(seed=5, seats=4, dealer=2).dealer == 2


def test_each_seat_is_dealt_its_own_hand_privately() -> None:
    state = ENGINE.new_game(seed=3, seats=4)
    events = ENGINE.opening_events(state)
    for seat in range(4):
        dealt = [e for e in visible_events(events, seat) if e["code"] == "dealt"]
        assert dealt == [{"code": "dealt", "seat": seat, "data": {"cards": list(state.hands[seat])}, "to": [seat]}]
    assert not [e for e in visible_events(events, None) if e["code"] == "dealt"]


def test_the_own_hand_is_shown_rank_high_to_low_then_by_suit() -> None:
    state = new_round("2C AS 9H AD 9S KC 5D 5H JS TC 3D 7H 8S")
    assert ENGINE.view(state, 0)["hand"] == cards("AS AD KC JS TC 9S 9H 8S 7H 5H 5D 3D 2C")
    assert ENGINE.view(state, None)["hand"] is None


def test_the_site_chains_rounds_with_the_next_dealer_and_the_pool() -> None:
    state, _ = play_round(new_round(*HOLDINGS, dealer=1), seat2=GROUPS[2][:2])
    options = ENGINE.next_options(ENGINE.outcome(state))
    assert options == {"dealer": 2, "pool": 2}
    assert ENGINE.new_game(seed=9, seats=4, **options).pool_start == 2


# --- four of a kind (rules §1.2 step 4, CV-A2 … CV-A5)


def test_a_quad_ends_the_round_before_any_arrangement() -> None:
    state = new_round("", "7S 7H 7D 7C")
    assert ENGINE.view(state, 0)["phase"] == "over"
    assert ENGINE.actors(state) == frozenset()
    with pytest.raises(IllegalAction) as refused:
        arrange(state, 0)
    assert refused.value.code == "round_over"


def test_the_quad_takes_this_rounds_antes_and_the_carried_pool() -> None:
    state = new_round("", "7S 7H 7D 7C", pool=6)
    outcome = ENGINE.outcome(state)
    assert outcome["chips_won"] == [0, 10, 0, 0]
    assert outcome["scores"] == [-1, 9, -1, -1]
    assert (outcome["pool"], outcome["quad_winner"], outcome["reason"]) == (0, 1, "quad")


def test_the_highest_quad_wins_when_several_seats_hold_one() -> None:
    state = new_round("KS KH KD KC", "", "AS AH AD AC", "3S 3H 3D 3C")
    view = ENGINE.view(state, 1)
    assert view["quads"] == [{"seat": 2, "rank": "A"}, {"seat": 0, "rank": "K"}, {"seat": 3, "rank": "3"}]
    assert view["quad_winner"] == 2
    assert view["chips_won"] == [0, 0, 4, 0]


def test_a_seat_with_two_quads_is_judged_by_its_higher_quad() -> None:
    state = new_round("5S 5H 5D 5C QS QH QD QC", "JS JH JD JC")
    assert ENGINE.outcome(state)["quad_winner"] == 0


def test_the_quad_winner_deals_the_next_round() -> None:
    state = new_round("", "", "7S 7H 7D 7C", dealer=0)
    assert ENGINE.outcome(state)["next_dealer"] == 2


def test_a_quad_round_shows_the_quads_and_ends_in_its_opening_events() -> None:
    state = new_round("", "7S 7H 7D 7C")
    codes = [e["code"] for e in ENGINE.opening_events(state)]
    assert codes == ["anted", "dealt", "dealt", "dealt", "dealt", "quads", "round_over"]
    view = ENGINE.view(state, 0)
    assert view["group_counts"] is None and view["comparisons"] == []


# --- the arrangement (rules §1.2 step 5)


def test_a_confirmed_arrangement_is_binding() -> None:
    state, _ = arrange(new_round(*HOLDINGS), 0, *GROUPS[0])
    with pytest.raises(IllegalAction) as refused:
        arrange(state, 0)
    assert refused.value.code == "already_confirmed"
    assert ENGINE.actors(state) == frozenset({1, 2, 3})


def test_an_invalid_group_is_refused_naming_its_number_and_the_reason() -> None:
    state = new_round("AS KS QS TS 7S 4D")
    with pytest.raises(IllegalAction) as refused:
        arrange(state, 0, "AS KS QS", "TS 7S 4D")
    assert refused.value.code == "invalid_group"
    assert str(refused.value).startswith("Group 2 is not valid: two cards share a suit")


def test_a_group_of_two_cards_is_refused() -> None:
    state = new_round("AS KS QS TS 7H")
    with pytest.raises(IllegalAction) as refused:
        arrange(state, 0, "AS KS QS", "TS 7H")
    assert (refused.value.code, str(refused.value)) == ("invalid_group", "Group 2 needs exactly 3 cards; it has 2.")


def test_more_than_four_groups_are_refused() -> None:
    state = new_round(HOLDINGS[0])
    action = arrangement(state, 0, *GROUPS[0])
    action["groups"].append(action["discard"][:3])
    action["discard"] = action["discard"][3:]
    with pytest.raises(IllegalAction, match="at most 4 groups") as refused:
        ENGINE.apply(state, 0, action)
    assert refused.value.code == "too_many_groups"


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda a: a["discard"].append("AC"), "not_in_hand"),
        (lambda a: a["discard"].append(a["groups"][0][0]), "card_twice"),
        (lambda a: a["discard"].pop(), "cards_missing"),
        (lambda a: a["discard"].append("ZZ"), "unknown_card"),
        (lambda a: a.update(groups="AS KS QS"), "malformed"),
        (lambda a: a.pop("discard"), "malformed"),
        (lambda a: a.update(discard=[1, 2]), "malformed"),
        (lambda a: a.update(type="play"), "unknown_action"),
    ],
)
def test_an_arrangement_must_place_each_card_of_the_hand_once(change, code: str) -> None:
    state = new_round(HOLDINGS[0])
    action = arrangement(state, 0, *GROUPS[0])
    change(action)
    before = ENGINE.dump(state)
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(state, 0, action)
    assert refused.value.code == code
    assert ENGINE.dump(state) == before


@pytest.mark.parametrize("seat", [-1, 4, "0", None, True])
def test_only_the_four_seats_may_act(seat) -> None:
    state = new_round(HOLDINGS[0])
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(state, seat, arrangement(state, 0))
    assert refused.value.code == "bad_seat"


@pytest.mark.parametrize("action", [None, "arrange", [], 7, {"type": None}, {}])
def test_junk_is_refused_as_an_unknown_action(action) -> None:
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(new_round(), 0, action)
    assert refused.value.code == "unknown_action"


def test_fewer_groups_than_possible_are_allowed() -> None:
    state, _ = arrange(new_round(*HOLDINGS), 0, GROUPS[0][1])  # CV-A14
    assert [g["cards"] for g in ENGINE.view(state, 0)["my_groups"]] == [["KS", "QS", "JS"]]
    assert len(ENGINE.view(state, 0)["my_discard"]) == 10


def test_confirmed_groups_are_sorted_strong_to_weak() -> None:
    state, _ = arrange(new_round(*HOLDINGS), 0, *reversed(GROUPS[0]))
    my_groups = ENGINE.view(state, 0)["my_groups"]
    assert [g["type"] for g in my_groups] == ["trio", "straight_flush", "straight", "independent"]
    assert my_groups[0] == {"cards": ["AS", "AH", "AD"], "type": "trio"}


def test_check_arrangement_is_the_pure_check_apply_uses() -> None:
    hand = new_round(HOLDINGS[0]).hands[0]
    group = cards("6S 4H 2D")
    checked = check_arrangement(hand, [group], [c for c in hand if c not in group])
    assert checked.groups == (("6S", "4H", "2D"),)
    with pytest.raises(IllegalAction):
        check_arrangement(hand, [group[:2]], [c for c in hand if c not in group[:2]])


def test_a_confirmation_is_public_but_the_arrangement_is_not() -> None:
    state = new_round(*HOLDINGS)
    after, events = arrange(state, 1, *GROUPS[1])
    assert events == [{"code": "confirmed", "seat": 1, "data": {}, "to": None}]
    for seat in (0, 2, 3, None):
        before_view, after_view = ENGINE.view(state, seat), ENGINE.view(after, seat)
        assert after_view["confirmed"] == [False, True, False, False]
        assert {k: v for k, v in after_view.items() if k != "confirmed"} == {
            k: v for k, v in before_view.items() if k != "confirmed"
        }
        assert after_view["group_counts"] is None


# --- the comparisons (rules §1.2 step 6)


def test_comparison_one_starts_right_of_the_dealer_and_goes_counter_clockwise() -> None:
    state, _ = play_round(new_round(*HOLDINGS, dealer=2), **{f"seat{s}": GROUPS[s] for s in range(4)})
    view = ENGINE.view(state, None)
    assert comparison(view, 1)["opener"] == 3  # CV-A1: right of the dealer is dealer + 1
    assert reveal_order(view, 1) == [3, 0, 1, 2]


def test_comparison_one_skips_seats_without_groups() -> None:
    state, _ = play_round(new_round(*HOLDINGS, dealer=0), seat0=GROUPS[0][:1], seat3=GROUPS[3][:1])
    view = ENGINE.view(state, None)
    assert reveal_order(view, 1) == [3, 0]  # CV-A8: seats 1 and 2 sit out, seat 3 is next


def test_the_previous_winner_opens_the_next_comparison() -> None:
    state, _ = play_round(new_round(*HOLDINGS, dealer=0), **{f"seat{s}": GROUPS[s] for s in range(4)})
    view = ENGINE.view(state, None)
    assert comparison(view, 1)["winner"] == 0  # the trio of Aces
    assert reveal_order(view, 2) == [0, 1, 2, 3]
    assert comparison(view, 2)["winner"] == 0  # K-Q-J of spades beats Q-J-T of hearts
    assert [c["winner"] for c in view["comparisons"]] == [0, 0, 0, 3]
    assert reveal_order(view, 4) == [0, 1, 2, 3]


def test_when_the_previous_winner_has_no_further_group_the_next_seat_from_the_winner_opens() -> None:
    state, _ = play_round(
        new_round(*HOLDINGS, dealer=0),
        seat1=GROUPS[1][2:4],
        seat2=GROUPS[2][:1],  # the trio of 3s wins comparison 1 and is seat 2's only group
        seat3=GROUPS[3][2:4],
    )
    view = ENGINE.view(state, None)
    assert comparison(view, 1)["winner"] == 2
    assert reveal_order(view, 2) == [3, 1]  # CV-A7: counted from the winner, not from the dealer's right
    assert comparison(view, 2)["winner"] == 3


def test_equal_groups_go_to_the_earlier_reveal() -> None:
    state, _ = play_round(new_round(*HOLDINGS, dealer=0), seat0=GROUPS[0][2:3], seat2=GROUPS[2][2:3])
    view = ENGINE.view(state, None)
    assert reveal_order(view, 1) == [2, 0]  # seat 1 sits out: seat 2 opens
    assert comparison(view, 1)["winner"] == 2  # 9-8-7 against 9-8-7: the earlier reveal (CV-A9)


def test_the_previous_winner_opens_and_so_wins_a_tie_it_is_part_of() -> None:
    state, _ = play_round(
        new_round(*HOLDINGS, dealer=0),
        seat1=["QH JH TH", "9S 8H 7D"],
        seat3=["5H 5D 5C", "9D 8C 7S"],
    )
    view = ENGINE.view(state, None)
    assert reveal_order(view, 1) == [1, 3] and comparison(view, 1)["winner"] == 3
    assert reveal_order(view, 2) == [3, 1]
    assert comparison(view, 2)["winner"] == 3  # 9-8-7 against 9-8-7: the opener revealed first


def test_a_lone_group_wins_its_comparison() -> None:
    state, _ = play_round(new_round(*HOLDINGS), seat1=GROUPS[1][:1], seat3=GROUPS[3])
    view = ENGINE.view(state, None)
    assert [reveal_order(view, k) for k in (1, 2, 3, 4)] == [[1, 3], [3], [3], [3]]  # CV-A6
    assert view["chips_won"] == [0, 1, 0, 3]


def test_each_comparison_pays_one_chip_and_the_rest_stays_in_the_pool() -> None:
    state, _ = play_round(new_round(*HOLDINGS, pool=3), seat0=GROUPS[0][:2], seat2=GROUPS[2][:1])
    outcome = ENGINE.outcome(state)
    assert outcome["chips_won"] == [2, 0, 0, 0]
    assert outcome["scores"] == [1, -1, -1, -1]
    assert outcome["pool"] == 3 + 4 - 2  # CV-A16: two comparisons, two chips stay


def test_four_comparisons_empty_this_rounds_antes() -> None:
    state, _ = play_round(new_round(*HOLDINGS, pool=2), **{f"seat{s}": GROUPS[s] for s in range(4)})
    outcome = ENGINE.outcome(state)
    assert (outcome["pool"], outcome["comparison_count"], outcome["reason"]) == (2, 4, "comparisons")
    assert sum(outcome["scores"]) + outcome["pool"] - outcome["pool_start"] == 0


def test_the_last_winner_deals_the_next_round() -> None:
    state, _ = play_round(new_round(*HOLDINGS, dealer=1), seat0=GROUPS[0][:1], seat2=GROUPS[2][:2])
    view = ENGINE.view(state, None)
    assert [c["winner"] for c in view["comparisons"]] == [0, 2]
    assert view["next_dealer"] == 2


def test_a_round_without_groups_keeps_the_antes_in_the_pool_and_the_dealer() -> None:
    state, events = play_round(new_round(*HOLDINGS, dealer=3, pool=1))
    outcome = ENGINE.outcome(state)  # CV-A15
    assert outcome == {
        "scores": [-1, -1, -1, -1],
        "chips_won": [0, 0, 0, 0],
        "pool": 5,
        "pool_start": 1,
        "next_dealer": 3,
        "quad_winner": None,
        "reason": "no_groups",
        "comparison_count": 0,
    }
    assert [e["code"] for e in events][-1] == "round_over"
    assert ENGINE.view(state, 0)["group_counts"] == [0, 0, 0, 0]


def test_the_last_confirmation_reveals_the_comparisons_in_order() -> None:
    state = new_round(*HOLDINGS, dealer=0)
    for seat in (0, 1, 2):
        state, _ = arrange(state, seat, *GROUPS[seat][:1])
    state, events = arrange(state, 3)
    assert [(e["code"], e["seat"]) for e in events] == [
        ("confirmed", 3),
        ("revealed", 1),
        ("revealed", 2),
        ("revealed", 0),
        ("comparison_won", 0),
        ("round_over", None),
    ]
    assert events[1]["data"] == {"number": 1, "cards": ["KH", "KD", "KC"], "type": "trio"}
    assert events[-1]["data"] == ENGINE.outcome(state)
    assert all(e["to"] is None for e in events)


def test_discards_and_arrangements_stay_secret_after_the_round() -> None:
    state, events = play_round(new_round(*HOLDINGS), seat0=GROUPS[0][:2], seat1=GROUPS[1])
    discard_of_0 = ENGINE.view(state, 0)["my_discard"]
    assert len(discard_of_0) == 7
    for seat in (1, 2, 3, None):
        shown = json.dumps([ENGINE.view(state, seat), visible_events(events, seat)])
        assert not any(f'"{card}"' in shown for card in discard_of_0)  # CV-A18
    assert ENGINE.view(state, 2)["group_counts"] == [2, 4, 0, 0]


def test_the_view_while_arranging_shows_only_the_own_hand() -> None:
    state = new_round(*HOLDINGS)
    view = ENGINE.view(state, 2)
    others = [c for s in (0, 1, 3) for c in state.hands[s]]
    assert not any(f'"{card}"' in json.dumps(view) for card in others)
    assert (view["must_arrange"], view["max_groups"], view["scores"], view["next_dealer"]) == (True, 4, None, None)


# --- state and options


def test_dump_and_load_round_trip_and_refuse_other_versions() -> None:
    state, _ = arrange(new_round(*HOLDINGS), 0, *GROUPS[0])
    data = json.loads(json.dumps(ENGINE.dump(state)))
    assert ENGINE.load(data) == state
    with pytest.raises(ValueError, match="version"):
        ENGINE.load({**data, "v": 99})


@pytest.mark.parametrize(
    "options",
    [
        {"seats": 3},
        {"pool": -1},
        {"dealer": 4},
        {"deal": {"hands": [["AS"] * 13] * 4}},
        {"deal": {"hands": fixed_deal()["hands"][:3]}},
    ],
)
def test_new_game_refuses_impossible_options(options: dict) -> None:
    with pytest.raises(ValueError):
        ENGINE.new_game(**{"seed": 0, "seats": 4, **options})


def test_a_fixed_deal_may_name_the_dealer() -> None:
    assert ENGINE.new_game(seed=0, seats=4, deal=fixed_deal(dealer=3)).dealer == 3
