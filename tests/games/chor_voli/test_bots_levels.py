"""The three levels and the Tipp: legal from the view alone, deterministic for an rng, never peeking."""

from __future__ import annotations

import pytest

from bench.chor_voli_bots import arranged_seeds
from games.chor_voli import ENGINE
from games.chor_voli.bots import BOT, LEVELS, MEISTER, NO_GROUP, SPREAD, STRONG_FRONT, expected_wins, hint
from games.chor_voli.groups import GroupType
from games.core import registry
from games.core.rng import rng_for
from tests.games.chor_voli.helpers import new_round


def test_the_registry_serves_each_level_and_fortgeschritten_is_todays_bot() -> None:
    assert [registry.bot("chor_voli", level) for level in registry.LEVELS] == list(LEVELS.values())
    assert registry.bot("chor_voli", "fortgeschritten") is BOT
    assert LEVELS["meister"] is MEISTER


@pytest.mark.parametrize("level", ["einsteiger", "fortgeschritten", "meister"])
def test_every_level_confirms_legal_arrangements_over_whole_rounds(level: str) -> None:
    bot = LEVELS[level]
    for seed in arranged_seeds(range(3 if level == "meister" else 8))[:2 if level == "meister" else 8]:
        state = ENGINE.new_game(seed=seed, seats=4)
        for seat in range(4):
            state, _ = ENGINE.apply(state, seat, bot.choose(ENGINE.view(state, seat), [], rng_for(seed, seat)))
        ENGINE.check_invariants(state)
        assert ENGINE.outcome(state) is not None


@pytest.mark.parametrize("level", ["einsteiger", "fortgeschritten", "meister"])
def test_every_level_decides_the_same_for_the_same_rng(level: str) -> None:
    view = ENGINE.view(ENGINE.new_game(seed=1, seats=4), 2)
    bot = LEVELS[level]
    assert bot.choose(view, [], rng_for(7)) == bot.choose(view, [], rng_for(7))


def test_the_einsteiger_sometimes_overlooks_the_strongest_group() -> None:
    view = ENGINE.view(ENGINE.new_game(seed=1, seats=4), 0)
    choices = {str(LEVELS["einsteiger"].choose(view, [], rng_for(n))) for n in range(12)}
    assert len(choices) > 1


def test_the_hint_ignores_the_cards_this_seat_cannot_see() -> None:
    mine = "AS AH AD KS QS JS 9H 8D 7C 6S 4H 2D 5C"
    one = new_round(mine, "KH KD KC QH JH TH 9S 8H 7D 6H 4D 2C 3S")
    other = new_round(mine, "3H 3D 3C QC JC TC 9C 8S 7H 6D 5S 2H 4S")
    assert one.hands[1] != other.hands[1]
    assert ENGINE.view(one, 0) == ENGINE.view(other, 0)
    first, second = hint(ENGINE.view(one, 0), [], rng_for(3)), hint(ENGINE.view(other, 0), [], rng_for(3))
    assert first == second


def test_the_hint_is_the_meisters_arrangement() -> None:
    view = ENGINE.view(ENGINE.new_game(seed=4, seats=4), 1)
    assert hint(view, [], rng_for(5)).action == MEISTER.choose(view, [], rng_for(5))


def test_a_trio_of_aces_goes_in_front_and_the_hint_says_it_beats_most_front_groups() -> None:
    state = new_round("AS AH AD KS QS JS 9H 8D 7C 6S 4H 2D 5C")
    tipp = hint(ENGINE.view(state, 0), [], rng_for(0))
    ENGINE.apply(state, 0, tipp.action)  # legal
    assert tipp.template == STRONG_FRONT[GroupType.TRIO]
    assert tipp.params == {"cards": "A♠ A♥ A♦", "percent": 100}
    assert str(tipp).startswith("A trio in front (A♠ A♥ A♦)")


def test_a_hand_whose_strongest_groups_would_waste_it_is_told_to_spread_its_strength() -> None:
    # Strongest-first takes Q-J-T and 7-6-5 and is left with a flush 10-9-2 and independent cards;
    # the Meister plays J-T-9 in front and keeps the Queens and the sixes for stronger later groups.
    state = new_round("QH QD JC TD TC 9D 7H 6S 6H 5S 3H 2D 2C")
    tipp = hint(ENGINE.view(state, 0), [], rng_for(0))
    ENGINE.apply(state, 0, tipp.action)  # legal
    assert tipp.template == SPREAD
    assert tipp.params["cards"] == "J♣ 10♣ 9♦"
    assert tipp.params["chips"] > tipp.params["greedy_chips"]


def test_no_valid_group_template_is_a_plain_sentence() -> None:
    assert "{" not in NO_GROUP


def test_the_bench_judges_arrangements_on_the_same_sampled_deals() -> None:
    view = ENGINE.view(ENGINE.new_game(seed=4, seats=4), 1)
    nothing = {"type": "arrange", "groups": [], "discard": view["hand"]}
    meister = MEISTER.choose(view, [], rng_for(5))
    judged = expected_wins(view, [nothing, meister, meister], 200, rng_for(6))
    assert judged[0] == 0 < judged[1] == judged[2] <= len(meister["groups"])
    assert judged == expected_wins(view, [nothing, meister, meister], 200, rng_for(6))
