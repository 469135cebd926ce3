"""The engine protocol for Dou Dizhu: conformance, hidden information, conservation, the view schema."""

from __future__ import annotations

import json
import re
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from games.core import registry
from games.core.conformance import check_engine, check_hidden_information, play_random, replay
from games.core.rng import rng_for
from games.dou_dizhu import ENGINE, rules
from games.dou_dizhu.cards import codes_of, counts_of, pick
from games.dou_dizhu.combos import legal_plays


def test_the_registry_finds_the_engine_and_its_computer() -> None:
    assert "dou_dizhu" in registry.available()
    assert registry.get("dou_dizhu") is ENGINE
    assert hasattr(registry.bot("dou_dizhu"), "choose")


def test_conformance() -> None:
    check_engine(ENGINE, seeds=range(30))


def test_hidden_information() -> None:
    check_hidden_information(ENGINE, seeds=range(30))


def _state_at(seed: int, fraction: float):
    steps = play_random(ENGINE, seed, check=False).steps
    return replay(ENGINE, seed, steps[: int(len(steps) * fraction)])


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), fraction=st.floats(0, 1), seat=st.sampled_from([0, 1, 2, None]))
def test_a_view_shows_no_card_of_another_hand_except_the_public_bottom(seed: int, fraction: float, seat) -> None:
    state = _state_at(seed, fraction)
    shown = set(re.findall(r'"([2-9TJQKA][SHDC]|BJ|RJ)"', json.dumps(ENGINE.view(state, seat))))
    public = set(codes_of(state.bottom)) if state.landlord is not None else set()
    for other in range(3):
        if other != seat:
            assert shown & set(codes_of(state.hands[other])) <= public


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), fraction=st.floats(0, 1), seat=st.sampled_from([0, 1, 2]))
def test_shuffling_what_a_seat_cannot_see_keeps_its_view_and_conserves_cards(seed: int, fraction: float, seat) -> None:
    state = _state_at(seed, fraction)
    other = ENGINE.shuffle_hidden(state, seat, rng_for(seed, "shuffle"))
    ENGINE.check_invariants(other)
    assert ENGINE.view(other, seat) == ENGINE.view(state, seat)
    assert [h.bit_count() for h in other.hands] == [h.bit_count() for h in state.hands]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), fraction=st.floats(0, 1), hand_of=st.sampled_from([0, 1, 2]))
def test_legal_plays_are_spelled_with_the_lowest_suits_of_each_rank(seed: int, fraction: float, hand_of: int) -> None:
    """`legal_actions` spells its plays from precomputed tables; the straightforward spelling
    (`pick` the lowest suits, list their codes) must give the same list. Any hand of the deal
    is tried as the hand on turn, to reach hands of every size and the full 20-card lead. The lists
    are fresh on every call."""
    state = _state_at(seed, fraction)
    if state.landlord is None or state.turn is None:
        return
    seat = state.turn
    hand = state.hands[hand_of]
    if not hand:
        return
    state = replace(state, hands=tuple(hand if s == seat else h for s, h in enumerate(state.hands)))
    expected = [
        {"type": "play", "cards": codes_of(pick(hand, p))}
        for p in legal_plays(counts_of(hand), rules.table_combo(state))
    ]
    legal = ENGINE.legal_actions(state, seat)
    assert legal[len(legal) - len(expected) :] == expected
    assert legal[: len(legal) - len(expected)] == ([] if state.table_seat is None else [{"type": "pass"}])
    for action in legal:  # callers may change what they get: nothing is shared with the next call
        action.pop("cards", []).append("7S")
    assert ENGINE.legal_actions(state, seat)[len(legal) - len(expected) :] == expected


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_cards_are_conserved_and_private_events_reach_only_their_seat(seed: int) -> None:
    rng = rng_for(seed, "events")
    state = ENGINE.new_game(seed=seed, seats=3)
    while ENGINE.outcome(state) is None:
        seat = state.turn
        state, events = ENGINE.apply(state, seat, ENGINE.random_action(state, seat, rng))
        ENGINE.check_invariants(state)
        for event in events:
            if event["code"] == "dealt":
                assert len(event["to"]) == 1 and len(event["data"]["cards"]) == 17
            else:
                assert event["to"] is None


def test_the_view_has_the_documented_keys() -> None:
    documented = set(re.findall(r"^    (\w+) {2,}", rules.__doc__ or "", re.MULTILINE))
    state = ENGINE.new_game(seed=3, seats=3)
    assert set(ENGINE.view(state, 0)) == documented
    assert set(ENGINE.view(state, None)) == documented - {"hand"}


def test_the_view_while_bidding_and_playing() -> None:
    state = ENGINE.new_game(seed=3, seats=3)
    first = state.first_bidder
    view = ENGINE.view(state, first)
    assert view["phase"] == "bidding" and view["turn"] == first
    assert view["legal"] == {"bids": [1, 2, 3], "pass": True}
    assert len(view["hand"]) == 17 and view["hand_counts"] == [17, 17, 17]
    assert ENGINE.view(state, (first + 1) % 3)["legal"] is None
    state, _ = ENGINE.apply(state, first, {"type": "bid", "value": 3})
    view = ENGINE.view(state, first)
    assert view["phase"] == "play" and view["landlord"] == first and view["bid"] == 3
    assert view["table"] is None and view["legal"] == {"pass": False, "can_beat": True}
    lead = ENGINE.legal_actions(state, first)[0]
    state, _ = ENGINE.apply(state, first, lead)
    public = ENGINE.view(state, None)
    assert public["table"] == {"seat": first, "cards": lead["cards"], "kind": "single", "n": 1}
    assert public["recent"][first] == {"type": "play", "cards": lead["cards"], "kind": "single", "n": 1}
    assert public["hand_counts"][first] == 19 and "hand" not in public


def test_selection_refusal_for_the_table_page() -> None:
    state = ENGINE.new_game(seed=3, seats=3)
    state, _ = ENGINE.apply(state, state.first_bidder, {"type": "bid", "value": 3})
    seat = state.turn
    view = ENGINE.view(state, seat)
    assert rules.selection_refusal(view, view["hand"][:1]) is None
    assert rules.selection_refusal(view, ["XX"]).code == "card_not_held"
    assert rules.selection_refusal(view, []).code == "no_cards"


def test_dump_is_versioned_json() -> None:
    state = play_random(ENGINE, 4, check=False).final
    data = json.loads(json.dumps(ENGINE.dump(state)))
    assert data["v"] == 1 and ENGINE.load(data) == state
