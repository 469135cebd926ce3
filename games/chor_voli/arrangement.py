"""Arranging a hand (rules §1.2 step 5): checking a player's arrangement, and searching a hand's groups.

The search works on bitmasks of hand positions: every valid group is listed under its lowest card,
so walking the hand from its lowest free card (in a group, or discarded) visits each set of disjoint
groups once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from games.chor_voli.cards import DECK_SET, is_card, sort_for_display
from games.chor_voli.groups import (
    ACE,
    RANK_VALUE,
    SEQUENCE_THIRDS,
    SUIT_INDEX,
    by_strength,
    group_mask,
    group_problem,
    strong_first,
)
from games.chor_voli.state import Arrangement
from games.core.errors import IllegalAction, gettext_noop
from games.core.protocol import JSON
from games.core.rng import Rng

MAX_GROUPS = 4


def check_arrangement(hand: Sequence[str], groups: object, discard: object) -> Arrangement:
    """The arrangement, groups sorted strong→weak, if it is a legal one for `hand`; IllegalAction otherwise.

    Legal: 0–4 valid groups of exactly 3 cards and a discard, together exactly the hand's cards.
    """
    if not (isinstance(groups, list | tuple) and all(map(_is_codes, groups)) and _is_codes(discard)):
        raise IllegalAction(
            gettext_noop(
                'An arrangement needs "groups", a list of up to four groups of three card codes, '
                'and "discard", a list of the other card codes.'
            ),
            "malformed",
        )
    if len(groups) > MAX_GROUPS:
        raise IllegalAction(
            gettext_noop("You formed {count} groups; at most 4 groups are allowed."),
            "too_many_groups",
            count=len(groups),
        )
    _check_every_card_placed_once(hand, [card for group in groups for card in group] + list(discard))
    masks = []
    for number, group in enumerate(groups, 1):
        mask = group_mask(group)
        if mask is None:  # then, and only then, group_problem names a problem
            raise group_problem(group, number)
        masks.append(mask)
    return Arrangement(by_strength(masks), sort_for_display(discard))


def _is_codes(value: object) -> bool:
    return isinstance(value, list | tuple) and all(isinstance(card, str) for card in value)


def _check_every_card_placed_once(hand: Sequence[str], placed: list[str]) -> None:
    held_once = set(hand)
    if len(placed) == len(hand) == len(held_once) and held_once == set(placed) and held_once <= DECK_SET:
        return  # a hand of distinct cards, each placed once: none of the refusals below applies
    held, seen = Counter(hand), Counter[str]()
    for card in placed:
        if not is_card(card):
            raise IllegalAction(
                gettext_noop("{card} is not a card; cards are written like AS, TH or 2C."),
                "unknown_card",
                card=card,
            )
        if card not in held:
            raise IllegalAction(
                gettext_noop("You do not hold {card}; arrange only the 13 cards of your hand."),
                "not_in_hand",
                card=card,
            )
        seen[card] += 1
        if seen[card] > held[card]:
            raise IllegalAction(
                gettext_noop("You placed {card} twice; each card goes to one group or to the discard."),
                "card_twice",
                card=card,
            )
    missing = sort_for_display((held - seen).elements())
    if missing:
        raise IllegalAction(
            gettext_noop("{cards} not placed; every card of your hand goes to a group or to the discard."),
            "cards_missing",
            cards=" ".join(missing),
        )


def max_groups(hand: Sequence[str]) -> int:
    """The most groups (0–4) that `hand` can form at once."""
    return _max_groups(_GroupsByLowestCard(hand), len(hand))


def _max_groups(by_lowest: dict[int, list[int]], size: int) -> int:
    best = 0

    def search(free: int, found: int) -> None:
        nonlocal best
        best = max(best, found)
        if best == MAX_GROUPS or found + free.bit_count() // 3 <= best:
            return
        low = free & -free
        for mask in by_lowest[low]:
            if mask & free == mask:
                search(free & ~mask, found + 1)
                if best == MAX_GROUPS:
                    return
        search(free & ~low, found)

    search((1 << size) - 1, 0)
    return best


def random_arrangement(hand: Sequence[str], rng: Rng, count: int | None = None) -> Arrangement | None:
    """A random legal arrangement of `hand` with `count` groups (default: 0 to the most possible, uniformly).

    None if the hand cannot form `count` groups. Not uniform over all arrangements (there are far
    too many to list): first the group count, then a random walk over the hand's groups.
    """
    by_lowest = _GroupsByLowestCard(hand)
    if count is None:
        count = rng.randint(0, _max_groups(by_lowest, len(hand)))
    masks = _random_groups(by_lowest, (1 << len(hand)) - 1, count, rng)
    if masks is None:
        return None
    groups, discard = split_by_masks(hand, masks)
    return Arrangement(strong_first(groups), sort_for_display(discard))


def split_by_masks(hand: Sequence[str], masks: Sequence[int]) -> tuple[list[list[str]], list[str]]:
    """The groups given as bitmasks of positions in `hand`, and the rest of the hand as the discard."""
    used = 0
    for mask in masks:
        used |= mask
    groups = [[card for i, card in enumerate(hand) if mask >> i & 1] for mask in masks]
    return groups, [card for i, card in enumerate(hand) if not used >> i & 1]


def arrange_action(groups: Iterable[Sequence[str]], discard: Sequence[str]) -> JSON:
    return {"type": "arrange", "groups": [list(g) for g in groups], "discard": list(discard)}


def _random_groups(by_lowest: dict[int, list[int]], free: int, wanted: int, rng: Rng) -> list[int] | None:
    if wanted == 0:
        return []
    if free.bit_count() < 3 * wanted:
        return None
    low = free & -free
    options = [mask for mask in by_lowest[low] if mask & free == mask] + [0]  # 0: discard the low card
    rng.shuffle(options)
    for mask in options:
        rest = _random_groups(by_lowest, free & ~(mask or low), wanted - bool(mask), rng)
        if rest is not None:
            return [mask, *rest] if mask else rest
    return None


class _GroupsByLowestCard(dict[int, list[int]]):
    """Every valid group of `hand` (distinct cards) as a bitmask of hand positions, under the bit of its
    lowest position; each list in the order of the triples (i < j < k) of the hand.

    The hot path of a random arrangement, so each list is built when first asked for (a random
    arrangement asks for about five of the thirteen). Which third cards complete a pair follows from
    the pair's ranks and suits alone (rules §1.3): a trio needs the pair's rank; a straight one of the
    ranks in `SEQUENCE_THIRDS`; a flush the pair's suit; independent cards a third rank in a third suit.
    So each pair takes its thirds from the hand's positions per rank and per suit, as one bitmask."""

    def __init__(self, hand: Sequence[str]) -> None:
        super().__init__()
        self.ranks = [RANK_VALUE[card] for card in hand]
        self.suits = [SUIT_INDEX[card] for card in hand]
        self.everyone = (1 << len(hand)) - 1
        self.by_rank, self.by_suit = [0] * (ACE + 1), [0] * 4
        for i, (rank, suit) in enumerate(zip(self.ranks, self.suits, strict=True)):
            self.by_rank[rank] |= 1 << i
            self.by_suit[suit] |= 1 << i

    def __missing__(self, low: int) -> list[int]:
        ranks, suits, by_rank, by_suit, everyone = self.ranks, self.suits, self.by_rank, self.by_suit, self.everyone
        i = low.bit_length() - 1
        groups, first_rank, first_suit = [], ranks[i], suits[i]
        for j in range(i + 1, len(ranks)):
            rank, suit = ranks[j], suits[j]
            if rank == first_rank:
                thirds = by_rank[rank]
            elif suit == first_suit:
                thirds = by_suit[suit]
            else:
                thirds = everyone & ~(by_suit[suit] | by_suit[first_suit] | by_rank[rank] | by_rank[first_rank])
            for third_rank in SEQUENCE_THIRDS[first_rank][rank]:
                thirds |= by_rank[third_rank]
            thirds &= everyone ^ ((2 << j) - 1)  # the positions after j
            pair = low | 1 << j
            while thirds:
                third = thirds & -thirds
                groups.append(pair | third)
                thirds ^= third
        self[low] = groups
        return groups
