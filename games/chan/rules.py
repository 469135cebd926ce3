"""The Chắn engine: one deal for four seats (rules file `rules/chan.md`, seed 001).

Seats 0–3 are You, AI 1, AI 2, AI 3; "next" is `(seat + 1) % 4` for turns and claim order alike
(draw the seats so that this cycle runs anticlockwise on screen). The dealer (random unless
`new_game(..., dealer=d)`) holds 20 cards, the others 19, the stock 23.

Flow. `opening`: the dealer declares Thiên ù, discards, or (only with no legal discard) passes and
becomes a dead hand. `offer`: a card lies on offer at a door and every seat in `pending` answers
it at once (`actors()` returns them all); the engine resolves the answers by priority when the
last one is in: wins in seat order from the card's door, then a Chíu, then the normal answer of
the seat whose turn it is (`turn`). That seat may meld the card and discard, or decline it: a
declined discard makes it reveal the top stock card at its own door (a new offer, with win
claims), a declined stock card is passed and offered to the next seat without claims. Other
seats are pending only when they hold a claim (a win on a stock card, a Chíu on anything but a
passed card). An out-of-turn Chíu's replacement discard goes to the interrupted door and the
interrupted seat decides afresh. On the last stock card only wins count; then the deal is drawn.
`discard`: `turn` discards after a meld or a Chíu. `over`: see `outcome()`.

Where the rules file is silent: a win is also taken as soon as no pending seat could outrank it;
a Chíu that completes ten pairs is offered only as a win (C6); only the turn seat's decline
freezes a card (R4c: declining an out-of-turn Chíu freezes nothing, declining an own Chíu does);
"discarded" (R4d, R5b) means cards put out from hand, Chíu replacements included, never passed
stock cards; a dead dealer is never an actor: the engine reveals and passes for him; the winning
card stays where it lies and the winner's concealed hand is shown in the result.

Actions (`legal_actions` lists them all):
  {"type": "discard", "card": "7N"}   opening or after a meld/Chíu
  {"type": "meld", "card": "7V"}      take the offered card with this hand card (Chắn if identical, else Cạ)
  {"type": "chiu"}                    take the fourth copy with your three (out of turn too)
  {"type": "win"}                     Ù: Thiên ù, a win on the stock card, or a winning Chíu
  {"type": "reveal"}                  decline the offered discard and turn up a stock card
  {"type": "pass"}                    decline the revealed stock card, or a claim; in the opening:
                                      decline Thiên ù without a legal discard (dead hand)

View (`view(state, seat)`; `seat=None` is the public view, without the private keys):
  game               "chan"
  seat               the seat this view is for (null: public)
  seats              4
  dealer             the dealer's seat
  phase              "opening" | "offer" | "discard" | "over"
  turn               the seat whose turn it is (door owner of the offer, or the discarding seat)
  offer              null or {"card": code|null, "door": seat, "source": "stock"|"discard"|
                     "passed"|"none", "last": bool}: the card on offer and where it lies
  discard_to         in "discard": the door the coming discard goes to (after an out-of-turn Chíu,
                     the interrupted door; that seat answers it), else null
  stock              cards left in the stock
  doors              per seat, the face-up cards lying at its door, oldest first:
                     [{"card", "by": seat that put it out, "source": "discard"|"stock"}]
  melds              per seat, exposed pairs in order: [{"kind": "chan"|"ca"|"chiu",
                     "taken": outside card, "cards": all cards}]
  hand_counts        per seat
  discarded          per seat, every card it discarded from hand (also those taken since)
  restrictions       per seat, public consequences of R4d/R5b: {"melded_ca", "discarded_ca",
                     "no_take": identities it may no longer take}
  dead_hand          the dealer's hand is dead (he only reveals stock cards)
  result             null, or at the end {"reason": "win"|"thien_u"|"draw", "winner", "card",
                     "score", "scores", "bonuses": [{"key", "name", "main", "dich", "count"}],
                     "hand": the winner's concealed cards}
 private (seat views only):
  hand               own cards sorted for display (by rank, suits V S N, Chi Chi last)
  frozen             own identities frozen by a declined Chắn (R4c)
  to_act             whether this seat must act now
  answered           own answer already given to the current offer, or null (then others decide)
  legal              own legal actions when `to_act`, else []
  blocked            when `to_act`: {"discard": {card: reason}, "meld": {card: reason}} for hand
                     cards that may not be discarded / melded now; reason = {"code", "template",
                     "params", "message"} (template: English, marked for translation)
The view never says which other seats still answer a claim window: that would show their hands.

Events ({"code", "seat", "data", "to"}): `opening_events(state)` gives "dealt" {dealer, cards,
others, stock}; `apply` gives "discarded" {card, door}, "revealed" {card, door, stock},
"answered" {type, card} (to the answering seat only), "frozen" {card} (to the seat only),
"melded" {kind, taken, cards, out_of_turn}, "passed" {card}, "dead_hand", "won" {card, score,
bonuses, hand, scores} and "drawn". `next_options` is {}: every deal draws its dealer afresh.
"""

from __future__ import annotations

from typing import Any

from games.chan import scoring
from games.chan.cards import check_code, deck, sorted_cards
from games.chan.hands import PARTNERS, tally
from games.chan.legality import (
    Holding,
    chiu_error,
    discard_error,
    holding,
    legal_discards,
    may_meld,
    meld_error,
    win_error,
    win_pairing,
)
from games.chan.state import (
    DISCARD,
    DISCARDED,
    HAND,
    NONE,
    OFFER,
    OPENING,
    OVER,
    PASSED,
    SEATS,
    STOCK,
    ChanState,
    DoorCard,
    Meld,
    Offer,
    Response,
    Result,
    dump,
    load,
    put,
)
from games.core.errors import IllegalAction, gettext_noop
from games.core.protocol import JSON, Event
from games.core.rng import Rng, rng_for

Step = tuple[ChanState, list[Event]]
DEALT_STOCK = len(deck()) - SEATS * HAND - 1  # 23: the dealer holds one card more
ACTION_TYPES = ("discard", "meld", "chiu", "win", "reveal", "pass")


def next_seat(seat: int) -> int:
    return (seat + 1) % SEATS


def door_order(door: int) -> tuple[int, ...]:
    """Claim priority for a card at `door`: that seat first, then round the cycle (rules R6)."""
    return _DOOR_ORDERS[door]


_DOOR_ORDERS = tuple(tuple((door + i) % SEATS for i in range(SEATS)) for door in range(SEATS))


def _event(code: str, seat: int | None, to: list[int] | None = None, **data: Any) -> Event:
    return {"code": code, "seat": seat, "data": data, "to": to}


# --- the deal ----------------------------------------------------------------------------------


def new_game(seed: int, seats: int = SEATS, deal: JSON | None = None, **options: Any) -> ChanState:
    """A new deal. `deal` = {"dealer": d, "hands": [4 lists], "stock": [top first]} fixes the cards."""
    if seats != SEATS:
        raise ValueError(f"Chắn is played by {SEATS} seats, not {seats}")
    if deal is None:
        cards = list(deck())
        rng_for(seed, "deal").shuffle(cards)
        dealer = options.get("dealer", rng_for(seed, "dealer").randrange(SEATS))
        sizes = [HAND + (seat == dealer) for seat in range(SEATS)]
        starts = [sum(sizes[:seat]) for seat in range(SEATS + 1)]
        hands = [cards[starts[seat] : starts[seat + 1]] for seat in range(SEATS)]
        stock = cards[starts[SEATS] :]
    else:
        dealer, hands, stock = deal["dealer"], deal["hands"], deal["stock"]
        _check_deal(dealer, hands, stock)
    return ChanState(
        seed=seed,
        dealer=dealer,
        phase=OPENING,
        turn=dealer,
        hands=tuple(sorted_cards(h) for h in hands),
        melds=((),) * SEATS,
        doors=((),) * SEATS,
        discarded=((),) * SEATS,
        stock=tuple(stock),
        frozen=((),) * SEATS,
    )


def _check_deal(dealer: int, hands: list[list[str]], stock: list[str]) -> None:
    """A fixed deal must be one the shuffle could have made (a shuffled deck is one already)."""
    if [len(h) for h in hands] != [HAND + (s == dealer) for s in range(SEATS)]:
        raise ValueError("the dealer holds 20 cards, the other seats 19")
    if sorted_cards([*stock, *(c for h in hands for c in h)]) != sorted_cards(deck()):
        raise ValueError("a deal uses the 100 Chắn cards exactly once")


# --- who acts and what they may do --------------------------------------------------------------


def actors(state: ChanState) -> frozenset[int]:
    if state.phase == OVER:
        return frozenset()
    if state.phase == OFFER:
        return frozenset(state.pending)
    return frozenset({state.turn})


def _acts(state: ChanState, seat: int) -> bool:
    """`seat in actors(state)` without building the set: every move asks it three times."""
    if state.phase == OFFER:
        return seat in state.pending
    return state.phase != OVER and seat == state.turn


def legal_actions(state: ChanState, seat: int) -> list[JSON]:
    if not _acts(state, seat):
        return []
    return [dict(a) for a in _legal(state, seat)]


def _legal(state: ChanState, seat: int) -> tuple[JSON, ...]:
    """An actor's legal actions, or in an offer any seat's answers, as dicts shared between calls
    (`legal_actions` hands out copies). Kept in the state's memo: an offer asks about every seat, and
    the seat that moves is asked again for its move and for its validation."""
    actions = state.memo.get(seat)
    if actions is None:
        actions = state.memo[seat] = _actions(state, seat)
    return actions


def _actions(state: ChanState, seat: int) -> tuple[JSON, ...]:
    if state.phase == OPENING:
        return _opening_actions(holding(state, seat))
    if state.phase == DISCARD:
        return tuple([{"type": "discard", "card": c} for c in legal_discards(holding(state, seat))])
    return _offer_actions(state, seat)


def _opening_actions(h: Holding) -> tuple[JSON, ...]:
    actions: list[JSON] = [{"type": "win"}] if win_error(h, None, by_chiu_only=False) is None else []
    discards = [{"type": "discard", "card": c} for c in legal_discards(h)]
    return (*actions, *(discards or [{"type": "pass"}]))


def _offer_actions(state: ChanState, seat: int) -> tuple[JSON, ...]:
    """What `seat` may answer to the offer; empty when it has nothing to say (then it is not pending)."""
    offer, own = state.offer, seat == state.turn
    if offer is None or (state.dead and seat == state.dealer):
        return ()
    if offer.card is None:
        return ({"type": "reveal"},) if own else ()
    if not own and offer.source == PASSED:
        return ()
    claim = _may_claim(state.hands[seat], offer)
    return _answers(holding(state, seat), offer, own, claim) if own or claim else ()


def _answers(h: Holding, offer: Offer, own: bool, claim: bool) -> tuple[JSON, ...]:
    """The answers of a seat holding `h` to a card on offer, `claim` if it passed `_may_claim`
    (shared dicts: callers copy them). Not cached: a holding rarely meets the same offer twice."""
    actions = _claims(h, offer) if claim else []
    if offer.last:
        return (*actions, {"type": "pass"}) if actions else ()
    if own:
        # Holding the offered card, only the Chắn may take it (`meld_error`'s "must_chan"): not asking
        # about the Cạ spares building their refusals.
        candidates = [offer.card] if offer.card in h.hand else meld_candidates(h, offer.card)
        for card in candidates:  # a loop: mostly one candidate, not worth a list comprehension's call
            if may_meld(h, offer.card, card):
                actions.append({"type": "meld", "card": card})
        actions.append({"type": "pass" if offer.source == STOCK else "reveal"})
    elif actions:
        actions.append({"type": "pass"})
    return tuple(actions)


def _claims(h: Holding, offer: Offer) -> list[JSON]:
    """A win (which includes a winning Chíu, C6), else a Chíu; none on the last card but a win."""
    if win_error(h, offer.card, by_chiu_only=offer.source != STOCK) is None:
        return [{"type": "win"}]
    if not offer.last and chiu_error(h, offer.card) is None:
        return [{"type": "chiu"}]
    return []


def _may_claim(hand: tuple[str, ...], offer: Offer) -> bool:
    """Whether a win or a Chíu on the offered card is possible at all: both need three of it in hand,
    except a win on a stock card, which needs a hand that `could_win_on` it. Asked first, it spares
    the full checks (and the seat's `Holding`) for most seats at most offers. Read off the hand's
    `tally`: its triples, and on a stock card also the cards it could win on."""
    counted = tally(hand)
    return offer.card in (counted.on_stock if offer.source == STOCK else counted.triples)


def meld_candidates(h: Holding, offered: str) -> list[str]:
    """Distinct hand cards that could pair with `offered`: identical, or the same rank (sorted)."""
    return [card for card in PARTNERS[offered] if card in h.hand]


# --- apply --------------------------------------------------------------------------------------


def apply(state: ChanState, seat: int, action: JSON) -> Step:
    action = _parse(action)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < SEATS:
        raise IllegalAction(gettext_noop("There is no seat {seat}; seats are 0 to 3."), "no_such_seat", seat=repr(seat))
    if not _acts(state, seat):
        raise _not_your_turn(state, seat)
    legal = _legal(state, seat)
    if action not in legal:
        raise _refusal(state, seat, action, legal)
    if state.phase == OPENING:
        return _apply_opening(state, action)
    if state.phase == DISCARD:
        return _discard(state, seat, action["card"])
    return _answer(state, seat, action)


def _parse(action: object) -> JSON:
    """The action reduced to its meaningful keys; IllegalAction for anything malformed."""
    kind = action.get("type") if isinstance(action, dict) else None
    if kind not in ACTION_TYPES:
        raise IllegalAction(
            gettext_noop('An action is an object whose "type" is one of {types}; got {action}.'),
            "malformed",
            types=", ".join(ACTION_TYPES),
            action=repr(action)[:80],
        )
    if kind in ("discard", "meld"):
        return {"type": kind, "card": check_code(action.get("card"))}
    return {"type": kind}


def _not_your_turn(state: ChanState, seat: int) -> IllegalAction:
    if state.phase == OVER:
        return IllegalAction(gettext_noop("The deal is over; no more moves."), "deal_over")
    if state.dead and seat == state.dealer:
        return IllegalAction(
            gettext_noop(
                "Your hand is dead: your stock cards are turned up for you, and you can neither meld, discard nor win."
            ),
            "dead_hand",
        )
    if any(r.seat == seat for r in state.responses):
        return IllegalAction(
            gettext_noop("You have answered this card already; the other seats decide now."), "already_answered"
        )
    if state.phase == OFFER:
        return IllegalAction(
            gettext_noop("It is not your turn, and you have no claim on the card on offer."), "not_your_turn"
        )
    return IllegalAction(
        gettext_noop("It is not your turn: seat {turn} is to discard first."), "not_your_turn", turn=state.turn
    )


def _refusal(state: ChanState, seat: int, action: JSON, legal: tuple[JSON, ...]) -> IllegalAction:
    """The most specific reason why `action` is refused, else what is allowed now."""
    h, kind, offer = holding(state, seat), action["type"], state.offer
    error: IllegalAction | None = None
    if kind == "discard" and state.phase in (OPENING, DISCARD):
        error = discard_error(h, action["card"])
    elif kind == "win" and (state.phase == OPENING or (state.phase == OFFER and offer.card is not None)):
        card = offer.card if state.phase == OFFER else None
        error = win_error(h, card, by_chiu_only=card is not None and offer.source != STOCK)
    elif state.phase == OFFER and offer is not None and offer.card is not None and not offer.last:
        if kind == "meld" and seat == state.turn:
            error = meld_error(h, offer.card, action["card"])
        elif kind == "chiu":
            error = chiu_error(h, offer.card)
    if error is None and kind == "pass" and state.phase == OPENING:
        error = IllegalAction(
            gettext_noop("You have a legal discard, so you must discard (or declare Thiên ù)."), "must_discard"
        )
    return error or IllegalAction(
        gettext_noop("You may not {action} now; allowed now: {allowed}."),
        "not_allowed_now",
        action=kind,
        allowed=", ".join(dict.fromkeys(a["type"] for a in legal)),
    )


def _apply_opening(state: ChanState, action: JSON) -> Step:
    dealer = state.dealer
    if action["type"] == "win":
        return _win(state, dealer)
    if action["type"] == "discard":
        return _discard(state, dealer, action["card"])
    step = _open_offer(state, next_seat(dealer), Offer(None, dealer, NONE), dead=True)
    return step[0], [_event("dead_hand", dealer), *step[1]]


def _discard(state: ChanState, seat: int, card: str) -> Step:
    door = seat if state.discard_to is None else state.discard_to
    hand = list(state.hands[seat])
    hand.remove(card)
    # An out-of-turn Chíu's discard goes back to the interrupted door, whose seat carries on (R6).
    turn = next_seat(seat) if door == seat else door
    step = _open_offer(
        state,
        turn,
        Offer(card, door, DISCARDED),
        hands=put(state.hands, seat, tuple(hand)),
        discarded=put(state.discarded, seat, (*state.discarded[seat], card)),
        doors=put(state.doors, door, (*state.doors[door], DoorCard(card, seat, "discard"))),
    )
    return step[0], [_event("discarded", seat, card=card, door=door), *step[1]]


def _reveal(state: ChanState, seat: int) -> Step:
    card, stock = state.stock[0], state.stock[1:]
    doors = put(state.doors, seat, (*state.doors[seat], DoorCard(card, seat, "stock")))
    step = _open_offer(state, seat, Offer(card, seat, STOCK, last=not stock), stock=stock, doors=doors)
    return step[0], [_event("revealed", seat, card=card, door=seat, stock=len(stock)), *step[1]]


def _open_offer(state: ChanState, turn: int, offer: Offer, **changes: Any) -> Step:
    """Put `offer` on the table; `changes` are the rest of the move. The state is built once, pending
    for the seats that may answer; only when one of them has no answer after all (or a dead dealer's
    answer is given for him) is it copied again with the seats that have."""
    hands = changes.get("hands", state.hands)  # a discard's move changes its seat's hand
    asked = _may_answer(hands, turn, offer)
    state = state.evolve(phase=OFFER, turn=turn, offer=offer, pending=asked, responses=(), discard_to=None, **changes)
    if asked == (turn,):  # mostly the turn seat alone: no list comprehension to call
        pending = asked if _legal(state, turn) else ()
    else:
        pending = tuple([seat for seat in asked if _legal(state, seat)])
    answers: tuple[Response, ...] = ()
    if state.dead and turn == state.dealer and not offer.last:
        answers = (Response(turn, "pass" if offer.source == STOCK else "reveal"),)
    if not pending:
        return _resolve(state, answers)
    if pending != asked or answers:
        state = _answered(state, pending, answers)
    return state, []


def _may_answer(hands: tuple[tuple[str, ...], ...], turn: int, offer: Offer) -> tuple[int, ...]:
    """The seats that could have an answer to the offer at all: the seat whose turn it is, and those
    with a claim (`_may_claim`) on a card that is not passed on. Asked first, it spares working out
    the answers of the seats that have none, most of them at most offers."""
    if offer.source == PASSED:
        return (turn,)
    card = offer.card  # `_may_claim` written out, one list per source: it is asked of every seat
    if offer.source == STOCK:
        return tuple([seat for seat, hand in enumerate(hands) if seat == turn or card in tally(hand).on_stock])
    return tuple([seat for seat, hand in enumerate(hands) if seat == turn or card in tally(hand).triples])


def _answered(state: ChanState, pending: tuple[int, ...], responses: tuple[Response, ...]) -> ChanState:
    """A copy with these pending seats and responses; the seats' answers do not depend on them, so
    the memo is kept."""
    new = state.evolve(pending=pending, responses=responses)
    new.memo.update(state.memo)
    return new


def _answer(state: ChanState, seat: int, action: JSON) -> Step:
    answer = Response(seat, action["type"], action.get("card"))
    if state.pending == (seat,):  # mostly the last seat to answer: no list comprehension to call
        pending: tuple[int, ...] = ()
    else:
        pending = tuple([s for s in state.pending if s != seat])
    responses = (*state.responses, answer)
    event = _event("answered", seat, to=[seat], type=answer.type, card=answer.card)
    if pending and not _win_decided(state.offer, pending, responses):
        return _answered(state, pending, responses), [event]
    step = _resolve(state, responses)
    return step[0], [event, *step[1]]


def _win_decided(offer: Offer, pending: tuple[int, ...], responses: tuple[Response, ...]) -> bool:
    """A win claim that no pending seat can outrank (it precedes them all in door order)."""
    for seat in door_order(offer.door):
        if seat in pending:
            return False
        if any(r.seat == seat and r.type == "win" for r in responses):
            return True
    return False


def _resolve(state: ChanState, responses: tuple[Response, ...]) -> Step:
    """All answers are in: wins from the open door, then a Chíu, then the normal answer (R6, C6).
    `responses` replace the state's own, which every outcome clears: the state with the last
    answer in is never built."""
    offer, winners, chiu, own = state.offer, [], None, None
    for r in responses:  # one pass, no generators: mostly there is one answer, the turn seat's
        if r.type == "win":
            winners.append(r.seat)
        elif r.type == "chiu" and chiu is None:
            chiu = r.seat
        if r.seat == state.turn:
            own = r
    if winners:
        return _win(state, min(winners, key=door_order(offer.door).index))
    if offer.last:
        return _draw(state)
    if chiu is not None:
        return _take(state, chiu, Meld("chiu", offer.card, (offer.card,) * 3))
    if own.type == "meld":
        kind = "chan" if own.card == offer.card else "ca"
        return _take(state, state.turn, Meld(kind, offer.card, (own.card,)))
    state, events = _freeze_declined(state)
    if own.type == "pass":
        step = _open_offer(state, next_seat(state.turn), Offer(offer.card, offer.door, PASSED, offer.last))
        return step[0], [*events, _event("passed", state.turn, card=offer.card), *step[1]]
    step = _reveal(state, state.turn)
    return step[0], [*events, *step[1]]


def _freeze_declined(state: ChanState) -> Step:
    """Declining an available Chắn (or Chíu) on the own offer freezes that identity (R4c)."""
    seat, card = state.turn, state.offer.card
    frozen = state.frozen[seat]
    if card is None or (state.dead and seat == state.dealer) or card in frozen:
        return state, []
    held = state.hands[seat].count(card)
    if held == 3:
        available = chiu_error(holding(state, seat), card) is None
    else:  # the seat's answers list this Chắn exactly when `meld_error` allows it, which needs the card
        available = held > 0 and {"type": "meld", "card": card} in _legal(state, seat)
    if not available:
        return state, []
    state = state.evolve(frozen=put(state.frozen, seat, (*frozen, card)))
    return state, [_event("frozen", seat, to=[seat], card=card)]


def _take(state: ChanState, seat: int, meld: Meld) -> Step:
    """Expose `meld` (the offered card + hand cards); the seat then discards."""
    door = state.offer.door
    assert state.doors[door][-1].card == meld.taken, "the offered card lies last at its door"
    hand = list(state.hands[seat])
    for card in meld.from_hand:
        hand.remove(card)
    out_of_turn = seat != state.turn
    state = state.evolve(
        doors=put(state.doors, door, state.doors[door][:-1]),
        hands=put(state.hands, seat, tuple(hand)),
        melds=put(state.melds, seat, (*state.melds[seat], meld)),
        phase=DISCARD,
        turn=seat,
        offer=None,
        pending=(),
        responses=(),
        discard_to=state.turn if out_of_turn else seat,
    )
    event = _event("melded", seat, kind=meld.kind, taken=meld.taken, cards=list(meld.cards), out_of_turn=out_of_turn)
    return state, [event]


def _win(state: ChanState, seat: int) -> Step:
    offer = state.offer if state.phase == OFFER else None
    card = offer.card if offer is not None else None
    h = holding(state, seat)
    win = scoring.Win(
        melds=h.melds,
        hand=h.hand,
        card=card,
        pairing=win_pairing(h, card),
        own_door=offer is not None and offer.source == STOCK and offer.door == seat,
        heavenly=offer is None,
    )
    found = scoring.bonuses(win)
    points = scoring.score(found)
    result = Result("win" if card else "thien_u", seat, card, points, found, scoring.settle(seat, points))
    state = state.evolve(phase=OVER, pending=(), responses=(), result=result)
    return state, [
        _event(
            "won",
            seat,
            card=card,
            score=points,
            bonuses=_bonus_json(found),
            hand=list(h.hand),
            scores=list(result.scores),
        )
    ]


def _draw(state: ChanState) -> Step:
    result = Result("draw", None, None, 0, (), scoring.settle(None, 0))
    return state.evolve(phase=OVER, pending=(), responses=(), result=result), [_event("drawn", None)]


def _bonus_json(found: tuple[tuple[str, int], ...]) -> list[JSON]:
    return [
        {
            "key": key,
            "name": scoring.BONUSES[key].name,
            "main": scoring.BONUSES[key].main,
            "dich": scoring.BONUSES[key].dich,
            "count": n,
        }
        for key, n in found
    ]


# --- what each seat sees ------------------------------------------------------------------------


def view(state: ChanState, seat: int | None) -> JSON:
    result = _result_json(state)
    public: JSON = {
        "game": "chan",
        "seat": seat,
        "seats": SEATS,
        "dealer": state.dealer,
        "phase": state.phase,
        "turn": state.turn,
        "offer": None if state.offer is None else _offer_json(state.offer),
        "discard_to": state.discard_to,
        "stock": len(state.stock),
        "doors": [[{"card": d.card, "by": d.by, "source": d.source} for d in row] for row in state.doors],
        "melds": [[{"kind": m.kind, "taken": m.taken, "cards": list(m.cards)} for m in row] for row in state.melds],
        "hand_counts": [len(h) for h in state.hands],
        "discarded": [list(d) for d in state.discarded],
        "restrictions": [_restrictions(holding(state, s)) for s in range(SEATS)],
        "dead_hand": state.dead,
        "result": result,
    }
    if seat is None:
        return public
    to_act = seat in actors(state)
    own = next((r for r in state.responses if r.seat == seat), None)
    return {
        **public,
        "hand": list(state.hands[seat]),
        "frozen": list(state.frozen[seat]),
        "to_act": to_act,
        "answered": None if own is None else {"type": own.type, "card": own.card},
        "legal": legal_actions(state, seat),
        "blocked": _blocked(state, seat) if to_act else {"discard": {}, "meld": {}},
    }


def _offer_json(offer: Offer) -> JSON:
    return {"card": offer.card, "door": offer.door, "source": offer.source, "last": offer.last}


def _restrictions(h: Holding) -> JSON:
    ca_cards = {c for m in h.melds if m.kind == "ca" for c in m.from_hand}
    return {
        "melded_ca": h.melded_ca(),
        "discarded_ca": h.discarded_ca(),
        "no_take": list(sorted_cards(set(h.discarded) | ca_cards)),
    }


def _blocked(state: ChanState, seat: int) -> JSON:
    """Why each hand card may not be discarded / melded now: the table explains greyed-out cards."""
    h = holding(state, seat)
    blocked: JSON = {"discard": {}, "meld": {}}
    if state.phase in (OPENING, DISCARD):
        blocked["discard"] = _reasons({c: discard_error(h, c) for c in sorted_cards(set(h.hand))})
    offer = state.offer
    if state.phase == OFFER and seat == state.turn and offer.card is not None and not offer.last:
        blocked["meld"] = _reasons({c: meld_error(h, offer.card, c) for c in meld_candidates(h, offer.card)})
    return blocked


def _reasons(errors: dict[str, IllegalAction | None]) -> JSON:
    return {
        card: {"code": e.code, "template": e.template, "params": e.params, "message": str(e)}
        for card, e in errors.items()
        if e is not None
    }


def _result_json(state: ChanState) -> JSON | None:
    result = state.result
    if result is None:
        return None
    return {
        "reason": result.reason,
        "winner": result.winner,
        "card": result.card,
        "score": result.score,
        "scores": list(result.scores),
        "bonuses": _bonus_json(result.bonuses),
        "hand": None if result.winner is None else list(state.hands[result.winner]),
    }


def outcome(state: ChanState) -> JSON | None:
    """None while running; then the settlement, the winner, the winning card and the bonuses."""
    return None if state.result is None else _result_json(state)


# --- hooks for the conformance checker and the property tests ------------------------------------


def random_action(state: ChanState, seat: int, rng: Rng) -> JSON:
    """As `rng.choice(legal_actions(state, seat))`, copying only the chosen action."""
    return dict(rng.choice(_legal(state, seat) if _acts(state, seat) else []))


def check_invariants(state: ChanState) -> None:
    places = [*state.stock, *(c for h in state.hands for c in h)]
    places += [c for row in state.melds for m in row for c in m.cards]
    places += [d.card for row in state.doors for d in row]
    assert sorted_cards(places) == sorted_cards(deck()), "cards are not conserved"
    for seat in range(SEATS):
        held = len(state.hands[seat]) + state.exposed(seat)
        assert held == HAND + _holds_extra(state, seat), f"seat {seat} possesses {held} cards"
    if state.result is not None:
        assert sum(state.result.scores) == 0, "the settlement is not zero-sum"


def _holds_extra(state: ChanState, seat: int) -> bool:
    """The dealer before his first discard (or for good: dead hand, Thiên ù); a seat that must discard."""
    if seat == state.dealer and (state.dead or (state.result and state.result.reason == "thien_u")):
        return True
    return state.turn == seat and state.phase in (OPENING, DISCARD)


def shuffle_hidden(state: ChanState, seat: int, rng: Rng) -> ChanState:
    """Permute the stock and the hands `seat` cannot see (at the end the winner's hand is shown)."""
    winner = state.result.winner if state.result else None
    others = [s for s in range(SEATS) if s not in (seat, winner)]
    pool = [*state.stock, *(c for s in others for c in state.hands[s])]
    rng.shuffle(pool)
    hands = list(state.hands)
    for s in others:
        hands[s], pool = sorted_cards(pool[: len(hands[s])]), pool[len(hands[s]) :]
    return state.evolve(hands=tuple(hands), stock=tuple(pool))


class ChanEngine:
    key = "chan"
    seats = SEATS

    new_game = staticmethod(new_game)
    actors = staticmethod(actors)
    legal_actions = staticmethod(legal_actions)
    apply = staticmethod(apply)
    view = staticmethod(view)
    outcome = staticmethod(outcome)
    dump = staticmethod(dump)
    load = staticmethod(load)
    random_action = staticmethod(random_action)
    check_invariants = staticmethod(check_invariants)
    shuffle_hidden = staticmethod(shuffle_hidden)

    @staticmethod
    def public_actors(state: ChanState) -> frozenset[int]:
        """In a claim window only the seat whose turn it is visibly decides: who else may answer
        (a win or a Chíu) would tell what they hold."""
        if state.phase == OFFER:
            return frozenset(state.pending) & {state.turn}
        return actors(state)

    @staticmethod
    def opening_events(state: ChanState) -> list[Event]:
        """What `new_game` did (it returns no events): who deals; the same for every later state."""
        return [_event("dealt", state.dealer, dealer=state.dealer, cards=HAND + 1, others=HAND, stock=DEALT_STOCK)]

    @staticmethod
    def next_options(outcome: JSON) -> JSON:
        """Every deal picks its dealer at random (rules §1.2 "Deal"), so nothing carries over."""
        return {}


ENGINE = ChanEngine()
