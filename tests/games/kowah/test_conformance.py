"""The shared protocol checks for Kowah, and properties over whole deals."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.core import registry
from games.core.conformance import check_engine, check_hidden_information, play_random
from games.kowah import ENGINE
from games.kowah.checki import checki_pairs
from tests.games.kowah.helpers import greedy_states


def test_kowah_is_registered():
    assert "kowah" in registry.available()
    assert registry.get("kowah") is ENGINE and ENGINE.seats == 3


def test_conformance():
    check_engine(ENGINE)


def test_hidden_information():
    check_hidden_information(ENGINE)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_random_deals_conserve_the_cards_and_end(seed):
    playout = play_random(ENGINE, seed, check=False)
    ENGINE.check_invariants(playout.final)
    assert ENGINE.outcome(playout.final) is not None


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_a_declared_hand_always_holds_its_checki_shape(seed):
    for state, *_ in greedy_states(seed):
        for seat, wait in enumerate(state.waits):
            if wait and state.result is None:
                assert wait in checki_pairs(state.hands[seat])
