"""Rules §2.2 "Legal plays" and P2–P6: what a play is and what beats what."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from games.chuo_pai.cards import CODES, COPIES, DECK, sort_for_display
from games.chuo_pai.combos import Combo, beating_plays, classify, lead_plays, ordered_plays, play_order, refusal
from games.core.rng import rng_for


def combo(cards: str) -> Combo | None:
    return classify(cards.split())


def beats(a: str, b: str) -> bool:
    first, second = combo(a), combo(b)
    assert first is not None and second is not None
    return first.beats(second)


@pytest.mark.parametrize("cards", ["5-5", "5-5 5-5", "3-6 3-6 3-6", "1-2 1-2 1-2 1-2"])
def test_one_to_four_identical_cards_are_a_play_of_their_identity(cards):
    played = combo(cards)
    assert played == Combo(played.family, played.rank, len(cards.split()), cards.split()[0])


def test_an_identical_play_takes_family_and_rank_of_its_identity():
    assert combo("3-6 3-6") == Combo("black", 4, 2, "3-6")


def test_five_cards_are_never_a_play():
    assert combo("6-6 6-6 6-6 6-6 6-6") is None
    assert combo("6-6 3-6 3-6 4-5 4-5") is None
    assert refusal(["6-6", "3-6", "3-6", "4-5", "4-5"]).code == "too_many_cards"


@pytest.mark.parametrize("cards", ["2-6 3-5", "1-2 2-4", "1-2 1-2 2-4", "2-6 2-6 3-5 3-5"])
def test_different_cards_of_equal_rank_never_form_a_set(cards):
    assert combo(cards) is None
    assert refusal(cards.split()).code == "equal_rank_mix"


def test_different_identities_of_one_family_never_combine():
    assert combo("6-6 1-1") is None
    assert refusal(["6-6", "1-1"]).code == "not_a_play"


def test_straight_and_crooked_eight_do_not_beat_each_other():
    assert not beats("2-6", "3-5") and not beats("3-5", "2-6")
    assert not beats("2-6 2-6", "3-5 3-5")


def test_nail_and_two_red_do_not_beat_each_other():
    assert not beats("1-2", "2-4") and not beats("2-4", "1-2")


@pytest.mark.parametrize(
    ("cards", "kind"),
    [
        ("6-6 3-6", "tian_jiu"),
        ("6-6 4-5", "tian_jiu"),
        ("1-1 2-6", "di_ba"),
        ("1-1 3-5", "di_ba"),
        ("4-4 2-5", "ren_qi"),
        ("4-4 3-4", "ren_qi"),
        ("1-3 1-4", "he_wu"),
        ("1-3 2-3", "he_wu"),
    ],
)
def test_each_special_is_its_key_card_with_a_matching_card(cards, kind):
    assert combo(cards) == Combo("special", combo(cards).rank, 2, kind)


@pytest.mark.parametrize(
    "cards",
    ["6-6 3-6", "6-6 6-6 3-6", "6-6 3-6 4-5", "6-6 6-6 6-6 4-5", "6-6 6-6 3-6 3-6", "6-6 3-6 4-5 4-5"],
)
def test_specials_allow_every_split_of_two_to_four_cards(cards):
    assert combo(cards).family == "special"
    assert combo(cards).size == len(cards.split())


def test_specials_mix_red_and_black_matching_cards():
    assert combo("6-6 4-5 3-6") == Combo("special", 4, 3, "tian_jiu")
    assert combo("1-3 1-4 2-3") == Combo("special", 1, 3, "he_wu")


def test_a_special_needs_a_key_card():
    assert combo("3-6 4-5") is None


def test_key_cards_alone_are_an_ordinary_set_not_a_special():
    assert combo("6-6 6-6") == Combo("long", 7, 2, "6-6")


def test_specials_take_no_other_cards():
    assert combo("6-6 3-6 2-2") is None
    assert combo("6-6 3-6 2-6") is None


def test_high_foot_and_man_are_not_matching_cards():
    # 1-6 totals 7 and 4-4 totals 8, but only the Black and Red cards of that total match (rules P4).
    assert combo("4-4 1-6") is None
    assert combo("1-1 4-4") is None


def test_one_play_never_mixes_two_kinds_of_special():
    assert combo("6-6 1-1 3-6 2-6") is None
    assert combo("6-6 2-6") is None


def test_specials_rank_by_kind_tian_jiu_di_ba_ren_qi_he_wu():
    order = ["6-6 3-6", "1-1 2-6", "4-4 3-4", "1-3 2-3"]
    for higher, lower in itertools.pairwise(order):
        assert beats(higher, lower) and not beats(lower, higher)


def test_special_composition_and_colour_make_no_difference():
    assert combo("6-6 6-6 3-6").rank == combo("6-6 4-5 4-5").rank
    assert not beats("6-6 6-6 3-6", "6-6 3-6 4-5")
    assert not beats("6-6 3-6 4-5", "6-6 6-6 3-6")


def test_specials_need_the_same_number_of_cards_to_beat():
    assert not beats("6-6 3-6 4-5", "1-3 2-3")
    assert beats("6-6 3-6 4-5", "1-3 2-3 2-3")


def test_specials_and_ordinary_plays_never_beat_each_other():
    assert not beats("6-6 3-6", "2-2 2-2")
    assert not beats("6-6 6-6", "1-3 2-3")


def test_beating_needs_same_family_same_size_and_strictly_higher_rank():
    assert beats("6-6", "2-2")
    assert not beats("6-6", "2-3")  # other family
    assert not beats("6-6", "2-2 2-2")  # other size
    assert not beats("2-2", "6-6")  # lower
    assert not beats("5-5", "5-5")  # equal


def test_beating_plays_of_a_hand_include_pairs_from_triples_and_quads():
    hand = Counter({"6-6": 3, "4-4": 4, "3-3": 1})
    assert beating_plays(hand, combo("1-3 1-3")) == [("4-4", "4-4"), ("6-6", "6-6")]


def test_beating_plays_of_a_hand_include_specials_of_that_size_only():
    hand = Counter({"6-6": 2, "4-5": 1, "3-6": 1})
    target = combo("1-3 2-3 1-4")
    assert sorted(beating_plays(hand, target)) == sorted(
        [("6-6", "6-6", "4-5"), ("6-6", "6-6", "3-6"), ("6-6", "3-6", "4-5")]
    )


def test_a_hand_with_fewer_cards_than_the_play_cannot_beat_it():
    assert beating_plays(Counter({"6-6": 1}), combo("2-2 2-2")) == []


def test_lead_plays_list_every_set_size_and_every_special():
    plays = lead_plays(Counter({"6-6": 2, "3-6": 1}))
    assert sorted(plays) == sorted([("6-6",), ("6-6", "6-6"), ("3-6",), ("6-6", "3-6"), ("6-6", "6-6", "3-6")])


def test_ordered_plays_are_the_generated_plays_sorted_by_play_order():
    # The engine's legal lists come from tables; they must be the plain generators' lists, sorted.
    rng = rng_for(0, "ordered plays")
    targets = [classify(p) for p in lead_plays(Counter(dict.fromkeys(CODES, COPIES)))]
    for _ in range(250):
        hand = Counter(rng.sample(DECK, rng.randrange(41)))
        cards = tuple(sorted(hand.elements()))
        assert ordered_plays(cards, None) == _sorted(lead_plays(hand)), hand
        for target in targets:
            assert ordered_plays(cards, target) == _sorted(beating_plays(hand, target)), (hand, target)


def _sorted(plays: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
    return sorted((tuple(sort_for_display(p)) for p in plays), key=play_order)
