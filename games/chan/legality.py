"""Which discards, melds, Chíu and wins a seat may make (rules §1.2.2–1.2.4, R4–R5, C8–C10).

Each check returns None when the move is allowed, or the `IllegalAction` that explains why not
(it is raised by `apply` and shown beside blocked cards by the table), so the rule and its reason
live in one place. The checks read a `Holding`, one seat's private and public cards, so that the
"legal discard left after a meld" rule (R5c) can ask the discard check about the hand after it.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import NamedTuple

from games.chan.cards import CHI_CHI, rank_of
from games.chan.hands import (
    MIN_CHAN,
    PARTNERS,
    Pairing,
    holds_ca,
    one_short,
    same_rank,
    tally,
    total_pairing,
    winning_pairing,
    wins,
)
from games.chan.state import ChanState, Meld
from games.core.errors import IllegalAction, gettext_noop


class Holding(NamedTuple):  # a named tuple: built at every offer, at half a frozen dataclass's cost
    hand: tuple[str, ...]  # sorted, as a state's hands are
    melds: tuple[Meld, ...]
    discarded: tuple[str, ...]
    frozen: tuple[str, ...]

    def melded_ca(self) -> bool:
        return "ca" in [m.kind for m in self.melds]

    def ca_cards(self) -> list[str]:
        """The hand cards used in Cạ melds (R4d: none of them may be taken again)."""
        return [card for meld in self.melds if meld.kind == "ca" for card in meld.from_hand]

    def discarded_ca(self) -> bool:
        """Two cards of one rank in different suits discarded over the deal (R5b)."""
        ranks = [rank for rank in map(rank_of, set(self.discarded)) if rank is not None]
        return len(ranks) != len(set(ranks))

    def after_meld(self, meld: Meld) -> Holding:
        """The holding once `meld` is exposed; its hand cards must be held. Taking cards out of a
        sorted hand leaves it sorted, so it is not sorted again (hands are sorted tuples throughout)."""
        hand = list(self.hand)
        for card in meld.from_hand:
            hand.remove(card)
        return Holding(tuple(hand), (*self.melds, meld), self.discarded, self.frozen)


def holding(state: ChanState, seat: int) -> Holding:
    return Holding(state.hands[seat], state.melds[seat], state.discarded[seat], state.frozen[seat])


def discard_error(h: Holding, card: str) -> IllegalAction | None:
    return _discard_error(h, card, h.hand.count(card))


def _discard_error(h: Holding, card: str, count: int) -> IllegalAction | None:
    """`discard_error` for a caller that has counted the card already (a tuple's count is slow)."""
    if count == 0:
        return IllegalAction(
            gettext_noop("You do not hold {card}; discard a card from your hand."), "card_not_held", card=card
        )
    if count in (2, 4):
        return IllegalAction(
            gettext_noop(
                "Your {count} × {card} are Chắn pairs and may not be broken; discard a single "
                "card, or one card of three identical ones."
            ),
            "broken_pair",
            card=card,
            count=count,
        )
    if card in h.frozen:
        return _frozen(card)
    if h.melded_ca():
        partner = next((d for d in h.discarded if d != card and d in PARTNERS[card]), None)  # same rank
        if partner is not None:
            return IllegalAction(
                gettext_noop(
                    "You have melded a Cạ and already discarded {partner}: discarding {card} too "
                    "would discard both cards of a Cạ. Discard a card of another rank."
                ),
                "ca_discard",
                card=card,
                partner=partner,
            )
    return None


def legal_discards(h: Holding) -> list[str]:
    """The legal discards in hand order: cards held once or three times (pairs are never broken)
    that neither the frozen identities nor the Cạ rule keep back, checked as `discard_error` would."""
    kept = _kept_back(h, h.melded_ca())
    return [card for card in tally(h.hand).odd if card not in kept]


def _kept_back(h: Holding, melded_ca: bool) -> Collection[str]:
    """Identities `discard_error` refuses whatever the count: frozen ones and, once a Cạ is melded,
    those of a rank whose card in another suit was discarded already."""
    if not melded_ca:
        return h.frozen  # mostly empty: no set to build
    kept = {card for partner in h.discarded for card in PARTNERS[partner] if card != partner}
    kept.update(h.frozen)
    return kept


def meld_error(h: Holding, offered: str, card: str) -> IllegalAction | None:
    """May the seat meld `offered` with its hand card `card` (a Chắn when identical, else a Cạ)?"""
    if h.hand.count(card) == 0:
        return IllegalAction(
            gettext_noop("You do not hold {card}; meld {offered} with a card from your hand."),
            "card_not_held",
            card=card,
            offered=offered,
        )
    error = _shape_error(h, offered, card) or _taken_before(h, offered)
    if error is None and card != offered:
        error = ca_error(h, offered, card)
    return error or _no_discard_after(h, Meld("chan" if card == offered else "ca", offered, (card,)))


def may_meld(h: Holding, offered: str, card: str) -> bool:
    """`meld_error(h, offered, card) is None`, for the legal lists: the same checks read off the
    hand's tally, without counting the hand card by card or building the refusals and the meld."""
    counted = tally(h.hand)
    held, count = counted.copies(offered), counted.copies(card)
    if not count or held == 3 or offered in h.discarded:
        return False
    if h.melds and offered in h.ca_cards():  # R4d
        return False
    if card == offered:
        return _discard_left(h, card, 1, False)
    if held or count % 2 == 0 or card in h.frozen or not same_rank(card, offered):
        return False
    # The Cạ rules, as `ca_error`: a Cạ held in the rank, one card short of a win, R5b.
    if holds_ca(h.hand, rank_of(offered)) or one_short(h.hand) or h.discarded_ca():
        return False
    return _discard_left(h, card, 1, True)


def _shape_error(h: Holding, offered: str, card: str) -> IllegalAction | None:
    held = h.hand.count(offered)
    if held == 3:
        return IllegalAction(
            gettext_noop("You hold three {offered}: taking the fourth is a Chíu, which exposes all four."),
            "must_chiu",
            offered=offered,
        )
    if card == offered:
        return None
    if held:
        return IllegalAction(
            gettext_noop(
                "You hold {offered}, so {offered} may only be taken as a Chắn with your own {offered}, not as a Cạ."
            ),
            "must_chan",
            offered=offered,
            card=card,
        )
    if not same_rank(card, offered):
        return IllegalAction(
            gettext_noop(
                "{card} does not pair with {offered}: a Chắn needs an identical card, a Cạ a card "
                "of the same rank in another suit (Chi Chi pairs only with Chi Chi)."
            ),
            "not_a_pair",
            offered=offered,
            card=card,
        )
    return None


def ca_error(h: Holding, offered: str, card: str) -> IllegalAction | None:
    """The Cạ restrictions (rules §1.2.2 item 3) for a Cạ of `offered` with hand card `card`."""
    count = h.hand.count(card)
    if count in (2, 4):
        return IllegalAction(
            gettext_noop(
                "Your {count} × {card} are Chắn pairs and may not be broken for a Cạ; only one of "
                "three identical cards may be used."
            ),
            "broken_pair",
            card=card,
            count=count,
        )
    if card in h.frozen:
        return _frozen(card)
    rank = rank_of(offered)
    if holds_ca(h.hand, rank):
        return IllegalAction(
            gettext_noop("You already hold a Cạ in rank {rank}, so you may not meld another Cạ in that rank."),
            "ca_in_rank",
            rank=rank,
        )
    if one_short(h.hand):
        return IllegalAction(
            gettext_noop(
                "Only one unpaired card is left in your hand, so you may not meld a Cạ: wait for "
                "your winning card, or take a Chắn."
            ),
            "one_unpaired",
        )
    if h.discarded_ca():
        return IllegalAction(
            gettext_noop(
                "You have discarded both cards of a Cạ, so you may no longer meld a Cạ; Chắn melds are still allowed."
            ),
            "ca_discarded",
        )
    return None


def _taken_before(h: Holding, offered: str) -> IllegalAction | None:
    """R4d (C8): no meld takes a card identical to one the seat discarded or used from hand in a Cạ."""
    if offered in h.discarded:
        return IllegalAction(
            gettext_noop("You discarded {offered} earlier in this deal, so you may not take {offered} now."),
            "taken_discarded",
            offered=offered,
        )
    if h.melds and offered in h.ca_cards():
        return IllegalAction(
            gettext_noop("You used your {offered} in a Cạ earlier, so you may not take {offered} now."),
            "taken_ca_card",
            offered=offered,
        )
    return None


def _no_discard_after(h: Holding, meld: Meld) -> IllegalAction | None:
    if _discard_left(h, meld.from_hand[0], len(meld.from_hand), meld.kind == "ca"):
        return None
    return IllegalAction(
        gettext_noop("After taking {offered} you would have no legal discard left, so you may not take it."),
        "no_discard_after",
        offered=meld.taken,
    )


def _discard_left(h: Holding, card: str, copies: int, ca: bool) -> bool:
    """Whether `legal_discards(h.after_meld(meld))` is not empty for a meld (a Cạ if `ca`) of `copies`
    hand cards `card`, without building that holding: only that identity's count changes."""
    counted = tally(h.hand)
    kept = _kept_back(h, ca or h.melded_ca())
    for other in counted.odd:  # a loop: the first card of most hands answers
        if other != card and other not in kept:
            return True
    return (counted.copies(card) - copies) % 2 == 1 and card not in kept


def _frozen(card: str) -> IllegalAction:
    return IllegalAction(
        gettext_noop(
            "You declined a Chắn on {card} earlier, so your {card} is frozen: it may neither be "
            "discarded nor used in a Cạ."
        ),
        "frozen",
        card=card,
    )


def chiu_error(h: Holding, offered: str) -> IllegalAction | None:
    """A Chíu that does not win: three held + the public fourth, then a legal discard must remain."""
    held = h.hand.count(offered)
    if held != 3:
        return IllegalAction(
            gettext_noop("A Chíu needs three cards identical to {offered} in your hand; you hold {held}."),
            "no_triple",
            offered=offered,
            held=held,
        )
    return _taken_before(h, offered) or _no_discard_after(h, Meld("chiu", offered, (offered,) * 3))


def win_error(h: Holding, card: str | None, by_chiu_only: bool) -> IllegalAction | None:
    """May these cards win on `card` (None: Thiên ù)? Off the stock only a Chíu wins (R7)."""
    if by_chiu_only and h.hand.count(card) != 3:
        return IllegalAction(
            gettext_noop("You can win only on a stock card just turned up, or by Chíu; {card} is neither."),
            "win_not_stock",
            card=card,
        )
    concealed = h.hand if card is None else (*h.hand, card)
    pairing = total_pairing(h.melds, concealed)
    if wins(h.melds, concealed, card, pairing):
        return None
    if card == CHI_CHI and not pairing.unpaired and pairing.chan >= MIN_CHAN:
        return IllegalAction(
            gettext_noop("Winning on Chi Chi needs exactly six Chắn and four Cạ; you would have {chan} Chắn."),
            "chi_chi_rule",
            chan=pairing.chan,
        )
    return IllegalAction(
        gettext_noop(
            "These cards do not win: ten pairs with at least six Chắn are needed; you would have "
            "{unpaired} unpaired card(s) and {chan} Chắn."
        ),
        "not_winning",
        unpaired=len(pairing.unpaired),
        chan=pairing.chan,
    )


def win_pairing(h: Holding, card: str | None) -> Pairing | None:
    return winning_pairing(h.melds, h.hand if card is None else (*h.hand, card), card)
