"""The computer players: legal arrangements from the view alone, the baselines' definitions, BOT's strength."""

from __future__ import annotations

import statistics

import pytest

from bench.chor_voli_bots import arranged_seeds, play_round
from games.chor_voli import ENGINE
from games.chor_voli.bots import BOT, FirstValidBot, GreedyBot, RandomBot
from games.core import registry
from games.core.rng import rng_for
from tests.games.chor_voli.helpers import GROUPS, HOLDINGS, cards, new_round

ALL_BOTS = [BOT, FirstValidBot(), GreedyBot(), RandomBot()]


def test_the_registry_finds_the_strong_bot() -> None:
    assert registry.bot("chor_voli") is BOT


@pytest.mark.parametrize("bot", ALL_BOTS, ids=lambda bot: type(bot).__name__)
def test_every_bot_confirms_a_legal_arrangement_from_its_view_alone(bot) -> None:
    for seed in arranged_seeds(range(6)):
        state = ENGINE.new_game(seed=seed, seats=4)
        for seat in range(4):
            action = bot.choose(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat), rng_for(seed, seat))
            state, _ = ENGINE.apply(state, seat, action)
        ENGINE.check_invariants(state)


def test_first_valid_bot_takes_the_first_valid_triple_in_the_hands_order() -> None:
    state = new_round("AS AH KD QC 9S 8S 7S 5H 4D 3C 2S 2H 2D")
    action = FirstValidBot().choose(ENGINE.view(state, 0), [], rng_for(0))
    assert action["groups"][0] == cards("AS KD QC")  # not the trio of 2s nor the 9-8-7 straight flush
    assert len(action["groups"]) == 4


def test_greedy_bot_takes_the_strongest_group_left_each_time() -> None:
    state = new_round("AS AH KD QC 9S 8S 7S 5H 4D 3C 2S 2H 2D")
    action = GreedyBot().choose(ENGINE.view(state, 0), [], rng_for(0))
    assert [set(g) for g in action["groups"][:2]] == [set(cards("2S 2H 2D")), set(cards("9S 8S 7S"))]


def test_bot_forms_four_groups_when_its_hand_allows_them() -> None:
    state = new_round(*HOLDINGS)
    action = BOT.choose(ENGINE.view(state, 0), [], rng_for(0))
    assert len(action["groups"]) == 4
    assert cards(GROUPS[0][0]) in action["groups"]  # the trio of Aces wins comparison 1 outright


def test_bot_wins_more_chips_than_the_greedy_baseline_in_the_same_seat() -> None:
    greedy, gains = GreedyBot(), []
    for seed in arranged_seeds(range(40)):
        seat = seed % 4
        reference = play_round(seed, [greedy] * 4)
        with_bot = play_round(seed, [BOT if s == seat else greedy for s in range(4)])
        gains.append(with_bot[seat] - reference[seat])
    assert statistics.fmean(gains) > 0.1
