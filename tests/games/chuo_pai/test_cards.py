"""Rules §2.1: the pack, its families and ranks."""

from __future__ import annotations

from collections import Counter

from games.chuo_pai.cards import (
    BY_CODE,
    CODES,
    DECK,
    FAMILIES,
    by_family,
    family_of,
    rank_of,
    sort_for_display,
)


def test_deck_has_84_cards_of_21_identities_four_copies_each():
    assert len(DECK) == 84
    assert len(CODES) == 21
    assert set(Counter(DECK).values()) == {4}


def test_codes_are_pips_low_high_and_cover_the_21_dominoes():
    pairs = {(a, b) for a in range(1, 7) for b in range(a, 7)}
    assert {tuple(map(int, code.split("-"))) for code in CODES} == pairs


def test_family_sizes_are_long_28_yao_16_black_20_red_20():
    sizes = Counter(family_of(card) for card in DECK)
    assert sizes == {"long": 28, "yao": 16, "black": 20, "red": 20}


def test_long_family_order_heaven_earth_man_harmony_long_three_plum_bench():
    long = sorted((c for c in CODES if family_of(c) == "long"), key=rank_of, reverse=True)
    assert long == ["6-6", "1-1", "4-4", "1-3", "3-3", "5-5", "2-2"]


def test_long_three_ranks_above_plum_as_the_seed_says():
    assert rank_of("3-3") > rank_of("5-5")


def test_yao_family_order_cat_high_foot_four_six_axe():
    yao = sorted((c for c in CODES if family_of(c) == "yao"), key=rank_of, reverse=True)
    assert yao == ["1-5", "1-6", "4-6", "5-6"]
    assert BY_CODE["1-5"].name == "Cat"


def test_black_family_nine_eights_seven_five():
    assert [rank_of(c) for c in ("3-6", "2-6", "3-5", "2-5", "2-3")] == [4, 3, 3, 2, 1]
    assert {family_of(c) for c in ("3-6", "2-6", "3-5", "2-5", "2-3")} == {"black"}


def test_red_family_nine_seven_five_and_nail_equal_to_two_red():
    assert [rank_of(c) for c in ("4-5", "3-4", "1-4", "1-2", "2-4")] == [4, 3, 2, 1, 1]
    assert {family_of(c) for c in ("4-5", "3-4", "1-4", "1-2", "2-4")} == {"red"}


def test_straight_eight_and_crooked_eight_have_equal_rank():
    assert rank_of("2-6") == rank_of("3-5")


def test_hand_sorts_by_family_then_strongest_first():
    assert sort_for_display(["2-4", "5-6", "2-2", "3-6", "6-6", "1-2"]) == [
        "6-6",
        "2-2",
        "5-6",
        "3-6",
        "1-2",
        "2-4",
    ]


def test_hand_grouping_lists_all_four_families_in_order():
    groups = by_family(["2-3", "6-6"])
    assert [g["family"] for g in groups] == list(FAMILIES)
    assert [g["cards"] for g in groups] == [["6-6"], [], ["2-3"], []]
