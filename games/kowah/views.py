"""Who sees what in Kowah: the per-seat table view and the hidden-card shuffle that tests it.

Each seat sees its own hand, the pile, the exposed pairs, the cards it saw go into other hands
(`KowahState.known`) and, while the deal runs, nothing else of them. A declarer's six locked
cards stay face down (K7). Once the deal is over every hand is shown. The keys of the view are
documented in `games.kowah.rules`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from games.core.protocol import JSON
from games.core.rng import Rng
from games.kowah.cards import sort_cards
from games.kowah.state import DRAW, OVER, SEATS, KowahState


def table_view(state: KowahState, seat: int | None) -> JSON:
    """Everything of the view but the legal hints and the outcome (added by the engine)."""
    running = state.phase != OVER
    view: JSON = {
        "game": "kowah",
        "seat": seat,
        "phase": state.phase,
        "turn": state.turn if running else None,
        "first": state.first,
        "order": list(range(SEATS)),
        "stock_count": len(state.stock),
        "pile": [{"seat": s, "card": card} for s, card in state.pile],
        "offer": _offer(state),
        "public_draws": state.public_draws,
        "drawn": _drawn(state, seat),
        "taken": None if state.taken is None else {"seat": state.turn, "card": state.taken},
        "hand_counts": [len(h) for h in state.hands],
        "seats": [_seat_view(state, s) for s in range(SEATS)],
    }
    if seat is not None:
        view["hand"] = list(state.hands[seat])
        view["locked"] = state.waits[seat] is not None
    return view


def hidden_cards(state: KowahState, seat: int | None) -> list[tuple[str, ...]]:
    """Per other seat, the cards of its hand that `seat` has not seen go in (all shown once over)."""
    hidden = []
    for other in range(SEATS):
        if other == seat or state.phase == OVER:
            hidden.append(())
            continue
        wait = state.waits[other]
        seen = Counter(state.known[other]) + (Counter({wait: 2}) if wait else Counter())
        hidden.append(tuple((Counter(state.hands[other]) - seen).elements()))
    return hidden


def shuffle_hidden(state: KowahState, seat: int | None, rng: Rng) -> KowahState:
    """Deal what `seat` cannot see (hidden hand cards, the stock, cards set aside) anew, sizes kept."""
    hidden = hidden_cards(state, seat)
    pool = [c for cards in hidden for c in cards] + list(state.stock) + list(state.aside)
    rng.shuffle(pool)
    hands, redealt = [], []
    for other, cards in enumerate(hidden):
        dealt, pool = pool[: len(cards)], pool[len(cards) :]
        seen = Counter(state.hands[other]) - Counter(cards)
        hands.append(tuple(sort_cards([*seen.elements(), *dealt])))
        redealt.append(dealt)
    stock, aside = tuple(pool[: len(state.stock)]), tuple(sort_cards(pool[len(state.stock) :]))
    drawn = state.drawn
    if drawn is not None and not state.public_draws and seat != state.turn:
        # Another seat's private draw: in this world he drew one of his redealt cards.
        drawn = rng.choice(redealt[state.turn])
    return replace(state, hands=tuple(hands), stock=stock, aside=aside, drawn=drawn)


def _offer(state: KowahState) -> str | None:
    if state.phase != DRAW or not state.pile or state.waits[state.turn] is not None:
        return None
    return state.pile[-1][1]


def _drawn(state: KowahState, seat: int | None) -> JSON | None:
    if state.drawn is None:
        return None
    shown = state.public_draws or seat == state.turn
    return {"seat": state.turn, "card": state.drawn if shown else None}


def _seat_view(state: KowahState, seat: int) -> JSON:
    wait = state.waits[seat]
    return {
        "seat": seat,
        "declared": wait is not None,
        "wait": wait,
        "exposed": [wait, wait] if wait else [],
        "known": sort_cards(state.known[seat]),
        "hand": list(state.hands[seat]) if state.phase == OVER else None,
    }
