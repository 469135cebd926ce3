"""A readable transcript of one seeded Chuo Pai deal played with random legal actions (the golden file)."""

from __future__ import annotations

from games.chuo_pai import ENGINE
from games.chuo_pai.cards import sort_for_display
from games.core.protocol import JSON, Event
from games.core.rng import rng_for


def transcript(seed: int) -> str:
    state = ENGINE.new_game(seed=seed, seats=3)
    rng = rng_for(seed, "golden")
    lines = [f"Chuo Pai, seed {seed}"]
    lines += [f"seat {s} dealt: {' '.join(sort_for_display(state.hands[s] + state.bonus[s]))}" for s in range(3)]
    lines += [f"seat {s} bonus: {' '.join(state.bonus[s]) or '-'}" for s in range(3)]
    lines.append(f"first leader: seat {state.current.leader}")
    step = 0
    while ENGINE.outcome(state) is None:
        step += 1
        (seat,) = ENGINE.actors(state)
        action = ENGINE.random_action(state, seat, rng)
        state, events = ENGINE.apply(state, seat, action)
        lines.append(f"{step:3d}. seat {seat} {_action(action)}")
        lines.append(f"     {_summary(ENGINE.view(state, None))}")
        lines += [f"     > {_event(e)}" for e in events if e["code"] != "played" and e["code"] != "passed"]
    lines.append(f"outcome: {ENGINE.outcome(state)}")
    return "\n".join(lines) + "\n"


def _action(action: JSON) -> str:
    return "play " + " ".join(action["cards"]) if action["type"] == "play" else "pass"


def _summary(view: JSON) -> str:
    parts = [f"hands {view['hand_counts']}", f"piles {view['pile_counts']}", f"dead {len(view['dead'])}"]
    if view["round"] and view["round"]["highest"]:
        highest = view["round"]["highest"]
        parts.append(f"highest {' '.join(highest['cards'])} (seat {highest['seat']})")
    parts.append(f"to act {view['turn']}")
    return " | ".join(parts)


def _event(event: Event) -> str:
    data = event["data"]
    if event["code"] == "round_won":
        return f"round won by seat {event['seat']}: {' '.join(data['cards'])} (+{data['points']})"
    if event["code"] == "leads":
        return f"seat {event['seat']} leads"
    return f"{event['code']} {data}"
