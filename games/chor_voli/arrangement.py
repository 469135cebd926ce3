"""Arranging a hand (rules §1.2 step 5): checking a player's arrangement, and searching a hand's groups.

The search works on a hand as one int of `CARD_BIT`s (display order): every valid group is listed
under its first card, so walking the hand from its first free card (in a group, or discarded) visits
each set of disjoint groups once.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from functools import cache
from itertools import accumulate

from games.chor_voli.cards import DECK_SET, DISPLAY_DECK, is_card, sort_for_display
from games.chor_voli.groups import (
    CARD_BIT,
    bit_numbers,
    by_strength,
    cards_bits,
    cards_of,
    group_mask,
    group_problem,
    group_types,
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
    arrangement = _plain_arrangement(hand, groups, discard)
    return _checked_arrangement(hand, groups, discard) if arrangement is None else arrangement


def _checked_arrangement(hand: Sequence[str], groups: object, discard: object) -> Arrangement:
    """`check_arrangement` the long way, check by check, which names what is wrong."""
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


def _plain_arrangement(hand: Sequence[str], groups: object, discard: object) -> Arrangement | None:
    """`check_arrangement`'s answer for the usual arrangement, read from card bits; None for anything else.

    Usual: lists (or tuples) of plain `str` cards, at most 4 groups of 3, which together are exactly
    the hand's cards and each group valid. Everything else goes the long way, which names what is
    wrong. Cards are added as bits: n cards whose bits add up to a number of n set bits are distinct,
    as a repeated card would carry into fewer."""
    if type(groups) not in _LISTS or type(discard) not in _LISTS or len(groups) > MAX_GROUPS:
        return None
    if not {*map(type, groups)} <= _LISTS:
        return None
    placed = [*discard]
    for group in groups:
        placed += group
    if {*map(type, placed)} != {str} or len(placed) != len(hand):
        return None
    try:
        held = cards_bits(hand)
        discarded = cards_bits(discard)
        masks = [CARD_BIT[a] | CARD_BIT[b] | CARD_BIT[c] for a, b, c in groups]
    except (KeyError, TypeError, ValueError):  # a code outside the pack, or a group not of 3
        return None
    if held.bit_count() != len(hand) or discarded + sum(masks) != held or not {*masks} <= group_types().keys():
        return None
    return Arrangement(by_strength(masks), cards_of(discarded))


_LISTS = {list, tuple}


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
    return _max_groups(cards_bits(hand))


def _max_groups(hand: int) -> int:
    """Most hands form four groups on the search's first path, which `_first_path_groups` walks alone."""
    found = _first_path_groups(hand)
    return found if found == MAX_GROUPS else _searched_max_groups(hand, found)


def _first_path_groups(free: int) -> int:
    """How many groups (up to 4) the search's first path finds: the first group of the first card that
    has one, again and again (`groups_with_first`'s first group, without a generator)."""
    table = _pair_thirds()
    found = 0
    while free and found < MAX_GROUPS:
        first = free & -free
        free ^= first
        thirds_of = table[first.bit_length() - 1]
        seconds = free
        while seconds:
            second = seconds & -seconds
            seconds ^= second
            thirds = thirds_of[second.bit_length() - 1] & seconds
            if thirds:
                free ^= second | (thirds & -thirds)
                found += 1
                break
    return found


def _searched_max_groups(hand: int, at_least: int) -> int:
    """The most groups of `hand`, searched, knowing it can form `at_least` (which prunes the search)."""
    best = at_least

    def search(free: int, found: int) -> None:
        nonlocal best
        best = max(best, found)
        if best == MAX_GROUPS or found + free.bit_count() // 3 <= best:
            return
        for mask in groups_with_first(free):
            search(free & ~mask, found + 1)
            if best == MAX_GROUPS:
                return
        search(free & (free - 1), found)  # the first card discarded

    search(hand, 0)
    return best


def random_arrangement(hand: Sequence[str], rng: Rng, count: int | None = None) -> Arrangement | None:
    """A random legal arrangement of `hand` with `count` groups (default: 0 to the most possible, uniformly).

    None if the hand cannot form `count` groups. Not uniform over all arrangements (there are far
    too many to list): first the group count, then a random walk over the hand's groups.
    """
    bits = cards_bits(hand)
    if count is None:
        count = rng.randint(0, _max_groups(bits))
    masks = _random_groups(bits, count, rng)
    if masks is None:
        return None
    return Arrangement(by_strength(masks), cards_of(bits & ~sum(masks)))


def split_by_masks(hand: Sequence[str], masks: Sequence[int]) -> tuple[list[list[str]], list[str]]:
    """The groups given as bitmasks of positions in `hand`, and the rest of the hand as the discard."""
    used = 0
    for mask in masks:
        used |= mask
    groups = [[card for i, card in enumerate(hand) if mask >> i & 1] for mask in masks]
    return groups, [card for i, card in enumerate(hand) if not used >> i & 1]


def arrange_action(groups: Iterable[Sequence[str]], discard: Sequence[str]) -> JSON:
    return {"type": "arrange", "groups": [list(g) for g in groups], "discard": list(discard)}


def _random_groups(free: int, wanted: int, rng: Rng) -> list[int] | None:
    """A random walk over the groups of `free`: at each first card its options (each group holding it,
    then discarding it) in a shuffled order, the first that leads to `wanted` groups taken.

    The options are counted, not listed: shuffling their places draws exactly what shuffling the list
    of options draws (a shuffle's draws depend on the length alone), and only the options tried are
    looked up, by place (`_group_at`)."""
    return [] if wanted == 0 else _walk(free, wanted, rng)


def _walk(free: int, wanted: int, rng: Rng) -> list[int] | None:
    """`_random_groups` for `wanted` ≥ 1, which takes its last group without asking for zero more."""
    if free.bit_count() < 3 * wanted:
        return None
    first = free & -free
    others = free ^ first
    seconds = bit_numbers(others)
    thirds_of = _pair_thirds()[first.bit_length() - 1]
    thirds = [*map(others.__and__, map(thirds_of.__getitem__, seconds))]  # per second card, its valid thirds
    ends = [*accumulate(map(int.bit_count, thirds))]  # per second card, the place after its last group
    places = list(range(ends[-1] + 1 if ends else 1))  # the last place: discard the first card
    rng.shuffle(places)
    for place in places:
        mask = _group_at(first, seconds, thirds, ends, place)
        if not mask:
            rest = _walk(others, wanted, rng)
            if rest is not None:
                return rest
        elif wanted == 1:
            return [mask]
        else:
            rest = _walk(free ^ mask, wanted - 1, rng)
            if rest is not None:
                return [mask, *rest]
    return None


def groups_with_first(free: int) -> Iterator[int]:
    """Every valid group of the cards `free` (`CARD_BIT`s) that holds the first of them, as `CARD_BIT`s,
    in the order of the triples of a hand sorted for display (second card, then third, ascending).

    The search's hot path: listing each group under its first card visits every set of disjoint
    groups once; the table of `_pair_thirds` leaves one AND per second card; and a generator lets
    `max_groups` stop at the first group that leads to four."""
    first = free & -free
    thirds_of = _pair_thirds()[first.bit_length() - 1]
    rest = free ^ first
    while rest:
        second = rest & -rest
        rest ^= second
        thirds = thirds_of[second.bit_length() - 1] & rest
        while thirds:
            third = thirds & -thirds
            yield first | second | third
            thirds ^= third


def _group_at(first: int, seconds: Sequence[int], thirds: Sequence[int], ends: Sequence[int], place: int) -> int:
    """The group at `place` in `groups_with_first`'s order, given the first card's bit, the second
    cards' bit numbers, each one's valid thirds (`CARD_BIT`s) and the place after each one's last
    group; 0 past the last group."""
    at = bisect_right(ends, place)
    if at == len(ends):
        return 0
    third_bits = thirds[at]
    for _ in range(place - ends[at - 1] if at else place):
        third_bits &= third_bits - 1
    return first | 1 << seconds[at] | (third_bits & -third_bits)


@cache
def _pair_thirds() -> list[list[int]]:
    """Per pair of card bit numbers a < b, the `CARD_BIT`s of the cards after b that make a valid group
    with the pair. Built on first use, from the valid groups of the pack."""
    thirds = [[0] * len(DISPLAY_DECK) for _ in DISPLAY_DECK]
    for group in group_types():
        a, b, c = (i for i in range(len(DISPLAY_DECK)) if group >> i & 1)
        thirds[a][b] |= 1 << c
    return thirds
