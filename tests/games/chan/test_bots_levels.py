"""The three levels and the Tipp: legal over whole deals, deterministic for an rng, never peeking."""

from __future__ import annotations

import pytest

from games.chan import ENGINE, rules
from games.chan.bots import (
    BOT,
    CHIU_ON,
    LEAVE,
    LEVELS,
    MEISTER,
    MELD_CHAN,
    PLAYOUT,
    WIN_ON,
    CarelessBot,
    hint,
)
from games.chan.search import own_turn, sample_world
from games.core import registry
from games.core.rng import rng_for
from tests.games.chan.helpers import CHIU, REVEAL, WIN, discard, play, table

READY = "2V 2V 3S 3S 4N 4N 6V 6V 6V 6V 7S 7S 5V 5S 8N 8V 9S 9N 3V"


def test_the_registry_serves_each_level_and_fortgeschritten_is_todays_bot():
    assert [registry.bot("chan", level) for level in registry.LEVELS] == list(LEVELS.values())
    assert registry.bot("chan", "fortgeschritten") is BOT
    assert LEVELS["meister"] is MEISTER


@pytest.mark.parametrize("level", ["einsteiger", "fortgeschritten", "meister", "playout"])
def test_every_level_plays_whole_deals_legally(level):
    player = PLAYOUT if level == "playout" else LEVELS[level]
    for seed in range(1 if level == "playout" else 3):
        state = ENGINE.new_game(seed=seed, seats=4)
        rng = rng_for(seed, "test")
        while ENGINE.outcome(state) is None:
            seat = min(ENGINE.actors(state))
            # The playout search in one seat (it is the slow part), today's computer elsewhere.
            mover = player if level != "playout" or seat == 0 else BOT
            action = mover.choose(rules.view(state, seat), rules.legal_actions(state, seat), rng)
            assert action in ENGINE.legal_actions(state, seat)
            state, _ = ENGINE.apply(state, seat, action)
        ENGINE.check_invariants(state)


def searched_decision():
    """The dealer's opening discard of seed 2: his own turn, several discards to weigh."""
    state = ENGINE.new_game(seed=2, seats=4)
    seat = state.dealer
    return state, seat, rules.view(state, seat), rules.legal_actions(state, seat)


@pytest.mark.parametrize("player", [*LEVELS.values(), PLAYOUT], ids=[*LEVELS, "playout"])
def test_every_level_decides_the_same_for_the_same_rng(player):
    _, _, view, legal = searched_decision()
    assert player.choose(view, legal, rng_for(9)) == player.choose(view, legal, rng_for(9))


def test_the_playout_search_weighs_several_candidates_on_its_own_turn():
    _, _, view, legal = searched_decision()
    assert own_turn(view)
    action, candidates, values = PLAYOUT.plan(view, legal, rng_for(1))
    assert len(candidates) == len(values) == 3 and action in candidates


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
