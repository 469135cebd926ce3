"""A golden playthrough: one seeded deal of uniformly random legal actions, written out readably.

A rule change shows as a diff of `golden/seed_7.txt`; regenerate on purpose with UPDATE_GOLDEN=1.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from games.core.rng import rng_for
from games.dou_dizhu import ENGINE
from games.dou_dizhu.cards import codes_of

GOLDEN = Path(__file__).parent / "golden" / "seed_7.txt"


def _action(action: dict) -> str:
    if action["type"] == "play":
        return "play " + " ".join(action["cards"])
    return f"bid {action['value']}" if action["type"] == "bid" else "pass"


def _summary(view: dict) -> str:
    table = view["table"]
    on_table = "-" if table is None else f"{' '.join(table['cards'])} ({table['kind']}) by {table['seat']}"
    return (
        f"{view['phase']}, turn {view['turn']}, cards {'/'.join(map(str, view['hand_counts']))}, "
        f"bid {view['bid']}, landlord {view['landlord']}, ×{view['multiplier']}, table {on_table}"
    )


def _event(event: dict) -> str:
    private = "" if event["to"] is None else f" to {event['to']}"
    return f"{event['code']}(seat {event['seat']}{private}) {json.dumps(event['data'], sort_keys=True)}"


def transcript(seed: int) -> str:
    rng = rng_for(seed, "golden")
    state = ENGINE.new_game(seed=seed, seats=3)
    lines = [f"Dou Dizhu, seed {seed}: uniformly random legal actions from rng_for({seed}, 'golden')"]
    lines += [f"hand {s}: {' '.join(codes_of(state.hands[s]))}" for s in range(3)]
    lines += [f"bottom: {' '.join(codes_of(state.bottom))}", f"first bidder: {state.first_bidder}", ""]
    step = 0
    while ENGINE.outcome(state) is None:
        step += 1
        seat = state.turn
        action = ENGINE.random_action(state, seat, rng)
        state, events = ENGINE.apply(state, seat, action)
        lines.append(f"{step:3d}  seat {seat}  {_action(action)}")
        lines.append(f"     {_summary(ENGINE.view(state, None))}")
        lines += [f"     {_event(e)}" for e in events]
    lines += ["", f"outcome: {json.dumps(ENGINE.outcome(state), sort_keys=True)}", ""]
    return "\n".join(lines)


def test_golden_playthrough_of_seed_7() -> None:
    text = transcript(7)
    if os.environ.get("UPDATE_GOLDEN") == "1":
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(text)
    assert GOLDEN.read_text() == text, "the transcript changed: check the diff, then UPDATE_GOLDEN=1"
