"""`games.core.rng` draws exactly what the stdlib draws: deals in the database, fair play's re-deals
and the golden transcripts are all re-created from seeds, so a faster generator must not change a
single number or leave the generator in a different state."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.core.rng import Rng, rng_for

SETTINGS = settings(max_examples=300, deadline=None)
salts = st.lists(st.one_of(st.integers(), st.text(max_size=12)), max_size=3)


def twins(seed: int) -> tuple[Rng, random.Random]:
    """Our generator and the stdlib's, in the same state."""
    ours = rng_for(seed, "twins")
    theirs = random.Random()
    theirs.setstate(ours.getstate())
    return ours, theirs


@SETTINGS
@given(seed=st.one_of(st.integers(), st.text(max_size=20)), salt=salts)
def test_a_seed_and_salt_give_the_state_random_random_gives_their_text(seed: int, salt: list[object]) -> None:
    text = ":".join(str(part) for part in (seed, *salt))
    assert rng_for(seed, *salt).getstate() == random.Random(text).getstate()


def test_the_draws_of_a_deal_are_pinned() -> None:
    # Numbers, not only the stdlib as the reference: the database's deals were made from these.
    rng = rng_for(42, "deal")
    assert [rng.getrandbits(32) for _ in range(3)] == [706436741, 248942057, 634834298]
    rng, cards = rng_for(7, "deal", 1), list(range(20))
    rng.shuffle(cards)
    assert cards == [15, 2, 16, 3, 10, 12, 4, 9, 6, 19, 0, 18, 13, 17, 5, 7, 11, 8, 1, 14]
    assert (rng.randrange(3), rng.choice("abcde"), rng.randint(1, 6)) == (1, "b", 1)


@SETTINGS
@given(seed=st.integers(), size=st.integers(min_value=0, max_value=300), rounds=st.integers(min_value=1, max_value=3))
def test_shuffle_gives_the_stdlibs_permutation_and_state(seed: int, size: int, rounds: int) -> None:
    ours, theirs = twins(seed)
    mine, stdlib = list(range(size)), list(range(size))
    for _ in range(rounds):
        ours.shuffle(mine)
        random.Random.shuffle(theirs, stdlib)
    assert mine == stdlib
    assert ours.getstate() == theirs.getstate()


@pytest.mark.parametrize("size", [*range(0, 70), 255, 256, 257, 258, 400])
def test_shuffle_matches_at_every_length_the_games_use(size: int) -> None:
    for seed in range(20):
        ours, theirs = twins(seed)
        mine, stdlib = list(range(size)), list(range(size))
        ours.shuffle(mine)
        theirs.shuffle(stdlib)
        assert (mine, ours.getstate()) == (stdlib, theirs.getstate())


@SETTINGS
@given(seed=st.integers(), items=st.lists(st.integers(), min_size=1, max_size=70))
def test_choice_gives_the_stdlibs_item_and_state(seed: int, items: list[int]) -> None:
    ours, theirs = twins(seed)
    assert [ours.choice(items) for _ in range(5)] == [theirs.choice(items) for _ in range(5)]
    assert ours.getstate() == theirs.getstate()


def test_choice_from_nothing_is_refused_as_by_the_stdlib() -> None:
    with pytest.raises(IndexError):
        rng_for(0).choice([])


@SETTINGS
@given(seed=st.integers(), start=st.integers(-300, 300), width=st.integers(1, 2**70))
def test_randrange_and_randint_give_the_stdlibs_numbers_and_state(seed: int, start: int, width: int) -> None:
    ours, theirs = twins(seed)
    assert ours.randrange(width) == theirs.randrange(width)
    assert ours.randrange(start, start + width) == theirs.randrange(start, start + width)
    assert ours.randint(start, start + width) == theirs.randint(start, start + width)
    assert ours.randrange(start, start + width, 3) == theirs.randrange(start, start + width, 3)
    assert ours.below(width) == theirs._randbelow(width)
    assert ours.getstate() == theirs.getstate()


@pytest.mark.filterwarnings("ignore:non-integer arguments:DeprecationWarning")
@pytest.mark.filterwarnings("ignore:randrange\\(\\) will raise:DeprecationWarning")
@pytest.mark.parametrize("args", [(0,), (-3,), (5, 5), (5, 2), (0, 10, 0), (1.5,), (0, 2.5), ("3",)])
def test_randrange_refuses_what_the_stdlib_refuses(args: tuple[object, ...]) -> None:
    ours, theirs = twins(0)
    with pytest.raises((ValueError, TypeError)) as stdlib:
        theirs.randrange(*args)
    with pytest.raises(stdlib.type):
        ours.randrange(*args)
