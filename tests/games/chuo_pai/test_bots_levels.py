"""The Chuo Pai levels and the Tipp: legal whole deals, the same choice for the same rng, hints that
read only the seat's view and say the sensible thing in plain situations."""

from __future__ import annotations

import pytest

from games.chuo_pai import ENGINE, advice
from games.chuo_pai.bots import BOT, LEVELS, MEISTER, BeginnerBot, SearchBot, hint
from games.chuo_pai.cards import DECK
from games.chuo_pai.state import ChuoPaiState
from games.core import registry
from games.core.hints import Hint
from games.core.rng import rng_for
from tests.games.chuo_pai.helpers import deal, pass_, play, random_prefix


def tip(state: ChuoPaiState, seat: int, salt: object = 0) -> Hint:
    return hint(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat), rng_for(salt, "tip"))


def test_the_levels_are_a_beginner_todays_computer_and_a_wider_search():
    assert isinstance(registry.bot("chuo_pai", "einsteiger"), BeginnerBot)
    assert registry.bot("chuo_pai", "fortgeschritten") is BOT
    assert registry.bot("chuo_pai", "meister") is MEISTER
    assert isinstance(MEISTER, SearchBot) and MEISTER.worlds > BOT.worlds


def test_every_level_plays_a_whole_deal_with_legal_actions():
    # Ten cards each keeps the Meister's searches short; the beginner plays full deals below.
    cards = list(DECK)
    rng_for(1, "short deal").shuffle(cards)
    hands = [cards[10 * s : 10 * s + 10] for s in range(3)]
    bots = [LEVELS[level] for level in registry.LEVELS]
    state, step = ENGINE.new_game(seed=1, seats=3, deal={"hands": hands, "leader": 2}), 0
    while ENGINE.outcome(state) is None:
        (seat,) = ENGINE.actors(state)
        legal = ENGINE.legal_actions(state, seat)
        action = bots[seat].choose(ENGINE.view(state, seat), legal, rng_for(1, "levels", step))
        assert action in legal
        state, _ = ENGINE.apply(state, seat, action)
        step += 1


def test_the_beginner_plays_whole_deals_with_legal_actions():
    for seed in range(2, 5):
        state, step = ENGINE.new_game(seed=seed, seats=3), 0
        while ENGINE.outcome(state) is None:
            (seat,) = ENGINE.actors(state)
            legal = ENGINE.legal_actions(state, seat)
            action = LEVELS["einsteiger"].choose(ENGINE.view(state, seat), legal, rng_for(seed, "b", step))
            assert action in legal
            state, _ = ENGINE.apply(state, seat, action)
            step += 1


@pytest.mark.parametrize("level", registry.LEVELS)
def test_every_level_makes_the_same_choice_for_the_same_rng(level):
    state = deal("2-2 2-2 5-6 1-5 3-6 4-5 4-5 6-6", "5-6 4-6 1-1 2-5 2-5 3-4", "3-3 6-6 1-6 2-3 2-3 1-4", leader=0)
    view, legal = ENGINE.view(state, 0), ENGINE.legal_actions(state, 0)
    choices = {str(LEVELS[level].choose(view, legal, rng_for(7, "same"))) for _ in range(2)}
    assert len(choices) == 1


@pytest.mark.parametrize("seed", [3, 8])
def test_the_hint_depends_only_on_what_the_seat_sees(seed):
    state = random_prefix(seed, 25)
    (seat,) = ENGINE.actors(state)
    other = ENGINE.shuffle_hidden(state, seat, rng_for(seed, "shuffle"))
    assert other != state and ENGINE.view(other, seat) == ENGINE.view(state, seat)
    given = tip(state, seat)
    assert given == tip(other, seat)
    assert given.action in ENGINE.legal_actions(state, seat) and given.template in advice.TEMPLATES


def test_hint_pass_when_nothing_beats():
    state = play(deal("2-2 5-6", "5-6 4-6", "3-3 6-6 5-6"), 0, "2-2")
    assert tip(state, 1) == Hint({"type": "pass"}, advice.PASS, {"target": "2-2"})


def test_hint_the_last_to_act_beats_cheaply():
    state = pass_(play(deal("2-2 5-6", "5-6 4-6", "3-3 6-6 5-6"), 0, "2-2"), 1)
    expected = Hint(
        {"type": "play", "cards": ["3-3"]}, advice.LAST_TO_ACT, {"cards": "3-3", "points": 1, "target": "2-2"}
    )
    assert tip(state, 2) == expected


def test_hint_lead_heaven_which_no_unseen_card_can_beat():
    state = deal("6-6 6-6 6-6 6-6 2-2", "5-6 4-6 1-1", "3-3 5-6 2-2")
    given = tip(state, 0)
    assert given.template == advice.LEAD_SAFE and set(given.action["cards"]) == {"6-6"}
    assert given.params == {"cards": " ".join(given.action["cards"]), "points": len(given.action["cards"])}
