"""Pairing concealed cards and the winning-hand test (rules §1.2.4).

The canonical decomposition: for each identity with count c, ⌊c/2⌋ Chắn (a quad is two Chắn, a
triple one Chắn and a leftover). Leftovers of one rank pair as a Cạ when there are exactly two;
one leftover stays unpaired, and of three leftovers (three suits of one rank) two make a Cạ and
one stays unpaired. A Chi Chi leftover never pairs. An identical pair is never split into two Cạ
(Z2), which is also why this decomposition is the one with the most Chắn.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

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


class Tally(NamedTuple):  # a named tuple: built for every new hand, at half a frozen dataclass's cost
    """A concealed hand counted once: an offer asks about the same four hands again and again, and
    a hand changes only when its own seat plays. Counted in one int, three bits per identity in the
    pack's order (a count is 0 to 4), whose lowest bits are the odd counts; a state's hands are sorted
    in the pack's order, so "the pack's order" is also the hand's."""

    packed: int  # the counts, three bits per identity (`copies` reads one)
    odd: tuple[str, ...]  # identities held once or three times, in the pack's order: no pair to break
    wins_on: tuple[str, ...]  # the cards that pair with its one unpaired card; none if it has more or none
    triples: tuple[str, ...]  # identities held three times: a Chíu's fourth copy, in the pack's order
    on_stock: tuple[str, ...]  # the triples and `wins_on`: the stock cards it may claim (a Chíu or a win)

    def copies(self, code: str) -> int:
        return self.packed >> _SHIFT[code] & 0b111


@lru_cache(maxsize=4096)
def tally(hand: tuple[str, ...]) -> Tally:
    """The hand's `Tally`; its cards must be Chắn cards (KeyError otherwise), in any order."""
    packed = sum(map(_UNIT.__getitem__, hand))
    odd = packed & _ODD
    three = packed & (packed >> 1) & ~(packed >> 2) & _ODD  # counts 0b011
    triples = _identities(three) if three else ()
    wins_on = _wins_on(odd)
    return Tally(packed, _identities(odd), wins_on, triples, triples + wins_on)


def _wins_on(odd: int) -> tuple[str, ...]:
    """The partners of the one card that these odd counts leave unpaired (as `_canonical` pairs them),
    or none. A rank leaves a card unpaired when an odd number of its identities are left over: the
    parity of its three odd bits, gathered at its lowest (Vạn). Asked of every hand at every stock
    card, so it skips the full decomposition."""
    alone = (odd ^ (odd >> 3) ^ (odd >> 6)) & _LOWEST
    if odd & _UNIT[CHI_CHI]:
        return PARTNERS[CHI_CHI] if alone == 0 else ()
    if alone == 0 or alone & (alone - 1):  # no rank, or more than one, leaves a card alone
        return ()
    return _RANK_AT[alone]  # whichever card of that rank stays alone, its partners are the whole rank


def _identities(bits: int) -> tuple[str, ...]:
    """The identities whose lowest count bit is set in `bits`, in the pack's order, read eight at a
    time from a table (a loop over the bits cost four times as much)."""
    low, mid, high, chi_chi = _EIGHTS
    return low[bits & _EIGHT] + mid[bits >> 24 & _EIGHT] + high[bits >> 48 & _EIGHT] + chi_chi[bits >> 72]


_SHIFT = {code: 3 * i for i, code in enumerate(IDENTITIES)}  # where an identity's count starts
_UNIT = {code: 1 << shift for code, shift in _SHIFT.items()}  # one copy of it
_ODD = sum(_UNIT.values())  # every count's lowest bit
_RANK_AT = {_UNIT[rank + SUITS[0]]: tuple(rank + suit for suit in SUITS) for rank in RANKS}  # by its lowest bit
_LOWEST = sum(_RANK_AT)
_EIGHT = sum(_UNIT[code] for code in IDENTITIES[:8])  # the lowest bits of eight counts


def _subsets(codes: tuple[str, ...]) -> dict[int, tuple[str, ...]]:
    """Each subset of `codes` (at most eight identities) by their lowest count bits, counted from the first."""
    return {
        sum(1 << 3 * i for i in range(len(codes)) if chosen >> i & 1): tuple(
            code for i, code in enumerate(codes) if chosen >> i & 1
        )
        for chosen in range(1 << len(codes))
    }


_EIGHTS = tuple(_subsets(IDENTITIES[start : start + 8]) for start in range(0, len(IDENTITIES), 8))


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
    start = _RANK_SHIFT.get(rank)  # None for no rank (Chi Chi's)
    return start is not None and (tally(tuple(hand)).packed >> start & 0o111).bit_count() >= 2  # its odd bits


_RANK_SHIFT = {rank: _SHIFT[rank + SUITS[0]] for rank in RANKS}  # where a rank's three counts start


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
