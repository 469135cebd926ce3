"""The three levels and the Tipp: legal over whole deals, deterministic for an rng, never peeking."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.chan import ENGINE, rules
from games.chan.bots import (
    BOT,
    CHIU_ON,
    GREEDY,
    LEAVE,
    LEVELS,
    MEISTER,
    MELD_CHAN,
    WIN_ON,
    CarelessBot,
    PlayoutBot,
    _greedy_policy,
    _policy,
    hint,
)
from games.chan.search import declined, own_turn, playout, playout_values, sample_world
from games.core import registry
from games.core.rng import rng_for
from tests.games.chan.helpers import CHIU, REVEAL, WIN, discard, play, table

READY = "2V 2V 3S 3S 4N 4N 6V 6V 6V 6V 7S 7S 5V 5S 8N 8V 9S 9N 3V"


def test_the_registry_serves_each_level_and_fortgeschritten_is_todays_bot():
    assert [registry.bot("chan", level) for level in registry.LEVELS] == list(LEVELS.values())
    assert registry.bot("chan", "fortgeschritten") is BOT
    assert LEVELS["meister"] is MEISTER and isinstance(MEISTER, PlayoutBot)


@pytest.mark.parametrize("level", ["einsteiger", "fortgeschritten", "meister"])
def test_every_level_plays_whole_deals_legally(level):
    player = LEVELS[level]
    for seed in range(1 if level == "meister" else 3):
        state = ENGINE.new_game(seed=seed, seats=4)
        rng = rng_for(seed, "test")
        while ENGINE.outcome(state) is None:
            seat = min(ENGINE.actors(state))
            # The Meister's search in one seat (it is the slow part), today's computer elsewhere.
            mover = player if level != "meister" or seat == 0 else BOT
            action = mover.choose(rules.view(state, seat), rules.legal_actions(state, seat), rng)
            assert action in ENGINE.legal_actions(state, seat)
            state, _ = ENGINE.apply(state, seat, action)
        ENGINE.check_invariants(state)


def searched_decision():
    """The dealer's opening discard of seed 2: his own turn, several discards to weigh."""
    state = ENGINE.new_game(seed=2, seats=4)
    seat = state.dealer
    return state, seat, rules.view(state, seat), rules.legal_actions(state, seat)


@pytest.mark.parametrize("player", LEVELS.values(), ids=LEVELS)
def test_every_level_decides_the_same_for_the_same_rng(player):
    _, _, view, legal = searched_decision()
    assert player.choose(view, legal, rng_for(9)) == player.choose(view, legal, rng_for(9))


def test_the_playout_search_weighs_several_candidates_on_its_own_turn():
    _, _, view, legal = searched_decision()
    assert own_turn(view)
    action, candidates, values = MEISTER.plan(view, legal, rng_for(1))
    assert len(candidates) == len(values) == 2 and action in candidates


def test_a_sampled_world_keeps_everything_the_seat_sees():
    state, _ = play(table({0: "9N", 1: "9N"}), (0, discard("9N")))
    view = rules.view(state, 1)
    world = sample_world(view, rng_for(4))
    ENGINE.check_invariants(world)
    seen = rules.view(world, 1)
    assert {k: seen[k] for k in ("hand", "melds", "doors", "hand_counts", "stock", "offer")} == {
        k: view[k] for k in ("hand", "melds", "doors", "hand_counts", "stock", "offer")
    }


def test_the_einsteiger_overlooks_some_melds_but_never_a_win():
    state, _ = play(table({0: "9N", 1: "9N"}), (0, discard("9N")))
    view, legal = rules.view(state, 1), rules.legal_actions(state, 1)
    choices = {CarelessBot().choose(view, legal, rng_for(n))["type"] for n in range(20)}
    assert choices == {"meld", "reveal"}
    state, _ = play(table({0: "CC", 3: READY}, stock="3N"), (0, discard("CC")), (1, REVEAL))
    assert CarelessBot().choose(rules.view(state, 3), rules.legal_actions(state, 3), rng_for(0)) == WIN


def hint_at(state, seat):
    return hint(rules.view(state, seat), rules.legal_actions(state, seat), rng_for(0, "hint"))


def test_the_hint_is_the_same_whatever_the_hidden_cards_are():
    state = ENGINE.new_game(seed=3, seats=4)
    seat = state.dealer
    other = ENGINE.shuffle_hidden(state, seat, rng_for(5))
    assert other.hands != state.hands and rules.view(other, seat) == rules.view(state, seat)
    assert hint_at(state, seat) == hint_at(other, seat)


def test_the_hint_names_the_offered_card_whether_it_takes_it_or_not():
    state, _ = play(table({0: "9N", 1: "9N"}), (0, discard("9N")))
    tipp = hint_at(state, 1)
    expected = MELD_CHAN if tipp.action == {"type": "meld", "card": "9N"} else LEAVE
    assert (tipp.template, tipp.params) == (expected, {"card": "9N"})
    assert tipp.action in rules.legal_actions(state, 1)


def test_the_hint_declares_a_win_on_the_winning_card():
    state, _ = play(table({0: "CC", 3: READY}, stock="3N"), (0, discard("CC")), (1, REVEAL))
    tipp = hint_at(state, 3)
    assert (tipp.action, tipp.template, tipp.params) == (WIN, WIN_ON, {"card": "3N"})


def test_the_hint_takes_the_fourth_card_as_a_chiu():
    state, _ = play(table({0: "2V", 2: "2V 2V 2V"}), (0, discard("2V")))
    tipp = hint_at(state, 2)
    assert (tipp.action, tipp.template, tipp.params) == (CHIU, CHIU_ON, {"card": "2V"})


def fixed_deal_decisions():
    """Every state of a fixed deal (seed 6's cards passed as `deal=`) where seat 0, playing as BOT
    against three greedy seats, decides on its own turn; and the deal's real settlement."""
    dealt = ENGINE.new_game(seed=6, seats=4)
    deal = {"dealer": dealt.dealer, "hands": [list(h) for h in dealt.hands], "stock": list(dealt.stock)}
    state, players, decisions = ENGINE.new_game(seed=0, seats=4, deal=deal), [BOT, *[GREEDY] * 3], []
    while ENGINE.outcome(state) is None:
        seat = min(ENGINE.actors(state))
        view, legal = rules.view(state, seat), rules.legal_actions(state, seat)
        action = players[seat].choose(view, legal, rng_for(0))
        if seat == 0 and own_turn(view):
            decisions.append((state, view, action))
        state, _ = ENGINE.apply(state, seat, action)
    return decisions, ENGINE.outcome(state)["scores"]


def test_a_playout_of_the_real_cards_ends_as_the_deal_did():
    """The look-ahead's machinery on a fixed deal: from each of seat 0's decisions, its move applied
    to the real cards and played out (BOT for itself, greedy for the others, as at the table) ends
    with the real settlement, read for the right seat."""
    decisions, scores = fixed_deal_decisions()
    assert len(decisions) > 5
    for state, _, action in decisions:
        after, _ = rules.apply(state, 0, action)
        assert playout(after, [_policy, *[_greedy_policy] * 3]) == tuple(scores)


def test_a_sampled_world_is_the_real_state_but_for_the_hidden_cards():
    for n, (state, view, _) in enumerate(fixed_deal_decisions()[0]):
        world = sample_world(view, rng_for(n), declined(view))
        ENGINE.check_invariants(world)
        hidden = sorted([*world.stock, *(c for h in world.hands[1:] for c in h)])
        assert hidden == sorted([*state.stock, *(c for h in state.hands[1:] for c in h)])
        assert [len(h) for h in world.hands] == [len(h) for h in state.hands] and len(world.stock) == len(state.stock)
        # The other seats' frozen cards are theirs to know; greedy seats never freeze any.
        put_back = replace(world, seed=state.seed, hands=state.hands, stock=state.stock)
        assert replace(put_back, pending=state.pending) == state
        if world.phase == "offer":  # every seat with a claim in the world answers the card
            asked = replace(world, pending=(0, 1, 2, 3))
            assert set(world.pending) == {s for s in range(4) if rules.legal_actions(asked, s)} >= {0}


def test_a_card_a_seat_let_go_is_never_dealt_to_it():
    state, _ = play(table({0: "9N", 2: "9N 9N"}), (0, discard("9N")), (1, REVEAL))
    view = rules.view(state, 2)
    absent = declined(view)
    assert "9N" in absent[1] and not absent[0] and not absent[2]
    for n in range(20):
        assert "9N" not in sample_world(view, rng_for(n), absent).hands[1]


def test_the_search_values_each_candidate_by_the_seats_own_settlement():
    """A dealer whose twenty cards win: declaring Thiên ù is worth exactly its settlement for him."""
    state = table({0: f"{READY} 3N"})
    view, legal = rules.view(state, 0), rules.legal_actions(state, 0)
    won, _ = rules.apply(state, 0, WIN)
    values = playout_values(view, [WIN, legal[-1]], 4, _policy, _greedy_policy, rng_for(3))
    assert values[0] == ENGINE.outcome(won)["scores"][0] > 0 > values[1] - values[0]
