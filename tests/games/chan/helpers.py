"""Build exact Chắn situations: fixed hands, melds, discards and the top of the stock.

`table(hands={2: "5V 5V 5V"}, stock="5V")` gives an opening state: the named cards are placed,
and every card left over goes to the place (an unfilled hand or the stock) holding the fewest
copies of it, so fillers make as few pairs as the room allows.
"""

from __future__ import annotations

from collections import Counter

from games.chan import rules
from games.chan.cards import deck, sort_key, sorted_cards
from games.chan.legality import Holding
from games.chan.state import HAND, SEATS, ChanState, Meld

WIN = {"type": "win"}
CHIU = {"type": "chiu"}
REVEAL = {"type": "reveal"}
PASS = {"type": "pass"}
STOCK = "stock"  # the stock as a place for fillers, beside seats 0–3


def cards(text: str) -> list[str]:
    return text.split()


def discard(card: str) -> dict:
    return {"type": "discard", "card": card}


def meld(card: str) -> dict:
    return {"type": "meld", "card": card}


def holding(hand: str, melds: tuple[Meld, ...] = (), discarded: str = "", frozen: str = "") -> Holding:
    return Holding(sorted_cards(cards(hand)), melds, tuple(cards(discarded)), tuple(cards(frozen)))


def table(
    hands: dict[int, str],
    stock: str = "",
    dealer: int = 0,
    melds: dict[int, tuple[Meld, ...]] | None = None,
    discarded: dict[int, str] | None = None,
    frozen: dict[int, str] | None = None,
) -> ChanState:
    melds = melds or {}
    fixed = {seat: cards(hands.get(seat, "")) for seat in range(SEATS)}
    top = cards(stock)
    used = Counter(top) + Counter(c for h in fixed.values() for c in h)
    used += Counter(c for row in melds.values() for m in row for c in m.cards)
    rest = Counter(deck())
    rest.subtract(used)
    assert min(rest.values()) >= 0, f"more than four copies: {+(-rest)}"
    sizes = [HAND + (seat == dealer) - sum(len(m.cards) for m in melds.get(seat, ())) for seat in range(SEATS)]
    places = {seat: list(fixed[seat]) for seat in range(SEATS)}
    places[STOCK] = []
    room = {seat: sizes[seat] - len(fixed[seat]) for seat in range(SEATS)}
    room[STOCK] = 23 - len(top)
    # Identities with the most copies left go first, each copy to the place holding fewest of it.
    for card in sorted(rest.elements(), key=lambda c: (-rest[c], sort_key(c))):
        target = min((t for t in room if room[t] > 0), key=lambda t: (places[t].count(card), -room[t]))
        places[target].append(card)
        room[target] -= 1
    assert all(v == 0 for v in room.values()), f"hands too big: {room}"
    return ChanState(
        seed=0,
        dealer=dealer,
        phase="opening",
        turn=dealer,
        hands=tuple(sorted_cards(places[seat]) for seat in range(SEATS)),
        melds=tuple(tuple(melds.get(seat, ())) for seat in range(SEATS)),
        doors=((),) * SEATS,
        discarded=tuple(tuple(cards((discarded or {}).get(seat, ""))) for seat in range(SEATS)),
        stock=(*top, *places[STOCK]),
        frozen=tuple(tuple(cards((frozen or {}).get(seat, ""))) for seat in range(SEATS)),
    )


def play(state: ChanState, *moves: tuple[int, dict]) -> tuple[ChanState, list[dict]]:
    """Apply the moves in order, checking the invariants after each; returns the state and all events."""
    events: list[dict] = []
    for seat, action in moves:
        state, new = rules.apply(state, seat, action)
        rules.check_invariants(state)
        events += new
    return state, events


def codes(events: list[dict]) -> list[str]:
    return [e["code"] for e in events]


def passive(state, until=lambda s: s.phase == "over"):
    """Everyone declines everything (claims too); discards take the first legal card."""
    while not until(state):
        seat = min(rules.actors(state))
        legal = rules.legal_actions(state, seat)
        action = next((a for a in legal if a["type"] in ("pass", "reveal")), legal[0])
        state, _ = rules.apply(state, seat, action)
    return state
