"""The Dou Dizhu engine (rules: /work/shared/rules/dou_dizhu.md, binding).

Three seats; the turn passes counter-clockwise, `next = (seat + 1) % 3` (DDZ-A1): on screen seat
i+1 sits to the right of seat i. One deal is one game (DDZ-A16).

Flow. 17 cards to each seat, 3 bottom cards face down; a random seat bids first. In turn each seat
bids higher than the current bid (1-3) or passes; a seat that passed may bid later (DDZ-A3). The
auction ends at a bid of 3 or when both other seats have passed after the latest bid; three passes
without any bid throw the deal in and deal again with a new random first bidder (DDZ-A4, no score).
The high bidder becomes the landlord, takes the bottom cards (shown to everyone) and leads. The
leader plays any combination (`combos.py`); the others in turn beat the table or pass; after two
passes in a row the seat that played last leads a new trick (DDZ-A6, A7). The deal ends the moment
a hand is empty; `scoring.py` settles it.

Actions (all JSON):
    {"type": "bid", "value": 1|2|3}      bidding: higher than the current bid
    {"type": "pass"}                     bidding, or when following (never when leading)
    {"type": "play", "cards": ["7S", "7H"]}   any physical cards of the hand whose ranks form a
                                         combination that may be played now (DDZ-A17: the player
                                         chooses the suits; order does not matter)
`legal_actions` lists every legal action once per distinct rank combination, with the lowest suits
(S H D C) of each rank as its cards: pass first where allowed, then the plays in catalogue order
(`combos.GENERATORS`: singles low to high, pairs, …, bombs, rocket). `apply` accepts any suits.

Fixed deals for tests: `new_game(seed, 3, deal={"hands": [[codes] × 3], "bottom": [codes],
"first_bidder": 0})`; the hands may be smaller than 17 (the pack is then the cards named). Adding
`"landlord": seat, "bid": 1-3` skips the auction: the landlord takes the bottom and leads at once,
and the auction shows his bid as its only entry (`first_bidder` is then the landlord).

View (`view(state, seat)`, JSON; `seat=None` is the public view, without "hand" and with
"legal" None). Cards are code lists sorted low to high (3 … A, 2, BJ, RJ; suits S H D C). A
"combo" is {"cards": [...], "kind": a `combos.Kind` value, "n": chain length (1 if no chain)};
`combos.KIND_LABELS` names the kinds for translation.
    game          "dou_dizhu"
    seat          the viewer's seat, or None
    phase         "bidding" | "play" | "over"
    turn          the seat to act, None when over
    order         [0, 1, 2]: the turn order (counter-clockwise)
    redeals       how often the cards were thrown in after three opening passes
    first_bidder  the seat that bid first in this deal
    auction       [{"seat", "bid"}], in order; bid 0 is a pass
    bid           the highest bid so far (0 before any), the stake of the deal
    high_bidder   the seat of that bid, or None
    landlord      the landlord's seat, None while bidding; the other two are the farmers
    bottom        the 3 bottom cards once the landlord has them (public), None while bidding
    hand          the viewer's cards
    hand_counts   cards held per seat
    played        per seat, every card it has played so far (public; what a card counter shows)
    recent        per seat its latest action: None (none yet), {"type": "pass"} or
                  {"type": "play", **combo}; the page shows it at the seat
    table         the combination to beat: {"seat", **combo}; None when the seat on turn leads
    passes        passes since the table's play (at 2 the trick ends)
    bombs         bombs and rockets played so far
    multiplier    2 ** bombs while playing; the final multiplier (spring included) when over
    legal         for the seat on turn, else None. Bidding: {"bids": [allowed values], "pass": true};
                  playing: {"pass": bool (false when leading), "can_beat": bool (some play beats
                  the table; always true when leading)}. Use `selection_refusal(view, cards)` to
                  tell whether selected cards may be played and why not.
    outcome       None while running, else `outcome(state)`

`outcome(state)` (see `scoring.settle`): {"scores": [per seat, zero-sum], "winner": the seat that
went out, "winners": [seats], "landlord", "landlord_won", "bid", "bombs", "spring",
"reverse_spring", "multiplier"}.

Events: "bid" {"value"} · "bid_passed" · "redeal" {"first_bidder"} with a private "dealt"
{"cards"} per seat · "landlord" {"bid", "bottom"} · "played" {**combo, "multiplier"} · "passed"
· "trick_won" (seat = the new leader) · "deal_over" {**outcome}.
`opening_events(state)` gives what `new_game` did without returning events: a private "dealt"
{"cards"} per seat, then "bids_first" (seat = the first bidder) {}; for a fixed deal with a
landlord, his "bid" {"value"} and "landlord" {"bid", "bottom"} instead.
`next_options(outcome)` is {}: every deal draws its own random first bidder (DDZ-A4).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from games.core.errors import IllegalAction, gettext_noop
from games.core.protocol import JSON, Event
from games.core.rng import Rng, rng_for
from games.dou_dizhu import scoring
from games.dou_dizhu.cards import (
    BIT_OF,
    BOTTOM_SIZE,
    FULL_MASK,
    HAND_SIZE,
    PLACES,
    codes_of,
    counts_of,
    is_card,
    lowest_codes,
    mask_of,
    pick,
    places_of,
)
from games.dou_dizhu.combos import CATALOGUE, Combo, Reason, beats, legal_plays, random_lead, refusal
from games.dou_dizhu.state import NO_ACTION, PASSED, SEATS, DouDizhuState, dump, in_play, load

MAX_BID = 3
_BITS = sorted(BIT_OF.values())
_ACTORS = tuple(frozenset({s}) for s in range(SEATS))
_PASS: JSON = {"type": "pass"}


def next_seat(seat: int) -> int:
    """The next seat counter-clockwise (DDZ-A1)."""
    return (seat + 1) % SEATS


def _with(values: tuple[int, ...], seat: int, value: int) -> tuple[int, ...]:
    return (*values[:seat], value, *values[seat + 1 :])


def table_combo(state: DouDizhuState) -> Combo | None:
    """The combination to beat, or None when the seat on turn leads."""
    if state.table_seat is None:
        return None
    return CATALOGUE[counts_of(state.recent[state.table_seat])]


def auction_over(auction: tuple[int, ...]) -> bool:
    """A bid of 3, or two passes after the latest bid (DDZ-A2)."""
    return bool(auction) and (auction[-1] == MAX_BID or (max(auction) > 0 and auction[-2:] == (0, 0)))


def _refuse(reason: Reason) -> IllegalAction:
    return IllegalAction(reason.template, reason.code, **reason.params)


# --- dealing ----------------------------------------------------------------------------------------


def _start(seed: int, redeals: int, pack: int, hands: tuple[int, ...], bottom: int, first: int) -> DouDizhuState:
    return DouDizhuState(
        seed=seed,
        redeals=redeals,
        pack=pack,
        hands=hands,
        bottom=bottom,
        first_bidder=first,
        auction=(),
        landlord=None,
        turn=first,
        table_seat=None,
        passes=0,
        played=(0,) * SEATS,
        plays=(0,) * SEATS,
        bombs=0,
        recent=(NO_ACTION,) * SEATS,
    )


def shuffled_deal(seed: int, redeals: int) -> DouDizhuState:
    """A fresh shuffle for deal number `redeals` of this seed, with a random first bidder."""
    rng = rng_for(seed, "deal", redeals)
    bits = list(_BITS)
    rng.shuffle(bits)
    hands = tuple(sum(bits[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(SEATS))
    return _start(seed, redeals, FULL_MASK, hands, sum(bits[SEATS * HAND_SIZE :]), rng.randrange(SEATS))


def fixed_deal(seed: int, deal: JSON) -> DouDizhuState:
    hands = tuple(_deal_mask(h) for h in deal["hands"])
    bottom = _deal_mask(deal["bottom"])
    pack = bottom
    for hand in hands:
        pack |= hand
    if (
        len(hands) != SEATS
        or bottom.bit_count() != BOTTOM_SIZE
        or pack.bit_count() != sum(p.bit_count() for p in (*hands, bottom))
    ):
        raise ValueError("a fixed deal needs 3 hands and 3 bottom cards, each card at most once")
    landlord, first = deal.get("landlord"), deal.get("first_bidder", 0)
    if landlord is None:
        if first not in range(SEATS):
            raise ValueError(f"the first bidder must be a seat 0-2, not {first!r}")
        return _start(seed, 0, pack, hands, bottom, first)
    if landlord not in range(SEATS) or deal.get("bid") not in range(1, MAX_BID + 1):
        raise ValueError("a fixed deal with a landlord needs his seat (0-2) and his bid (1-3)")
    auctioned = replace(_start(seed, 0, pack, hands, bottom, landlord), auction=(deal["bid"],))
    state, _ = _crown(auctioned, landlord)
    if not all(state.hands):
        raise ValueError("every seat needs cards once the landlord has the bottom")
    return state


def _deal_mask(codes: list[str]) -> int:
    if not all(is_card(c) for c in codes) or len(set(codes)) != len(codes):
        raise ValueError(f"not a list of distinct card codes: {codes!r}")
    return mask_of(codes)


# --- bidding ----------------------------------------------------------------------------------------


def _bid(state: DouDizhuState, seat: int, action: JSON) -> tuple[DouDizhuState, list[Event]]:
    if action.get("type") == "pass":
        value = 0
    elif action.get("type") == "bid":
        value = action.get("value")
        if type(value) is not int or not state.bid < value <= MAX_BID:
            raise IllegalAction(
                gettext_noop("You cannot bid {value}: bid more than {bid} and at most 3, or pass."),
                "bad_bid",
                value=str(value),
                bid=state.bid,
            )
    else:
        raise IllegalAction(
            gettext_noop("Unknown action {action}: bid or pass now."), "unknown_action", action=_type(action)
        )
    auction = (*state.auction, value)
    events = [_event("bid", seat, value=value) if value else _event("bid_passed", seat)]
    if not any(auction) and len(auction) == SEATS:
        return _redeal(state, events)
    state = replace(state, auction=auction, turn=next_seat(seat))
    if not auction_over(auction):
        return state, events
    state, crowned = _crown(state, state.high_bidder())
    return state, events + crowned


def _redeal(state: DouDizhuState, events: list[Event]) -> tuple[DouDizhuState, list[Event]]:
    """Three opening passes: no score, a new shuffle and a new random first bidder (DDZ-A4)."""
    new = shuffled_deal(state.seed, state.redeals + 1)
    events.append(_event("redeal", None, first_bidder=new.first_bidder))
    events.extend(_event("dealt", None, [s], cards=codes_of(new.hands[s])) for s in range(SEATS))
    return new, events


def _crown(state: DouDizhuState, landlord: int) -> tuple[DouDizhuState, list[Event]]:
    """The landlord takes the public bottom cards and leads."""
    hands = _with(state.hands, landlord, state.hands[landlord] | state.bottom)
    state = replace(state, hands=hands, landlord=landlord, turn=landlord)
    return state, [_event("landlord", landlord, bid=state.bid, bottom=codes_of(state.bottom))]


# --- card play --------------------------------------------------------------------------------------


def _card_play(state: DouDizhuState, seat: int, action: JSON) -> tuple[DouDizhuState, list[Event]]:
    kind = action.get("type")
    if kind == "pass":
        if state.table_seat is None:
            raise IllegalAction(
                gettext_noop("You lead this trick: play any combination; passing is not allowed."),
                "leader_cannot_pass",
            )
        return _pass(state, seat)
    if kind != "play":
        if state.table_seat is None:
            raise IllegalAction(
                gettext_noop("Unknown action {action}: you lead, so play cards."),
                "unknown_action",
                action=_type(action),
            )
        raise IllegalAction(
            gettext_noop("Unknown action {action}: play cards or pass."),
            "unknown_action",
            action=_type(action),
        )
    mask = _chosen(action.get("cards"), state.hands[seat])
    combo = CATALOGUE.get(counts_of(mask))
    table = table_combo(state)
    if combo is None or (table is not None and not beats(combo, table)):
        raise _refuse(refusal(counts_of(mask), table))
    return _play(state, seat, mask, combo)


def _chosen(cards: object, hand: int) -> int:
    """The card mask of a "cards" list, refusing junk, unknown, repeated and unheld cards."""
    if not isinstance(cards, list | tuple):
        raise IllegalAction(gettext_noop('"cards" must be a list of card codes such as ["7S", "7H"].'), "bad_cards")
    mask = 0
    for code in cards:
        bit = BIT_OF.get(code) if isinstance(code, str) else None
        if bit is None:
            raise IllegalAction(gettext_noop("{card} is not a card of this pack."), "unknown_card", card=str(code))
        if mask & bit:
            raise IllegalAction(gettext_noop("{card} is chosen twice."), "repeated_card", card=code)
        if not hand & bit:
            raise IllegalAction(gettext_noop("You do not hold {card}."), "card_not_held", card=code)
        mask |= bit
    return mask


def _play(state: DouDizhuState, seat: int, mask: int, combo: Combo) -> tuple[DouDizhuState, list[Event]]:
    hand = state.hands[seat] & ~mask
    bombs = state.bombs + combo.is_bomb
    state = in_play(
        state,
        hands=_with(state.hands, seat, hand),
        turn=next_seat(seat) if hand else None,
        table_seat=seat,
        passes=0,
        played=_with(state.played, seat, state.played[seat] | mask),
        plays=_with(state.plays, seat, state.plays[seat] + 1),
        bombs=bombs,
        recent=_with(state.recent, seat, mask),
    )
    events = [_event("played", seat, **_combo_json(mask, combo), multiplier=2**bombs)]
    if not hand:
        events.append(_event("deal_over", seat, **outcome(state)))
    return state, events


def _pass(state: DouDizhuState, seat: int) -> tuple[DouDizhuState, list[Event]]:
    """A pass; the second in a row ends the trick and the seat that played last leads (DDZ-A6)."""
    trick_over = state.passes + 1 == SEATS - 1
    leader = state.table_seat
    new = in_play(
        state,
        hands=state.hands,
        turn=leader if trick_over else next_seat(seat),
        table_seat=None if trick_over else leader,
        passes=0 if trick_over else state.passes + 1,
        played=state.played,
        plays=state.plays,
        bombs=state.bombs,
        recent=_with(state.recent, seat, PASSED),
    )
    events = [_event("passed", seat)]
    if trick_over:
        events.append(_event("trick_won", leader))
    return new, events


# --- helpers for views, events and errors -----------------------------------------------------------


def _event(code: str, seat: int | None, to: list[int] | None = None, **data: Any) -> Event:
    return {"code": code, "seat": seat, "data": data, "to": to}


def _play_actions(hand: int, plays: list[int]) -> list[JSON]:
    """The play actions of packed `plays`, each with the hand's lowest suits (`pick`'s choice); the hot
    part of `legal_actions` (a 20-card lead has ~80 plays), hence spelled out per number of ranks."""
    lows, known = lowest_codes(hand), PLACES
    actions: list[JSON] = []
    add = actions.append
    for packed in plays:
        try:  # indexed here: calling `places_of` for each play costs more
            at = known[packed]
        except KeyError:
            at = places_of(packed)
        ranks = len(at)
        if ranks == 1:  # singles, pairs, trios, bombs
            add({"type": "play", "cards": [*lows[at[0]]]})
        elif ranks == 2:  # a trio or four with one kicker rank, the rocket
            add({"type": "play", "cards": [*lows[at[0]], *lows[at[1]]]})
        elif ranks == 3:  # mostly four with two kickers: a sixth of a 20-card lead's plays
            add({"type": "play", "cards": [*lows[at[0]], *lows[at[1]], *lows[at[2]]]})
        else:
            cards: list[str] = []
            for place in at:
                cards += lows[place]
            add({"type": "play", "cards": cards})
    return actions


def _combo_json(mask: int, combo: Combo | None = None) -> JSON:
    combo = combo or CATALOGUE[counts_of(mask)]
    return {"cards": codes_of(mask), "kind": combo.kind.value, "n": combo.n}


def _type(action: JSON) -> str:
    return str(action.get("type"))


def _recent_view(entry: int) -> JSON | None:
    if entry == NO_ACTION:
        return None
    return dict(_PASS) if entry == PASSED else {"type": "play", **_combo_json(entry)}


def selection_refusal(view: JSON, cards: list[str]) -> Reason | None:
    """For the table page: None if the viewer may play `cards` now, else why not (from the view alone)."""
    hand = mask_of(view.get("hand") or [])
    chosen = [c for c in cards if is_card(c)]
    if len(chosen) != len(cards) or len(set(chosen)) != len(chosen) or mask_of(chosen) & ~hand:
        return Reason("card_not_held", gettext_noop("Choose cards from your own hand."), {})
    table = view.get("table")
    return refusal(counts_of(mask_of(chosen)), table and CATALOGUE[counts_of(mask_of(table["cards"]))])


class DouDizhuEngine:
    key = "dou_dizhu"
    seats = SEATS

    def new_game(self, seed: int, seats: int, deal: JSON | None = None, **options: Any) -> DouDizhuState:
        if seats != SEATS or options:
            raise ValueError(f"dou_dizhu is for {SEATS} seats without options, not {seats} and {options}")
        return shuffled_deal(seed, 0) if deal is None else fixed_deal(seed, deal)

    def next_options(self, outcome: JSON) -> JSON:
        """Every deal draws its own random first bidder, so nothing carries over."""
        return {}

    def opening_events(self, state: DouDizhuState) -> list[Event]:
        """What `new_game` did (it returns no events): each seat's cards, privately, and who bids
        first; a fixed deal that skips the auction shows the landlord's bid and the bottom instead."""
        landlord = state.landlord
        dealt = [hand & ~state.bottom if s == landlord else hand for s, hand in enumerate(state.hands)]
        events = [_event("dealt", None, [s], cards=codes_of(cards)) for s, cards in enumerate(dealt)]
        if landlord is None:
            return [*events, _event("bids_first", state.first_bidder)]
        return [
            *events,
            _event("bid", landlord, value=state.bid),
            _event("landlord", landlord, bid=state.bid, bottom=codes_of(state.bottom)),
        ]

    def actors(self, state: DouDizhuState) -> frozenset[int]:
        return frozenset() if state.turn is None else _ACTORS[state.turn]

    def legal_actions(self, state: DouDizhuState, seat: int) -> list[JSON]:
        if seat != state.turn or state.turn is None:
            return []
        if state.landlord is None:
            return [dict(_PASS)] + [{"type": "bid", "value": v} for v in range(state.bid + 1, MAX_BID + 1)]
        plays = _play_actions(state.hands[seat], self._plays(state, seat))
        return plays if state.table_seat is None else [dict(_PASS), *plays]

    def _plays(self, state: DouDizhuState, seat: int) -> list[int]:
        return legal_plays(counts_of(state.hands[seat]), table_combo(state))

    def random_action(self, state: DouDizhuState, seat: int, rng: Rng) -> JSON:
        """Uniform over `legal_actions` (the same list and order) without building every dict."""
        if seat != state.turn or state.turn is None:
            raise _not_your_turn(state)
        if state.landlord is None:
            value = rng.randrange(state.bid, MAX_BID + 1)
            return {"type": "bid", "value": value} if value > state.bid else dict(_PASS)
        hand = state.hands[seat]
        if state.table_seat is None:
            return {"type": "play", "cards": codes_of(pick(hand, random_lead(counts_of(hand), rng)))}
        plays = self._plays(state, seat)
        i = rng.randrange(len(plays) + 1)
        return {"type": "play", "cards": codes_of(pick(state.hands[seat], plays[i - 1]))} if i else dict(_PASS)

    def apply(self, state: DouDizhuState, seat: int, action: JSON) -> tuple[DouDizhuState, list[Event]]:
        if state.turn is None:
            raise IllegalAction(gettext_noop("The deal is over; no more actions."), "deal_over")
        if type(seat) is not int or seat != state.turn:
            raise _not_your_turn(state)
        if not isinstance(action, dict):
            raise IllegalAction(
                gettext_noop('An action is a JSON object whose "type" is "bid", "pass" or "play".'),
                "bad_action",
            )
        if state.landlord is None:
            return _bid(state, seat, action)
        return _card_play(state, seat, action)

    def view(self, state: DouDizhuState, seat: int | None) -> JSON:
        over = state.turn is None
        table = table_combo(state)
        outcome = self.outcome(state)
        view: JSON = {
            "game": self.key,
            "seat": seat,
            "phase": "over" if over else "bidding" if state.landlord is None else "play",
            "turn": state.turn,
            "order": list(range(SEATS)),
            "redeals": state.redeals,
            "first_bidder": state.first_bidder,
            "auction": [{"seat": (state.first_bidder + i) % SEATS, "bid": b} for i, b in enumerate(state.auction)],
            "bid": state.bid,
            "high_bidder": state.high_bidder(),
            "landlord": state.landlord,
            "bottom": None if state.landlord is None else codes_of(state.bottom),
            "hand_counts": [h.bit_count() for h in state.hands],
            "played": [codes_of(p) for p in state.played],
            "recent": [_recent_view(r) for r in state.recent],
            "table": None
            if table is None
            else {"seat": state.table_seat, **_combo_json(state.recent[state.table_seat])},
            "passes": state.passes,
            "bombs": state.bombs,
            "multiplier": outcome["multiplier"] if outcome else 2**state.bombs,
            "legal": self._legal_hint(state, table) if seat is not None and seat == state.turn else None,
            "outcome": outcome,
        }
        if seat is not None:
            view["hand"] = codes_of(state.hands[seat])
        return view

    def _legal_hint(self, state: DouDizhuState, table: Combo | None) -> JSON:
        if state.landlord is None:
            return {"bids": list(range(state.bid + 1, MAX_BID + 1)), "pass": True}
        can_beat = table is None or bool(self._plays(state, state.turn))
        return {"pass": table is not None, "can_beat": can_beat}

    def outcome(self, state: DouDizhuState) -> JSON | None:
        return outcome(state)

    def dump(self, state: DouDizhuState) -> JSON:
        return dump(state)

    def load(self, data: JSON) -> DouDizhuState:
        return load(data)

    def check_invariants(self, state: DouDizhuState) -> None:
        places = [*state.hands, *state.played] + ([state.bottom] if state.landlord is None else [])
        _require(
            sum(places) == state.pack and sum(p.bit_count() for p in places) == state.pack.bit_count(),
            "cards are not conserved: hands, played cards and bottom must partition the pack",
        )
        _require(all(state.played[s].bit_count() >= state.plays[s] for s in range(SEATS)), "plays without cards")
        bids = [b for b in state.auction if b]
        _require(bids == sorted(set(bids)) and all(0 < b <= MAX_BID for b in bids), "bids must rise within 1-3")
        if state.landlord is not None:
            landlord_cards = state.hands[state.landlord] | state.played[state.landlord]
            _require(state.bottom & ~landlord_cards == 0, "the bottom cards belong to the landlord")
            _require(state.bombs <= sum(state.plays), "more bombs than plays")

    def shuffle_hidden(self, state: DouDizhuState, seat: int, rng: Rng) -> DouDizhuState:
        """Permute the cards `seat` cannot see: the other hands, minus the landlord's public bottom
        cards, and the bottom itself while it lies face down."""
        public_bottom = 0 if state.landlord is None else state.bottom
        places = [s for s in range(SEATS) if s != seat]
        hidden = [state.hands[s] & ~public_bottom for s in places]
        if state.landlord is None:
            hidden.append(state.bottom)
        bits = [b for part in hidden for b in _bits(part)]
        rng.shuffle(bits)
        parts = []
        for part in hidden:
            size = part.bit_count()
            parts.append(sum(bits[:size]))
            bits = bits[size:]
        hands = list(state.hands)
        for s, part in zip(places, parts, strict=False):
            hands[s] = part | (state.hands[s] & public_bottom)
        bottom = parts[-1] if state.landlord is None else state.bottom
        return replace(state, hands=tuple(hands), bottom=bottom)


def _bits(mask: int) -> list[int]:
    return [1 << b for b in range(mask.bit_length()) if mask >> b & 1]


def outcome(state: DouDizhuState) -> JSON | None:
    if state.turn is not None:
        return None
    return scoring.settle(state.landlord, state.hands.index(0), state.bid, state.bombs, state.plays)


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise AssertionError(message)


def _not_your_turn(state: DouDizhuState) -> IllegalAction:
    return IllegalAction(gettext_noop("It is not your turn; seat {turn} acts now."), "not_your_turn", turn=state.turn)


ENGINE = DouDizhuEngine()
