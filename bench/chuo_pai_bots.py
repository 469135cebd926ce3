"""How strong each level of the Chuo Pai computer is: points gained over greedy on duplicate deals.

    .venv/bin/python -m bench.chuo_pai_bots [--deals 60] [--seed-base 0] [--baseline greedy|random]
                                            [--levels einsteiger,fortgeschritten,meister] [--workers 2] [--every N]

bench/level_gains.py plays and prints: each level's gain in points (scoring-pile cards) over the
baseline in the same seat of the same deal, its share of deals won outright, the gains Meister −
Fortgeschritten and Fortgeschritten − Einsteiger with 95 % intervals over deals, and decision CPU
times p50/p99/max per level.

Figures (`--deals 50 --workers 2`, seeds 0–49, a shared 2-core machine; CPU times):

    level            gain over greedy (points)   wins outright    decision CPU ms p50 / p99 / max
    einsteiger       +0.733 (+0.432 … +1.034)    0.460            0.03 / 0.24 / 0.34
    fortgeschritten  +1.693 (+1.381 … +2.006)    0.787            0.95 / 106 / 155
    meister          +1.967 (+1.662 … +2.271)    0.853            6.4 / 547 / 771
    meister − fortgeschritten  +0.273 (+0.024 … +0.523) points per seat and deal
    fortgeschritten − einsteiger  +0.960 (+0.623 … +1.297)
    (greedy wins 0.293 of its seats in the reference games; after 40 deals Meister − Fortgeschritten
    was +0.192 (−0.097 … +0.480): the Meister's lead is real but small.)
Against random (`--baseline random --levels einsteiger --deals 100`): Einsteiger +0.633 (+0.321 …
+0.946) points, but outright wins 0.220 against random's 0.267 in the reference games.
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
