"""The engine protocol for Chuo Pai: conformance, hidden information, conservation, malformed input."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.chuo_pai import ENGINE
from games.chuo_pai.cards import DECK
from games.chuo_pai.rules import explain
from games.core.conformance import check_engine, check_hidden_information, play_random
from games.core.errors import IllegalAction
from games.core.rng import rng_for
from tests.games.chuo_pai.helpers import deal, random_prefix


def test_conformance():
    check_engine(ENGINE, seeds=range(20))


def test_hidden_information():
    check_hidden_information(ENGINE, seeds=range(20))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 90), seat=st.integers(0, 2))
def test_a_seats_view_and_choices_never_depend_on_cards_it_cannot_see(seed, steps, seat):
    state = random_prefix(seed, steps)
    other = ENGINE.shuffle_hidden(state, seat, rng_for(seed, "shuffle"))
    ENGINE.check_invariants(other)
    assert ENGINE.view(other, seat) == ENGINE.view(state, seat)
    assert ENGINE.legal_actions(other, seat) == ENGINE.legal_actions(state, seat)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_every_card_ends_on_a_pile_dead_or_in_the_last_hand(seed):
    final = play_random(ENGINE, seed, check=False).final
    outcome = ENGINE.outcome(final)
    places = [*final.dead(), *(c for s in range(3) for c in final.pile(s)), *sum(final.hands, ())]
    assert Counter(places) == Counter(DECK)
    unscored = outcome["unscored"]["cards"] if outcome["unscored"] else 0
    assert sum(outcome["scores"]) + len(final.dead()) + unscored == 84


def test_dump_is_versioned_json_and_loads_back():
    state = random_prefix(3, 20)
    data = json.loads(json.dumps(ENGINE.dump(state)))
    assert data["v"] == 1 and ENGINE.load(data) == state
    with pytest.raises(ValueError):
        ENGINE.load({**data, "v": 99})


@pytest.mark.parametrize(
    ("seat", "action", "code"),
    [
        (0, None, "malformed_action"),
        (0, [], "malformed_action"),
        (0, {"type": "bid"}, "malformed_action"),
        (0, {"type": "play"}, "malformed_action"),
        (0, {"type": "play", "cards": "6-6"}, "malformed_action"),
        (0, {"type": "play", "cards": [6]}, "unknown_card"),
        (0, {"type": "play", "cards": ["7-7"]}, "unknown_card"),
        (0, {"type": "play", "cards": ["6-6", "6-6"]}, "card_not_held"),
        (0, {"type": "play", "cards": []}, "no_cards"),
        (1, {"type": "play", "cards": ["2-2"]}, "not_your_turn"),
        ("0", {"type": "play", "cards": ["6-6"]}, "not_your_turn"),
        (True, {"type": "play", "cards": ["6-6"]}, "not_your_turn"),
        (7, {"type": "pass"}, "not_your_turn"),
    ],
)
def test_malformed_or_out_of_turn_actions_are_refused_and_change_nothing(seat, action, code):
    state = deal("6-6 2-3", "2-2", "3-3")
    before = ENGINE.dump(state)
    with pytest.raises(IllegalAction) as caught:
        ENGINE.apply(state, seat, action)
    assert caught.value.code == code
    assert ENGINE.dump(state) == before


def test_actions_after_the_end_are_refused():
    final = play_random(ENGINE, 4, check=False).final
    with pytest.raises(IllegalAction) as caught:
        ENGINE.apply(final, 0, {"type": "pass"})
    assert caught.value.code == "deal_over"


def test_refusal_text_is_its_template_filled_in():
    # The site translates `exc.template`; the English text must be the template filled in.
    state = deal("2-2 5-6", "3-3 5-6", "5-6")
    state, _ = ENGINE.apply(state, 0, {"type": "play", "cards": ["2-2"]})
    with pytest.raises(IllegalAction) as caught:
        ENGINE.apply(state, 1, {"type": "pass"})
    assert caught.value.template.format(**caught.value.params) == str(caught.value)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 80), data=st.data())
def test_explain_from_the_view_refuses_exactly_what_apply_refuses(seed, steps, data):
    state = random_prefix(seed, steps)
    seat = data.draw(st.integers(0, 2))
    view = ENGINE.view(state, seat)
    hand = view["hand"]
    picks = data.draw(st.lists(st.integers(0, max(len(hand) - 1, 0)), max_size=4, unique=True))
    cards = None if data.draw(st.booleans()) else [hand[i] for i in picks if i < len(hand)]
    action = {"type": "pass"} if cards is None else {"type": "play", "cards": cards}
    reason = explain(view, cards)
    try:
        ENGINE.apply(state, seat, action)
    except IllegalAction as refused:
        assert reason is not None and reason.code == refused.code and str(reason) == str(refused)
    else:
        assert reason is None
