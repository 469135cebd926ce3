"""The computer players: always legal, take wins and Chíu, keep the hand winnable, do not feed."""

from __future__ import annotations

from collections import Counter

import pytest

from bench import chan_bots
from games.chan import ENGINE, rules
from games.chan.bots import BOT, GreedyBot, Outlook, RandomBot, own_holding
from games.chan.state import Meld
from games.core.registry import bot
from games.core.rng import rng_for
from tests.games.chan.helpers import CHIU, REVEAL, WIN, discard, holding, play, table

READY = "2V 2V 3S 3S 4N 4N 6V 6V 6V 6V 7S 7S 5V 5S 8N 8V 9S 9N 3V"


def choice(player, state, seat):
    return player.choose(rules.view(state, seat), rules.legal_actions(state, seat), rng_for(0, "test"))


@pytest.mark.parametrize("player", [BOT, GreedyBot(), RandomBot()], ids=lambda p: type(p).__name__)
def test_bots_only_ever_choose_legal_actions(player):
    for seed in range(3):
        state = ENGINE.new_game(seed=seed, seats=4)
        while ENGINE.outcome(state) is None:
            seat = min(ENGINE.actors(state))
            action = choice(player, state, seat)
            assert action in ENGINE.legal_actions(state, seat)
            state, _ = ENGINE.apply(state, seat, action)


def test_registry_gives_the_strong_bot():
    assert bot("chan") is BOT


@pytest.mark.parametrize("player", [BOT, GreedyBot(), RandomBot()], ids=lambda p: type(p).__name__)
def test_every_bot_always_claims_a_win(player):
    state, _ = play(table({0: "CC", 3: READY}, stock="3N"), (0, discard("CC")), (1, REVEAL))
    assert choice(player, state, 3) == WIN


def test_bot_always_chius():
    state, _ = play(table({0: "2V", 2: "2V 2V 2V"}), (0, discard("2V")))
    assert choice(BOT, state, 2) == CHIU


def test_bot_melds_a_chan_that_pairs_a_single_card():
    state, _ = play(table({0: "9N", 1: "9N"}), (0, discard("9N")))
    assert choice(BOT, state, 1) == {"type": "meld", "card": "9N"}


def test_bot_refuses_a_ca_that_puts_six_chan_out_of_reach():
    four_ca = {1: tuple(Meld("ca", r + "V", (r + "S",)) for r in "2346")}
    state = table({0: "7V", 1: "7S 5N 5N 8N 8N 9N 9N", 2: "7V 7V 7N 7N", 3: "7V 7N 7N"}, melds=four_ca)
    state, _ = play(state, (0, discard("7V")))
    assert {"type": "meld", "card": "7S"} in rules.legal_actions(state, 1)
    assert GreedyBot().choose(rules.view(state, 1), rules.legal_actions(state, 1), rng_for(0, "g"))["type"] == "meld"
    assert choice(BOT, state, 1) == REVEAL


def test_bot_keeps_the_single_with_live_winning_cards():
    # Discarding CC leaves a wait on 3V/3N; discarding 3V leaves CC, which cannot win (Chi Chi rule).
    h = holding(READY + " CC")
    outlook = Outlook(Counter({"3V": 2, "3N": 3, "CC": 3}), 19, frozenset(), False)
    assert outlook.best_discard(h)[1] == "CC"


def test_a_discard_the_next_seat_may_not_take_feeds_nothing():
    outlook = Outlook(Counter({"2V": 2, "2S": 2, "2N": 2, "3V": 2, "3S": 2, "3N": 2}), 19, frozenset({"2V"}), False)
    assert outlook.feed("2V") == 0 < outlook.feed("3V")
    assert Outlook(outlook.live, 19, frozenset(), True).feed("3V") < outlook.feed("3V")  # no Cạ for him


def test_bots_read_their_own_seat_only():
    state = ENGINE.new_game(seed=1, seats=4)
    view = rules.view(state, state.dealer)
    assert own_holding(view).hand == state.hands[state.dealer]


def test_greedy_melds_whenever_it_can_and_prefers_chan():
    state, _ = play(table({0: "9N", 1: "9N 9S"}), (0, discard("9N")))
    assert choice(GreedyBot(), state, 1) == {"type": "meld", "card": "9N"}


def test_bench_prints_win_shares_gains_and_cpu_times(capsys, monkeypatch):
    cheap = {"einsteiger": RandomBot(), "fortgeschritten": GreedyBot(), "meister": BOT}
    monkeypatch.setattr(chan_bots, "LEVELS", cheap)
    chan_bots.main(["--deals", "2"])
    out = capsys.readouterr().out
    assert "win share (95 % CI)" in out and "gain meister − fortgeschritten" in out
    assert "meister decision CPU time: p50" in out
