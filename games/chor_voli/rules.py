"""The Chor Voli engine: one state is ONE ROUND (rules/chor_voli.md §1.2).

Ante → deal → four-of-a-kind check → secret, simultaneous, binding arrangement → comparisons →
chips. The site plays on endlessly by starting each next round with
`ENGINE.new_game(seed, seats=4, dealer=outcome["next_dealer"], pool=outcome["pool"])`.

new_game options: `dealer` (None: a random first dealer from the seed), `pool` (chips carried in,
default 0). `deal={"hands": [[13 codes] x 4], "dealer": d}` fixes the cards for tests (dealer optional).
Seats are numbered counter-clockwise: seat `s + 1` sits to the right of seat `s` (CV-A1).

Phases: "arrange" (actors: the seats that have not confirmed, all at once) and "over" (no actors).
A round with a four-of-a-kind is "over" as soon as `new_game` returns.

Action (the only one; binding once applied, a second one is refused with "already_confirmed"):
    {"type": "arrange", "groups": [["AS", "KS", "QS"], ["2H", "2D", "2C"], …], "discard": [codes]}
0–4 groups of exactly 3 cards; the discard is the rest; together exactly the seat's 13 cards.
`legal_actions` lists NOTHING in the arrangement phase: a hand has far too many arrangements to
list, so `apply` validates and `random_action` builds a random legal one. Refusal codes:
unknown_action, bad_seat, round_over, already_confirmed, malformed, too_many_groups, unknown_card,
not_in_hand, card_twice, cards_missing, invalid_group (naming the 1-based group number and why).

view(state, seat) — JSON; seat None is the public view:
    phase         "arrange" | "over"
    seat          the viewing seat, or None
    dealer        the dealer's seat; comparison 1 starts at dealer + 1
    ante          1 (chips every seat paid into the pool this round)
    pool_start    chips carried into this round
    pool          chips in the pool now: after the antes; after the payouts once over
    hand          own 13 cards (rank high→low, then S H D C); None in the public view
    confirmed     [bool x 4]: who has confirmed (nothing about what)
    must_arrange  True while this seat still has to confirm
    max_groups    while this seat must arrange: the most groups its hand can form (0–4), else None
    my_groups     own confirmed groups, strong→weak: [{"cards": [...], "type": "trio" | "straight_flush"
                  | "straight" | "flush" | "independent"}]; [] before confirming and in the public view
    my_discard    own discarded cards once confirmed, else []; never another seat's
    group_counts  [int x 4] once over after an arrangement (public then: the comparisons show it);
                  None while arranging (it would tell how strong the others are) and in a quad round
    quads         [{"seat": s, "rank": "A"}] every quad, highest first, in a quad round; else []
    quad_winner   seat or None
    comparisons   once over: [{"number": k, "opener": seat, "reveals": [{"seat", "cards", "type"}] in
                  reveal order, "winner": seat}]; [] before
    chips_won     [int x 4] this round's chips won, the ante not counted ([0 x 4] until over)
    scores        [int x 4] this round's net change (chips_won − ante) once over, else None
    next_dealer   who deals the next round, once over; else None

outcome(state): None until over, then {"scores": [net change, ante included], "chips_won": [...],
    "pool": chips left for the next round, "pool_start": chips carried in, "next_dealer": seat,
    "quad_winner": seat | None, "reason": "quad" | "comparisons" | "no_groups",
    "comparison_count": n}. Always sum(scores) + pool − pool_start == 0.

next_options(outcome): {"dealer": next_dealer, "pool": pool} for the next round's `new_game`.

Events: `opening_events(state)` gives what happened inside `new_game` (which returns no events):
"anted" (public), "dealt" (to each seat its own hand), and in a quad round "quads" and
"round_over". `apply` gives "confirmed" (public: the seat, no cards) and, when the last seat
confirms, per comparison one "revealed" per participant in reveal order and "comparison_won", then
"round_over" (its data is the outcome).

Hidden information: while arranging, nothing of another seat's hand or arrangement shows but its
confirmation; after the round only the revealed groups do. Since every group of every seat is
revealed in some comparison, that leaves the discards, which stay secret forever (CV-A18).

Pure helpers for the table (re-exported here): `classify(cards)`, `group_key(cards)`,
`why_invalid(cards, number=None)` (English text; accepts partial groups and junk),
`group_problem(cards, number=None)` (the same as an unraised IllegalAction, whose template and
params the page translates) and `check_arrangement(hand, groups, discard)`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from games.chor_voli import state as state_json
from games.chor_voli.arrangement import (
    MAX_GROUPS,
    arrange_action,
    check_arrangement,
    max_groups,
    random_arrangement,
)
from games.chor_voli.cards import DECK, HAND_SIZE, SEATS, sort_for_display
from games.chor_voli.groups import GroupType, classify, group_key, group_problem, strong_first, why_invalid
from games.chor_voli.scoring import ANTE, Settlement, find_quads, settle_comparisons, settle_quads
from games.chor_voli.state import Arrangement, ChorVoliState
from games.core.errors import IllegalAction, gettext_noop
from games.core.protocol import JSON, Event
from games.core.rng import Rng, rng_for

__all__ = [
    "ENGINE",
    "ChorVoli",
    "GroupType",
    "check_arrangement",
    "classify",
    "group_key",
    "group_problem",
    "why_invalid",
]

# shuffle_hidden rejects shuffles that would create a quad or an impossible arrangement; the state
# itself is always a consistent answer, so after this many tries it is returned unchanged.
_SHUFFLE_TRIES = 100


def settle(state: ChorVoliState) -> Settlement | None:
    """The round's settlement, or None while seats are still arranging.

    Remembered for the last few states by identity: every protocol call asks (`apply`, then `actors`,
    `outcome` and `view` of the same state), and a state is frozen data, so its settlement never
    changes; looking a state up by identity spares hashing its hands and arrangements."""
    for known, settlement in reversed(_SETTLED):
        if known is state:
            return settlement
    return _remember(state, _settlement(state))


_SETTLED: list[tuple[ChorVoliState, Settlement | None]] = []  # (state, its settlement), the newest last
_REMEMBERED = 8


def _remember(state: ChorVoliState, settlement: Settlement | None) -> Settlement | None:
    _SETTLED.append((state, settlement))
    del _SETTLED[:-_REMEMBERED]
    return settlement


def _settlement(state: ChorVoliState) -> Settlement | None:
    """`settle`, computed."""
    pool = state.pool_start + SEATS * ANTE
    quads = find_quads(state.hands)
    if quads:
        return settle_quads(quads, pool)
    return _arranged_settlement(state, pool)


def _arranged_settlement(state: ChorVoliState, pool: int) -> Settlement | None:
    """The settlement of a round without quads: None until every seat has confirmed."""
    if not all(state.arrangements):  # an Arrangement is always true, None never
        return None
    return settle_comparisons([a.groups for a in state.arrangements if a is not None], state.dealer, pool)


class ChorVoli:
    key = "chor_voli"
    seats = SEATS

    def new_game(
        self,
        seed: int,
        seats: int = SEATS,
        deal: JSON | None = None,
        *,
        dealer: int | None = None,
        pool: int = 0,
    ) -> ChorVoliState:
        if seats != SEATS:
            raise ValueError(f"Chor Voli is played by exactly {SEATS} seats, not {seats}")
        if not isinstance(pool, int) or pool < 0:
            raise ValueError(f"the pool carried in must be a whole number of chips ≥ 0, not {pool!r}")
        if deal is not None and deal.get("dealer") is not None:
            dealer = deal["dealer"]
        if dealer is None:
            dealer = rng_for(seed, "dealer").randrange(SEATS)
        if dealer not in range(SEATS):
            raise ValueError(f"the dealer must be a seat 0–{SEATS - 1}, not {dealer!r}")
        return ChorVoliState(seed, dealer, pool, _dealt_hands(seed, deal), (None,) * SEATS)

    def actors(self, state: ChorVoliState) -> frozenset[int]:
        if settle(state) is not None:
            return frozenset()
        return frozenset([seat for seat, a in enumerate(state.arrangements) if a is None])

    def legal_actions(self, state: ChorVoliState, seat: int) -> list[JSON]:
        """Always empty: arrangements are too many to list (see the module docstring)."""
        return []

    def apply(self, state: ChorVoliState, seat: int, action: JSON) -> tuple[ChorVoliState, list[Event]]:
        arrangement = _checked_arrangement(state, seat, action)
        arrangements = (*state.arrangements[:seat], arrangement, *state.arrangements[seat + 1 :])
        new = ChorVoliState(state.seed, state.dealer, state.pool_start, state.hands, arrangements)
        events = [_event("confirmed", seat)]
        # `state` was not settled (`_checked_arrangement`), so its hands, which `new` keeps, hold no quad
        settlement = _remember(new, _arranged_settlement(new, new.pool_start + SEATS * ANTE))
        if settlement is not None:
            events += _settlement_events(new, settlement)
        return new, events

    def view(self, state: ChorVoliState, seat: int | None) -> JSON:
        settlement = settle(state)
        own = state.arrangements[seat] if seat is not None else None
        must_arrange = seat in self.actors(state)
        return {
            "phase": "arrange" if settlement is None else "over",
            "seat": seat,
            "dealer": state.dealer,
            "ante": ANTE,
            "pool_start": state.pool_start,
            "pool": state.pool_start + SEATS * ANTE if settlement is None else settlement.pool,
            "hand": list(state.hands[seat]) if seat is not None else None,
            "confirmed": [a is not None for a in state.arrangements],
            "must_arrange": must_arrange,
            "max_groups": max_groups(state.hands[seat]) if seat is not None and must_arrange else None,
            "my_groups": [_group_json(g) for g in own.groups] if own else [],
            "my_discard": list(own.discard) if own else [],
            **_settlement_view(state, settlement),
        }

    def outcome(self, state: ChorVoliState) -> JSON | None:
        settlement = settle(state)
        return None if settlement is None else _outcome(state, settlement)

    def next_options(self, outcome: JSON) -> JSON:
        """The next round's `new_game` options: the last winner deals and the pool carries over."""
        return {"dealer": outcome["next_dealer"], "pool": outcome["pool"]}

    def opening_events(self, state: ChorVoliState) -> list[Event]:
        """The events of `new_game` itself: antes, each seat's deal, and a quad round's end."""
        pool = state.pool_start + SEATS * ANTE
        events = [_event("anted", None, ante=ANTE, pool_start=state.pool_start, pool=pool)]
        events += [_event("dealt", s, to=[s], cards=list(hand)) for s, hand in enumerate(state.hands)]
        settlement = settle(state)
        if settlement is not None:
            events += _settlement_events(state, settlement)
        return events

    def dump(self, state: ChorVoliState) -> JSON:
        return state_json.dump(state)

    def load(self, data: JSON) -> ChorVoliState:
        return state_json.load(data)

    def random_action(self, state: ChorVoliState, seat: int, rng: Rng) -> JSON:
        """A random legal arrangement (see `random_arrangement`), its groups in random order."""
        arrangement = random_arrangement(state.hands[seat], rng)
        assert arrangement is not None  # a count up to the hand's maximum always exists
        groups = list(arrangement.groups)
        rng.shuffle(groups)
        return arrange_action(groups, arrangement.discard)

    def check_invariants(self, state: ChorVoliState) -> None:
        assert sorted(card for hand in state.hands for card in hand) == sorted(DECK), "not the 52 cards"
        assert all(len(hand) == HAND_SIZE for hand in state.hands), "a hand is not 13 cards"
        assert state.dealer in range(SEATS) and state.pool_start >= 0
        for hand, arrangement in zip(state.hands, state.arrangements, strict=True):
            if arrangement is not None:
                _check_arrangement_invariants(hand, arrangement)
        settlement = settle(state)
        if settlement is not None:
            assert settlement.pool >= 0, "the pool went negative"
            assert sum(settlement.scores) + settlement.pool - state.pool_start == 0, "chips not conserved"
            assert not settlement.quads or state.arrangements == (None,) * SEATS, "arranged in a quad round"

    def shuffle_hidden(self, state: ChorVoliState, seat: int, rng: Rng) -> ChorVoliState:
        """Permute the cards `seat` cannot see among the places it cannot see.

        Hidden from `seat`: while arranging, the other hands and arrangements; after comparisons,
        the other discards (CV-A18); in a quad round, the other hands but their quads. A shuffle
        must also keep what `seat` knows: which quads exist (none, unless the round ended on one),
        so shuffles that make a new quad are redrawn; a confirmed seat is re-arranged with the same
        number of groups.
        """
        for _ in range(_SHUFFLE_TRIES):
            shuffled = _shuffled(state, seat, rng)
            if shuffled is not None:
                return shuffled
        return state


def _dealt_hands(seed: int, deal: JSON | None) -> tuple[tuple[str, ...], ...]:
    if deal is None:
        deck = list(DECK)
        rng_for(seed, "deal").shuffle(deck)
        return tuple(sort_for_display(deck[s * HAND_SIZE : (s + 1) * HAND_SIZE]) for s in range(SEATS))
    hands = tuple(sort_for_display(hand) for hand in deal["hands"])
    if len(hands) != SEATS or sorted(c for h in hands for c in h) != sorted(DECK):
        raise ValueError("a fixed deal needs 4 hands that together are the 52 cards")
    if any(len(hand) != HAND_SIZE for hand in hands):
        raise ValueError("a fixed deal needs 13 cards in every hand")
    return hands


def _checked_arrangement(state: ChorVoliState, seat: object, action: object) -> Arrangement:
    if isinstance(seat, bool) or not isinstance(seat, int) or seat not in range(SEATS):
        raise IllegalAction(gettext_noop("There is no seat {seat}; the seats are 0 to 3."), "bad_seat", seat=seat)
    if settle(state) is not None:
        raise IllegalAction(gettext_noop("The round is over; a new round starts with a new deal."), "round_over")
    if not isinstance(action, dict) or action.get("type") != "arrange":
        kind = action.get("type") if isinstance(action, dict) else type(action).__name__
        raise IllegalAction(
            gettext_noop(
                'There is no action "{kind}" in Chor Voli; the only action is "arrange": '
                "up to four groups of three cards and the discard."
            ),
            "unknown_action",
            kind=kind,
        )
    if state.arrangements[seat] is not None:
        raise IllegalAction(
            gettext_noop("Seat {seat} has already confirmed; a confirmed arrangement is binding."),
            "already_confirmed",
            seat=seat,
        )
    return check_arrangement(state.hands[seat], action.get("groups"), action.get("discard"))


def _check_arrangement_invariants(hand: tuple[str, ...], arrangement: Arrangement) -> None:
    placed = [card for group in arrangement.groups for card in group] + list(arrangement.discard)
    assert Counter(placed) == Counter(hand), "an arrangement is not a partition of its hand"
    assert len(arrangement.groups) <= MAX_GROUPS, "more than four groups"
    assert all(classify(g) is not None for g in arrangement.groups), "an invalid group was confirmed"
    assert arrangement.groups == strong_first(arrangement.groups), "groups not sorted strong→weak"


def _group_json(cards: tuple[str, ...]) -> JSON:
    kind = classify(cards)
    assert kind is not None
    return {"cards": list(cards), "type": kind.value}


def _settlement_view(state: ChorVoliState, settlement: Settlement | None) -> JSON:
    if settlement is None:
        return {
            "group_counts": None,
            "quads": [],
            "quad_winner": None,
            "comparisons": [],
            "chips_won": [0] * SEATS,
            "scores": None,
            "next_dealer": None,
        }
    arranged = not settlement.quads
    return {
        "group_counts": [len(a.groups) for a in state.arrangements if a is not None] if arranged else None,
        "quads": [{"seat": seat, "rank": rank} for seat, rank in settlement.quads],
        "quad_winner": settlement.quad_winner,
        "comparisons": [
            {
                "number": c.number,
                "opener": c.opener,
                "reveals": [{"seat": r.seat, "cards": list(r.cards), "type": r.kind.value} for r in c.reveals],
                "winner": c.winner,
            }
            for c in settlement.comparisons
        ],
        "chips_won": list(settlement.chips_won),
        "scores": list(settlement.scores),
        "next_dealer": settlement.next_dealer,
    }


def _outcome(state: ChorVoliState, settlement: Settlement) -> JSON:
    return {
        "scores": list(settlement.scores),
        "chips_won": list(settlement.chips_won),
        "pool": settlement.pool,
        "pool_start": state.pool_start,
        "next_dealer": settlement.next_dealer,
        "quad_winner": settlement.quad_winner,
        "reason": _reason(settlement),
        "comparison_count": len(settlement.comparisons),
    }


def _reason(settlement: Settlement) -> str:
    if settlement.quads:
        return "quad"
    return "comparisons" if settlement.comparisons else "no_groups"


def _settlement_events(state: ChorVoliState, settlement: Settlement) -> list[Event]:
    events: list[Event] = []
    if settlement.quads:
        quads = [{"seat": seat, "rank": rank} for seat, rank in settlement.quads]
        events.append(_event("quads", settlement.quad_winner, quads=quads, chips=max(settlement.chips_won)))
    for number, reveals, winner in settlement.comparisons:
        events += [
            _event("revealed", seat, number=number, cards=list(cards), type=_KIND_NAMES[kind])
            for seat, cards, kind in reveals
        ]
        events.append(_event("comparison_won", winner, number=number, chips=1))
    events.append(_event("round_over", None, **_outcome(state, settlement)))
    return events


_KIND_NAMES = {kind: kind.value for kind in GroupType}  # a plain dict is quicker than an enum's `value`


def _event(code: str, seat: int | None, to: list[int] | None = None, **data: Any) -> Event:
    return {"code": code, "seat": seat, "data": data, "to": to}


def _shuffled(state: ChorVoliState, seat: int, rng: Rng) -> ChorVoliState | None:
    """One draw of `shuffle_hidden`, or None when it contradicts what `seat` knows."""
    settlement = settle(state)
    others = [s for s in range(SEATS) if s != seat]
    hidden = {s: _hidden_from(state, settlement, s) for s in others}
    pooled = [card for s in others for card in hidden[s]]
    rng.shuffle(pooled)
    hands, arrangements = list(state.hands), list(state.arrangements)
    for s in others:
        dealt, pooled = pooled[: len(hidden[s])], pooled[len(hidden[s]) :]
        seen = Counter(state.hands[s]) - Counter(hidden[s])
        hands[s] = sort_for_display([*seen.elements(), *dealt])
        arrangements[s] = _rearranged(state.arrangements[s], settlement, hands[s], dealt, rng)
        if state.arrangements[s] is not None and arrangements[s] is None:
            return None
    if find_quads(hands) != find_quads(state.hands):
        return None
    return replace(state, hands=tuple(hands), arrangements=tuple(arrangements))


def _hidden_from(state: ChorVoliState, settlement: Settlement | None, other: int) -> tuple[str, ...]:
    """The cards of seat `other` that another seat cannot see."""
    if settlement is None:
        return state.hands[other]
    if settlement.quads:
        ranks = {rank for seat, rank in settlement.quads if seat == other}
        return tuple(card for card in state.hands[other] if card[0] not in ranks)
    arrangement = state.arrangements[other]
    assert arrangement is not None
    return arrangement.discard


def _rearranged(
    arrangement: Arrangement | None,
    settlement: Settlement | None,
    hand: tuple[str, ...],
    dealt: list[str],
    rng: Rng,
) -> Arrangement | None:
    if arrangement is None:
        return None
    if settlement is not None:  # only the discard was hidden: the groups were all revealed
        return Arrangement(arrangement.groups, sort_for_display(dealt))
    count = len(arrangement.groups)
    return random_arrangement(hand, rng, count) if max_groups(hand) >= count else None


ENGINE = ChorVoli()
