"""The frozen state of one Chắn deal and its versioned JSON form.

Every card is in exactly one place: the stock, a hand, an exposed meld, or lying face up at a
door. Hands are private; everything else is public. A hand only ever holds cards dealt to that
seat (cards enter a seat's possession only as the outside half of an exposed meld), so what was
dealt is derived (hand + the hand halves of melds + own discards) rather than stored.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, NamedTuple

from games.chan.cards import rank_of
from games.core.protocol import JSON

VERSION = 1
SEATS = 4
HAND = 19  # cards a seat possesses (hand + exposed) between turns; the dealer holds 20 until he discards

# Phases. "offer": a card lies on offer (or none) and `pending` seats must answer it; "discard":
# `turn` must discard after a meld or a Chíu; "opening": the dealer's first decision.
OPENING, OFFER, DISCARD, OVER = "opening", "offer", "discard", "over"

# Where an offered card came from. Only a stock card just turned up can be won on (Chíu aside);
# a passed stock card has had its claim window already.
STOCK, DISCARDED, PASSED, NONE = "stock", "discard", "passed", "none"


# A state's parts are named tuples: a move builds a few, at half the cost of frozen dataclasses.
class Meld(NamedTuple):
    kind: str  # "chan", "ca" or "chiu" (four identical cards, two Chắn)
    taken: str  # the outside card
    from_hand: tuple[str, ...]  # one card, three for a Chíu

    @property
    def cards(self) -> tuple[str, ...]:
        return (self.taken, *self.from_hand)

    @property
    def chan(self) -> int:
        return {"chan": 1, "ca": 0, "chiu": 2}[self.kind]

    @property
    def ca_rank(self) -> str | None:
        return rank_of(self.taken) if self.kind == "ca" else None


class DoorCard(NamedTuple):
    card: str
    by: int  # the seat that put it out
    source: str  # "discard" or "stock"


class Offer(NamedTuple):
    card: str | None  # None: nothing on offer (after a dead dealer's opening): the seat must reveal
    door: int  # the door where it lies; claim order starts here
    source: str  # STOCK, DISCARDED, PASSED or NONE
    last: bool = False  # the last stock card: only wins count, then the deal is drawn


class Response(NamedTuple):
    """A seat's answer in a claim window, kept until every pending seat has answered."""

    seat: int
    type: str  # "win", "chiu", "meld", "pass" or "reveal"
    card: str | None = None  # the hand card of a meld


@dataclass(frozen=True, slots=True)
class Result:
    reason: str  # "win", "thien_u" or "draw"
    winner: int | None  # None: the deal is drawn
    card: str | None  # the winning card; None for Thiên ù and draws
    score: int
    bonuses: tuple[tuple[str, int], ...]  # (bonus key, instances)
    scores: tuple[int, ...]


@dataclass(frozen=True)  # no slots: `evolve` copies the instance's __dict__ in one go
class ChanState:
    seed: int
    dealer: int
    phase: str
    turn: int  # the seat whose normal turn it is: the door owner of an offer, the discarding seat
    hands: tuple[tuple[str, ...], ...]
    melds: tuple[tuple[Meld, ...], ...]
    doors: tuple[tuple[DoorCard, ...], ...]
    discarded: tuple[tuple[str, ...], ...]  # every card each seat discarded from hand, in order
    stock: tuple[str, ...]  # top first
    frozen: tuple[tuple[str, ...], ...]  # identities frozen by a declined Chắn (R4c), per seat
    dead: bool = False  # the dealer declined Thiên ù without a legal discard
    offer: Offer | None = None
    pending: tuple[int, ...] = ()  # seats that still must answer the offer
    responses: tuple[Response, ...] = ()
    discard_to: int | None = None  # in DISCARD: the door the discard goes to (the interrupted door)
    result: Result | None = None
    # What the rules worked out about this state (the seats' legal actions), kept because a move asks
    # for them several times; not part of the state: never compared, dumped or copied.
    memo: dict[int, Any] = field(default_factory=dict, init=False, compare=False, repr=False)

    def exposed(self, seat: int) -> int:
        return sum(len(m.cards) for m in self.melds[seat])

    def evolve(self, **changes: Any) -> ChanState:
        """A copy with `changes`, like `dataclasses.replace` without its introspection and its field by
        field `__init__` (a copy of the instance's dict is a third of their cost); the memo starts empty."""
        attributes = self.__dict__.copy()  # a dict's copy costs less than updating an empty one
        attributes.update(changes)
        if len(attributes) != _ATTRIBUTES:  # a change named something that is not a field
            raise TypeError(f"ChanState has no field {', '.join(changes.keys() - _FIELDS)}")
        attributes["memo"] = {}
        new = object.__new__(ChanState)
        object.__setattr__(new, "__dict__", attributes)  # a frozen dataclass refuses its own setattr
        return new


_FIELDS = frozenset(f.name for f in fields(ChanState) if f.name != "memo")
_ATTRIBUTES = len(_FIELDS) + 1  # with the memo


def put(row: tuple[Any, ...], seat: int, value: Any) -> tuple[Any, ...]:
    """`row` (a per-seat tuple field) with `seat`'s entry replaced."""
    changed = list(row)  # a list's item set costs half of splicing the tuple
    changed[seat] = value
    return tuple(changed)


def dump(state: ChanState) -> JSON:
    return {
        "v": VERSION,
        "seed": state.seed,
        "dealer": state.dealer,
        "phase": state.phase,
        "turn": state.turn,
        "hands": [list(h) for h in state.hands],
        "melds": [[[m.kind, m.taken, list(m.from_hand)] for m in row] for row in state.melds],
        "doors": [[[d.card, d.by, d.source] for d in row] for row in state.doors],
        "discarded": [list(d) for d in state.discarded],
        "stock": list(state.stock),
        "frozen": [list(f) for f in state.frozen],
        "dead": state.dead,
        "offer": None if state.offer is None else _dump_offer(state.offer),
        "pending": list(state.pending),
        "responses": [[r.seat, r.type, r.card] for r in state.responses],
        "discard_to": state.discard_to,
        "result": None if state.result is None else _dump_result(state.result),
    }


def load(data: JSON) -> ChanState:
    if data.get("v") != VERSION:
        raise ValueError(f"chan state version {data.get('v')!r}, expected {VERSION}")
    return ChanState(
        seed=data["seed"],
        dealer=data["dealer"],
        phase=data["phase"],
        turn=data["turn"],
        hands=tuple(tuple(h) for h in data["hands"]),
        melds=tuple(tuple(Meld(k, t, tuple(h)) for k, t, h in row) for row in data["melds"]),
        doors=tuple(tuple(DoorCard(c, b, s) for c, b, s in row) for row in data["doors"]),
        discarded=tuple(tuple(d) for d in data["discarded"]),
        stock=tuple(data["stock"]),
        frozen=tuple(tuple(f) for f in data["frozen"]),
        dead=data["dead"],
        offer=None if data["offer"] is None else Offer(**data["offer"]),
        pending=tuple(data["pending"]),
        responses=tuple(Response(*r) for r in data["responses"]),
        discard_to=data["discard_to"],
        result=None if data["result"] is None else _load_result(data["result"]),
    )


def _dump_offer(offer: Offer) -> JSON:
    return {"card": offer.card, "door": offer.door, "source": offer.source, "last": offer.last}


def _dump_result(result: Result) -> JSON:
    return {
        "reason": result.reason,
        "winner": result.winner,
        "card": result.card,
        "score": result.score,
        "bonuses": [list(b) for b in result.bonuses],
        "scores": list(result.scores),
    }


def _load_result(data: JSON) -> Result:
    return Result(
        reason=data["reason"],
        winner=data["winner"],
        card=data["card"],
        score=data["score"],
        bonuses=tuple((k, n) for k, n in data["bonuses"]),
        scores=tuple(data["scores"]),
    )
