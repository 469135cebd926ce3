"""The combination catalogue (rules §2.3): every row, every wing and kicker rule, the reasons given for
sets that are no combination, and the whole space of card multisets of at most 20 cards."""

from __future__ import annotations

from collections import Counter
from math import comb

import pytest

from games.core.rng import rng_for
from games.dou_dizhu.cards import DECK, RANKS, count_list, counts_of, mask_of, pack
from games.dou_dizhu.combos import CATALOGUE, FULL_PACK, GENERATORS, Kind, classify, why_not
from tests.games.dou_dizhu.helpers import combo, packed

VALID = [
    # id, cards, kind, n, key
    ("single_any_card", "3", Kind.SINGLE, 1, 0),
    ("single_red_joker", "R", Kind.SINGLE, 1, 14),
    ("single_two", "2", Kind.SINGLE, 1, 12),
    ("pair", "77", Kind.PAIR, 1, 4),
    ("pair_of_twos", "22", Kind.PAIR, 1, 12),
    ("trio", "999", Kind.TRIO, 1, 6),
    ("trio_of_twos", "222", Kind.TRIO, 1, 12),
    ("trio_single", "9994", Kind.TRIO_SINGLE, 1, 6),
    ("trio_single_with_a_two", "3332", Kind.TRIO_SINGLE, 1, 0),
    ("trio_single_with_a_joker", "222R", Kind.TRIO_SINGLE, 1, 12),
    ("trio_pair", "99944", Kind.TRIO_PAIR, 1, 6),
    ("trio_pair_with_twos", "33322", Kind.TRIO_PAIR, 1, 0),
    ("straight_of_five", "34567", Kind.STRAIGHT, 5, 4),
    ("straight_of_twelve", "3456789TJQKA", Kind.STRAIGHT, 12, 11),
    ("straight_up_to_the_ace", "TJQKA", Kind.STRAIGHT, 5, 11),
    ("pair_run_of_three", "334455", Kind.PAIR_RUN, 3, 2),
    ("pair_run_of_ten", "33445566778899TTJJQQ", Kind.PAIR_RUN, 10, 9),
    ("airplane_of_two", "333444", Kind.AIRPLANE, 2, 1),
    ("airplane_of_six", "333444555666777888", Kind.AIRPLANE, 6, 5),
    ("twelve_cards_are_only_airplane_of_four", "333444555666", Kind.AIRPLANE, 4, 3),
    ("airplane_singles_of_two", "33344456", Kind.AIRPLANE_SINGLES, 2, 1),
    ("airplane_singles_of_five", "333444555666777 89TJQ", Kind.AIRPLANE_SINGLES, 5, 4),
    ("single_wings_may_form_a_pair", "33344455", Kind.AIRPLANE_SINGLES, 2, 1),
    ("single_wings_may_be_a_two_and_one_joker", "QQQKKK2B", Kind.AIRPLANE_SINGLES, 2, 10),
    ("single_wings_of_an_adjacent_rank", "444555 36", Kind.AIRPLANE_SINGLES, 2, 2),
    ("airplane_pairs_of_two", "3334445566", Kind.AIRPLANE_PAIRS, 2, 1),
    ("airplane_pairs_of_four", "333444555666 7788TTJJ", Kind.AIRPLANE_PAIRS, 4, 3),
    ("four_two_singles", "444456", Kind.FOUR_TWO_SINGLES, 1, 1),
    ("four_two_singles_may_be_a_pair", "444455", Kind.FOUR_TWO_SINGLES, 1, 1),
    ("four_two_singles_with_a_two_and_a_joker", "44442B", Kind.FOUR_TWO_SINGLES, 1, 1),
    ("four_two_pairs", "44445566", Kind.FOUR_TWO_PAIRS, 1, 1),
    ("four_two_pairs_with_twos", "4444AA22", Kind.FOUR_TWO_PAIRS, 1, 1),
    ("bomb", "4444", Kind.BOMB, 1, 1),
    ("bomb_of_twos", "2222", Kind.BOMB, 1, 12),
    ("rocket_is_the_two_jokers_not_a_pair", "BR", Kind.ROCKET, 1, 14),
]


@pytest.mark.parametrize(("cards", "kind", "n", "key"), [row[1:] for row in VALID], ids=[row[0] for row in VALID])
def test_catalogue_row(cards: str, kind: Kind, n: int, key: int) -> None:
    found = combo(cards)
    assert (found.kind, found.n, found.key, found.size) == (kind, n, key, len(cards.replace(" ", "")))


INVALID = [
    # id, cards, reason code
    ("nothing_chosen", "", "no_cards"),
    ("straight_of_four_is_too_short", "3456", "straight_too_short"),
    ("straight_cannot_contain_a_two", "JQKA2", "chain_with_two"),
    ("straight_cannot_contain_a_joker", "TJQKAB", "chain_with_two"),
    ("straight_needs_consecutive_ranks", "34568", "not_consecutive"),
    ("two_pairs_are_no_pair_run", "3344", "pair_run_too_short"),
    ("pair_run_cannot_contain_twos", "QQKKAA22", "chain_with_two"),
    ("airplane_cannot_contain_twos", "KKKAAA222", "chain_with_two"),
    ("trios_must_be_consecutive", "333555", "trios_apart"),
    ("trios_with_wings_must_be_consecutive", "33355546", "trios_apart"),
    ("single_wings_cannot_hold_a_triple", "333444555999", "airplane_wings"),
    ("quad_with_a_trio_and_a_single", "3334445 3 ", "four_kickers"),
    ("single_wings_cannot_use_a_core_rank", "333444555 3 67", "airplane_wings"),
    ("single_wings_cannot_be_both_jokers", "333444BR", "rocket_alone"),
    ("single_wings_cannot_hold_a_bomb", "333444555 7777", "airplane_wings"),
    ("pair_wings_must_have_different_ranks", "3334445555", "airplane_wings"),
    ("airplane_wings_must_match_the_trios", "333444567", "airplane_wings"),
    ("jokers_cannot_pair_as_wings", "333444 55 BR", "rocket_alone"),
    ("trio_takes_one_single_not_two", "33345", "trio_kickers"),
    ("trio_pair_cannot_be_jokers", "333BR", "rocket_alone"),
    ("four_with_one_kicker", "44445", "four_kickers"),
    ("four_two_singles_not_both_jokers", "4444BR", "rocket_alone"),
    ("four_two_pairs_of_one_rank", "44445555", "four_kickers"),
    ("four_with_three_kickers", "4444567", "four_kickers"),
    ("two_different_cards", "35", "no_combination"),
    ("more_than_twenty_cards", "333444555666777888999", "too_many_cards"),
]


@pytest.mark.parametrize(("cards", "code"), [row[1:] for row in INVALID], ids=[row[0] for row in INVALID])
def test_no_combination_with_reason(cards: str, code: str) -> None:
    assert classify(packed(cards)) is None
    reason = why_not(packed(cards))
    assert reason.code == code
    assert str(reason)  # the template fills in with its params


def test_the_rocket_reason_names_no_kind_it_cannot_be() -> None:
    assert "rocket" in str(why_not(packed("333444BR")))


# --- the whole space -------------------------------------------------------------------------------

SEQUENCE = range(12)  # 3 … A
SUITED = range(13)  # 3 … 2: ranks with four cards; 13 and 14 are the jokers


def reference_readings(c: list[int]) -> set[tuple[str, int, int]]:
    """Every (kind, n, key) under which the counts `c` satisfy a catalogue row, by its literal
    definition (rules §2.3), trying every possible core. Written independently of `combos.py`."""
    size = sum(c)
    held_ranks = [r for r in range(RANKS) if c[r]]
    found: set[tuple[str, int, int]] = set()
    if len(held_ranks) == 1:
        (r,) = held_ranks
        found.add(({1: "single", 2: "pair", 3: "trio", 4: "bomb"}[c[r]], 1, r))
    if c[13] == c[14] == 1 and size == 2:
        found.add(("rocket", 1, 14))
    _kicker_readings(c, found)
    # Chains: m cards of each of n consecutive sequence ranks and nothing else.
    chain_kinds = {1: ("straight", 5, 12), 2: ("pair_run", 3, 10), 3: ("airplane", 2, 6)}
    n = len(held_ranks)
    copies = {c[r] for r in held_ranks}
    if len(copies) == 1 and (m := copies.pop()) in chain_kinds:
        kind, lo, hi = chain_kinds[m]
        if held_ranks[-1] <= 11 and held_ranks[-1] - held_ranks[0] == n - 1 and lo <= n <= hi:
            found.add((kind, n, held_ranks[-1]))
    _airplane_wing_readings(c, found)
    return found


def _kicker_readings(c: list[int], found: set[tuple[str, int, int]]) -> None:
    """Trio + single/pair with trio t; four + two singles/pairs with quad q."""
    size = sum(c)
    for t in SUITED:
        if c[t] >= 3 and size in (4, 5):
            rest = _minus(c, {t: 3})
            if size == 4 and rest[t] == 0:
                found.add(("trio_single", 1, t))
            if size == 5 and any(rest[k] == 2 and k != t for k in SUITED):
                found.add(("trio_pair", 1, t))
        if c[t] == 4 and size in (6, 8):
            rest = _minus(c, {t: 4})
            if size == 6 and max(rest) <= 2 and not (rest[13] and rest[14]):
                found.add(("four_two_singles", 1, t))
            if size == 8 and sorted(x for x in rest if x) == [2, 2] and not (rest[13] or rest[14]):
                found.add(("four_two_pairs", 1, t))


def _airplane_wing_readings(c: list[int], found: set[tuple[str, int, int]]) -> None:
    """Airplane + singles / + pairs: every run of ≥ 3 cards on consecutive sequence ranks as core."""
    size = sum(c)
    for length in range(2, 6):
        if size not in (4 * length, 5 * length):
            continue
        for start in range(12 - length + 1):
            core_ranks = range(start, start + length)
            if any(c[r] < 3 for r in core_ranks):
                continue
            wings = _minus(c, dict.fromkeys(core_ranks, 3))
            key = start + length - 1
            if (
                size == 4 * length
                and all(wings[r] == 0 for r in core_ranks)
                and max(wings) <= 2
                and not (wings[13] and wings[14])
            ):
                found.add(("airplane_singles", length, key))
            pairs = [r for r in range(RANKS) if wings[r]]
            if size == 5 * length and length <= 4 and len(pairs) == length and all(wings[r] == 2 for r in pairs):
                found.add(("airplane_pairs", length, key))


def _minus(c: list[int], take: dict[int, int]) -> list[int]:
    return [c[r] - take.get(r, 0) for r in range(RANKS)]


def _poly_coefficient(factors: list[list[int]], degree: int) -> int:
    """The coefficient of x^degree in the product of the polynomials (coefficient lists)."""
    product_ = [1]
    for f in factors:
        nxt = [0] * (len(product_) + len(f) - 1)
        for i, a in enumerate(product_):
            for j, b in enumerate(f):
                nxt[i + j] += a * b
        product_ = nxt
    return product_[degree] if degree < len(product_) else 0


def _single_wing_sets(n: int) -> int:
    """Wings of n cards outside an n-trio core: at most 2 of each of the 13 - n other suited ranks,
    and at most one joker (one of two ways), never both."""
    return _poly_coefficient([[1, 1, 1]] * (13 - n) + [[1, 2]], n)


EXPECTED_BY_KIND = {
    Kind.SINGLE: 15,
    Kind.PAIR: 13,
    Kind.TRIO: 13,
    Kind.TRIO_SINGLE: 13 * 14,
    Kind.TRIO_PAIR: 13 * 12,
    Kind.STRAIGHT: sum(13 - n for n in range(5, 13)),
    Kind.PAIR_RUN: sum(13 - n for n in range(3, 11)),
    Kind.AIRPLANE: sum(13 - n for n in range(2, 7)),
    Kind.AIRPLANE_SINGLES: sum((13 - n) * _single_wing_sets(n) for n in range(2, 6)),
    Kind.AIRPLANE_PAIRS: sum((13 - n) * comb(13 - n, n) for n in range(2, 5)),
    Kind.FOUR_TWO_SINGLES: 13 * _poly_coefficient([[1, 1, 1]] * 12 + [[1, 2]], 2),
    Kind.FOUR_TWO_PAIRS: 13 * comb(12, 2),
    Kind.BOMB: 13,
    Kind.ROCKET: 1,
}


def test_every_card_multiset_of_at_most_20_cards_has_at_most_one_kind_and_24639_have_one() -> None:
    """The space (≈ 10^9 multisets) is too large to classify one by one, so the claim is proved:

    1. For each kind T, the number of multisets meeting T's definition is counted in closed form
       (`EXPECTED_BY_KIND`: choices of core rank/chain × choices of wings or kickers, the bounded
       wing choices as a polynomial coefficient). The counts are the rules file's (1,326 four + two
       singles, 858 four + two pairs) and add up to 24,639.
    2. The catalogue's generators, run on a full pack, produce for each T exactly that many sets,
       and no set twice across all kinds (the lists are pairwise disjoint).
    3. The independent literal reference `reference_readings` reads every catalogue set as its
       catalogue kind, n and key, and as nothing else. So each generated T-set meets T's
       definition; with the counts equal, the generated T-sets are *all* sets meeting T's
       definition. Every valid multiset is therefore in the catalogue under exactly one reading,
       and since `classify` is a lookup in it, it is right on the whole space: the catalogue's
       sets get their one kind, every other set is rejected.
    The random and exhaustive cross-checks below guard the combinatorics of step 1 in practice.
    """
    assert sum(EXPECTED_BY_KIND.values()) == 24_639
    full = pack(FULL_PACK)
    generated = {kind: gen(full, None, -1) for kind, gen in GENERATORS.items()}
    assert {kind: len(sets) for kind, sets in generated.items()} == EXPECTED_BY_KIND
    assert len({p for sets in generated.values() for p in sets}) == 24_639 == len(CATALOGUE)
    for kind, sets in generated.items():
        for p in sets:
            c = count_list(p)
            combo_ = CATALOGUE[p]
            assert sum(c) <= 20
            assert reference_readings(c) == {(kind.value, combo_.n, combo_.key)}, (kind, c)
            assert combo_.kind is kind


def _random_sets(count: int) -> list[list[int]]:
    """Random card sets of 1-20 cards, half of them near misses: a catalogue set with one card
    added, removed or swapped (where the rules' boundaries are)."""
    rng = rng_for(2024, "dou_dizhu classifier cross-check")
    catalogue = sorted(CATALOGUE)
    sets = []
    for i in range(count):
        if i % 2:
            sets.append(count_list(counts_of(mask_of(rng.sample(DECK, rng.randint(1, 20))))))
            continue
        c = count_list(rng.choice(catalogue))
        change = rng.choice(("add", "remove", "swap"))
        if change in ("remove", "swap") and sum(c) > 1:
            c[rng.choice([r for r in range(RANKS) if c[r]])] -= 1
        if change in ("add", "swap"):
            r = rng.choice([r for r in range(RANKS) if c[r] < (4 if r < 13 else 1)])
            c[r] += 1
        sets.append(c)
    return sets


def test_classifier_agrees_with_the_reference_on_random_and_near_miss_sets() -> None:
    for c in _random_sets(40_000):
        readings = reference_readings(c)
        found = classify(pack(c))
        assert len(readings) <= 1, c
        assert readings == (set() if found is None else {(found.kind.value, found.n, found.key)}), c


def _all_sets(size: int, rank: int = 0) -> list[list[int]]:
    """Every card multiset of exactly `size` cards from ranks `rank`… (4 copies, jokers 1)."""
    if rank == RANKS:
        return [[]] if size == 0 else []
    copies = 4 if rank < 13 else 1
    return [[k, *rest] for k in range(min(copies, size) + 1) for rest in _all_sets(size - k, rank + 1)]


def test_classifier_agrees_with_the_reference_on_every_set_of_at_most_six_cards() -> None:
    checked = 0
    for size in range(1, 7):
        for c in _all_sets(size):
            found = classify(pack(c))
            assert reference_readings(c) == (set() if found is None else {(found.kind.value, found.n, found.key)})
            checked += 1
    assert checked == sum(_poly_coefficient([[1] * 5] * 13 + [[1, 1]] * 2, k) for k in range(1, 7))


def test_every_invalid_set_gets_a_reason() -> None:
    for c in _random_sets(2_000):
        if classify(pack(c)) is None:
            reason = why_not(pack(c))
            assert reason.code and str(reason)


def test_kinds_of_the_catalogue() -> None:
    assert Counter(c.kind for c in CATALOGUE.values()) == EXPECTED_BY_KIND
