"""Properties over many seeded rounds: conservation, hidden information, junk input, chained rounds."""

from __future__ import annotations

import json
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.chor_voli import ENGINE
from games.chor_voli.arrangement import groups_with_first
from games.chor_voli.cards import DECK, sort_for_display
from games.chor_voli.groups import _key_of, _type_of, cards_bits, cards_of, classify, group_key, group_problem
from games.chor_voli.state import ChorVoliState
from games.core.conformance import check_engine, check_hidden_information
from games.core.errors import IllegalAction
from games.core.rng import rng_for
from tests.games.chor_voli.helpers import GROUPS, HOLDINGS, new_round, play_round

seeds = st.integers(min_value=0, max_value=2**32)
SETTINGS = settings(max_examples=60, deadline=None)


def played(seed: int, steps: int = 4) -> ChorVoliState:
    """A round of seed `seed` after `steps` random arrangements, seats in a seeded order."""
    rng = rng_for(seed, "test")
    state = ENGINE.new_game(seed=seed, seats=4)
    for _ in range(steps):
        if not ENGINE.actors(state):
            break
        seat = rng.choice(sorted(ENGINE.actors(state)))
        state, _ = ENGINE.apply(state, seat, ENGINE.random_action(state, seat, rng))
    return state


def test_the_conformance_checker_passes_on_more_seeds() -> None:
    check_engine(ENGINE, seeds=range(40, 100))
    check_hidden_information(ENGINE, seeds=range(20, 80))


@SETTINGS
@given(seeds, st.integers(min_value=0, max_value=4))
def test_cards_and_chips_are_conserved_at_every_step(seed: int, steps: int) -> None:
    state = played(seed, steps)
    ENGINE.check_invariants(state)
    outcome = ENGINE.outcome(state)
    if outcome is not None:
        assert sum(outcome["scores"]) + outcome["pool"] - outcome["pool_start"] == 0
        assert sum(outcome["chips_won"]) == 4 + outcome["pool_start"] - outcome["pool"]


@SETTINGS
@given(seeds, st.integers(min_value=0, max_value=4), st.integers(min_value=0, max_value=3))
def test_no_view_depends_on_cards_its_seat_cannot_see(seed: int, steps: int, seat: int) -> None:
    state = played(seed, steps)
    rng = rng_for(seed, "shuffle")
    for _ in range(3):
        other = ENGINE.shuffle_hidden(state, seat, rng)
        ENGINE.check_invariants(other)
        assert ENGINE.view(other, seat) == ENGINE.view(state, seat)
        assert ENGINE.view(other, None) == ENGINE.view(state, None)


@pytest.mark.parametrize("steps", [0, 2, 4])
def test_shuffle_hidden_really_moves_the_hidden_cards(steps: int) -> None:
    state = played(5, steps)
    assert ENGINE.outcome(played(5, 0)) is None, "seed 5 must not be a quad round"
    moved = {ENGINE.shuffle_hidden(state, 0, rng_for(i, "moved")).hands for i in range(5)}
    assert len(moved - {state.hands}) >= 4


def test_in_a_quad_round_only_the_quads_stay_in_place() -> None:
    state = new_round("", "7S 7H 7D 7C")
    for i in range(5):
        other = ENGINE.shuffle_hidden(state, 0, rng_for(i, "quad"))
        assert other.hands[0] == state.hands[0]
        assert {"7S", "7H", "7D", "7C"} <= set(other.hands[1])
        assert ENGINE.view(other, 0) == ENGINE.view(state, 0)
    assert ENGINE.shuffle_hidden(state, 0, rng_for(0, "quad")).hands != state.hands


def test_after_the_round_only_the_discards_move() -> None:
    state, _ = play_round(new_round(*HOLDINGS), seat0=GROUPS[0][:2], seat1=GROUPS[1][:3], seat2=GROUPS[2][:1])
    other = ENGINE.shuffle_hidden(state, 3, rng_for(1, "over"))
    assert [a.groups for a in other.arrangements] == [a.groups for a in state.arrangements]
    assert other.arrangements[3] == state.arrangements[3]
    assert other.hands != state.hands
    assert ENGINE.view(other, 3) == ENGINE.view(state, 3)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=4) | st.sampled_from(["AS", "arrange", "groups"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.sampled_from(["type", "groups", "discard"]), inner),
    max_leaves=20,
)


@SETTINGS
@given(seeds, json_values, st.one_of(st.integers(-2, 5), st.none(), st.text(max_size=2)))
def test_junk_is_refused_with_illegal_action_and_changes_nothing(seed: int, action: object, seat: object) -> None:
    state = played(seed, 1)
    before = json.dumps(ENGINE.dump(state))
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(state, seat, action)  # type: ignore[arg-type]
    assert str(refused.value)
    assert json.dumps(ENGINE.dump(state)) == before


@SETTINGS
@given(seeds, st.randoms(use_true_random=False))
def test_the_order_of_groups_and_cards_in_an_arrangement_does_not_matter(seed: int, rnd) -> None:
    state = played(seed, 0)
    if ENGINE.outcome(state) is not None:
        return
    action = ENGINE.random_action(state, 2, rng_for(seed, "order"))
    shuffled = {**action, "groups": [rnd.sample(g, 3) for g in rnd.sample(action["groups"], len(action["groups"]))]}
    shuffled["discard"] = rnd.sample(action["discard"], len(action["discard"]))
    assert ENGINE.apply(state, 2, shuffled)[0] == ENGINE.apply(state, 2, action)[0]


@SETTINGS
@given(seeds, st.integers(min_value=0, max_value=4))
def test_apply_refuses_exactly_the_arrangements_with_an_invalid_group(seed: int, count: int) -> None:
    state = played(seed, 0)
    if ENGINE.outcome(state) is not None:
        return
    hand = list(state.hands[1])
    rng_for(seed, "cut").shuffle(hand)
    groups = [hand[3 * i : 3 * i + 3] for i in range(count)]
    problems = [p for n, g in enumerate(groups, 1) if (p := group_problem(g, n)) is not None]
    action = {"type": "arrange", "groups": groups, "discard": hand[3 * count :]}
    if problems:
        with pytest.raises(IllegalAction) as refused:
            ENGINE.apply(state, 1, action)
        assert (refused.value.code, str(refused.value)) == ("invalid_group", str(problems[0]))
    else:
        assert ENGINE.apply(state, 1, action)[0].arrangements[1] is not None


@settings(max_examples=15, deadline=None)
@given(seeds)
def test_chained_rounds_conserve_chips_and_never_empty_the_pool_below_zero(seed: int) -> None:
    nets, pool, options = [0] * 4, 0, {}
    for number in range(8):
        state = ENGINE.new_game(seed=seed + number, seats=4, **options)
        while ENGINE.actors(state):
            seat = min(ENGINE.actors(state))
            state, _ = ENGINE.apply(state, seat, ENGINE.random_action(state, seat, rng_for(seed, number, seat)))
        outcome = ENGINE.outcome(state)
        assert outcome["pool_start"] == pool
        nets = [n + s for n, s in zip(nets, outcome["scores"], strict=True)]
        pool = outcome["pool"]
        assert pool >= 0 and sum(nets) + pool == 0
        options = ENGINE.next_options(outcome)


@SETTINGS
@given(seed=seeds, size=st.integers(min_value=3, max_value=13))
def test_the_arrangement_search_finds_exactly_the_valid_groups_of_a_hand(seed: int, size: int) -> None:
    """The search's group lists (from a table per pair of cards) are the plain ones: every triple of a
    hand in display order that `classify` accepts, in the same order, under its first card."""
    deck = list(DECK)
    rng_for(seed, "groups").shuffle(deck)
    hand = sort_for_display(deck[:size])
    for first in range(size):
        plain = [t for t in combinations(hand[first:], 3) if t[0] == hand[first] and _type_of(t) is not None]
        assert [cards_of(mask) for mask in groups_with_first(cards_bits(hand[first:]))] == plain


def test_the_group_table_classifies_and_keys_every_triple_of_the_pack_by_the_rules_table() -> None:
    for triple in combinations(DECK, 3):
        kind = _type_of(triple)
        assert classify(triple) == kind
        if kind is not None:
            assert group_key(list(reversed(triple))) == _key_of(triple, kind)
