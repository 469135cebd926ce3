"""The Meister's look-ahead for Chắn: determinized playouts of the rest of the deal.

A sampled world deals the cards this seat has not seen (other hands and the stock) at random,
keeping every public fact: melds, doors, discards, hand sizes, the stock's size. Each candidate
action is applied in the same worlds (common random numbers: the candidates meet the same cards)
and the deal is played out by today's computer in every seat; a candidate is worth its mean
settlement for this seat. Budgeted by counts, so it is deterministic for a given rng.
What a sampled world cannot know: the other seats' frozen cards (R4c) and their answers to a
claim window still open, so the look-ahead is only used on this seat's own turn.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from games.chan import rules
from games.chan.cards import IDENTITIES, sorted_cards
from games.chan.legality import holding
from games.chan.state import DISCARD, OFFER, OPENING, SEATS, ChanState, DoorCard, Meld, Offer
from games.core.protocol import JSON
from games.core.rng import Rng

Policy = Callable[[JSON, list[JSON]], JSON]


def unseen_cards(view: JSON) -> list[str]:
    """Every card this seat has not seen, one entry per copy, in a fixed order."""
    seen = Counter(view["hand"])
    seen.update(c for row in view["melds"] for m in row for c in m["cards"])
    seen.update(d["card"] for row in view["doors"] for d in row)
    return [code for code in IDENTITIES for _ in range(4 - seen[code])]


def own_turn(view: JSON) -> bool:
    """This seat decides alone: its opening, its discard, or its answer to its own offer."""
    mine = view["turn"] == view["seat"]
    return mine and view["phase"] in (OPENING, DISCARD, OFFER) and not view["dead_hand"]


def sample_world(view: JSON, rng: Rng) -> ChanState:
    """A full state agreeing with everything `view` shows, the hidden cards dealt at random."""
    seat = view["seat"]
    pool = unseen_cards(view)
    rng.shuffle(pool)
    hands = []
    for other, size in enumerate(view["hand_counts"]):
        if other == seat:
            hands.append(tuple(view["hand"]))
        else:
            hands.append(sorted_cards(pool[:size]))
            pool = pool[size:]
    offer = view["offer"]
    return ChanState(
        seed=0,
        dealer=view["dealer"],
        phase=view["phase"],
        turn=view["turn"],
        hands=tuple(hands),
        melds=tuple(tuple(Meld(m["kind"], m["taken"], tuple(m["cards"][1:])) for m in row) for row in view["melds"]),
        doors=tuple(tuple(DoorCard(d["card"], d["by"], d["source"]) for d in row) for row in view["doors"]),
        discarded=tuple(tuple(d) for d in view["discarded"]),
        stock=tuple(pool),
        frozen=tuple(tuple(view["frozen"]) if s == seat else () for s in range(SEATS)),
        dead=view["dead_hand"],
        offer=None if offer is None else Offer(**offer),
        pending=(seat,) if view["phase"] == OFFER else (),
        discard_to=view["discard_to"],
    )


def playout_view(state: ChanState, seat: int) -> JSON:
    """The part of `rules.view` the computers read, built without the table's explanations (fast)."""
    restrictions = []
    for s in range(SEATS):
        h = holding(state, s)
        ca_cards = {c for m in h.melds if m.kind == "ca" for c in m.from_hand}
        restrictions.append({"discarded_ca": h.discarded_ca(), "no_take": sorted(set(h.discarded) | ca_cards)})
    offer = state.offer
    return {
        "seat": seat,
        "turn": state.turn,
        "offer": None if offer is None else {"card": offer.card, "door": offer.door, "source": offer.source},
        "hand": list(state.hands[seat]),
        "frozen": list(state.frozen[seat]),
        "melds": [[{"kind": m.kind, "taken": m.taken, "cards": list(m.cards)} for m in row] for row in state.melds],
        "doors": [[{"card": d.card} for d in row] for row in state.doors],
        "discarded": [list(d) for d in state.discarded],
        "hand_counts": [len(h) for h in state.hands],
        "restrictions": restrictions,
    }


def playout(state: ChanState, policies: list[Policy]) -> tuple[int, ...]:
    """Every seat's settlement once each seat's policy has played the deal to its end."""
    while (outcome := rules.outcome(state)) is None:
        seat = min(rules.actors(state))
        action = policies[seat](playout_view(state, seat), rules.legal_actions(state, seat))
        state, _ = rules.apply(state, seat, action)
    return tuple(outcome["scores"])


def playout_values(
    view: JSON, candidates: list[JSON], worlds: int, own: Policy, others: Policy, rng: Rng
) -> list[float]:
    """Each candidate's mean settlement for this seat over the same `worlds` sampled worlds, this
    seat played on by `own` and the others by `others`."""
    seat, totals = view["seat"], [0.0] * len(candidates)
    policies = [own if s == seat else others for s in range(SEATS)]
    for _ in range(worlds):
        world = sample_world(view, rng)
        for i, action in enumerate(candidates):
            after, _ = rules.apply(world, seat, action)
            totals[i] += playout(after, policies)[seat]
    return [total / worlds for total in totals]
