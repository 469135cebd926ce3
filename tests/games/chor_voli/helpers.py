"""Fixed Chor Voli deals for rule tests: name the cards that matter, the rest of the pack fills in."""

from __future__ import annotations

from collections import Counter

from games.chor_voli import ENGINE
from games.chor_voli.cards import DECK, HAND_SIZE, SEATS
from games.chor_voli.scoring import find_quads
from games.chor_voli.state import ChorVoliState
from games.core.protocol import Event

# Four groups per seat, strong→weak: a trio, a straight flush, a 9-8-7 straight (equal at every
# seat) and a weak fourth group; the filler gives each seat one card more.
GROUPS = [
    ["AS AH AD", "KS QS JS", "9H 8D 7C", "6S 4H 2D"],
    ["KH KD KC", "QH JH TH", "9S 8H 7D", "6H 4D 2C"],
    ["3S 3H 3D", "QC JC TC", "9C 8S 7H", "6D 5S 2H"],
    ["5H 5D 5C", "QD JD TD", "9D 8C 7S", "AC 6C 3C"],
]
HOLDINGS = [" ".join(groups) for groups in GROUPS]


def cards(text: str) -> list[str]:
    return text.split()


def fixed_deal(*holdings: str, dealer: int = 0) -> dict:
    """Seat s holds `holdings[s]`; the rest of the pack fills the hands without making a new quad.

    Each filler card goes to the seat with room that holds the fewest of its rank (then the most
    room), so the only four-of-a-kinds are the ones the holdings name; the helper checks that.
    """
    hands = [cards(h) for h in holdings] + [[] for _ in range(SEATS - len(holdings))]
    named = Counter(c for h in hands for c in h)
    assert all(n == 1 for n in named.values()), f"a card is named twice: {named.most_common(1)}"
    for card in (c for c in DECK if c not in named):
        open_seats = [s for s in range(SEATS) if len(hands[s]) < HAND_SIZE]
        seat = min(open_seats, key=lambda s: (sum(c[0] == card[0] for c in hands[s]), len(hands[s])))
        hands[seat].append(card)
    assert find_quads(hands) == find_quads([cards(h) for h in holdings]), "the filler made a quad"
    return {"hands": hands, "dealer": dealer}


def new_round(*holdings: str, dealer: int = 0, pool: int = 0) -> ChorVoliState:
    return ENGINE.new_game(seed=0, seats=SEATS, deal=fixed_deal(*holdings, dealer=dealer), pool=pool)


def arrangement(state: ChorVoliState, seat: int, *groups: str) -> dict:
    """The action that forms `groups` (e.g. "AS KS QS") and discards the rest of the seat's hand."""
    grouped = {c for g in groups for c in cards(g)}
    discard = [c for c in state.hands[seat] if c not in grouped]
    return {"type": "arrange", "groups": [cards(g) for g in groups], "discard": discard}


def arrange(state: ChorVoliState, seat: int, *groups: str) -> tuple[ChorVoliState, list[Event]]:
    return ENGINE.apply(state, seat, arrangement(state, seat, *groups))


def play_round(state: ChorVoliState, **groups_by_seat: list[str]) -> tuple[ChorVoliState, list[Event]]:
    """Every seat confirms, in seat order; `seat2=["AS KS QS"]` names seat 2's groups, others form none."""
    events: list[Event] = []
    for seat in range(SEATS):
        state, new = arrange(state, seat, *groups_by_seat.get(f"seat{seat}", []))
        events += new
    return state, events
