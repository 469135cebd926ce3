"""Chor Voli's three-card groups: type, comparison key and why a group is not valid (rules §1.3).

The table calls `why_invalid` (or `group_problem`, which keeps the translatable template) on each
group while the player is still arranging, so both accept anything: partial groups, junk codes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import StrEnum
from functools import cache
from itertools import combinations

from games.chor_voli.cards import DECK, DISPLAY_DECK, display_key, is_card
from games.core.cards import FRENCH_RANKS, rank_value
from games.core.errors import IllegalAction, gettext_noop

ACE = 14
_RANK_VALUES = {rank: rank_value(rank + "S") for rank in FRENCH_RANKS}


class GroupType(StrEnum):
    TRIO = "trio"
    STRAIGHT_FLUSH = "straight_flush"
    STRAIGHT = "straight"
    FLUSH = "flush"
    INDEPENDENT = "independent"

    @property
    def strength(self) -> int:
        """5 for a trio down to 1 for independent cards: the first element of every group key."""
        return _STRENGTH[self]


_STRENGTH = {
    GroupType.TRIO: 5,
    GroupType.STRAIGHT_FLUSH: 4,
    GroupType.STRAIGHT: 3,
    GroupType.FLUSH: 2,
    GroupType.INDEPENDENT: 1,
}
_OF_STRENGTH = {strength: kind for kind, strength in _STRENGTH.items()}

# The twelve sequences as rank sets, valued A-K-Q = 12, A-2-3 = 11, K-Q-J = 10 … 4-3-2 = 1.
# K-A-2 and the Ramchi 2-3-5 are not sequences (seed; rules CV-A12).
SEQUENCES: dict[frozenset[int], int] = {
    frozenset({ACE, 13, 12}): 12,
    frozenset({ACE, 2, 3}): 11,
    **{frozenset({top, top - 1, top - 2}): top - 3 for top in range(13, 3, -1)},
}


def classify(cards: Sequence[str]) -> GroupType | None:
    """The type of three different cards, checked in the order of the rules table; None: not valid."""
    mask = group_mask(cards)
    return None if mask is None else group_types()[mask]


def group_mask(cards: Sequence[str]) -> int | None:
    """The OR of the cards' `CARD_BIT`s if they are a valid group, else None. A code that is not a card
    adds no bit and a repeated one no new bit, and every valid group has three bits."""
    if len(cards) != 3:
        return None
    first, second, third = cards
    mask = CARD_BIT.get(first, 0) | CARD_BIT.get(second, 0) | CARD_BIT.get(third, 0)
    return mask if mask in group_types() else None


def _mask(cards: Sequence[str]) -> int:
    return CARD_BIT[cards[0]] | CARD_BIT[cards[1]] | CARD_BIT[cards[2]]


# Card bits in display order (rank high→low, then S H D C): a hand sorted for display holds its cards in
# bit order, so the arrangement search walks a hand as one int whose lowest bit is its first card.
CARD_BIT: dict[str, int] = {code: 1 << i for i, code in enumerate(DISPLAY_DECK)}


def cards_bits(cards: Iterable[str]) -> int:
    """The OR of distinct cards' `CARD_BIT`s (their sum, as no bit repeats)."""
    return sum(map(CARD_BIT.__getitem__, cards))


def cards_of(bits: int) -> tuple[str, ...]:
    """The cards of `CARD_BIT`s, in display order."""
    return _of_bytes(_BYTE_CARDS, bits)


def bit_numbers(bits: int) -> tuple[int, ...]:
    """The numbers of the set bits of `CARD_BIT`s (a card's place in `DISPLAY_DECK`), ascending."""
    return _of_bytes(_BYTE_NUMBERS, bits)


def _of_bytes(tables: tuple[tuple[tuple, ...], ...], bits: int) -> tuple:
    """What the byte tables give for each byte of `bits` (one look-up per byte), in bit order."""
    b0, b1, b2, b3, b4, b5, b6 = tables
    return (
        b0[bits & 255]
        + b1[bits >> 8 & 255]
        + b2[bits >> 16 & 255]
        + b3[bits >> 24 & 255]
        + b4[bits >> 32 & 255]
        + b5[bits >> 40 & 255]
        + b6[bits >> 48 & 255]
    )


def _byte_tables(items: Sequence[object]) -> tuple[tuple[tuple, ...], ...]:
    """Per byte of a hand's card bits (7 bytes hold the 52), per value of the byte, the items of its set bits."""
    return tuple(
        tuple(tuple(items[at + i] for i in range(8) if value >> i & 1 and at + i < len(items)) for value in range(256))
        for at in range(0, 56, 8)
    )


_BYTE_CARDS = _byte_tables(DISPLAY_DECK)
_BYTE_NUMBERS = _byte_tables(range(len(DISPLAY_DECK)))


@cache
def group_types() -> dict[int, GroupType]:
    """Every valid group of the pack, as the OR of its cards' `CARD_BIT`s, with its type. Built on
    first use (22,100 triples); `group_mask` and `classify` then only look groups up."""
    types = {}
    for triple in combinations(DECK, 3):
        kind = _type_of(triple)
        if kind is not None:
            types[_mask(triple)] = kind
    return types


@cache
def _group_keys() -> dict[int, tuple[int, ...]]:
    """`group_key` of every valid group (by its `_mask`), built on first use: keys are compared on
    every arrangement (strong→weak) and in every settlement."""
    types = group_types()
    return {_mask(t): _key_of(t, types[_mask(t)]) for t in combinations(DECK, 3) if _mask(t) in types}


def _type_of(cards: Sequence[str]) -> GroupType | None:
    """The rules table (§1.3) read top to bottom, for three different cards."""
    ranks = frozenset(_RANK_VALUES[c[0]] for c in cards)
    suits = {c[1] for c in cards}
    if len(ranks) == 1:
        return GroupType.TRIO
    if ranks in SEQUENCES:
        return GroupType.STRAIGHT_FLUSH if len(suits) == 1 else GroupType.STRAIGHT
    if len(suits) == 1:
        return GroupType.FLUSH
    if len(ranks) == 3 and len(suits) == 3:
        return GroupType.INDEPENDENT
    return None


def group_key(cards: Sequence[str]) -> tuple[int, ...]:
    """The comparison key of a valid group (larger wins; suits never count); ValueError if invalid.

    Trio `(5, rank)`; straight flush `(4, seq)`; straight `(3, seq)`; flush `(2, r1, r2, r3)`;
    independent `(1, r1, r2, r3)` with ranks high→low and the Ace high (CV-A11).
    """
    mask = group_mask(cards)
    if mask is None:
        raise ValueError(f"{list(cards)} is not a valid Chor Voli group")
    return _group_keys()[mask]


def group_keys(groups: Iterable[Sequence[str]]) -> list[tuple[int, ...]]:
    """`group_key` of each group. Groups spelt as `strong_first` spells them (every confirmed group is)
    are looked up whole, which spares reading their cards' bits; any other spelling goes card by card."""
    groups = list(groups)
    spelt = _keys_by_spelling()
    try:
        return [spelt[group] for group in groups]
    except (KeyError, TypeError):  # spelt otherwise, unhashable, or not a valid group
        return [*map(group_key, groups)]


@cache
def _keys_by_spelling() -> dict[tuple[str, ...], tuple[int, ...]]:
    """`group_key` of every valid group spelt as `strong_first` spells it; built on first use."""
    keys = _group_keys()
    _, ordered = _strong_places()
    return {group: keys[_mask(group)] for group in ordered}


def kind_of_key(key: Sequence[int]) -> GroupType:
    """The type of a valid group from its `group_key`, which starts with the type's strength."""
    return _OF_STRENGTH[key[0]]


def _key_of(cards: Sequence[str], kind: GroupType) -> tuple[int, ...]:
    ranks = sorted((rank_value(c) for c in cards), reverse=True)
    if kind is GroupType.TRIO:
        return (kind.strength, ranks[0])
    if kind in (GroupType.STRAIGHT_FLUSH, GroupType.STRAIGHT):
        return (kind.strength, SEQUENCES[frozenset(ranks)])
    return (kind.strength, *ranks)


# Each reason: (template naming the group, template for a group the caller did not number).
# Whole sentences per template, so that the German catalogue can translate each one.
_REASONS = {
    "size": (
        gettext_noop("Group {number} needs exactly 3 cards; it has {count}."),
        gettext_noop("A group needs exactly 3 cards; this one has {count}."),
    ),
    "pair": (
        gettext_noop(
            "Group {number} is not valid: two cards share a rank (a pair). A group needs three of a rank, "
            "a straight, one suit, or three different ranks in three different suits."
        ),
        gettext_noop(
            "Not a valid group: two cards share a rank (a pair). A group needs three of a rank, "
            "a straight, one suit, or three different ranks in three different suits."
        ),
    ),
    "two_suits": (
        gettext_noop(
            "Group {number} is not valid: two cards share a suit, but the three are neither a straight "
            "nor a flush. Independent cards need three different suits."
        ),
        gettext_noop(
            "Not a valid group: two cards share a suit, but the three are neither a straight nor a flush. "
            "Independent cards need three different suits."
        ),
    ),
    "king_ace_two": (
        gettext_noop(
            "Group {number} is not valid: K-A-2 is not a straight (the Ace only joins A-K-Q and A-2-3), "
            "and with two cards of one suit it is neither a flush nor independent cards."
        ),
        gettext_noop(
            "Not a valid group: K-A-2 is not a straight (the Ace only joins A-K-Q and A-2-3), "
            "and with two cards of one suit it is neither a flush nor independent cards."
        ),
    ),
}


def group_problem(cards: Sequence[object], number: int | None = None) -> IllegalAction | None:
    """Why `cards` cannot be confirmed as a group: an unraised IllegalAction "invalid_group", or None.

    `number` is the group's place as the player entered it (1-based) and is named in the message.
    The exception carries the English template and its parameters, for the page's translation.
    """
    for card in cards:
        if not is_card(card):
            return IllegalAction(
                gettext_noop("{card} is not a card; cards are written like AS, TH or 2C."),
                "invalid_group",
                card=str(card),
            )
    codes = [str(card) for card in cards]
    if len(set(codes)) != len(codes):
        return IllegalAction(
            gettext_noop("A card appears twice in this group; each card can be placed once."), "invalid_group"
        )
    if len(codes) != 3:
        return _problem("size", number, count=len(codes))
    if classify(codes) is not None:
        return None
    ranks = {rank_value(c) for c in codes}
    if len(ranks) < 3:
        return _problem("pair", number)
    return _problem("king_ace_two" if ranks == {13, ACE, 2} else "two_suits", number)


def _problem(reason: str, number: int | None, **params: object) -> IllegalAction:
    numbered, plain = _REASONS[reason]
    if number is None:
        return IllegalAction(plain, "invalid_group", **params)
    return IllegalAction(numbered, "invalid_group", number=number, **params)


def why_invalid(cards: Sequence[object], number: int | None = None) -> str | None:
    """The English reason `cards` is not a valid group (see `group_problem`), or None when it is valid."""
    problem = group_problem(cards, number)
    return None if problem is None else str(problem)


def group_display(cards: Iterable[str]) -> tuple[str, ...]:
    """A group's cards high→low, with the Ace low in A-2-3 so that it reads 3-2-A."""
    cards = tuple(cards)
    ace_low = {rank_value(c) for c in cards} == {ACE, 2, 3}
    return tuple(sorted(cards, key=lambda c: (1 if ace_low and c[0] == "A" else 0, display_key(c))))


def strong_first(groups: Iterable[Iterable[str]]) -> tuple[tuple[str, ...], ...]:
    """Valid groups strong→weak, each in display order; equal groups by their cards (one canonical state)."""
    groups = [tuple(g) for g in groups]
    masks = [mask for mask in map(group_mask, groups) if mask is not None]
    if len(masks) < len(groups):  # not all valid: sorted the long way, which raises group_key's ValueError
        return _sorted_strong_first(groups)
    return by_strength(masks)


def by_strength(masks: Iterable[int]) -> tuple[tuple[str, ...], ...]:
    """`strong_first` of valid groups given by their `group_mask`s."""
    places, ordered = _strong_places()
    return tuple(map(ordered.__getitem__, sorted(map(places.__getitem__, masks))))


def _sorted_strong_first(groups: Iterable[Iterable[str]]) -> tuple[tuple[str, ...], ...]:
    shown = sorted(group_display(g) for g in groups)
    return tuple(sorted(shown, key=group_key, reverse=True))


@cache
def _strong_places() -> tuple[dict[int, int], tuple[tuple[str, ...], ...]]:
    """Every valid group of the pack in `strong_first` order, and each one's place in it by its mask.
    Built on first use; sorting a few groups then sorts plain ints."""
    types = group_types()
    ordered = _sorted_strong_first(t for t in combinations(DECK, 3) if _mask(t) in types)
    return {_mask(group): place for place, group in enumerate(ordered)}, ordered


def valid_groups(hand: Iterable[str]) -> list[tuple[str, str, str]]:
    """Every valid group that can be taken from `hand`, in the hand's order."""
    return [g for g in combinations(hand, 3) if classify(g) is not None]
