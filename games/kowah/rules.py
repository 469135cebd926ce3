"""The Kowah engine (rules: /work/shared/rules/kowah.md, §3.2 and K1–K14).

Three seats; play goes 0 → 1 → 2 → 0, clockwise (K1). Each is dealt 8 cards, the other 96 are
the face-down stock, and a random seat plays first. A turn: draw the top stock card or take the
latest discard (not on the first turn, K2), then discard one card, never the card just taken (nor
a copy of it, K3). A discard that leaves two triples and an identical pair (`games.kowah.checki`)
may declare Checki (K5): the chosen pair is exposed and its third copy is the winning card; the
hand is locked, every later turn of the declarer is one stock draw that wins or goes straight onto
the pile (K13), and every stock draw by anybody is public (K7). A declarer wins at once, even out
of turn, when his winning card is drawn from the stock (his own draw ×3, an opponent's ×2) or
discarded (×2); claims go to the drawer first, then clockwise (K8). When the turn of the last stock
card ends without a win the deal is drawn (K10); a last-turn discard may not declare, since nothing
could follow.

Actions (all listed by `legal_actions`; no other keys are accepted):
    {"type": "draw"}                              draw the top stock card
    {"type": "take"}                              take the latest discard (not a declarer's)
    {"type": "discard", "card": "5C"}             discard one card, back to eight
    {"type": "checki", "card": "5C", "pair": "9S"}  discard 5C and declare Checki exposing 9S 9S
A declarer's turn is the single action {"type": "draw"}: the engine discards a non-winning card
for him. Wins need no action: the engine awards them when the card appears.

`new_game(seed, 3, deal={"hands": [[8 codes] × 3], "stock": [codes, top first], "first": 0})`
fixes the cards for tests; cards of the pack left out of hands and stock are set aside, unseen.

View (`view(state, seat)`; `seat=None` is the public view, without "hand"). Codes as in
`games.kowah.cards`; lists of cards are in display order unless said otherwise.
    game          "kowah"
    seat          the viewer's seat, or None
    phase         "draw" (the seat on turn draws or takes), "discard" (it holds 9 and discards), "over"
    turn          the seat to act, or None when over
    first         the seat that played the first turn
    order         [0, 1, 2]: clockwise seat order
    stock_count   cards left in the stock
    pile          the discard pile as [{"seat", "card"}], oldest first; only its top card was ever takeable
    offer         the card the seat on turn may take now, or None (first turn, discard phase, declarer)
    public_draws  true once anyone has declared: stock draws are then shown to everybody
    drawn         None, or {"seat", "card"} for this turn's stock draw still in the hand; "card" is
                  None for other viewers unless draws are public
    taken         None, or {"seat", "card"}: the discard taken this turn (that card may not go back)
    hand_counts   cards held per seat
    seats         per seat {"seat", "declared": bool, "wait": the winning card or None,
                  "exposed": the face-up pair ([] before declaring), "known": other cards of that
                  hand everyone saw go in (taken discards, public draws; locked ones included),
                  "hand": the whole hand once the deal is over, else None}
    hand          the viewer's own hand (absent in the public view)
    locked        true when the viewer has declared (his 8 cards can no longer change)
    legal         the viewer's legal actions when it is his turn, else []
    checki        in the viewer's discard phase: {card: [pairs]} for each discard that allows Checki
    outcome       None while running; then as `outcome(state)`

Events ({"code", "seat", "data", "to"}; public unless "to" says otherwise):
    dealt       (from `opening_events(state)`) seat: the first player, data {"cards": 8 each, "stock": cards
                in the stock at the deal}
    drew        a stock draw, data {"card": the card once draws are public, else None, "public": bool}
    drew_card   the same draw, to the drawer only: data {"card"}
    took        the latest discard taken, data {"card"}
    discarded   data {"card", "forced": true when a declarer's drawn card goes straight onto the pile}
    checki      a declaration, data {"pair": the exposed pair's card, "wins_on": the winning card}
    won         seat: the winner, data {"reason", "card", "by", "multiplier"}
    deal_over   seat None, data: the outcome plus "hands" (every hand, face up)
`next_options(outcome)` is {}: every deal draws its own first player. Seats run clockwise on
screen (`clockwise = True`, K1).

`outcome(state)`: {"scores": [multiplier won per seat], "winners": [seat] or [], "winner": seat or
None, "draw": bool, "multiplier": 3, 2 or None, "reason": "self_draw" | "opponent_draw" |
"discard" | "stock_exhausted", "card": the winning card, "by": the seat that drew or discarded it}.
The table shows "Sieg ×3"/"Sieg ×2" from `multiplier`; there is no money and no total (K9).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from games.core.errors import IllegalAction, gettext_noop
from games.core.protocol import JSON, Event
from games.core.rng import Rng, rng_for
from games.kowah import scoring, views
from games.kowah.cards import COPIES, DECK, is_card, sort_cards, without
from games.kowah.checki import HAND_SIZE, checki_discards, checki_pairs
from games.kowah.state import (
    DISCARD,
    DRAW,
    OVER,
    SEATS,
    Hands,
    KowahState,
    Result,
    check_invariants,
    dump,
    load,
)

FIELDS = {"draw": {"type"}, "take": {"type"}, "discard": {"type", "card"}, "checki": {"type", "card", "pair"}}


def clockwise(seat: int) -> int:
    return (seat + 1) % SEATS


def claimant(waits: Sequence[str | None], card: str, by: int, from_stock: bool) -> int | None:
    """The declared seat that wins on `card`, drawn from the stock or discarded by `by` (K8).

    A self-draw comes first; then the seats in rotation from the one after `by`. Two declarers can
    wait on one card only when no copy is left, so this order is a safeguard more than a rule.
    """
    order = ([by] if from_stock else []) + [(by + step) % SEATS for step in range(1, SEATS)]
    return next((seat for seat in order if waits[seat] == card), None)


def may_take(state: KowahState, seat: int) -> bool:
    """Only the latest discard, only before drawing, never by a declarer (K2, K13)."""
    return state.phase == DRAW and seat == state.turn and bool(state.pile) and state.waits[seat] is None


def discard_options(state: KowahState, seat: int) -> list[str]:
    """The cards `seat` may discard now, once each: not the card just taken (K3)."""
    if state.phase != DISCARD or seat != state.turn:
        return []
    return sort_cards(set(state.hands[seat]) - {state.taken})


def checki_options(state: KowahState, seat: int) -> dict[str, tuple[str, ...]]:
    """For each allowed discard that leaves a Checki shape, the pairs it could expose (K4, K5)."""
    if not state.stock:
        return {}
    return checki_discards(state.hands[seat], discard_options(state, seat))


class KowahEngine:
    key = "kowah"
    seats = SEATS
    clockwise = True  # 0 → 1 → 2 runs clockwise, so the next seat sits on the viewer's left (K1)

    def new_game(self, seed: int, seats: int, deal: JSON | None = None, **options: Any) -> KowahState:
        if seats != SEATS or options:
            raise ValueError(f"kowah is for {SEATS} seats without options, not {seats} and {options}")
        hands, stock, first = _fixed_deal(deal) if deal is not None else _shuffled_deal(seed)
        aside = Counter(DECK) - Counter(c for cards in (*hands, stock) for c in cards)
        return KowahState(
            seed=seed,
            first=first,
            turn=first,
            phase=DRAW,
            hands=hands,
            stock=stock,
            pile=(),
            aside=tuple(sort_cards(aside.elements())),
            waits=(None,) * SEATS,
            known=((),) * SEATS,
        )

    def actors(self, state: KowahState) -> frozenset[int]:
        return frozenset() if state.phase == OVER else frozenset({state.turn})

    def legal_actions(self, state: KowahState, seat: int) -> list[JSON]:
        if seat not in self.actors(state):
            return []
        if state.phase == DRAW:
            return [{"type": "draw"}] + ([{"type": "take"}] if may_take(state, seat) else [])
        checki = checki_options(state, seat)
        discards: list[JSON] = [{"type": "discard", "card": card} for card in discard_options(state, seat)]
        declares = [{"type": "checki", "card": c, "pair": p} for c, pairs in checki.items() for p in pairs]
        return discards + declares

    def apply(self, state: KowahState, seat: int, action: JSON) -> tuple[KowahState, list[Event]]:
        _check_turn(state, seat)
        kind = _parse(action)
        if state.phase == DRAW:
            if kind == "draw":
                return _draw(state, seat)
            if kind == "take":
                _check_take(state, seat)
                return _take(state, seat)
            raise IllegalAction(
                gettext_noop("First draw from the stock or take the latest discard; then discard."),
                "draw_first",
            )
        if kind in ("draw", "take"):
            raise IllegalAction(
                gettext_noop("You have drawn this turn: discard one card to get back to eight."),
                "discard_now",
            )
        card = _check_discard(state, seat, action["card"])
        pair = _check_checki(state, seat, card, action["pair"]) if kind == "checki" else None
        return _discard(state, seat, card, pair)

    def view(self, state: KowahState, seat: int | None) -> JSON:
        mine = seat is not None and seat in self.actors(state)
        view = views.table_view(state, seat)
        view["legal"] = self.legal_actions(state, seat) if mine else []
        view["checki"] = {c: list(p) for c, p in checki_options(state, seat).items()} if mine else {}
        view["outcome"] = self.outcome(state)
        return view

    def outcome(self, state: KowahState) -> JSON | None:
        return None if state.result is None else scoring.settle(state.result)

    def opening_events(self, state: KowahState) -> list[Event]:
        """What `new_game` did (it returns no events): the deal and who plays first; the same for every later state."""
        stock = len(DECK) - len(state.aside) - SEATS * HAND_SIZE
        return [_event("dealt", state.first, {"cards": HAND_SIZE, "stock": stock})]

    def next_options(self, outcome: JSON) -> JSON:
        # Every deal draws its first player at random, so nothing carries over.
        return {}

    def dump(self, state: KowahState) -> JSON:
        return dump(state)

    def load(self, data: JSON) -> KowahState:
        return load(data)

    def random_action(self, state: KowahState, seat: int, rng: Rng) -> JSON:
        legal = self.legal_actions(state, seat)
        return rng.choice(legal) if legal else {"type": "draw"}

    def check_invariants(self, state: KowahState) -> None:
        check_invariants(state)

    def shuffle_hidden(self, state: KowahState, seat: int | None, rng: Rng) -> KowahState:
        return views.shuffle_hidden(state, seat, rng)


# --- the deal -------------------------------------------------------------------------------------


def _shuffled_deal(seed: int) -> tuple[Hands, tuple[str, ...], int]:
    deck = list(DECK)
    rng_for(seed, "deal").shuffle(deck)
    hands = tuple(tuple(sort_cards(deck[s * HAND_SIZE : (s + 1) * HAND_SIZE])) for s in range(SEATS))
    return hands, tuple(deck[SEATS * HAND_SIZE :]), rng_for(seed, "first player").randrange(SEATS)


def _fixed_deal(deal: JSON) -> tuple[Hands, tuple[str, ...], int]:
    hands = tuple(tuple(sort_cards(h)) for h in deal["hands"])
    stock = tuple(deal["stock"])
    first = deal.get("first", 0)
    counts = Counter(c for cards in (*hands, stock) for c in cards)
    if (
        len(hands) != SEATS
        or any(len(h) != HAND_SIZE for h in hands)
        or not stock
        or not all(map(is_card, counts))
        or max(counts.values()) > COPIES
        or first not in range(SEATS)
    ):
        raise ValueError(f"a fixed deal needs {SEATS} hands of {HAND_SIZE}, a stock and known codes (≤ 4 each)")
    return hands, stock, first


# --- checking an action ---------------------------------------------------------------------------


def _check_turn(state: KowahState, seat: object) -> None:
    if state.phase == OVER:
        raise IllegalAction(gettext_noop("The deal is over: no more moves."), "deal_over")
    if not isinstance(seat, int) or isinstance(seat, bool) or seat != state.turn:
        raise IllegalAction(
            gettext_noop("It is seat {turn}'s turn, not seat {seat}'s."),
            "not_your_turn",
            turn=state.turn,
            seat=str(seat),
        )


def _parse(action: object) -> str:
    """The action's type, after checking it is one of the four shapes with string card codes."""
    kind = action.get("type") if isinstance(action, dict) else None
    if not isinstance(kind, str) or kind not in FIELDS or set(action) != FIELDS[kind]:
        raise IllegalAction(
            gettext_noop(
                'An action is {{"type": "draw"}}, {{"type": "take"}}, {{"type": "discard", "card": "5C"}} '
                'or {{"type": "checki", "card": "5C", "pair": "9S"}}, with no other fields.'
            ),
            "malformed_action",
        )
    for field in ("card", "pair"):
        if field in action and not is_card(action[field]):
            raise IllegalAction(
                gettext_noop("{card} is not a Kowah card: codes are rank 1-9 with C, S or M (5C, 9M), or OT, RF, WF."),
                "unknown_card",
                card=str(action[field]),
            )
    return kind


def _check_take(state: KowahState, seat: int) -> None:
    if state.waits[seat] is not None:
        raise IllegalAction(gettext_noop("You have declared Checki: you draw from the stock only."), "declarer_draws")
    if not state.pile:
        raise IllegalAction(
            gettext_noop("There is no discard to take (the first turn always draws): draw from the stock."),
            "nothing_to_take",
        )


def _check_discard(state: KowahState, seat: int, card: str) -> str:
    if card == state.taken:
        raise IllegalAction(
            gettext_noop("You just took {card} from the discard pile and may not discard it this turn."),
            "taken_card",
            card=card,
        )
    if card not in state.hands[seat]:
        raise IllegalAction(
            gettext_noop("You do not hold {card}: discard one of {cards}."),
            "card_not_held",
            card=card,
            cards=" ".join(discard_options(state, seat)),
        )
    return card


def _check_checki(state: KowahState, seat: int, card: str, pair: str) -> str:
    if not state.stock:
        raise IllegalAction(
            gettext_noop("The stock is empty: this is the last turn, so Checki can no longer be declared."),
            "stock_empty",
        )
    pairs = checki_pairs(without(state.hands[seat], card))
    if pair not in pairs:
        template = (
            gettext_noop("Discarding {card} leaves no Checki shape (two triples and an identical pair).")
            if not pairs
            else gettext_noop("After discarding {card} you may expose {pairs}, not {pair}.")
        )
        raise IllegalAction(template, "no_checki", card=card, pair=pair, pairs=" or ".join(pairs))
    return pair


# --- the moves ------------------------------------------------------------------------------------


def _draw(state: KowahState, seat: int) -> tuple[KowahState, list[Event]]:
    card, public = state.stock[0], state.public_draws
    events = [_event("drew", seat, {"card": card if public else None, "public": public})]
    if not public:
        events.append(_event("drew_card", seat, {"card": card}, to=[seat]))
    stock = state.stock[1:]
    winner = claimant(state.waits, card, seat, from_stock=True)
    if winner is not None:
        return _win(state, winner, card, seat, True, events, stock=stock)
    if state.waits[seat] is not None:
        # A locked hand never changes: the drawn card goes straight onto the pile.
        return _put_on_pile(state, seat, card, events, forced=True, stock=stock)
    known = _add(state.known, seat, card) if public else state.known
    hands = _add(state.hands, seat, card)
    return replace(state, stock=stock, hands=hands, known=known, drawn=card, phase=DISCARD), events


def _take(state: KowahState, seat: int) -> tuple[KowahState, list[Event]]:
    card = state.pile[-1][1]
    state = replace(
        state,
        pile=state.pile[:-1],
        hands=_add(state.hands, seat, card),
        known=_add(state.known, seat, card),
        taken=card,
        phase=DISCARD,
    )
    return state, [_event("took", seat, {"card": card})]


def _discard(state: KowahState, seat: int, card: str, pair: str | None) -> tuple[KowahState, list[Event]]:
    known = state.known
    if card in known[seat]:
        known = _replace_at(known, seat, without(known[seat], card))
    hands = _replace_at(state.hands, seat, without(state.hands[seat], card))
    return _put_on_pile(state, seat, card, [], forced=False, pair=pair, hands=hands, known=known)


# From here on, `state` is the state before the move and `changes` the fields the move has changed so
# far: the state is replaced once per move, since building one is most of a random move's time.


def _put_on_pile(
    state: KowahState, seat: int, card: str, events: list[Event], forced: bool, pair: str | None = None, **changes: Any
) -> tuple[KowahState, list[Event]]:
    events.append(_event("discarded", seat, {"card": card, "forced": forced}))
    winner = claimant(state.waits, card, seat, from_stock=False)
    if winner is not None:
        return _win(state, winner, card, seat, False, events, **changes)
    changes["pile"] = (*state.pile, (seat, card))
    if pair is not None:
        changes |= _declare(state, seat, pair, changes.get("known", state.known))
        events.append(_event("checki", seat, {"pair": pair, "wins_on": pair}))
    return _end_turn(state, events, **changes)


def _declare(state: KowahState, seat: int, pair: str, known: Hands) -> dict[str, Any]:
    """Expose the pair: its copies leave `known`, since the table now shows them face up."""
    waits = tuple(pair if s == seat else w for s, w in enumerate(state.waits))
    return {"waits": waits, "known": _replace_at(known, seat, tuple(c for c in known[seat] if c != pair))}


def _end_turn(state: KowahState, events: list[Event], **changes: Any) -> tuple[KowahState, list[Event]]:
    if not changes.get("stock", state.stock):
        return _finish(state, Result(None, scoring.STOCK_EXHAUSTED), events, **changes)
    changes |= {"drawn": None, "taken": None, "turn": clockwise(state.turn), "phase": DRAW}
    return replace(state, **changes), events


def _win(
    state: KowahState, winner: int, card: str, by: int, from_stock: bool, events: list[Event], **changes: Any
) -> tuple[KowahState, list[Event]]:
    """The winning card joins the winner's exposed pair: his hand shows three triples."""
    result = Result(winner, scoring.win_reason(winner, by, from_stock), card, by)
    outcome = scoring.settle(result)
    events.append(_event("won", winner, {k: outcome[k] for k in ("reason", "card", "by", "multiplier")}))
    changes["hands"] = _add(changes.get("hands", state.hands), winner, card)
    return _finish(state, result, events, **changes)


def _finish(state: KowahState, result: Result, events: list[Event], **changes: Any) -> tuple[KowahState, list[Event]]:
    state = replace(state, **changes, result=result, phase=OVER, drawn=None, taken=None)
    hands = [list(h) for h in state.hands]
    events.append(_event("deal_over", None, {**scoring.settle(result), "hands": hands}))
    return state, events


# --- small helpers --------------------------------------------------------------------------------


def _event(code: str, seat: int | None, data: JSON, to: list[int] | None = None) -> Event:
    return {"code": code, "seat": seat, "data": data, "to": to}


def _add(hands: Hands, seat: int, card: str) -> Hands:
    return _replace_at(hands, seat, tuple(sort_cards((*hands[seat], card))))


def _replace_at(hands: Hands, seat: int, cards: tuple[str, ...]) -> Hands:
    return tuple(cards if s == seat else h for s, h in enumerate(hands))


ENGINE = KowahEngine()
