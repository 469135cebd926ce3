"""Dou Dizhu combinations (rules §2.3-2.4): the catalogue, the classifier, the beating rule, and
the plays a hand holds.

Everything works on packed rank counts (`cards.counts_of`), never on card strings:

* `CATALOGUE` maps the packed counts of each of the 24,639 valid card multisets to its one `Combo`.
  It is built at import by the same per-kind generators that list the plays of a hand, run on a
  full pack, so the classifier and the legal-move generator cannot disagree.
* `classify(packed)` is a dictionary lookup; `why_not(packed)` gives the reason a set is no
  combination, as an English template marked with `gettext_noop` (the site translates it).
* `plays_in(hand)` lists every combination a hand can lead, `answers(hand, table)` every one that
  beats the table, each as packed counts. They build chains from run lengths and attach wings and
  kickers from the ranks held, so a 20-card hand costs tens of microseconds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from itertools import combinations
from math import comb

from games.core.errors import gettext_noop
from games.core.rng import Rng
from games.dou_dizhu.cards import BLACK_JOKER, ONE, RANKS, RED_JOKER, TWO, count_list, pack, spell

MAX_CARDS = 20  # the landlord's full hand bounds every combination (rules DDZ-A13)
SEQUENCE_TOP = 11  # the Ace: chains use the ranks 3 … A only


class Kind(StrEnum):
    SINGLE = "single"
    PAIR = "pair"
    TRIO = "trio"
    TRIO_SINGLE = "trio_single"
    TRIO_PAIR = "trio_pair"
    STRAIGHT = "straight"
    PAIR_RUN = "pair_run"
    AIRPLANE = "airplane"
    AIRPLANE_SINGLES = "airplane_singles"
    AIRPLANE_PAIRS = "airplane_pairs"
    FOUR_TWO_SINGLES = "four_two_singles"
    FOUR_TWO_PAIRS = "four_two_pairs"
    BOMB = "bomb"
    ROCKET = "rocket"


# Names for the table page, which translates them with gettext.
KIND_LABELS: dict[Kind, str] = {
    Kind.SINGLE: gettext_noop("single"),
    Kind.PAIR: gettext_noop("pair"),
    Kind.TRIO: gettext_noop("trio"),
    Kind.TRIO_SINGLE: gettext_noop("trio with a single"),
    Kind.TRIO_PAIR: gettext_noop("trio with a pair"),
    Kind.STRAIGHT: gettext_noop("straight"),
    Kind.PAIR_RUN: gettext_noop("pair run"),
    Kind.AIRPLANE: gettext_noop("airplane"),
    Kind.AIRPLANE_SINGLES: gettext_noop("airplane with single wings"),
    Kind.AIRPLANE_PAIRS: gettext_noop("airplane with pair wings"),
    Kind.FOUR_TWO_SINGLES: gettext_noop("four with two singles"),
    Kind.FOUR_TWO_PAIRS: gettext_noop("four with two pairs"),
    Kind.BOMB: gettext_noop("bomb"),
    Kind.ROCKET: gettext_noop("rocket"),
}


@dataclass(frozen=True, slots=True)
class Combo:
    kind: Kind
    n: int  # chain length: ranks of a straight or pair run, trios of an airplane; 1 otherwise
    key: int  # the rank compared: top rank of a chain, the trio's or quad's rank, the card itself
    counts: int  # packed rank counts
    size: int

    @property
    def is_bomb(self) -> bool:
        """A bomb or the rocket: the plays that double the multiplier (rules §2.5)."""
        return self.kind is Kind.BOMB or self.kind is Kind.ROCKET


def beats(a: Combo, b: Combo) -> bool:
    """Rules §2.4: the rocket beats all; a bomb beats any non-bomb and lower bombs; else same kind,
    same chain length, higher key. Kickers never count."""
    if a.kind is Kind.ROCKET:
        return True
    if b.kind is Kind.ROCKET:
        return False
    if a.kind is Kind.BOMB:
        return b.kind is not Kind.BOMB or a.key > b.key
    return a.kind is b.kind and a.n == b.n and a.key > b.key


# --- generators: every combination of one kind held in a hand ---------------------------------------
# Each takes (hand, n, above): the packed hand, `n` the chain length (None: any), `above` the key to
# beat (-1: any), and returns packed combinations in a fixed order (low keys first).

ROCKET_COUNTS = ONE[BLACK_JOKER] + ONE[RED_JOKER]
# Chain length bounds per kind (rules §2.3, DDZ-A13): (cards per rank, shortest, longest).
_BOUNDS = {
    Kind.STRAIGHT: (1, 5, 12),
    Kind.PAIR_RUN: (2, 3, 10),
    Kind.AIRPLANE: (3, 2, 6),
    Kind.AIRPLANE_SINGLES: (3, 2, 5),
    Kind.AIRPLANE_PAIRS: (3, 2, 4),
}
_NIBBLES = sum(ONE)
_SEQUENCE_FLAGS = 8 * sum(ONE[: SEQUENCE_TOP + 1])  # bit 3 of the nibbles of the ranks 3 … A

_OF = tuple(tuple(m * one for one in ONE) for m in range(5))  # _OF[m][r]: m cards of rank r, packed
_AT_LEAST = tuple((8 - m) * _NIBBLES for m in range(5))
_ALL_FLAGS = 8 * _NIBBLES


@cache
def _flagged(flags: int) -> tuple[int, ...]:
    return tuple(r for r in range(RANKS) if flags >> (4 * r + 3) & 1)


def ranks_with(hand: int, m: int) -> tuple[int, ...]:
    """The ranks the packed hand holds at least m times (m = 1..4), low to high.

    Adding 8 - m to each count (at most 4) sets a nibble's bit 3 exactly when the count is at least
    m; the ranks of such a flag pattern are cached (at most 2^15 patterns)."""
    return _flagged((hand + _AT_LEAST[m]) & _ALL_FLAGS)


Gen = Callable[[int, "int | None", int], list[int]]


def _sets(m: int) -> Gen:
    """Singles, pairs, trios or bombs: m cards of one rank (jokers never reach two)."""
    of = _OF[m]

    def sets(hand: int, n: int | None, above: int) -> list[int]:
        return [of[r] for r in ranks_with(hand, m) if r > above]

    return sets


def _rocket(hand: int, n: int | None, above: int) -> list[int]:
    return [ROCKET_COUNTS] if hand & ROCKET_COUNTS == ROCKET_COUNTS else []


def _trios_with(m: int) -> Gen:
    """A trio with one single (m = 1) or one pair (m = 2) of another rank; 2s and jokers allowed."""
    three, kicker = _OF[3], _OF[m]

    def trios(hand: int, n: int | None, above: int) -> list[int]:
        tops = [t for t in ranks_with(hand, 3) if t > above]
        if not tops:
            return []
        others = ranks_with(hand, m)
        return [three[t] + kicker[k] for t in tops for k in others if k != t]

    return trios


@cache
def _spans(flags: int, m: int, lo: int, hi: int) -> tuple[tuple[int, int, int], ...]:
    """(top, length, packed chain) of every chain of m cards per rank, lo ≤ length ≤ hi, whose ranks
    all have their flag (bit 3 of the rank's nibble) set. Cached: there are 4,096 flag patterns."""
    spans = []
    run = 0
    for top in range(SEQUENCE_TOP + 1):
        run = run + 1 if flags >> (4 * top + 3) & 1 else 0
        spans.extend((top, length, m * sum(ONE[top - length + 1 : top + 1])) for length in range(lo, min(run, hi) + 1))
    return tuple(spans)


def chain_spans(hand: int, kind: Kind, n: int | None, above: int) -> tuple[tuple[int, int, int], ...]:
    """The chains of `kind`'s body held in the packed hand, of length n (None: any), top above `above`."""
    m, lo, hi = _BOUNDS[kind]
    spans = _spans((hand + _AT_LEAST[m]) & _SEQUENCE_FLAGS, m, lo, hi)  # see `ranks_with`
    if n is None and above < 0:
        return spans
    return tuple(s for s in spans if s[0] > above and (n is None or s[1] == n))


def _chains(kind: Kind) -> Gen:
    def chains(hand: int, n: int | None, above: int) -> list[int]:
        return [packed for _, _, packed in chain_spans(hand, kind, n, above)]

    return chains


def _multisets(avail: list[tuple[int, int]], size: int, base: int) -> list[int]:
    """`base` plus every multiset of `size` cards from `avail` = [(packed one card, most copies)].

    Two cards (the common case: four + two, the smallest airplane) pair each rank with itself
    (if it may repeat) and the ranks after it; longer wings use a bounded knapsack, where
    by_count[k] holds the multisets of k cards from the ranks seen so far."""
    if size == 2:
        return [base + a + b for i, (a, most) in enumerate(avail) for b, _ in avail[i + (most < 2) :]]
    by_count: list[list[int]] = [[base]] + [[] for _ in range(size)]
    for one, most in avail:
        for k in range(size, 0, -1):
            for j in range(1, min(most, k) + 1):
                by_count[k] += [p + j * one for p in by_count[k - j]]
    return by_count[size]


def _single_wings(hand: int, size: int, lo: int, hi: int, base: int) -> list[int]:
    """`base` plus `size` single wings/kickers outside ranks lo..hi: at most 2 of a rank, not both
    jokers (with two cards that pair comes last, the jokers being the last ranks)."""
    twice = ranks_with(hand, 2)
    avail = [(ONE[k], 2 if k in twice else 1) for k in ranks_with(hand, 1) if not lo <= k <= hi]
    wings = _multisets(avail, size, base)
    if hand & ROCKET_COUNTS != ROCKET_COUNTS:
        return wings
    if size == 2:
        wings.pop()
        return wings
    return [w for w in wings if w & ROCKET_COUNTS != ROCKET_COUNTS]


def _pair_wings(hand: int, size: int, lo: int, hi: int, base: int) -> list[int]:
    """`base` plus `size` pairs of different ranks outside lo..hi (jokers cannot pair)."""
    pairs = [_OF[2][k] for k in ranks_with(hand, 2) if not lo <= k <= hi]
    return [base + sum(chosen) for chosen in combinations(pairs, size)]


Wings = Callable[[int, int, int, int, int], list[int]]


def _airplanes_with(kind: Kind, wings: Wings) -> Gen:
    def airplanes(hand: int, n: int | None, above: int) -> list[int]:
        plays: list[int] = []
        for top, length, core in chain_spans(hand, kind, n, above):
            plays += wings(hand, length, top - length + 1, top, core)
        return plays

    return airplanes


def _fours_with(wings: Wings) -> Gen:
    def fours(hand: int, n: int | None, above: int) -> list[int]:
        plays: list[int] = []
        for q in ranks_with(hand, 4):
            if q > above:
                plays += wings(hand, 2, q, q, _OF[4][q])
        return plays

    return fours


GENERATORS: dict[Kind, Gen] = {
    Kind.SINGLE: _sets(1),
    Kind.PAIR: _sets(2),
    Kind.TRIO: _sets(3),
    Kind.TRIO_SINGLE: _trios_with(1),
    Kind.TRIO_PAIR: _trios_with(2),
    Kind.STRAIGHT: _chains(Kind.STRAIGHT),
    Kind.PAIR_RUN: _chains(Kind.PAIR_RUN),
    Kind.AIRPLANE: _chains(Kind.AIRPLANE),
    Kind.AIRPLANE_SINGLES: _airplanes_with(Kind.AIRPLANE_SINGLES, _single_wings),
    Kind.AIRPLANE_PAIRS: _airplanes_with(Kind.AIRPLANE_PAIRS, _pair_wings),
    Kind.FOUR_TWO_SINGLES: _fours_with(_single_wings),
    Kind.FOUR_TWO_PAIRS: _fours_with(_pair_wings),
    Kind.BOMB: _sets(4),
    Kind.ROCKET: _rocket,
}
_GENERATORS = tuple(GENERATORS.values())
_BOMBS = GENERATORS[Kind.BOMB]


def plays_in(hand: int) -> list[int]:
    """Every combination the packed hand holds (what a leader may play), in catalogue order."""
    plays: list[int] = []
    for gen in _GENERATORS:
        plays += gen(hand, None, -1)
    return plays


# How many plays of each kind a hand holds, without listing them (for `random_lead`).
Count = Callable[[int], int]


def _count_sets(m: int) -> Count:
    return lambda hand: len(ranks_with(hand, m))


def _count_chains(kind: Kind) -> Count:
    return lambda hand: len(chain_spans(hand, kind, None, -1))


def _count_airplanes(kind: Kind) -> Count:
    """Airplanes with wings are rare: listed (and counted) only when the hand has a core."""
    return lambda hand: len(GENERATORS[kind](hand, None, -1)) if chain_spans(hand, kind, None, -1) else 0


def _count_trios_with(m: int) -> Count:
    def count(hand: int) -> int:
        trios = len(ranks_with(hand, 3))
        return trios * (len(ranks_with(hand, m)) - 1)  # any other rank held m times; a trio's own is one

    return count


def _count_four_two_singles(hand: int) -> int:
    """Per quad: two different other ranks, or two of one (held twice), never both jokers."""
    others, twice = len(ranks_with(hand, 1)) - 1, len(ranks_with(hand, 2)) - 1
    rocket = hand & ROCKET_COUNTS == ROCKET_COUNTS
    return len(ranks_with(hand, 4)) * (others * (others - 1) // 2 + twice - rocket)


def _count_four_two_pairs(hand: int) -> int:
    quads = len(ranks_with(hand, 4))
    return quads * comb(len(ranks_with(hand, 2)) - 1, 2) if quads else 0


COUNTERS: dict[Kind, Count] = {
    Kind.SINGLE: _count_sets(1),
    Kind.PAIR: _count_sets(2),
    Kind.TRIO: _count_sets(3),
    Kind.TRIO_SINGLE: _count_trios_with(1),
    Kind.TRIO_PAIR: _count_trios_with(2),
    Kind.STRAIGHT: _count_chains(Kind.STRAIGHT),
    Kind.PAIR_RUN: _count_chains(Kind.PAIR_RUN),
    Kind.AIRPLANE: _count_chains(Kind.AIRPLANE),
    Kind.AIRPLANE_SINGLES: _count_airplanes(Kind.AIRPLANE_SINGLES),
    Kind.AIRPLANE_PAIRS: _count_airplanes(Kind.AIRPLANE_PAIRS),
    Kind.FOUR_TWO_SINGLES: _count_four_two_singles,
    Kind.FOUR_TWO_PAIRS: _count_four_two_pairs,
    Kind.BOMB: _count_sets(4),
    Kind.ROCKET: lambda hand: int(hand & ROCKET_COUNTS == ROCKET_COUNTS),
}
_COUNTED = tuple((GENERATORS[kind], COUNTERS[kind]) for kind in GENERATORS)


def random_lead(hand: int, rng: Rng) -> int:
    """`rng.choice(plays_in(hand))`, drawing the same index, but counting the plays of each kind and
    listing only the kind the index falls in."""
    sizes = [count(hand) for _, count in _COUNTED]
    i = rng.randrange(sum(sizes))
    for (gen, _), size in zip(_COUNTED, sizes, strict=True):
        if i < size:
            return gen(hand, None, -1)[i]
        i -= size
    raise AssertionError("the index lies beyond the plays")


def answers(hand: int, table: Combo) -> list[int]:
    """Every combination the packed hand holds that beats `table` (rules §2.4)."""
    if table.kind is Kind.ROCKET:
        return []
    if table.kind is Kind.BOMB:
        return _BOMBS(hand, None, table.key) + _rocket(hand, None, -1)
    return GENERATORS[table.kind](hand, table.n, table.key) + _BOMBS(hand, None, -1) + _rocket(hand, None, -1)


def legal_plays(hand: int, table: Combo | None) -> list[int]:
    return plays_in(hand) if table is None else answers(hand, table)


# --- the catalogue ----------------------------------------------------------------------------------


def _describe(kind: Kind, packed: int) -> Combo:
    c = count_list(packed)
    held = [r for r in range(RANKS) if c[r]]
    core = [r for r in held if c[r] >= 3] or held  # trios/quads carry kickers; chains use every rank
    n = len(core) if kind in _BOUNDS else 1
    return Combo(kind, n, core[-1], packed, sum(c))


FULL_PACK = [4] * (TWO + 1) + [1, 1]
CATALOGUE: dict[int, Combo] = {
    packed: _describe(kind, packed) for kind, gen in GENERATORS.items() for packed in gen(pack(FULL_PACK), None, -1)
}


def classify(packed: int) -> Combo | None:
    """The one combination these rank counts form, or None (then `why_not` says why)."""
    return CATALOGUE.get(packed)


# --- reasons ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a selection cannot be played: an English template (marked for translation) and its params."""

    code: str
    template: str
    params: dict[str, object]

    def __str__(self) -> str:
        return self.template.format(**self.params)


def why_not(packed: int) -> Reason:
    """The reason packed counts form no combination; call only when `classify` returned None."""
    c = count_list(packed)
    ranks = [r for r in range(RANKS) if c[r]]
    size = sum(c)
    cards = spell(packed)
    if size == 0:
        return Reason("no_cards", gettext_noop("Choose the cards you want to play."), {})
    if size > MAX_CARDS:
        return Reason(
            "too_many_cards",
            gettext_noop("A combination has at most 20 cards; you chose {count}."),
            {"count": size},
        )
    if c[BLACK_JOKER] and c[RED_JOKER]:
        return Reason(
            "rocket_alone",
            gettext_noop("The two jokers are the rocket: they are played on their own, never with other cards."),
            {},
        )
    counts = {c[r] for r in ranks}
    m = max(counts)
    if len(counts) == 1 and m <= 3 and len(ranks) >= (3 if m == 1 else 2):
        reason = _chain_reason(ranks, m, cards)
        if m < 3 or reason.code != "not_consecutive":  # trios apart get the kicker reasons below
            return reason
    return _kicker_reason(c, ranks, cards)


def _chain_reason(ranks: list[int], m: int, cards: str) -> Reason:
    if ranks[-1] > SEQUENCE_TOP:
        return Reason(
            "chain_with_two",
            gettext_noop("Straights, pair runs and airplanes use only the ranks 3 to A, never a 2 or a joker."),
            {},
        )
    if ranks[-1] - ranks[0] + 1 != len(ranks):
        return Reason(
            "not_consecutive",
            gettext_noop("{cards}: the ranks are not consecutive, as a straight, pair run or airplane needs."),
            {"cards": cards},
        )
    if m == 1:
        return Reason(
            "straight_too_short",
            gettext_noop("A straight needs at least 5 consecutive ranks; {cards} has {n}."),
            {"cards": cards, "n": len(ranks)},
        )
    return Reason(  # two consecutive pairs: consecutive trios are always an airplane
        "pair_run_too_short",
        gettext_noop("A pair run needs at least 3 consecutive pairs; {cards} has {n}."),
        {"cards": cards, "n": len(ranks)},
    )


def _kicker_reason(c: list[int], ranks: list[int], cards: str) -> Reason:
    trios = [r for r in ranks if c[r] >= 3]
    longest = max(chain_spans(pack(c), Kind.AIRPLANE, None, -1), key=lambda span: span[1], default=None)
    four = Reason(
        "four_kickers",
        gettext_noop(
            "Four of a kind goes alone (a bomb), with two single cards (not both jokers) or with two "
            "pairs of different ranks."
        ),
        {},
    )
    # Up to 8 cards a quad most likely means four + two; beyond, an airplane was meant.
    if any(c[r] == 4 for r in ranks) and (longest is None or sum(c) <= 8):
        return four
    if longest is not None:
        return Reason(
            "airplane_wings",
            gettext_noop(
                "An airplane of {n} trios goes alone, with {n} single cards or with {n} pairs of different "
                "ranks; single wings may not use a trio's rank, three or four of one rank, or both jokers."
            ),
            {"n": longest[1]},
        )
    if len(trios) >= 2:
        return Reason(
            "trios_apart",
            gettext_noop("{cards}: trios form an airplane only on consecutive ranks from 3 to A."),
            {"cards": cards},
        )
    if trios:
        return Reason("trio_kickers", gettext_noop("A trio goes alone, with one single card or with one pair."), {})
    return Reason(
        "no_combination",
        gettext_noop(
            "{cards} is no combination. Allowed: a single, a pair, a trio (alone, with a single or a "
            "pair), a straight of 5 or more, 3 or more consecutive pairs, an airplane, four with two "
            "singles or two pairs, a bomb, the rocket."
        ),
        {"cards": cards},
    )


def refusal(packed: int, table: Combo | None) -> Reason | None:
    """None if the packed cards may be played onto `table` (None: leading), else the reason."""
    combo = CATALOGUE.get(packed)
    if combo is None:
        return why_not(packed)
    if table is None or beats(combo, table):
        return None
    params = {"cards": spell(packed), "table": spell(table.counts)}
    if table.kind is Kind.ROCKET:
        return Reason("rocket_on_table", gettext_noop("Nothing beats the rocket: pass."), params)
    if table.kind is Kind.BOMB:
        return Reason(
            "bomb_on_table",
            gettext_noop("Only a higher bomb or the rocket beats the bomb {table}; otherwise pass."),
            params,
        )
    if combo.kind is table.kind and combo.n == table.n:
        return Reason(
            "not_higher",
            gettext_noop(
                "{cards} is not higher than {table}: play a higher one of the same kind, a bomb or the rocket, or pass."
            ),
            params,
        )
    return Reason(
        "wrong_kind",
        gettext_noop(
            "{cards} cannot answer {table}: play the same kind of combination with as many cards and "
            "a higher rank, a bomb or the rocket, or pass."
        ),
        params,
    )
