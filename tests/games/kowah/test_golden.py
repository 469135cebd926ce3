"""Golden playthrough: one seeded deal of three GreedyBots, written out readably.

Regenerate on purpose with `UPDATE_GOLDEN=1 .venv/bin/pytest tests/games/kowah/test_golden.py`;
a rule change then shows as a diff of golden/seed_7.txt. GreedyBot is the bench's fixed
yardstick, so the transcript does not move when the default computer gets stronger.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from games.core.rng import rng_for
from games.kowah import ENGINE
from games.kowah.bots import GreedyBot
from games.kowah.state import KowahState

GOLDEN = Path(__file__).parent / "golden" / "seed_7.txt"


def transcript(seed: int) -> str:
    state, bot, step = ENGINE.new_game(seed=seed, seats=3), GreedyBot(), 0
    lines = [f"Kowah, seed {seed}, three GreedyBots; first player: seat {state.first}"]
    lines += [f"  seat {s} dealt {' '.join(hand)}" for s, hand in enumerate(state.hands)]
    while ENGINE.outcome(state) is None:
        (seat,) = ENGINE.actors(state)
        action = bot.choose(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat), rng_for(seed, "golden", step))
        state, events = ENGINE.apply(state, seat, action)
        step += 1
        lines.append(f"{step:03d} seat {seat} {_spell(action)}  | {_table(state)}")
        lines += [f"      {_event(e)}" for e in events]
    lines.append(f"outcome {json.dumps(ENGINE.outcome(state), sort_keys=True)}")
    return "\n".join(lines) + "\n"


def _spell(action: dict) -> str:
    if action["type"] == "checki":
        return f"discard {action['card']} and declare Checki on {action['pair']} {action['pair']}"
    return " ".join(action.values())


def _table(state: KowahState) -> str:
    view = ENGINE.view(state, None)
    waits = " ".join(s["wait"] or "-" for s in view["seats"])
    known = " ".join(",".join(s["known"]) or "-" for s in view["seats"])
    top = view["pile"][-1]["card"] if view["pile"] else "-"
    return f"stock {view['stock_count']}, pile top {top}, waits {waits}, known {known}"


def _event(event: dict) -> str:
    to = "all" if event["to"] is None else "seats " + ",".join(map(str, event["to"]))
    return f"{event['code']} seat={event['seat']} {json.dumps(event['data'], sort_keys=True)} (to {to})"


def test_golden_playthrough_of_seed_7():
    text = transcript(7)
    if os.environ.get("UPDATE_GOLDEN") == "1":
        GOLDEN.write_text(text)
    assert text == GOLDEN.read_text()
