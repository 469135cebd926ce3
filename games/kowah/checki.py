"""The Checki shape: eight cards that are two triples and an identical pair (rules §3.2, K4).

* A triple is three ordinary cards of one rank, any suits, or three identical honours.
* A pair is two identical cards; its third copy is the winning card once the pair is exposed.
* Same-rank rule: when the pair shares its rank with one triple, the five cards of that rank must
  be two + two + one by suit; either identical two may then be the exposed pair. The pair may not
  share its rank with both triples. The two triples may share a rank with each other.

`checki_pairs(hand)` is the classifier: the pairs a hand may expose, empty for no Checki shape.
`checki_discards(hand, discards)` asks it about the discards of a nine-card hand that pass a counting
test: in random deals it classified ~1,300 hands a deal without the test, ~3 with it (2 December 2026).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from games.kowah.cards import SUITS, is_honour, sort_cards, triple_key, without

HAND_SIZE = 8


def is_triple(cards: Iterable[str]) -> bool:
    group = tuple(cards)
    if len(group) != 3:
        return False
    if any(map(is_honour, group)):
        return len(set(group)) == 1
    return len({card[0] for card in group}) == 1


def is_pair(cards: Iterable[str]) -> bool:
    group = tuple(cards)
    return len(group) == 2 and group[0] == group[1]


def is_two_two_one(cards: Iterable[str]) -> bool:
    """Five cards of one rank split two + two + one by suit: the same-rank rule's only allowed shape."""
    counts = Counter(card[1] for card in cards)
    return sorted(counts[suit] for suit in SUITS) == [1, 2, 2]


def checki_pairs(hand: Iterable[str]) -> tuple[str, ...]:
    """The identical pairs this hand may expose as its wait, in display order; () if no Checki shape."""
    cards = tuple(hand)
    if len(cards) != HAND_SIZE:
        return ()
    groups = Counter(map(triple_key, cards))
    # Every triple key holds 3 or 6 cards (one or two triples) except the pair's: 2 alone, or 5
    # when it shares the rank of one triple (8, sharing with both, is refused).
    odd = [key for key, n in groups.items() if n % 3]
    if len(odd) != 1 or groups[odd[0]] not in (2, 5):
        return ()
    group = [card for card in cards if triple_key(card) == odd[0]]
    if len(group) == 5 and (is_honour(odd[0]) or not is_two_two_one(group)):
        return ()
    return tuple(sort_cards(card for card, n in Counter(group).items() if n == 2))


def is_checki(hand: Iterable[str]) -> bool:
    return bool(checki_pairs(hand))


def checki_discards(hand: Sequence[str], discards: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """For each of `discards` (cards of `hand`) that leaves a Checki shape, the pairs it could expose.

    A Checki hand has exactly one triple key whose count is not a multiple of 3 (the pair's), and a
    discard changes one key's count; only the discards that leave exactly one such key are classified.
    """
    groups = Counter(map(triple_key, hand))
    odd = {key for key, n in groups.items() if n % 3}
    options = {}
    for card in discards:
        key = triple_key(card)
        if len(odd - {key}) + bool((groups[key] - 1) % 3) != 1:
            continue
        pairs = checki_pairs(without(hand, card))
        if pairs:
            options[card] = pairs
    return options
