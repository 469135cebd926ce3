"""The Kowah levels and the Tipp: legal whole deals, the same choice for the same rng, hints that
read only the seat's view and say the sensible thing in plain situations."""

from __future__ import annotations

import pytest

from games.core import registry
from games.core.hints import Hint
from games.core.rng import rng_for
from games.kowah import ENGINE, advice
from games.kowah.bots import BOT, LEVELS, MEISTER, BeginnerBot, hint
from games.kowah.cards import DECK
from games.kowah.state import KowahState
from tests.games.kowah.helpers import PLAIN, checki, deal, discard, draw, draw_and_discard

QUIET = "3C 4S 6M 7S 8C 3S 4M 6C 7M 8S"


def short_deal(seed: int) -> KowahState:
    """A shuffled deal with a stock of 24 cards, so that whole deals with the Meister stay quick."""
    cards = list(DECK)
    rng_for(seed, "short deal").shuffle(cards)
    hands = [cards[8 * s : 8 * s + 8] for s in range(3)]
    return ENGINE.new_game(seed=seed, seats=3, deal={"hands": hands, "stock": cards[24:48], "first": seed % 3})


def tip(state: KowahState, seat: int, salt: object = 0) -> Hint:
    return hint(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat), rng_for(salt, "tip"))


def test_the_levels_are_a_beginner_and_todays_computer_which_is_also_the_meister():
    assert isinstance(registry.bot("kowah", "einsteiger"), BeginnerBot)
    assert registry.bot("kowah", "fortgeschritten") is BOT
    assert registry.bot("kowah", "meister") is MEISTER is BOT


def test_every_level_plays_whole_deals_with_legal_actions_and_the_same_choice_for_the_same_rng():
    for seed in range(2):
        bots = [LEVELS[level] for level in registry.LEVELS]
        state, step = short_deal(seed), 0
        while ENGINE.outcome(state) is None:
            (seat,) = ENGINE.actors(state)
            view, legal, bot = ENGINE.view(state, seat), ENGINE.legal_actions(state, seat), bots[(seat + seed) % 3]
            action = bot.choose(view, legal, rng_for(seed, "levels", step))
            assert action in legal
            if step % 7 == 0:
                assert bot.choose(view, legal, rng_for(seed, "levels", step)) == action
            state, _ = ENGINE.apply(state, seat, action)
            step += 1


def test_every_hint_is_a_legal_action_with_a_known_sentence_whose_fields_are_filled():
    state, step = short_deal(5), 0
    while ENGINE.outcome(state) is None:
        (seat,) = ENGINE.actors(state)
        given = tip(state, seat, step)
        assert given.action in ENGINE.legal_actions(state, seat)
        assert given.template in advice.TEMPLATES and str(given)
        state, _ = ENGINE.apply(state, seat, given.action)
        step += 1


@pytest.mark.parametrize("seed", range(4))
def test_the_hint_depends_only_on_what_the_seat_sees(seed):
    state, rng = ENGINE.new_game(seed=seed, seats=3), rng_for(seed, "prefix")
    for _ in range(12 + 5 * seed):
        (seat,) = ENGINE.actors(state)
        state, _ = ENGINE.apply(
            state, seat, BOT.choose(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat), rng)
        )
    (seat,) = ENGINE.actors(state)
    other = ENGINE.shuffle_hidden(state, seat, rng_for(seed, "shuffle"))
    assert other != state and ENGINE.view(other, seat) == ENGINE.view(state, seat)
    assert tip(other, seat) == tip(state, seat)


def test_hint_take_a_discard_that_completes_a_triple():
    state = deal(PLAIN[0], "7S 7M 9C 9S 9M 5C 5C 1S", PLAIN[2], stock=QUIET)
    state = discard(draw(state, 0), 0, "7C")
    assert tip(state, 1) == Hint({"type": "take"}, advice.TAKE_NEARER, {"card": "7C"})


def test_hint_draw_when_the_discard_does_not_help():
    state = deal(PLAIN[0], "7S 7M 9C 9S 9M 5C 5C 1S", PLAIN[2], stock=QUIET)
    state = discard(draw(state, 0), 0, "4C")
    assert tip(state, 1) == Hint({"type": "draw"}, advice.DRAW, {"card": "4C"})


def test_hint_declare_on_the_pair_with_the_most_live_copies():
    # Seat 2 throws a 5C first, so 5C has one live copy left and 5S two.
    state = deal("5C 5C 5S 5S 5M 9C 9S 1C", PLAIN[1], PLAIN[2], stock="3C 9M " + QUIET, first=2)
    state = draw(discard(draw(state, 2), 2, "5C"), 0)
    action = {"type": "checki", "card": "1C", "pair": "5S"}
    assert tip(state, 0) == Hint(action, advice.DECLARE, {"card": "1C", "pair": "5S"})


def test_hint_keep_a_declared_opponents_winning_card():
    state = deal("5C 5S 5M 9C 9S 9M 2C 1C", PLAIN[1], "2C 6S 6S 6M 7M 7S 8C 8C", stock="2C 3C 8M " + QUIET)
    state = draw(draw_and_discard(checki(draw(state, 0), 0, "1C", "2C"), 1), 2)
    given = tip(state, 2)
    assert given.action["card"] != "2C"
    assert (given.template, given.params["wait"]) == (advice.KEEP_WAIT, "2C")


def test_hint_for_a_declarer_is_to_draw():
    state = deal("5C 5S 5M 9C 9S 9M 2C 1C", PLAIN[1], PLAIN[2], stock="2C 3S 3M " + QUIET)
    state = draw_and_discard(draw_and_discard(checki(draw(state, 0), 0, "1C", "2C"), 1), 2)
    assert tip(state, 0) == Hint({"type": "draw"}, advice.LOCKED, {"pair": "2C"})
