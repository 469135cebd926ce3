"""The frozen state of one Kowah deal and its versioned JSON form.

Hidden: the hands (apart from what the table has seen go in), the stock, and cards set aside by a
fixed test deal. Public: the discard pile, the exposed pairs, the cards taken from the pile and,
once anyone has declared Checki, every stock draw. `known` keeps, per hand, the cards everyone has
seen go into it and not come out again, so views and `shuffle_hidden` agree on what is hidden.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from games.core.protocol import JSON
from games.kowah.cards import DECK, sort_cards
from games.kowah.checki import HAND_SIZE

VERSION = 1
SEATS = 3
DRAW, DISCARD, OVER = "draw", "discard", "over"
Hands = tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class Result:
    """How the deal ended: a win (`winner`, `reason`, the winning `card` and the seat `by` that drew
    or discarded it) or, with `winner` None, a drawn deal because the stock ran out."""

    winner: int | None
    reason: str  # "self_draw", "opponent_draw", "discard" or "stock_exhausted"
    card: str | None = None
    by: int | None = None


@dataclass(frozen=True, slots=True)
class KowahState:
    seed: int
    first: int  # the seat that played the first turn
    turn: int  # the seat whose turn it is (the last one to act once the deal is over)
    phase: str  # DRAW, DISCARD or OVER
    hands: Hands  # per seat, in display order; 9 cards for the seat in the DISCARD phase
    stock: tuple[str, ...]  # face down, the top card first
    pile: tuple[tuple[int, str], ...]  # discards as (seat, card), the latest last
    aside: tuple[str, ...]  # cards a fixed deal leaves out of play; empty in a shuffled deal
    waits: tuple[str | None, ...]  # per seat, the exposed pair of a declared Checki, else None
    known: Hands  # per seat, cards everyone saw go into the hand and stay (the exposed pair apart)
    drawn: str | None = None  # the stock card drawn this turn, while it is still in the hand
    taken: str | None = None  # the discard taken this turn: that card may not be discarded (K3)
    result: Result | None = None

    @property
    def public_draws(self) -> bool:
        """From the first declaration on, every stock draw is shown to everyone (K7)."""
        return any(self.waits)


def dump(state: KowahState) -> JSON:
    result = state.result
    return {
        "v": VERSION,
        "seed": state.seed,
        "first": state.first,
        "turn": state.turn,
        "phase": state.phase,
        "hands": [list(h) for h in state.hands],
        "stock": list(state.stock),
        "pile": [[seat, card] for seat, card in state.pile],
        "aside": list(state.aside),
        "waits": list(state.waits),
        "known": [list(k) for k in state.known],
        "drawn": state.drawn,
        "taken": state.taken,
        "result": None if result is None else [result.winner, result.reason, result.card, result.by],
    }


def load(data: JSON) -> KowahState:
    if data.get("v") != VERSION:
        raise ValueError(f"kowah state version {data.get('v')!r}, expected {VERSION}")
    result = data["result"]
    return KowahState(
        seed=data["seed"],
        first=data["first"],
        turn=data["turn"],
        phase=data["phase"],
        hands=tuple(tuple(h) for h in data["hands"]),
        stock=tuple(data["stock"]),
        pile=tuple((seat, card) for seat, card in data["pile"]),
        aside=tuple(data["aside"]),
        waits=tuple(data["waits"]),
        known=tuple(tuple(k) for k in data["known"]),
        drawn=data["drawn"],
        taken=data["taken"],
        result=None if result is None else Result(*result),
    )


def check_invariants(state: KowahState) -> None:
    """Cards are conserved and every field agrees with the hands (AssertionError otherwise).

    That a declared hand holds its Checki shape is not checked here: `shuffle_hidden` deals a
    declarer's locked cards anew on purpose, to show that no view depends on them.
    """
    places = [*state.hands, state.stock, [card for _, card in state.pile], state.aside]
    assert Counter(c for cards in places for c in cards) == Counter(DECK), "cards are not conserved"
    for seat, hand in enumerate(state.hands):
        holding = state.phase == DISCARD and seat == state.turn
        winning = state.result is not None and state.result.winner == seat
        assert len(hand) == HAND_SIZE + (holding or winning), f"seat {seat} holds {len(hand)} cards"
        assert list(hand) == sort_cards(hand), f"seat {seat}'s hand is not in display order"
        wait = state.waits[seat]
        exposed = Counter({wait: 2}) if wait else Counter()
        assert not Counter(state.known[seat]) + exposed - Counter(hand), f"seat {seat}: known cards not held"
    turn_hand = state.hands[state.turn]
    assert state.drawn is None or state.drawn in turn_hand, "the drawn card is not in the hand"
    assert state.taken is None or state.taken in turn_hand, "the taken card is not in the hand"
    assert (state.phase == OVER) == (state.result is not None), "the phase and the result disagree"
