"""Pairing concealed cards and the winning-hand test (rules §1.2.4).

The canonical decomposition: for each identity with count c, ⌊c/2⌋ Chắn (a quad is two Chắn, a
triple one Chắn and a leftover). Leftovers of one rank pair as a Cạ when there are exactly two;
one leftover stays unpaired, and of three leftovers (three suits of one rank) two make a Cạ and
one stays unpaired. A Chi Chi leftover never pairs. An identical pair is never split into two Cạ
(Z2), which is also why this decomposition is the one with the most Chắn.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from games.chan.cards import CHI_CHI, IDENTITIES, RANKS, SUITS, rank_of
from games.chan.state import Meld

PAIRS = 10
MIN_CHAN = 6
CHI_CHI_CA = 4  # winning on Chi Chi needs exactly 6 Chắn and 4 Cạ (Z3)


@dataclass(frozen=True, slots=True)
class Pairing:
    chan: int  # identical pairs; a quad counts two
    ca: tuple[str, ...]  # the rank of each Cạ
    unpaired: tuple[str, ...]  # cards the decomposition leaves alone


def canonical(cards: Iterable[str]) -> Pairing:
    return _canonical(tuple(sorted(cards)))  # any fixed order will do for the cache's key


_RANKED = {code: i for i, code in enumerate(IDENTITIES) if code != CHI_CHI}  # Chi Chi never forms a Cạ


@dataclass(frozen=True, slots=True)
class Tally:
    """A concealed hand counted once: an offer asks about the same four hands again and again, and
    a hand changes only when its own seat plays."""

    counts: dict[str, int]  # copies held of each identity, in the hand's order
    odd: tuple[str, ...]  # identities held once or three times, in the hand's order: no pair to break
    wins_on: tuple[str, ...]  # the cards that pair with its one unpaired card; none if it has more or none


@lru_cache(maxsize=4096)
def tally(hand: tuple[str, ...]) -> Tally:
    counts = Counter(hand)
    odd = tuple([code for code, n in counts.items() if n % 2])
    return Tally(counts, odd, _wins_on(odd))


def _wins_on(odd: tuple[str, ...]) -> tuple[str, ...]:
    """The partners of the one card that these odd identities leave unpaired (as `_canonical` pairs
    them), or none. A rank leaves a card unpaired when an odd number of its identities are left over:
    with a bit per identity, the parity of its three bits, gathered at its lowest. Asked of every hand
    at every stock card, so it skips the full decomposition."""
    bits = sum([_BIT.get(code, 0) for code in odd])  # codes outside the 25 identities stay out
    alone = (bits ^ (bits >> 1) ^ (bits >> 2)) & _LOWEST
    if CHI_CHI in odd:
        return PARTNERS[CHI_CHI] if alone == 0 else ()
    if alone == 0 or alone & (alone - 1):  # no rank, or more than one, leaves a card alone
        return ()
    return _RANK_AT[alone]  # whichever card of that rank stays alone, its partners are the whole rank


_BIT = {code: 1 << i for i, code in enumerate(IDENTITIES) if code != CHI_CHI}  # rank by rank, suits V S N
_RANK_AT = {_BIT[rank + SUITS[0]]: tuple(rank + suit for suit in SUITS) for rank in RANKS}  # by its lowest bit
_LOWEST = sum(_RANK_AT)


@lru_cache(maxsize=4096)
def _canonical(cards: tuple[str, ...]) -> Pairing:
    """Cached on the cards: the legality checks ask about the same hands at every offer."""
    odd = tally(cards).odd
    chan = (len(cards) - len(odd)) // 2  # each identity gives ⌊count/2⌋ Chắn
    singles: dict[str, list[str]] = {}  # rank -> its identities left over, in suit order
    for code in sorted([code for code in odd if code in _RANKED], key=_RANKED.__getitem__):
        singles.setdefault(code[0], []).append(code)
    ca: list[str] = []
    unpaired: list[str] = [CHI_CHI] if CHI_CHI in odd else []
    for rank, left in singles.items():
        if len(left) >= 2:
            ca.append(rank)
        if len(left) % 2:
            unpaired.append(left[-1])
    return Pairing(chan, tuple(ca), tuple(unpaired))


def one_short(hand: tuple[str, ...]) -> bool:
    """Whether the concealed cards leave exactly one card unpaired. A card added to them changes the
    unpaired cards of its own rank only, by one, so only such a hand can win on an offered card."""
    return bool(tally(hand).wins_on)  # any order counts right; a state's hands are sorted already


def could_win_on(hand: tuple[str, ...], card: str) -> bool:
    """Whether `card` added to the concealed cards could leave none unpaired: they leave exactly one
    unpaired (`one_short`), and `card` pairs with that one, since it changes its own rank only."""
    return card in tally(hand).wins_on


def holds_ca(hand: Sequence[str], rank: str) -> bool:
    """True when the hand holds a Cạ in `rank`: two identities of that rank with odd counts (R5a)."""
    return sum([hand.count(code) % 2 for code in _SUITED.get(rank, ())]) >= 2


_SUITED = {rank: tuple(rank + suit for suit in "VSN") for rank in "23456789"}  # a rank's identities


def total_pairing(melds: Sequence[Meld], concealed: Iterable[str]) -> Pairing:
    """The exposed melds (fixed as melded) plus the canonical decomposition of the concealed cards."""
    inner = canonical(concealed)
    chan = sum(m.chan for m in melds) + inner.chan
    ca = tuple(m.ca_rank for m in melds if m.ca_rank is not None) + inner.ca
    return Pairing(chan, ca, inner.unpaired)


def winning_pairing(melds: Sequence[Meld], concealed: Sequence[str], card: str | None) -> Pairing | None:
    """The ten pairs if melds + concealed win, else None.

    `concealed` includes the winning `card` (None for Thiên ù, where the Chi Chi rule does not apply).
    """
    pairing = total_pairing(melds, concealed)
    return pairing if wins(melds, concealed, card, pairing) else None


def wins(melds: Sequence[Meld], concealed: Sequence[str], card: str | None, pairing: Pairing) -> bool:
    """`winning_pairing` for a caller that has the `pairing` of melds + concealed already."""
    if sum(len(m.cards) for m in melds) + len(concealed) != 2 * PAIRS:
        return False
    if pairing.unpaired or pairing.chan < MIN_CHAN:
        return False
    return card != CHI_CHI or (pairing.chan == MIN_CHAN and len(pairing.ca) == CHI_CHI_CA)


def same_rank(a: str, b: str) -> bool:
    rank = rank_of(a)
    return rank is not None and rank == rank_of(b)


# The identities each identity pairs with: itself (a Chắn) and the other suits of its rank (a Cạ),
# in the cards' sort order.
PARTNERS = {a: tuple(b for b in IDENTITIES if a == b or same_rank(a, b)) for a in IDENTITIES}
