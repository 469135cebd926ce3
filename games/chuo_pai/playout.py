"""Fast playouts of a Chuo Pai deal on count vectors, for the search computer in bots.py.

The engine (rules.py) is the referee; this is a second, lean implementation of the same round
flow for thousands of simulated deals per decision: a hand is a list of 21 counts (indices follow
`cards.CODES`), a play is `(family, rank, size, parts)` with parts `((identity, count), ...)`.
tests/games/chuo_pai/test_playout.py checks that both agree on the legal plays and on whole deals.

Every seat in a playout follows `RolloutPolicy`, a simple player who sees all hands of the
simulated world (perfect information, as usual in determinized search).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.chuo_pai.cards import BY_CODE, CODES, FAMILIES, SPECIAL_KINDS
from games.chuo_pai.combos import MAX_SIZE

SEATS = 3
SPECIAL_FAMILY = len(FAMILIES)  # family index of the special combinations
INDEX = {code: i for i, code in enumerate(CODES)}
FAMILY = [FAMILIES.index(BY_CODE[c].family) for c in CODES]
RANK = [BY_CODE[c].rank for c in CODES]
# Per family, its identities weakest first.
MEMBERS = [sorted((i for i in range(len(CODES)) if FAMILY[i] == f), key=RANK.__getitem__) for f in range(4)]
# Per special kind: (key card, matching cards, rank), weakest kind first.
KINDS = sorted(
    ((INDEX[k.key_card], tuple(INDEX[m] for m in k.matching), k.rank) for k in SPECIAL_KINDS), key=lambda k: k[2]
)

Hand = list[int]
SLOT = MAX_SIZE + 1  # row width of a flat `tops` table, indexed by size
NO_THREAT = [0] * (SLOT * (SPECIAL_FAMILY + 1))
Play = tuple[int, int, int, tuple[tuple[int, int], ...]]


def counts_of(cards: Sequence[str]) -> Hand:
    hand = [0] * len(CODES)
    for card in cards:
        hand[INDEX[card]] += 1
    return hand


def codes_of(play: Play) -> list[str]:
    return [CODES[i] for i, n in play[3] for _ in range(n)]


def play_of(cards: Sequence[str]) -> Play:
    """The playout form of a legal play given as codes."""
    hand = counts_of(cards)
    parts = tuple((i, n) for i, n in enumerate(hand) if n)
    if len(parts) == 1:
        i = parts[0][0]
        return FAMILY[i], RANK[i], len(cards), parts
    kind = next(k for k in KINDS if hand[k[0]])
    return SPECIAL_FAMILY, kind[2], len(cards), parts


def special_play(hand: Hand, kind: tuple[int, tuple[int, ...], int], size: int) -> Play | None:
    """The kind's combination of `size` cards spending as few key cards as possible, or None.

    Key cards are the strongest Long cards, so a playout keeps them for ordinary plays.
    """
    key, matching, rank = kind
    match = hand[matching[0]] + hand[matching[1]]
    if not (2 <= size <= MAX_SIZE and hand[key] and match and hand[key] + match >= size):
        return None
    keys = max(1, size - match)
    parts, left = [(key, keys)], size - keys
    for m in matching:
        take = min(hand[m], left)
        if take:
            parts.append((m, take))
            left -= take
    return SPECIAL_FAMILY, rank, size, tuple(parts)


def beating_plays(hand: Hand, family: int, rank: int, size: int) -> list[Play]:
    """One beating play per identity (or special kind) that can beat, weakest first."""
    if family == SPECIAL_FAMILY:
        found = (special_play(hand, k, size) for k in KINDS if k[2] > rank)
        return [p for p in found if p]
    return [(family, RANK[i], size, ((i, size),)) for i in MEMBERS[family] if RANK[i] > rank and hand[i] >= size]


def tops(hand: Hand) -> list[int]:
    """What the hand could beat, flat: `tops[family * SLOT + size]` is the highest rank it can play
    with that many cards of that family (0: none), so it beats (family, rank, size) exactly when
    `tops[family * SLOT + size] > rank`. Plain loops: this is the inner loop of every playout."""
    top = [0] * (SLOT * (SPECIAL_FAMILY + 1))
    for i, count in enumerate(hand):
        if count:
            base, rank = FAMILY[i] * SLOT, RANK[i]
            for size in range(1, min(count, MAX_SIZE) + 1):
                if top[base + size] < rank:
                    top[base + size] = rank
    base = SPECIAL_FAMILY * SLOT
    for key, (m1, m2), rank in KINDS:  # weakest kind first, so a later kind overwrites
        match = hand[m1] + hand[m2]
        if hand[key] and match:
            for size in range(2, min(MAX_SIZE, hand[key] + match) + 1):
                top[base + size] = rank
    return top


def safe_lead(hand: Hand, threat: list[int]) -> Play | None:
    """The biggest play of `hand` that nobody with `threat` (joint `tops`) can beat, weakest first.

    A set is only harder to beat with more cards, so each identity and kind is tried at its full size.
    """
    found: Play | None = None
    for i, count in enumerate(hand):
        if count:
            size = min(count, MAX_SIZE)
            if threat[FAMILY[i] * SLOT + size] <= RANK[i] and (not found or (size, -RANK[i]) > (found[2], -found[1])):
                found = (FAMILY[i], RANK[i], size, ((i, size),))
    for key, (m1, m2), rank in KINDS:
        match = hand[m1] + hand[m2]
        size = min(MAX_SIZE, hand[key] + match)
        if hand[key] and match and threat[SPECIAL_FAMILY * SLOT + size] <= rank and (not found or size > found[2]):
            found = special_play(hand, (key, (m1, m2), rank), size)
    return found


def followers(leader: int) -> tuple[int, int]:
    return (leader + 1) % SEATS, (leader + 2) % SEATS


@dataclass
class World:
    """A simulated deal in progress: all hands known, changed in place by `take`."""

    hands: list[Hand]
    sizes: list[int]
    scores: list[int]
    _tops: list[list[int] | None]

    @classmethod
    def of(cls, hands: list[Hand], scores: Sequence[int]) -> World:
        return cls(hands, [sum(h) for h in hands], list(scores), [None] * SEATS)

    def take(self, seat: int, play: Play) -> None:
        hand = self.hands[seat]
        for i, n in play[3]:
            hand[i] -= n
        self.sizes[seat] -= play[2]
        self._tops[seat] = None

    def threat(self, seats: Sequence[int]) -> list[int]:
        """The joint `tops` of those seats that still hold cards: what they could beat."""
        joint = NO_THREAT
        for seat in seats:
            if self.sizes[seat]:
                table = self._tops[seat]
                if table is None:
                    table = self._tops[seat] = tops(self.hands[seat])
                joint = table if joint is NO_THREAT else list(map(max, joint, table))
        return joint

    def next_leader(self, winner: int) -> int | None:
        """The next round's leader, or None when at most one seat holds cards."""
        if sum(1 for n in self.sizes if n) <= 1:
            return None
        seat = winner
        while not self.sizes[seat]:
            seat = (seat + 1) % SEATS
        return seat


class RolloutPolicy:
    """A quick sensible player with full sight of the simulated world.

    Leads the biggest play nobody can beat (weakest first), else a single of its weakest card.
    Follows with the weakest beating play that nobody after it can beat, else the weakest.
    """

    def lead(self, world: World, seat: int) -> Play:
        hand = world.hands[seat]
        safe = safe_lead(hand, world.threat(followers(seat)))
        if safe:
            return safe
        i = min((i for i in range(len(CODES)) if hand[i]), key=lambda i: (RANK[i], -hand[i]))
        return FAMILY[i], RANK[i], 1, ((i, 1),)

    def follow(self, world: World, seat: int, best: Play, after: Sequence[int]) -> Play | None:
        options = beating_plays(world.hands[seat], *best[:3])
        if len(options) <= 1:
            return options[0] if options else None
        threat = world.threat(after)
        return next((p for p in options if threat[p[0] * SLOT + p[2]] <= p[1]), options[0])


def finish_round(world: World, pending: Sequence[int], best: tuple[int, Play], policy: RolloutPolicy) -> int:
    """The seats in `pending` act in order against `best` (seat, play); the round is scored; the winner."""
    for k, seat in enumerate(pending):
        if world.sizes[seat]:
            play = policy.follow(world, seat, best[1], pending[k + 1 :])
            if play:
                world.take(seat, play)
                best = (seat, play)
    world.scores[best[0]] += best[1][2]
    return best[0]


def finish_deal(world: World, leader: int | None, policy: RolloutPolicy) -> list[int]:
    """Play rounds to the end from a leader about to lead; the final scores."""
    while leader is not None:
        play = policy.lead(world, leader)
        world.take(leader, play)
        winner = finish_round(world, followers(leader), (leader, play), policy)
        leader = world.next_leader(winner)
    return world.scores
