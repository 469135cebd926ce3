"""How strong each level of the Kowah computer is: multiplier units gained over greedy on duplicate deals.

    .venv/bin/python -m bench.kowah_bots [--deals 400] [--seed-base 0] [--baseline greedy|random]
                                         [--levels einsteiger,fortgeschritten,meister] [--workers 2] [--every N]

bench/level_gains.py plays and prints: each level's gain in multiplier units (3 for a self-drawn
win, 2 for another, 0 otherwise) over the baseline in the same seat of the same deal, its share of
seats that won, the gains Meister − Fortgeschritten and Fortgeschritten − Einsteiger with 95 %
intervals over deals, and decision CPU times p50/p99/max per level.

Figures (`--deals 120 --workers 1`, seeds 0–119; CPU times). Meister plays as Fortgeschritten
(docs/decisions.md), so their gain is zero by construction:

    level            gain over greedy (units)    seats won    decision CPU ms p50 / p99 / max
    einsteiger       −0.042 (−0.091 … +0.008)    0.311        0.02 / 0.18 / 0.48
    fortgeschritten  +0.211 (+0.105 … +0.317)    0.431        3.2 / 7.5 / 18.5
    fortgeschritten − einsteiger  +0.253 (+0.133 … +0.373) units per seat and deal
    (greedy wins 0.333 of its seats in the reference games.)
Against random (`--baseline random --levels einsteiger --deals 100`): Einsteiger +2.143 (+2.032 …
+2.255) units, winning 0.957 of its seats against random's 0.047.
"""

from __future__ import annotations

from collections.abc import Sequence

from bench import level_gains
from games.core.protocol import JSON
from games.kowah import ENGINE
from games.kowah.bots import LEVELS, GreedyBot, RandomBot


def units(outcome: JSON, seat: int) -> float:
    return outcome["scores"][seat]


def won(outcome: JSON, seat: int) -> bool:
    return outcome["winner"] == seat


SETUP = level_gains.Setup(ENGINE, LEVELS, {"greedy": GreedyBot(), "random": RandomBot()}, units, won)


def main(argv: Sequence[str] | None = None) -> None:
    level_gains.main("Kowah levels", "bench.kowah_bots:SETUP", SETUP, "units", 400, argv)


if __name__ == "__main__":
    main()
