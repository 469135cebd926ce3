"""The Checki shape (rules §3.2, K4, K14): worked examples, then the classifier against brute force."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from games.core.rng import rng_for
from games.kowah.cards import CARDS, COPIES, DECK, is_honour, without
from games.kowah.checki import checki_discards, checki_pairs, is_checki, is_pair, is_triple


def cards(text: str) -> list[str]:
    return text.split()


@pytest.mark.parametrize("group", ["5C 5S 5M", "5C 5C 5S", "5C 5C 5C", "RF RF RF", "OT OT OT"])
def test_a_triple_is_three_of_a_rank_in_any_suits_or_three_identical_honours(group):
    assert is_triple(cards(group))


@pytest.mark.parametrize("group", ["OT RF WF", "RF RF WF", "5C 5S 6M", "5C 5S", "5C 5S 5M 5C"])
def test_mixed_honours_or_ranks_are_no_triple(group):  # honours are never wild
    assert not is_triple(cards(group))


def test_a_pair_is_two_identical_cards():
    assert is_pair(["2C", "2C"]) and is_pair(["WF", "WF"])
    assert not is_pair(["2C", "2S"]) and not is_pair(["RF", "WF"])


def test_two_triples_and_an_identical_pair_is_checki():
    assert checki_pairs(cards("5C 5S 5M 9C 9C 9S 2C 2C")) == ("2C",)
    assert checki_pairs(cards("RF RF RF 9C 9S 9M WF WF")) == ("WF",)


def test_a_pair_of_two_suits_is_not_checki():
    assert not is_checki(cards("5C 5S 5M 9C 9C 9S 2C 2S"))


def test_mixed_honours_do_not_make_a_triple_in_a_hand():
    assert not is_checki(cards("OT RF WF 9C 9S 9M 2C 2C"))


def test_same_rank_two_two_one_is_checki_with_either_pair_exposed():  # K4
    assert checki_pairs(cards("5C 5C 5S 5S 5M 9C 9S 9M")) == ("5C", "5S")


@pytest.mark.parametrize(
    "fives",
    [
        "5C 5C 5C 5S 5M",  # 3 + 1 + 1: pair 5C5C and triple 5C5S5M exist, but the rule refuses it
        "5C 5C 5C 5S 5S",  # 3 + 2 + 0
        "5C 5C 5C 5C 5S",  # 4 + 1 + 0
    ],
)
def test_same_rank_shapes_other_than_two_two_one_are_not_checki(fives):  # K4
    assert not is_checki([*cards(fives), "9C", "9S", "9M"])


def test_the_two_triples_may_share_a_rank():  # K4
    assert checki_pairs(cards("5C 5S 5M 5C 5S 5M 9C 9C")) == ("9C",)


def test_the_pair_may_not_share_its_rank_with_both_triples():  # K4
    assert not is_checki(cards("5C 5C 5S 5S 5M 5M 5C 5S"))


def test_an_honour_pair_matches_only_its_own_honour():  # K14
    assert checki_pairs(cards("5C 5S 5M 9C 9S 9M RF RF")) == ("RF",)
    assert not is_checki(cards("5C 5S 5M 9C 9S 9M RF WF"))


def test_only_eight_cards_make_a_checki_shape():
    assert not is_checki(cards("5C 5S 5M 9C 9S 9M 2C 2C 2C"))
    assert not is_checki(cards("5C 5S 5M 2C 2C"))


# --- the classifier against a brute-force partition search --------------------------------------


def brute_force_pairs(hand: list[str]) -> set[str]:
    """Try every split into pair + triple + triple, taking the rules' words literally."""
    pairs = set()
    for i, j in itertools.combinations(range(8), 2):
        pair = (hand[i], hand[j])
        rest = [k for k in range(8) if k not in (i, j)]
        for others in itertools.combinations(rest[1:], 2):
            first = [hand[rest[0]], *(hand[k] for k in others)]
            second = [hand[k] for k in rest[1:] if k not in others]
            if is_pair(pair) and is_triple(first) and is_triple(second) and _same_rank_rule(pair, first, second):
                pairs.add(pair[0])
    return pairs


def _same_rank_rule(pair: tuple[str, str], first: list[str], second: list[str]) -> bool:
    if is_honour(pair[0]):
        return True
    sharing = [t for t in (first, second) if not is_honour(t[0]) and t[0][0] == pair[0][0]]
    if not sharing:
        return True
    if len(sharing) == 2:
        return False
    suits = Counter(card[1] for card in [*pair, *sharing[0]])
    return sorted(suits.values()) == [1, 2, 2]


def _random_hands(count: int, pool: tuple[str, ...], salt: str) -> list[list[str]]:
    """Hands of 8 from `pool` (each card at most 4 times), seeded."""
    rng = rng_for(0, "checki", salt)
    return [rng.sample([c for c in pool for _ in range(COPIES)], 8) for _ in range(count)]


def _check(hands: list[list[str]]) -> int:
    shapes = 0
    for hand in hands:
        expected = brute_force_pairs(hand)
        assert set(checki_pairs(hand)) == expected, hand
        shapes += bool(expected)
    return shapes


def test_classifier_agrees_with_brute_force_on_random_hands_from_the_whole_pack():
    _check(_random_hands(3000, tuple(set(DECK)), "pack"))


def test_classifier_agrees_with_brute_force_on_random_hands_of_few_ranks():
    # Drawn from two ranks and an honour, so that many hands are (nearly) Checki shapes.
    pool = ("5C", "5S", "5M", "9C", "9S", "9M", "RF")
    assert _check(_random_hands(4000, pool, "narrow")) > 300


def test_classifier_agrees_with_brute_force_on_every_hand_of_rank_5_and_9_and_white_flower():
    pool = ("5C", "5S", "5M", "9C", "9S", "WF")
    hands = [
        list(combo)
        for combo in itertools.combinations_with_replacement(pool, 8)
        if max(Counter(combo).values()) <= COPIES
    ]
    assert len(hands) > 500
    assert _check(hands) > 50


def test_the_pack_holds_every_code_the_classifier_knows():
    assert set(DECK) == set(CARDS)


@pytest.mark.parametrize("pool", [CARDS, ("5C", "5S", "5M", "9C", "9S", "9M", "RF")], ids=["pack", "narrow"])
def test_checki_discards_agrees_with_classifying_every_discard(pool):
    # Its counting test skips discards unclassified; it must never skip one that leaves a shape.
    rng = rng_for(0, "checki discards", len(pool))
    shapes = 0
    for _ in range(3000):
        hand = rng.sample([c for c in pool for _ in range(COPIES)], 9)
        plain = {c: checki_pairs(without(hand, c)) for c in sorted(set(hand))}
        expected = {c: pairs for c, pairs in plain.items() if pairs}
        assert checki_discards(hand, sorted(set(hand))) == expected, hand
        shapes += bool(expected)
    assert shapes > (300 if len(pool) < len(CARDS) else 0)
