"""The beating rule (rules §2.4) as a table, and the plays a hand offers against a table."""

from __future__ import annotations

import pytest

from games.core.rng import rng_for
from games.dou_dizhu.cards import DECK, count_list, counts_of, mask_of
from games.dou_dizhu.combos import CATALOGUE, COUNTERS, GENERATORS, answers, beats, plays_in, random_lead, refusal
from tests.games.dou_dizhu.helpers import combo, packed

BEATS = [
    # id, play, table, beats?
    ("higher_single", "4", "3", True),
    ("equal_single_does_not_beat", "3", "3", False),
    ("two_beats_ace", "2", "A", True),
    ("black_joker_beats_two", "B", "2", True),
    ("red_joker_beats_black_joker", "R", "B", True),
    ("higher_pair", "KK", "QQ", True),
    ("pair_does_not_answer_single", "44", "3", False),
    ("trio_single_kicker_never_counts", "333A", "3334", False),
    ("higher_trio_single_with_lower_kicker", "4443", "333A", True),
    ("trio_pair_answers_only_trio_pair", "44455", "3336", False),
    ("straight_same_length_higher_top", "45678", "34567", True),
    ("straight_equal_top_does_not_beat", "45678", "45678", False),
    ("longer_straight_does_not_beat_shorter", "345678", "45678", False),
    ("pair_run_same_length_higher", "445566", "334455", True),
    ("pair_run_longer_does_not_beat", "33445566", "445566", False),
    ("airplane_higher_core", "444555", "333444", True),
    ("airplane_wing_kind_is_part_of_the_type", "4445556677", "33344456", False),
    ("airplane_singles_higher_core_any_wings", "44455536", "33344422", True),
    ("four_two_singles_higher_quad", "555534", "4444KA", True),
    ("four_two_is_no_bomb", "555534", "444455", True),
    ("four_two_pairs_does_not_answer_four_two_singles", "55553344", "444456", False),
    ("bomb_beats_ordinary", "3333", "TJQKA", True),
    ("bomb_beats_four_two", "3333", "AAAA22KK", True),
    ("bomb_beats_twos_pair", "3333", "22", True),
    ("higher_bomb", "5555", "4444", True),
    ("lower_bomb_does_not_beat", "4444", "5555", False),
    ("ordinary_does_not_beat_bomb", "22", "3333", False),
    ("rocket_beats_bomb", "BR", "2222", True),
    ("rocket_beats_ordinary", "BR", "3", True),
    ("nothing_beats_rocket", "2222", "BR", False),
]


@pytest.mark.parametrize(("play", "table", "expected"), [r[1:] for r in BEATS], ids=[r[0] for r in BEATS])
def test_beating_rule(play: str, table: str, expected: bool) -> None:
    assert beats(combo(play), combo(table)) is expected


def _spelled(plays: list[int]) -> set[str]:
    return {"".join("3456789TJQKA2BR"[r] * k for r, k in enumerate(count_list(p)) if k) for p in plays}


def test_answers_are_the_same_kind_higher_plus_bombs_and_rocket() -> None:
    hand = packed("4 55 666 7777 8 9 T J BR")
    assert _spelled(answers(hand, combo("3"))) == {"4", "5", "6", "7", "8", "9", "T", "J", "B", "R", "7777", "BR"}
    assert _spelled(answers(hand, combo("3333"))) == {"7777", "BR"}
    assert _spelled(answers(hand, combo("8888"))) == {"BR"}
    assert answers(hand, combo("BR")) == []
    assert _spelled(answers(hand, combo("34567"))) == {"45678", "56789", "6789T", "789TJ", "7777", "BR"}


def test_every_answer_beats_and_every_beating_play_is_an_answer() -> None:
    hand = packed("3 44 555 666 777 8888 99 T B")
    held_plays = plays_in(hand)
    for table in (combo(t) for t in ("3", "33", "333444", "3334", "34567", "334455", "4444", "33344456")):
        expected = {p for p in held_plays if beats(CATALOGUE[p], table)}
        assert set(answers(hand, table)) == expected
        assert len(answers(hand, table)) == len(expected)  # each once


def test_refusal_explains_a_play_that_does_not_beat() -> None:
    assert refusal(packed("44"), combo("55")).code == "not_higher"
    assert refusal(packed("445566"), combo("3")).code == "wrong_kind"
    assert refusal(packed("2222"), combo("BR")).code == "rocket_on_table"
    assert refusal(packed("3333"), combo("4444")).code == "bomb_on_table"
    assert refusal(packed("3333"), combo("4")) is None
    assert refusal(packed("35"), None).code == "no_combination"


def test_counted_kinds_count_what_their_generators_list() -> None:
    for i in range(300):
        rng = rng_for(i, "counted")
        hand = counts_of(mask_of(rng.sample(DECK, rng.choice((17, 20)))))
        for kind, count in COUNTERS.items():
            assert count(hand) == len(GENERATORS[kind](hand, None, -1)), (kind, i)


def test_random_lead_draws_the_same_play_as_a_choice_from_the_list() -> None:
    for i in range(300):
        rng = rng_for(i, "lead")
        hand = counts_of(mask_of(rng.sample(DECK, 20)))
        assert random_lead(hand, rng_for(i, "draw")) == rng_for(i, "draw").choice(plays_in(hand))
