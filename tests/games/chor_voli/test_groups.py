"""Rules §1.3: group types, comparison keys, and why a group is not valid."""

from __future__ import annotations

from itertools import combinations

import pytest

from games.chor_voli.cards import DECK
from games.chor_voli.groups import group_display, strong_first, valid_groups
from games.chor_voli.rules import GroupType, classify, group_key, group_problem, why_invalid
from tests.games.chor_voli.helpers import cards

ALL_TRIPLES = list(combinations(DECK, 3))


def key(text: str) -> tuple[int, ...]:
    return group_key(cards(text))


def kind(text: str) -> GroupType | None:
    return classify(cards(text))


# --- the seed's own examples


def test_seed_example_ace_two_three_of_spades_is_the_second_highest_straight_flush() -> None:
    assert kind("AS 2S 3S") is GroupType.STRAIGHT_FLUSH
    straight_flushes = sorted({group_key(t) for t in ALL_TRIPLES if classify(t) is GroupType.STRAIGHT_FLUSH})
    assert straight_flushes[-2] == key("AS 2S 3S")
    assert key("AS KS QS") > key("AS 2S 3S") > key("KS QS JS")


def test_seed_example_a_trio_of_twos_beats_the_ace_two_three_straight_flush() -> None:
    assert kind("2S 2H 2D") is GroupType.TRIO
    assert key("2S 2H 2D") > key("AS 2S 3S")
    assert key("2S 2H 2D") > key("AH KH QH")


def test_seed_example_ten_seven_four_in_three_suits_is_independent() -> None:
    assert kind("TS 7H 4D") is GroupType.INDEPENDENT


def test_seed_example_ten_seven_four_with_two_spades_is_invalid() -> None:
    assert kind("TS 7S 4D") is None
    assert "two cards share a suit" in why_invalid(cards("TS 7S 4D"))


def test_queen_king_ace_counts_as_the_highest_straight_in_any_order() -> None:
    for order in ("QH KS AD", "AD QH KS", "KS AD QH"):
        assert kind(order) is GroupType.STRAIGHT
        assert key(order) == (3, 12)


def test_king_ace_two_is_not_a_straight() -> None:
    assert kind("KS AS 2S") is GroupType.FLUSH  # CV-A12
    assert key("KS AS 2S") == (2, 14, 13, 2)
    assert kind("KS AH 2D") is GroupType.INDEPENDENT
    assert kind("KS AS 2D") is None
    assert "K-A-2 is not a straight" in why_invalid(cards("KS AS 2D"))


def test_ace_two_three_is_the_second_highest_straight_not_the_lowest() -> None:
    assert key("AS 2H 3D") == (3, 11)
    assert key("AS 2H 3D") > key("KS QH JD") > key("4S 3H 2D")


def test_the_ramchi_two_three_five_is_not_a_straight() -> None:
    assert kind("2S 3H 5D") is GroupType.INDEPENDENT
    assert kind("2S 3S 5S") is GroupType.FLUSH
    assert kind("2S 3S 5D") is None


# --- rules §1.3 table


def test_the_twelve_sequences_rank_from_ace_king_queen_down_to_four_three_two() -> None:
    in_order = ["A K Q", "A 2 3", "K Q J", "Q J T", "J T 9", "T 9 8", "9 8 7", "8 7 6", "7 6 5", "6 5 4", "5 4 3"]
    in_order.append("4 3 2")
    values = [key(" ".join(f"{r}{s}" for r, s in zip(ranks.split(), "SHD", strict=True))) for ranks in in_order]
    assert values == [(3, v) for v in range(12, 0, -1)]


def test_a_straight_may_hold_two_cards_of_one_suit() -> None:
    assert kind("5S 6S 7D") is GroupType.STRAIGHT  # CV-A13


def test_a_pair_is_never_a_group() -> None:
    pairs = [t for t in ALL_TRIPLES if len({c[0] for c in t}) == 2]
    assert all(classify(t) is None for t in pairs)
    assert "a pair" in why_invalid(cards("9S 9H 4D"))


def test_trios_rank_from_aces_down_to_twos() -> None:
    assert key("AS AH AD") == (5, 14)
    assert key("AS AH AD") > key("KS KH KD") > key("3S 3H 3D") > key("2S 2H 2D")


def test_every_type_beats_every_lower_type() -> None:
    strength = {
        GroupType.TRIO: 5,
        GroupType.STRAIGHT_FLUSH: 4,
        GroupType.STRAIGHT: 3,
        GroupType.FLUSH: 2,
        GroupType.INDEPENDENT: 1,
    }
    for triple in ALL_TRIPLES:
        found = classify(triple)
        if found is not None:
            assert group_key(triple)[0] == strength[found] == found.strength


def test_every_straight_flush_beats_every_straight() -> None:
    assert key("4C 3C 2C") > key("AS KH QD")  # CV-A10: categories, not "same top card"


def test_suits_never_break_ties() -> None:
    assert key("9S 8S 7S") == key("9H 8H 7H")
    assert key("JS 8H 3D") == key("JC 8D 3S")
    assert key("KD 9D 4D") == key("KC 9C 4C")


def test_flush_and_independent_compare_the_highest_then_second_then_third_card() -> None:
    assert key("KS 9S 4S") > key("KH 9H 3H") > key("KD 8D 7D") > key("QC JC 9C")
    assert key("KS 9H 4D") > key("KS 9H 3D") > key("KS 8H 7D")


def test_the_ace_is_high_in_flushes_and_independents() -> None:
    assert key("AS 4S 2S") > key("KH QH 9H")  # CV-A11
    assert key("AS 4H 2D") > key("KH QS 9D")
    assert max(group_key(t) for t in ALL_TRIPLES if classify(t) is GroupType.INDEPENDENT) == (1, 14, 13, 11)
    assert min(group_key(t) for t in ALL_TRIPLES if classify(t) is GroupType.FLUSH) == (2, 5, 3, 2)


def test_group_key_refuses_an_invalid_group() -> None:
    with pytest.raises(ValueError, match="not a valid"):
        group_key(cards("TS 7S 4D"))


# --- why a group is invalid (the table asks while the player arranges)


def test_why_invalid_is_none_exactly_for_the_valid_groups() -> None:
    for triple in ALL_TRIPLES:
        assert (why_invalid(triple) is None) == (classify(triple) is not None), triple


def test_why_invalid_names_the_group_number_and_says_what_a_group_needs() -> None:
    text = why_invalid(cards("QS QH 4D"), 2)
    assert text.startswith("Group 2 is not valid: two cards share a rank (a pair).")
    assert "three of a rank, a straight, one suit, or three different ranks in three different suits" in text


@pytest.mark.parametrize("held", ["", "AS", "AS KH", "AS KH QD JC"])
def test_why_invalid_asks_partial_groups_for_exactly_three_cards(held: str) -> None:
    assert why_invalid(cards(held)) == f"A group needs exactly 3 cards; this one has {len(cards(held))}."
    assert why_invalid(cards(held), 3) == f"Group 3 needs exactly 3 cards; it has {len(cards(held))}."


def test_why_invalid_refuses_unknown_and_repeated_cards() -> None:
    assert why_invalid(["AS", "KX", "QD"]) == "KX is not a card; cards are written like AS, TH or 2C."
    assert why_invalid(["AS", 7, "QD"]) == "7 is not a card; cards are written like AS, TH or 2C."
    assert "appears twice" in why_invalid(["AS", "AS", "QD"])


def test_group_problem_keeps_the_template_and_parameters_for_translation() -> None:
    problem = group_problem(cards("TS 7S 4D"), 3)
    assert problem.code == "invalid_group"
    assert problem.template.startswith("Group {number} is not valid")
    assert problem.params == {"number": 3}
    assert group_problem(cards("TS 7H 4D"), 3) is None


# --- helpers the engine and the table use


def test_groups_are_sorted_strong_to_weak_and_shown_high_to_low() -> None:
    groups = [cards("TS 7H 4D"), cards("3S AS 2S"), cards("2H 2D 2C"), cards("QH KH 9H")]
    assert strong_first(groups) == (
        ("2H", "2D", "2C"),
        ("3S", "2S", "AS"),
        ("KH", "QH", "9H"),
        ("TS", "7H", "4D"),
    )
    assert group_display(cards("QH AS KD")) == ("AS", "KD", "QH")


def test_valid_groups_lists_every_valid_triple_of_a_hand() -> None:
    hand = cards("AS KS QS 2H")
    assert valid_groups(hand) == [("AS", "KS", "QS")]
