"""The Meister's look-ahead for Chắn: determinized playouts of the rest of the deal.

A sampled world deals the cards this seat has not seen (other hands and the stock) at random,
keeping every public fact: melds, doors, discards, hand sizes, the stock's size; a seat that let a
card go on its own turn is dealt no copy of it (`declined`), and every seat with a claim on the
card on offer answers it. Each candidate action is applied in the same worlds (common random
numbers: the candidates meet the same cards) and the deal is played out by the given policies;
a candidate is worth its mean settlement for this seat. Budgeted by counts, so it is
deterministic for a given rng. What a sampled world cannot know: the other seats' frozen cards
(R4c) and their answers already given in a claim window, so the look-ahead is only used on this
seat's own turn.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace

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


def declined(view: JSON) -> list[set[str]]:
    """Per seat, the identities it has shown it does not hold: cards lying at a door that it let go
    on its own turn although it may take them (R4d: not in its `no_take`). Hands never gain cards, so
    a seat without the card then is without it now. Exact for a seat that takes every Chắn it may
    (the greedy yardstick), an assumption for people. The card on offer now has not been declined."""
    absent: list[set[str]] = [set() for _ in range(SEATS)]
    offer = view["offer"]
    current = None if offer is None or offer["card"] is None else offer["door"]
    for door, row in enumerate(view["doors"]):
        for i, d in enumerate(row):
            if door == current and i == len(row) - 1:
                continue
            if d["source"] == "stock":
                seats = [door, (door + 1) % SEATS]  # turned up and passed by the door, declined by the next
            else:
                seats = [(d["by"] + 1) % SEATS if door == d["by"] else door]
            for s in seats:
                if s != view["seat"] and d["card"] not in view["restrictions"][s]["no_take"]:
                    absent[s].add(d["card"])
    if view["dead_hand"]:
        absent[view["dealer"]].clear()
    return absent


def deal_hidden(view: JSON, rng: Rng, absent: list[set[str]] | None = None, tries: int = 20) -> list[list[str]]:
    """The unseen cards dealt to the other hands and the stock (last entry), no seat getting a card in
    its `absent`: each card goes to a place drawn in proportion to the room left there. A deal that
    leaves a card nowhere to go is dealt again; after `tries` of them the constraints are dropped."""
    seat = view["seat"]
    pool = unseen_cards(view)
    sizes = [0 if s == seat else n for s, n in enumerate(view["hand_counts"])] + [view["stock"]]
    for _ in range(tries if absent is not None else 0):
        rng.shuffle(pool)
        places: list[list[str]] = [[] for _ in sizes]
        room = list(sizes)
        for card in pool:
            free = [p for p, r in enumerate(room) if r and (p == SEATS or card not in absent[p])]
            if not free:
                break
            place = rng.choices(free, [room[p] for p in free])[0]
            places[place].append(card)
            room[place] -= 1
        else:
            return places
    rng.shuffle(pool)
    starts = [sum(sizes[:p]) for p in range(len(sizes) + 1)]
    return [pool[starts[p] : starts[p + 1]] for p in range(len(sizes))]


def sample_world(view: JSON, rng: Rng, absent: list[set[str]] | None = None) -> ChanState:
    """A full state agreeing with everything `view` shows, the hidden cards dealt at random (no seat
    getting a card in its `absent`, see `declined`). Every seat with a claim on the card on offer
    answers it in the world."""
    seat = view["seat"]
    places = deal_hidden(view, rng, absent)
    hands = [tuple(view["hand"]) if s == seat else sorted_cards(places[s]) for s in range(SEATS)]
    offer = view["offer"]
    world = ChanState(
        seed=0,
        dealer=view["dealer"],
        phase=view["phase"],
        turn=view["turn"],
        hands=tuple(hands),
        melds=tuple(tuple(Meld(m["kind"], m["taken"], tuple(m["cards"][1:])) for m in row) for row in view["melds"]),
        doors=tuple(tuple(DoorCard(d["card"], d["by"], d["source"]) for d in row) for row in view["doors"]),
        discarded=tuple(tuple(d) for d in view["discarded"]),
        stock=tuple(places[SEATS]),
        frozen=tuple(tuple(view["frozen"]) if s == seat else () for s in range(SEATS)),
        dead=view["dead_hand"],
        offer=None if offer is None else Offer(**offer),
        pending=tuple(range(SEATS)) if view["phase"] == OFFER else (),
        discard_to=view["discard_to"],
    )
    if view["phase"] == OFFER:
        world = replace(world, pending=tuple(s for s in range(SEATS) if rules.legal_actions(world, s)))
    return world


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
    """Each candidate's mean settlement for this seat over the same `worlds` sampled worlds (no seat
    holding a card it declined, see `declined`), this seat played on by `own` and the others by
    `others`."""
    seat, totals = view["seat"], [0.0] * len(candidates)
    policies = [own if s == seat else others for s in range(SEATS)]
    absent = declined(view)
    for _ in range(worlds):
        world = sample_world(view, rng, absent)
        for i, action in enumerate(candidates):
            after, _ = rules.apply(world, seat, action)
            totals[i] += playout(after, policies)[seat]
    return [total / worlds for total in totals]
