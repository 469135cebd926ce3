"""A readable transcript of one seeded Chor Voli round played with random legal arrangements (the golden file)."""

from __future__ import annotations

from games.chor_voli import ENGINE
from games.core.protocol import JSON, Event
from games.core.rng import rng_for


def transcript(seed: int) -> str:
    state = ENGINE.new_game(seed=seed, seats=ENGINE.seats)
    rng = rng_for(seed, "golden")
    lines = [f"Chor Voli, seed {seed}: dealer seat {state.dealer}, pool carried in {state.pool_start}"]
    lines += [f"seat {s} dealt: {' '.join(hand)}" for s, hand in enumerate(state.hands)]
    lines += [f"  > {_event(e)}" for e in ENGINE.opening_events(state) if e["code"] != "dealt"]
    step = 0
    while ENGINE.outcome(state) is None:
        step += 1
        seat = rng.choice(sorted(ENGINE.actors(state)))
        action = ENGINE.random_action(state, seat, rng)
        state, events = ENGINE.apply(state, seat, action)
        lines.append(f"{step}. seat {seat} arranges {_arrangement(action)}")
        lines.append(f"   {_summary(ENGINE.view(state, None))}")
        lines += [f"  > {_event(e)}" for e in events]
    lines.append(f"outcome: {ENGINE.outcome(state)}")
    return "\n".join(lines) + "\n"


def _arrangement(action: JSON) -> str:
    groups = " ".join(f"[{' '.join(g)}]" for g in action["groups"]) or "no groups"
    return f"{groups} | discard {' '.join(action['discard'])}"


def _summary(view: JSON) -> str:
    confirmed = "".join("x" if c else "." for c in view["confirmed"])
    return f"phase {view['phase']} | confirmed {confirmed} | pool {view['pool']} | group counts {view['group_counts']}"


def _event(event: Event) -> str:
    data, seat = event["data"], event["seat"]
    if event["code"] == "revealed":
        return f"comparison {data['number']}: seat {seat} reveals {' '.join(data['cards'])} ({data['type']})"
    if event["code"] == "comparison_won":
        return f"comparison {data['number']} won by seat {seat} (+{data['chips']})"
    if event["code"] == "confirmed":
        return f"seat {seat} confirmed"
    return f"{event['code']} {data}"
