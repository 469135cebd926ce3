"""The engine's fast paths against the plain computations they stand for (random play may not change)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.chor_voli import ENGINE
from games.chor_voli.arrangement import (
    _checked_arrangement,
    _max_groups,
    _plain_arrangement,
    _random_groups,
    _searched_max_groups,
    groups_with_first,
)
from games.chor_voli.cards import DECK, DISPLAY_DECK, sort_for_display
from games.chor_voli.groups import CARD_BIT, bit_numbers, cards_bits, cards_of
from games.chor_voli.rules import _settlement, settle
from games.core.errors import IllegalAction
from games.core.rng import Rng, rng_for

seeds = st.integers(min_value=0, max_value=2**32)
SETTINGS = settings(max_examples=150, deadline=None)


def dealt(seed: int, size: int) -> tuple[str, ...]:
    deck = list(DECK)
    rng_for(seed, "fast").shuffle(deck)
    return sort_for_display(deck[:size])


@SETTINGS
@given(st.integers(min_value=0, max_value=2**52 - 1))
def test_cards_and_bit_numbers_from_byte_tables_are_the_set_bits_in_display_order(bits: int) -> None:
    assert cards_of(bits) == tuple(card for card in DISPLAY_DECK if bits & CARD_BIT[card])
    assert bit_numbers(bits) == tuple(number for number in range(len(DISPLAY_DECK)) if bits >> number & 1)


@SETTINGS
@given(seeds, st.integers(min_value=0, max_value=13))
def test_the_first_path_then_a_pruned_search_finds_as_many_groups_as_the_whole_search(seed: int, size: int) -> None:
    hand = cards_bits(dealt(seed, size))
    assert _max_groups(hand) == _searched_max_groups(hand, 0)


def listed_random_groups(free: int, wanted: int, rng: Rng) -> list[int] | None:
    """The random walk as it was written first: every option listed, then the list shuffled."""
    if wanted == 0:
        return []
    if free.bit_count() < 3 * wanted:
        return None
    options = [*groups_with_first(free), 0]  # 0: discard the first card
    rng.shuffle(options)
    for mask in options:
        rest = listed_random_groups(free & ~mask if mask else free & (free - 1), wanted - bool(mask), rng)
        if rest is not None:
            return [mask, *rest] if mask else rest
    return None


@SETTINGS
@given(seeds, st.integers(min_value=0, max_value=13), st.integers(min_value=0, max_value=4))
def test_the_random_walk_over_counted_options_takes_the_groups_and_draws_of_the_listed_one(
    seed: int, size: int, wanted: int
) -> None:
    hand = cards_bits(dealt(seed, size))
    counted, listed = rng_for(seed, "walk"), rng_for(seed, "walk")
    assert _random_groups(hand, wanted, counted) == listed_random_groups(hand, wanted, listed)
    assert counted.getstate() == listed.getstate()


def long_way(hand: tuple[str, ...], groups: object, discard: object) -> object:
    try:
        return _checked_arrangement(hand, groups, discard)
    except IllegalAction as refused:
        return refused.code


class Code(str):
    """A card code that is not a plain `str`: the long way accepts it, the fast path leaves it alone."""


MUTATIONS = [
    "none",
    "tuples",
    "swap_with_other_seat",
    "card_twice",
    "card_left_out",
    "card_to_discard",
    "unknown_code",
    "subclass",
    "five_groups",
    "number",
    "group_as_set",
    "discard_as_string",
    "swap_within_hand",
]


@SETTINGS
@given(seeds, st.integers(min_value=0, max_value=3), st.sampled_from(MUTATIONS), st.randoms(use_true_random=False))
def test_the_fast_arrangement_check_answers_as_the_long_way_or_leaves_it_to_it(
    seed: int, seat: int, mutation: str, rnd
) -> None:
    state = ENGINE.new_game(seed=seed, seats=4)
    hand = state.hands[seat]
    action = ENGINE.random_action(state, seat, rng_for(seed, "fast"))
    groups, discard = action["groups"], action["discard"]
    other = next(card for card in DECK if card not in hand)
    placed = [(g, i) for g in range(len(groups)) for i in range(3)]
    if mutation == "tuples":
        groups, discard = tuple(map(tuple, groups)), tuple(discard)
    elif mutation == "swap_with_other_seat" and discard:
        discard[rnd.randrange(len(discard))] = other
    elif mutation == "card_twice" and placed:
        g, i = rnd.choice(placed)
        groups[g][i] = groups[g][(i + 1) % 3]
    elif mutation == "card_left_out" and discard:
        discard.pop(rnd.randrange(len(discard)))
    elif mutation == "card_to_discard" and placed:
        g, i = rnd.choice(placed)
        discard.append(groups[g].pop(i))
    elif mutation == "unknown_code" and discard:
        discard[0] = discard[0].lower()
    elif mutation == "subclass" and discard:
        discard[0] = Code(discard[0])
    elif mutation == "five_groups":
        groups = [*groups, *[groups[0] if groups else ["AS", "KS", "QS"]] * (5 - len(groups))]
    elif mutation == "number" and discard:
        discard[0] = 7
    elif mutation == "group_as_set" and groups:
        groups[0] = set(groups[0])
    elif mutation == "discard_as_string":
        discard = "".join(discard)
    elif mutation == "swap_within_hand" and placed and discard:
        g, i = rnd.choice(placed)
        d = rnd.randrange(len(discard))
        groups[g][i], discard[d] = discard[d], groups[g][i]
    fast = _plain_arrangement(hand, groups, discard)
    if mutation in ("none", "tuples"):
        assert fast is not None
    if fast is not None:
        assert fast == long_way(hand, groups, discard)
        assert all(type(card) is str for group in fast.groups for card in group)


@settings(max_examples=40, deadline=None)
@given(seeds)
def test_settlements_remembered_or_built_by_apply_are_the_computed_ones(seed: int) -> None:
    rng = rng_for(seed, "settle")
    states = [ENGINE.new_game(seed=seed, seats=4)]
    while ENGINE.actors(states[-1]):
        seat = rng.choice(sorted(ENGINE.actors(states[-1])))
        states.append(ENGINE.apply(states[-1], seat, ENGINE.random_action(states[-1], seat, rng))[0])
    for _ in range(2):  # the second time after more states than are remembered
        for state in states:
            copy = ENGINE.load(ENGINE.dump(state))
            assert copy is not state
            assert settle(state) == _settlement(copy) == settle(copy)
        for other in range(12):
            settle(ENGINE.new_game(seed=seed + 1 + other, seats=4))


def test_an_over_round_is_refused_whether_or_not_its_settlement_is_remembered() -> None:
    state = ENGINE.new_game(seed=3, seats=4)
    rng = rng_for(3, "over")
    while ENGINE.actors(state):
        seat = min(ENGINE.actors(state))
        state = ENGINE.apply(state, seat, ENGINE.random_action(state, seat, rng))[0]
    action = {"type": "arrange", "groups": [], "discard": list(state.hands[0])}
    for over in (state, ENGINE.load(ENGINE.dump(state))):
        with pytest.raises(IllegalAction) as refused:
            ENGINE.apply(over, 0, action)
        assert refused.value.code == "round_over"
