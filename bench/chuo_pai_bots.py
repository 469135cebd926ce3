"""How strong each level of the Chuo Pai computer is: points gained over greedy on duplicate deals.

    .venv/bin/python -m bench.chuo_pai_bots [--deals 60] [--seed-base 0] [--baseline greedy|random]
                                            [--levels einsteiger,fortgeschritten,meister] [--workers 2] [--every N]

bench/level_gains.py plays and prints: each level's gain in points (scoring-pile cards) over the
baseline in the same seat of the same deal, its share of deals won outright, the gains Meister −
Fortgeschritten and Fortgeschritten − Einsteiger with 95 % intervals over deals, and decision CPU
times p50/p99/max per level.

Figures (to be filled in from the full run).
"""

from __future__ import annotations

from collections.abc import Sequence

from bench import level_gains
from games.chuo_pai import ENGINE
from games.chuo_pai.bots import LEVELS, GreedyBot, RandomBot
from games.core.protocol import JSON


def points(outcome: JSON, seat: int) -> float:
    return outcome["scores"][seat]


def won(outcome: JSON, seat: int) -> bool:
    return not outcome["draw"] and seat in outcome["winners"]


SETUP = level_gains.Setup(ENGINE, LEVELS, {"greedy": GreedyBot(), "random": RandomBot()}, points, won)


def main(argv: Sequence[str] | None = None) -> None:
    level_gains.main("Chuo Pai levels", "bench.chuo_pai_bots:SETUP", SETUP, "points", 60, argv)


if __name__ == "__main__":
    main()
