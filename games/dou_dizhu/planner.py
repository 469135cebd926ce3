"""Hand planning for the computers: split a hand into the combinations that go out in the fewest turns.

This is the backbone of every strong heuristic Dou Dizhu program (reference/computer-opponents.md
§2.1). A plan is scored as `Σ value(combo) − TURN_COST · turns`: fewer turns first, then stronger
cards. The search enumerates sets of chains (straights, pair runs, airplanes), groups the rest by
rank (bombs, rocket, trios, pairs, singles) and lets trios and airplanes carry the lowest singles or
pairs as kickers. Plans are cached per hand (packed counts), so a computer weighing twenty
candidate plays pays for each sub-hand once.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from games.dou_dizhu.cards import BLACK_JOKER, ONE, RED_JOKER, TWO, count_list
from games.dou_dizhu.combos import CATALOGUE, Combo, Kind, chain_spans

TURN_COST = 7  # one more turn to go out weighs as much as seven ranks of strength
KICKER_TOP = 11  # 2s and jokers are controls, never thrown away as kickers
_CHAIN_KINDS = (Kind.AIRPLANE, Kind.PAIR_RUN, Kind.STRAIGHT)
_MAX_NODES = 400  # chain sets explored per hand; hands with many long runs stop there


@dataclass(frozen=True, slots=True)
class Plan:
    combos: tuple[int, ...]  # packed counts of each combination, kickers attached
    score: float

    @property
    def turns(self) -> int:
        return len(self.combos)


def value(combo: Combo) -> float:
    """How hard a combination is to beat, in ranks: 3 is -10, A is 1, 2 is 2, the jokers 3 and 4."""
    if combo.kind is Kind.ROCKET:
        return 20.0
    if combo.kind is Kind.BOMB:
        return 12.0 + combo.key / 2
    base = combo.key - 10.0
    if combo.kind in (Kind.AIRPLANE, Kind.AIRPLANE_SINGLES, Kind.AIRPLANE_PAIRS):
        return base + 2
    if combo.kind in (Kind.STRAIGHT, Kind.PAIR_RUN):
        return base + 1
    return base


_VALUE = {packed: value(combo) for packed, combo in CATALOGUE.items()}


@lru_cache(maxsize=50_000)
def plan(hand: int) -> Plan:
    """The best plan for a hand given as packed rank counts."""
    if hand == 0:
        return Plan((), 0.0)
    chains = [packed for kind in _CHAIN_KINDS for _, _, packed in chain_spans(hand, kind, None, -1)]
    best = _grouped(hand, ())
    budget = [_MAX_NODES]
    stack: list[tuple[int, tuple[int, ...], int]] = [(hand, (), 0)]
    while stack and budget[0] > 0:
        rest, chosen, start = stack.pop()
        for i in range(start, len(chains)):
            chain = chains[i]
            if _holds(rest, chain):
                budget[0] -= 1
                candidate = _grouped(rest - chain, (*chosen, chain))
                if candidate.score > best.score:
                    best = candidate
                stack.append((rest - chain, (*chosen, chain), i))
    return best


_EIGHTS = 8 * sum(ONE)


def _holds(hand: int, part: int) -> bool:
    """Whether packed counts `part` ≤ `hand` rank by rank (no nibble borrows when adding 8 each)."""
    return ((hand + _EIGHTS - part) & _EIGHTS) == _EIGHTS


def _grouped(rest: int, chains: tuple[int, ...]) -> Plan:
    """The plan of `chains` plus the rest grouped by rank, kickers attached to trios and airplanes."""
    c = count_list(rest)
    combos = list(chains)
    singles = [r for r in range(RED_JOKER + 1) if c[r] == 1]
    pairs = [r for r in range(TWO + 1) if c[r] == 2]
    trios = [r for r in range(TWO + 1) if c[r] == 3]
    combos += [4 * ONE[r] for r in range(TWO + 1) if c[r] == 4]
    if c[BLACK_JOKER] and c[RED_JOKER]:
        combos.append(ONE[BLACK_JOKER] + ONE[RED_JOKER])
        singles = singles[:-2]
    low_singles = [r for r in singles if r <= KICKER_TOP]
    low_pairs = [r for r in pairs if r <= KICKER_TOP]
    for i, chain in enumerate(combos[: len(chains)]):
        core = CATALOGUE[chain]
        if core.kind is Kind.AIRPLANE and core.n <= 5:
            combos[i], low_singles, low_pairs = _wings(core, low_singles, low_pairs)
    for t in trios:
        combos.append(_kicked(3 * ONE[t], low_singles, low_pairs))
    kept = set(low_singles) | set(low_pairs)
    combos += [ONE[r] for r in singles if r in kept or r > KICKER_TOP]
    combos += [2 * ONE[r] for r in pairs if r in kept or r > KICKER_TOP]
    return Plan(tuple(combos), sum(map(_VALUE.__getitem__, combos)) - TURN_COST * len(combos))


def _wings(core: Combo, singles: list[int], pairs: list[int]) -> tuple[int, list[int], list[int]]:
    """An airplane takes its n lowest singles (none of its own ranks), else its n lowest pairs, else
    flies alone."""
    n, top = core.n, core.key
    wings = [r for r in singles if not top - n < r <= top][:n]
    if len(wings) == n:
        return core.counts + sum(ONE[r] for r in wings), [r for r in singles if r not in wings], pairs
    if len(pairs) >= n and n <= 4:
        return core.counts + sum(2 * ONE[r] for r in pairs[:n]), singles, pairs[n:]
    return core.counts, singles, pairs


def _kicked(trio: int, singles: list[int], pairs: list[int]) -> int:
    """A trio takes the lower of the lowest single and the lowest pair (removing it from the list)."""
    if singles and (not pairs or singles[0] <= pairs[0]):
        return trio + ONE[singles.pop(0)]
    if pairs:
        return trio + 2 * ONE[pairs.pop(0)]
    return trio
