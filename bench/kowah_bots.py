"""How strong each level of the Kowah computer is: multiplier units gained over greedy on duplicate deals.

    .venv/bin/python -m bench.kowah_bots [--deals 400] [--seed-base 0] [--baseline greedy|random]
                                         [--levels einsteiger,fortgeschritten,meister] [--workers 2] [--every N]

bench/level_gains.py plays and prints: each level's gain in multiplier units (3 for a self-drawn
win, 2 for another, 0 otherwise) over the baseline in the same seat of the same deal, its share of
seats that won, the gains Meister − Fortgeschritten and Fortgeschritten − Einsteiger with 95 %
intervals over deals, and decision CPU times p50/p99/max per level.

Figures (to be filled in from the full run).
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
