"""The Kowah computers: legal play, building towards Checki, reading waits, never feeding."""

from __future__ import annotations

from collections import Counter

import pytest

from games.core import registry
from games.core.rng import rng_for
from games.kowah import ENGINE
from games.kowah.bots import BOT, CheckiBot, GreedyBot, RandomBot, prospect
from games.kowah.cards import CARDS, COPIES
from games.kowah.state import KowahState
from tests.games.kowah.helpers import PLAIN, checki, deal, discard, draw, draw_and_discard

QUIET = "3C 4S 6M 7S 8C 3S 4M 6C 7M 8S"


def choice(bot: object, state: KowahState, seat: int) -> dict:
    return bot.choose(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat), rng_for(0, "test"))


def unseen_after(*cards: str) -> dict[str, int]:
    seen = Counter(cards)
    return {card: COPIES - seen[card] for card in CARDS}


def test_the_registered_computer_is_the_checki_bot():
    assert registry.bot("kowah") is BOT and isinstance(BOT, CheckiBot)


@pytest.mark.parametrize("bot", [RandomBot(), GreedyBot(), CheckiBot()], ids=type)
def test_every_computer_plays_whole_deals_with_legal_actions(bot):
    for seed in range(2):
        state, step = ENGINE.new_game(seed=seed, seats=3), 0
        while ENGINE.outcome(state) is None:
            (seat,) = ENGINE.actors(state)
            legal = ENGINE.legal_actions(state, seat)
            action = bot.choose(ENGINE.view(state, seat), legal, rng_for(seed, "test", step))
            assert action in legal
            state, _ = ENGINE.apply(state, seat, action)
            step += 1


def test_prospect_counts_the_cards_missing_from_checki():
    unseen = unseen_after("5C", "5S", "5M", "9C", "9S", "9M", "2C", "2C")
    assert prospect(["5C", "5S", "5M", "9C", "9S", "9M", "2C", "2C"], unseen).closeness == 0
    assert prospect(["5C", "5S", "5M", "9C", "9S", "9M", "2C", "1C"], unseen).closeness == -1
    assert prospect(["5C", "5S", "5M", "9C", "9S", "6M", "2C", "1C"], unseen).closeness == -2


def test_prospect_counts_only_waits_with_a_live_copy():
    hand = ["5C", "5S", "5M", "9C", "9S", "9M", "2C", "2C"]
    assert prospect(hand, {**unseen_after(*hand), "2C": 0}).closeness < 0


def test_a_declared_opponents_winning_card_must_fit_into_the_shape():
    hand = ["5C", "5S", "5M", "9C", "9S", "2C", "2C", "7M"]
    unseen = unseen_after(*hand)
    assert prospect(hand, unseen).closeness == -1
    assert prospect(hand, unseen, stuck=frozenset({"7M"})).closeness == -2  # 7M must join a triple


def test_the_checki_bot_keeps_pairs_and_partial_triples():
    state = draw(deal("5C 5C 7S 7M 9C 9S 9M 1S", PLAIN[1], PLAIN[2], stock="OT " + QUIET), 0)
    assert choice(BOT, state, 0)["card"] in ("OT", "1S")


def test_the_checki_bot_takes_a_discard_that_completes_a_triple():
    state = deal(PLAIN[0], "7S 7M 9C 9S 9M 5C 5C 1S", PLAIN[2], stock=QUIET)
    state = discard(draw(state, 0), 0, "7C")
    assert choice(BOT, state, 1) == {"type": "take"}


def test_the_checki_bot_draws_when_the_discard_does_not_help():
    state = deal(PLAIN[0], "7S 7M 9C 9S 9M 5C 5C 1S", PLAIN[2], stock=QUIET)
    state = discard(draw(state, 0), 0, "4C")
    assert choice(BOT, state, 1) == {"type": "draw"}


def test_the_checki_bot_declares_on_the_pair_with_the_most_live_copies():
    # Seat 2 throws a 5C first, so 5C has one live copy left and 5S two.
    state = deal("5C 5C 5S 5S 5M 9C 9S 1C", PLAIN[1], PLAIN[2], stock="3C 9M " + QUIET, first=2)
    state = draw(discard(draw(state, 2), 2, "5C"), 0)
    assert choice(BOT, state, 0) == {"type": "checki", "card": "1C", "pair": "5S"}


def test_the_checki_bot_does_not_declare_a_dead_wait():
    state = deal("5C 5S 5M 9C 9S 9M 2C 1C", "2C " + PLAIN[1][3:], PLAIN[2], stock="3C 4S 2C " + QUIET, first=1)
    state = discard(draw(state, 1), 1, "2C")
    state = discard(draw(state, 2), 2, "2C")  # the other two copies lie on the pile
    state = draw(state, 0)
    assert {"type": "checki", "card": "1C", "pair": "2C"} in ENGINE.legal_actions(state, 0)
    assert choice(BOT, state, 0)["type"] == "discard"


def fed_state() -> KowahState:
    """Seat 0 waits on 2C; seat 2 holds a lone 2C beside a triple of 6s and one of 8s."""
    state = deal("5C 5S 5M 9C 9S 9M 2C 1C", PLAIN[1], "2C 6S 6S 6M 7M 7S 8C 8C", stock="2C 3C 8M " + QUIET)
    state = draw_and_discard(checki(draw(state, 0), 0, "1C", "2C"), 1)
    return draw(state, 2)


def test_the_checki_bot_never_feeds_a_declared_opponent():
    assert choice(BOT, fed_state(), 2)["card"] != "2C"


def test_the_greedy_bot_does_feed_a_declared_opponent():  # the yardstick's known weakness
    assert choice(GreedyBot(), fed_state(), 2) == {"type": "discard", "card": "2C"}


def test_the_checki_bot_wins_most_deals_against_random_players():
    wins = 0
    for seed in range(6):
        for seat in range(3):
            bots = [BOT if s == seat else RandomBot() for s in range(3)]
            state, step = ENGINE.new_game(seed=seed, seats=3), 0
            while ENGINE.outcome(state) is None:
                (actor,) = ENGINE.actors(state)
                legal = ENGINE.legal_actions(state, actor)
                action = bots[actor].choose(ENGINE.view(state, actor), legal, rng_for(seed, "smoke", step))
                state, _ = ENGINE.apply(state, actor, action)
                step += 1
            wins += ENGINE.outcome(state)["winner"] == seat
    assert wins >= 12
