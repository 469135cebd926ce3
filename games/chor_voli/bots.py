"""Chor Voli's computer players. A round holds one decision: the secret arrangement.

`BOT` (ExpectedChipsBot) maximises the expected number of comparisons it wins (reference/
computer-opponents.md §4.2). It samples the three other hands from the 39 unseen cards (no
sample may hold a four-of-a-kind: the round would have ended), lets each sampled opponent arrange
greedily, and estimates for every comparison slot k how often a group of a given key wins it.
A branch and bound over its own groups (strongest first, the slot being the group's rank in the
arrangement) finds the arrangements with the best sum of those chances; the finalists are then
scored exactly, every sample's comparisons replayed with their openers and ties (rules §1.2 step 6).

The levels (`LEVELS`): "einsteiger" is `HastyBot` (strongest group left, but it overlooks the best
one now and then, and never thinks of the others' hands), "fortgeschritten" is `BOT`, "meister" the
same search with twenty times the sampled deals and 100 finalists. Against the greedy field the
Meister can hardly be stronger: BOT is already within a few thousandths of a chip per round of the
best reply to greedy opponents (see the bench's judged gain). `hint` explains the Meister's
arrangement in one sentence; `expected_wins` judges arrangements on sampled deals for the bench.

Baselines for the bench: `RandomBot` (a random legal arrangement), `FirstValidBot` (the first
valid triple in the hand's order, up to four) and `GreedyBot` (the strongest group left, up to four).
"""

from __future__ import annotations

import heapq
from bisect import bisect_left
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, count

from games.chor_voli.arrangement import MAX_GROUPS, arrange_action, random_arrangement, split_by_masks
from games.chor_voli.cards import DECK, HAND_SIZE, SEATS
from games.chor_voli.groups import GroupType, classify, group_display, group_key
from games.chor_voli.scoring import Key, play_comparisons, seat_cycle
from games.core.errors import gettext_noop
from games.core.hints import Hint
from games.core.protocol import JSON
from games.core.rng import Rng

# A group's code is its key's rank among all group keys (1 for the weakest): compared like the keys,
# and a plain int is far quicker to sort, compare and look up.
Group = tuple[int, int]  # a valid group's code and the bitmask of its hand positions
World = list[list[int]]  # every seat's group codes strong→weak; the bot's own list stays empty

_INDEX = {card: i for i, card in enumerate(DECK)}
_POSITION_TRIPLES = [(a, b, c, 1 << a | 1 << b | 1 << c) for a, b, c in combinations(range(HAND_SIZE), 3)]
_NO_GROUP = 0  # below every code: a slot nobody else reaches is won by any group (CV-A6)
_POSITIONS = 1 << HAND_SIZE  # a packed group is code · _POSITIONS + position mask
# Each card index adds 1 to its rank's three-bit counter; a counter reaches 4 only with a four-of-a-kind.
_RANK_DIGIT = [1 << 3 * (i % 13) for i in range(len(DECK))]
_FOURS = sum(4 << 3 * rank for rank in range(13))


class RandomBot:
    def choose(self, view: JSON, legal_actions: list[JSON], rng: Rng) -> JSON:
        arrangement = random_arrangement(view["hand"], rng)
        assert arrangement is not None
        return arrange_action(arrangement.groups, arrangement.discard)


class FirstValidBot:
    """The "first valid grouping": the first valid triple in the hand's display order, up to four times."""

    def choose(self, view: JSON, legal_actions: list[JSON], rng: Rng) -> JSON:
        left, groups = list(view["hand"]), []
        while len(groups) < MAX_GROUPS:
            group = next((g for g in combinations(left, 3) if classify(g) is not None), None)
            if group is None:
                break
            groups.append(group)
            left = [c for c in left if c not in group]
        return arrange_action(groups, left)


class GreedyBot:
    """The strongest valid group left, up to four times (the yardstick of computer-opponents.md §4.2)."""

    def choose(self, view: JSON, legal_actions: list[JSON], rng: Rng) -> JSON:
        hand = _by_index(view["hand"])
        return arrange_action(*split_by_masks(hand, [mask for _, mask in _greedy(_groups_of(hand))]))


@dataclass(frozen=True)
class ExpectedChipsBot:
    samples: int = 100  # sampled deals of the unseen cards; 80 to 320 played equally well in the bench
    finalists: int = 12  # arrangements scored exactly against every sample

    def choose(self, view: JSON, legal_actions: list[JSON], rng: Rng) -> JSON:
        return self.plan(view, rng).action

    def plan(self, view: JSON, rng: Rng) -> Plan:
        hand = _by_index(view["hand"])
        seat, dealer = view["seat"], view["dealer"]
        mine = _groups_of(hand)
        worlds = _sample_worlds(hand, seat, self.samples, rng)
        field = _Field.of(worlds, seat, dealer)
        finalists = _best_arrangements(mine, _slot_chances(worlds, seat, dealer), self.finalists)
        best = max(finalists, key=lambda chosen: (sum(field.slot_wins([mine[j][0] for j in chosen])), len(chosen)))
        return Plan(hand, [mine[j] for j in _filled_up(mine, best)], _greedy(mine), field)


@dataclass(frozen=True)
class Plan:
    """An arrangement chosen against sampled worlds, with what the hint needs to explain it."""

    hand: list[str]
    groups: list[Group]  # strongest first
    greedy: list[Group]  # the strongest groups first, for comparison
    field: _Field

    @property
    def action(self) -> JSON:
        return arrange_action(*split_by_masks(self.hand, [mask for _, mask in self.groups]))

    def slot_wins(self, groups: list[Group]) -> list[float]:
        """How often each comparison is won with `groups` in the sampled worlds (0 to 1 per slot)."""
        wins = self.field.slot_wins([code for code, _ in groups])
        return [w / len(self.field.worlds) for w in wins]


@dataclass(frozen=True)
class HastyBot:
    """The Einsteiger: the strongest group left, up to four times, but now and then it overlooks the
    best group and takes the next one it sees; it never thinks about what the others may hold."""

    overlook: float = 0.35  # the chance of taking the second-best free group instead of the best

    def choose(self, view: JSON, legal_actions: list[JSON], rng: Rng) -> JSON:
        hand = _by_index(view["hand"])
        groups, used, chosen = _groups_of(hand), 0, []
        while len(chosen) < MAX_GROUPS:
            free = [mask for _, mask in groups if not mask & used]
            if not free:
                break
            mask = free[1] if len(free) > 1 and rng.random() < self.overlook else free[0]
            used |= mask
            chosen.append(mask)
        return arrange_action(*split_by_masks(hand, chosen))


BOT = ExpectedChipsBot()
# The Meister: twenty times the samples and more finalists scored exactly (p99 about 0.5 s of CPU).
MEISTER = ExpectedChipsBot(samples=2000, finalists=100)
LEVELS = {"einsteiger": HastyBot(), "fortgeschritten": BOT, "meister": MEISTER}

NO_GROUP = gettext_noop("No three of your cards make a valid group: discard them all.")
STRONG_FRONT = {
    GroupType.TRIO: gettext_noop(
        "A trio in front ({cards}): it beats most front groups, about {percent} % of the time."
    ),
    GroupType.STRAIGHT_FLUSH: gettext_noop(
        "A straight flush in front ({cards}): it beats most front groups, about {percent} % of the time."
    ),
}
SPREAD = gettext_noop(
    "Not simply the strongest groups first: with {cards} in front this arrangement wins about {chips} "
    "comparisons on average, strongest-first only about {greedy_chips}."
)
STRONGEST = gettext_noop(
    "Arrange for the strongest groups, the best in front ({cards}): they win about {chips} comparisons on average."
)
WEAK = gettext_noop(
    "A weak hand: form as many groups as you can, the best in front ({cards}); a lone last group still wins "
    "a comparison nobody else reaches."
)


_SUIT_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def _shown(card: str) -> str:
    """A card as the table shows it, the same in every language: 10♥ for TH."""
    return ("10" if card[0] == "T" else card[0]) + _SUIT_SIGNS[card[1]]


def hint(view: JSON, legal_actions: list[JSON], rng: Rng) -> Hint:
    """The Meister's arrangement and why: a strong front group, a better spread than strongest-first, or
    simply the strongest groups (each figure estimated on the Meister's own sampled deals)."""
    plan = MEISTER.plan(view, rng)
    if not plan.groups:
        return Hint(plan.action, NO_GROUP)
    front = group_display(split_by_masks(plan.hand, [plan.groups[0][1]])[0][0])
    params: dict[str, object] = {"cards": " ".join(map(_shown, front))}
    wins = plan.slot_wins(plan.groups)
    chips, greedy_chips = round(sum(wins), 1), round(sum(plan.slot_wins(plan.greedy)), 1)
    if chips > greedy_chips:
        return Hint(plan.action, SPREAD, {**params, "chips": chips, "greedy_chips": greedy_chips})
    kind = classify(front)
    if kind in STRONG_FRONT and wins[0] >= 0.5:
        return Hint(plan.action, STRONG_FRONT[kind], {**params, "percent": round(100 * wins[0])})
    if chips < 1:
        return Hint(plan.action, WEAK, params)
    return Hint(plan.action, STRONGEST, {**params, "chips": chips})


def expected_wins(view: JSON, actions: list[JSON], samples: int, rng: Rng) -> list[float]:
    """The comparisons each arrangement of this seat wins on average, on the same `samples` sampled deals of
    the unseen cards with the other hands arranged greedily: exact against the bench's greedy field."""
    seat, table = view["seat"], _triple_codes()
    field = _Field.of(_sample_worlds(_by_index(view["hand"]), seat, samples, rng), seat, view["dealer"])
    wins = []
    for action in actions:
        groups = [sorted(map(_INDEX.__getitem__, group)) for group in action["groups"]]
        codes = sorted((table[(i * 52 + j) * 52 + k] for i, j, k in groups), reverse=True)
        wins.append(sum(field.slot_wins(codes)) / samples)
    return wins


# --- groups of a hand, by card index


@cache
def _triple_codes() -> list[int]:
    """The code of every valid triple of the pack at (i·52 + j)·52 + k for card indexes i < j < k; 0: not valid."""
    keys: dict[int, Key] = {}
    for i, j, k in combinations(range(len(DECK)), 3):
        triple = (DECK[i], DECK[j], DECK[k])
        if classify(triple) is not None:
            keys[(i * 52 + j) * 52 + k] = group_key(triple)
    codes = {key: code for code, key in enumerate(sorted(set(keys.values())), 1)}
    table = [0] * len(DECK) ** 3
    for at, key in keys.items():
        table[at] = codes[key]
    return table


def _by_index(cards: Sequence[str]) -> list[str]:
    return sorted(cards, key=_INDEX.__getitem__)


def _packed_groups(idx: Sequence[int]) -> list[int]:
    """Every valid group of a 13-card hand (card indexes ascending), packed, strongest first."""
    table = _triple_codes()
    return sorted(
        (
            code * _POSITIONS + mask
            for a, b, c, mask in _POSITION_TRIPLES
            if (code := table[(idx[a] * 52 + idx[b]) * 52 + idx[c]])
        ),
        reverse=True,
    )


def _groups_of(hand: Sequence[str]) -> list[Group]:
    """Every valid group of a 13-card hand sorted by deck index, strongest first."""
    return [divmod(packed, _POSITIONS) for packed in _packed_groups([_INDEX[c] for c in hand])]


def _greedy_codes(idx: Sequence[int]) -> list[int]:
    """The codes of `_greedy`'s groups for a hand of card indexes (ascending): the sampled opponents' arrangement."""
    used, chosen = 0, []
    for packed in _packed_groups(idx):
        mask = packed % _POSITIONS
        if not mask & used:
            used |= mask
            chosen.append(packed // _POSITIONS)
            if len(chosen) == MAX_GROUPS:
                break
    return chosen


def _greedy(groups: list[Group]) -> list[Group]:
    used, chosen = 0, []
    for key, mask in groups:
        if not mask & used:
            used |= mask
            chosen.append((key, mask))
            if len(chosen) == MAX_GROUPS:
                break
    return chosen


# --- the sampled opponents


def _sample_worlds(hand: Sequence[str], seat: int, count: int, rng: Rng) -> list[World]:
    held = {_INDEX[card] for card in hand}
    unseen = [i for i in range(len(DECK)) if i not in held]
    worlds: list[World] = []
    while len(worlds) < count:
        rng.shuffle(unseen)
        hands = [sorted(unseen[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(SEATS - 1)]
        if any(sum(_RANK_DIGIT[i] for i in other) & _FOURS for other in hands):
            continue  # a four-of-a-kind would have ended the round: not a world we can be in
        world: World = [[] for _ in range(SEATS)]
        for step, other in enumerate(hands, 1):
            world[(seat + step) % SEATS] = _greedy_codes(other)
        worlds.append(world)
    return worlds


@dataclass(frozen=True)
class _SlotChances:
    """For one comparison slot: the best rival key of every sample, and how often we would win a tie."""

    thresholds: list[int]  # sorted codes; _NO_GROUP where no rival reaches the slot
    tie_wins: Counter[int]

    def of(self, key: int) -> float:
        return (bisect_left(self.thresholds, key) + self.tie_wins[key]) / len(self.thresholds)


def _slot_chances(worlds: list[World], seat: int, dealer: int) -> list[_SlotChances]:
    """How often a group of each key wins each comparison slot against the sampled rivals.

    Ties go to the earlier reveal; the order is taken from the rivals' own previous winner (as if
    we lost the comparison before), which the exact scoring of the finalists then corrects.
    """
    thresholds: list[list[int]] = [[] for _ in range(MAX_GROUPS)]
    tie_wins = [Counter[int]() for _ in range(MAX_GROUPS)]
    for world in worlds:
        openers = [(dealer + 1) % SEATS] + [winner for _, winner in play_comparisons(world, dealer)]
        for slot in range(MAX_GROUPS):
            rivals = [s for s in range(SEATS) if len(world[s]) > slot]
            if not rivals:
                thresholds[slot].append(_NO_GROUP)
                continue
            best = max(world[s][slot] for s in rivals)
            order = seat_cycle(openers[slot])
            if all(order.index(seat) < order.index(s) for s in rivals if world[s][slot] == best):
                tie_wins[slot][best] += 1
            thresholds[slot].append(best)
    return [_SlotChances(sorted(t), wins) for t, wins in zip(thresholds, tie_wins, strict=True)]


# --- the search


def _best_arrangements(mine: list[Group], chances: list[_SlotChances], keep: int) -> list[tuple[int, ...]]:
    """The `keep` sets of disjoint groups (indexes into `mine`, strongest first) with the best chance sums.

    Groups are taken in key order, so the j-th chosen plays slot j; since a chance only falls with
    the key, no later group can do better in the remaining slots than the next candidate.
    """
    win = [[chances[slot].of(key) for slot in range(MAX_GROUPS)] for key, _ in mine]
    # A min-heap. On equal values more groups stay (a last group can only add a comparison won, never
    # change an earlier one), then the first found.
    best: list[tuple[float, int, int, tuple[int, ...]]] = []
    found = count()

    def search(start: int, used: int, chosen: tuple[int, ...], value: float) -> None:
        heapq.heappush(best, (value, len(chosen), -next(found), chosen))
        if len(best) > keep:
            heapq.heappop(best)
        slot = len(chosen)
        if slot == MAX_GROUPS:
            return
        for j in range(start, len(mine)):
            if len(best) == keep and value + sum(win[j][slot:]) <= best[0][0]:
                break
            if not mine[j][1] & used:
                search(j + 1, used | mine[j][1], (*chosen, j), value + win[j][slot])

    search(0, 0, (), 0.0)
    return [chosen for *_, chosen in sorted(best, reverse=True)]


def _filled_up(mine: list[Group], chosen: tuple[int, ...]) -> tuple[int, ...]:
    """`chosen` with further groups no stronger than its last, while there is room and a disjoint group.

    A sampled chance of 0 is not a certainty, and a group after the others cannot change an earlier
    comparison, so a further group can only win chips.
    """
    used = 0
    for j in chosen:
        used |= mine[j][1]
    for j in range(chosen[-1] + 1 if chosen else 0, len(mine)):
        if len(chosen) == MAX_GROUPS:
            break
        if not mine[j][1] & used:
            used |= mine[j][1]
            chosen = (*chosen, j)
    return chosen


@dataclass(frozen=True)
class _Field:
    """The sampled worlds as bit sets (bit w for sample w): per comparison slot, the samples whose
    best rival code lies below each code, and those where it equals it. Who wins a tie depends on who
    opens, so only the tied samples are replayed by the rules; everything else is a bit count."""

    worlds: list[World]
    seat: int
    dealer: int
    levels: list[list[int]]  # per slot: the best rival codes that occur, ascending
    below: list[list[int]]  # per slot: below[i] holds the samples whose best rival code < levels[i]
    equal: list[dict[int, int]]  # per slot: code → the samples whose best rival code equals it

    @classmethod
    def of(cls, worlds: list[World], seat: int, dealer: int) -> _Field:
        levels, below, equal = [], [], []
        for slot in range(MAX_GROUPS):
            samples: dict[int, int] = {}
            for w, world in enumerate(worlds):
                best = max((codes[slot] for codes in world if len(codes) > slot), default=_NO_GROUP)
                samples[best] = samples.get(best, 0) | 1 << w
            ordered, prefix, beaten = sorted(samples), [0], 0
            for code in ordered:
                beaten |= samples[code]
                prefix.append(beaten)
            levels.append(ordered)
            below.append(prefix)
            equal.append(samples)
        return cls(worlds, seat, dealer, levels, below, equal)

    def slot_wins(self, codes: list[int]) -> list[int]:
        """In how many samples each of these group codes wins its comparison, as the rules would replay it."""
        wins = [self.below[k][bisect_left(self.levels[k], code)].bit_count() for k, code in enumerate(codes)]
        tied = [self.equal[k].get(code, 0) for k, code in enumerate(codes)]
        replay = 0
        for samples in tied:
            replay |= samples
        while replay:
            w = (replay & -replay).bit_length() - 1
            replay &= replay - 1
            world = self.worlds[w]
            played = play_comparisons([codes if s == self.seat else world[s] for s in range(SEATS)], self.dealer)
            for k, samples in enumerate(tied):
                if samples >> w & 1 and played[k][1] == self.seat:
                    wins[k] += 1
        return wins
