"""How strong each Chắn level is: wins and points against three copies of a baseline.

    .venv/bin/python -m bench.chan_bots [--deals 40] [--seed-base 0] [--baseline greedy] [--workers 1]

Duplicate play (reference/computer-opponents.md §4.1): every seeded deal is played once by four
copies of the baseline (the reference) and, for every level, four more times with that level in
seat 0, 1, 2 and 3 in turn (the baseline in the others). A deal's figure for a level is the mean
over its four seats. Printed per level: the win share (Wilson 95 % interval), the draw share, the
points per game (winner +3×score, each loser −score) and the gain over the baseline in the same
seat of the same deal (95 % interval); then the gains Meister − Fortgeschritten and
Fortgeschritten − Einsteiger paired by deal (the luck of the cards cancels); then each level's
decision CPU time (`time.process_time`) p50/p99/max.

Figures (2026-12-02, shared machine, `nice -n 15 … --deals 160 --workers 2`, seeds 0–159):
Meister − Fortgeschritten +1.04 points per game (95 % CI +0.34 … +1.74); Fortgeschritten −
Einsteiger +2.12 (CI +1.61 … +2.62); Meister decision CPU p50 195 / p99 649 / max 869 ms (seeds
0–79 alone gave +0.38, CI −0.57 … +1.33). Details: docs/decisions.md, "Chor Voli and Chắn: three
levels and the Tipp".
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from multiprocessing import Pool

from bench.stats import mean_interval, wilson
from games.chan import ENGINE
from games.chan.bots import LEVELS, GreedyBot, RandomBot
from games.core.protocol import JSON
from games.core.rng import rng_for

BASELINES = {"random": RandomBot(), "greedy": GreedyBot()}
SEATS = ENGINE.seats


@dataclass
class Result:
    """One level's four games of one deal (one per seat)."""

    wins: int = 0
    draws: int = 0
    points: float = 0.0  # mean over the four seats
    gain: float = 0.0  # over the baseline in the same seat
    seconds: list[float] = field(default_factory=list)


def play_deal(
    seed: int, bots: Sequence[object], timed: int | None = None, seconds: list[float] | None = None
) -> JSON:
    """The deal's outcome with `bots[s]` in seat s; the decision CPU times of seat `timed` go to `seconds`."""
    state = ENGINE.new_game(seed=seed, seats=SEATS)
    rngs = [rng_for(seed, "bench", seat) for seat in range(SEATS)]
    while ENGINE.outcome(state) is None:
        seat = min(ENGINE.actors(state))
        started = time.process_time()
        action = bots[seat].choose(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat), rngs[seat])
        if seconds is not None and seat == timed:
            seconds.append(time.process_time() - started)
        state, _ = ENGINE.apply(state, seat, action)
    return ENGINE.outcome(state)


def measure_deal(job: tuple[int, str]) -> dict[str, Result]:
    seed, baseline_name = job
    baseline = BASELINES[baseline_name]
    base = play_deal(seed, [baseline] * SEATS)["scores"]
    results = {}
    for level, bot in LEVELS.items():
        result, scores = Result(), []
        for seat in range(SEATS):
            outcome = play_deal(seed, [bot if s == seat else baseline for s in range(SEATS)], seat, result.seconds)
            result.wins += outcome["winner"] == seat
            result.draws += outcome["winner"] is None
            scores.append(outcome["scores"][seat])
        result.points = statistics.fmean(scores)
        result.gain = statistics.fmean(score - base[seat] for seat, score in enumerate(scores))
        results[level] = result
    return results


def interval(values: Sequence[float]) -> str:
    mean, low, high = mean_interval(values)
    return f"{mean:+.2f} ({low:+.2f} … {high:+.2f})"


def cpu_times(seconds: Sequence[float]) -> str:
    ms = sorted(1000 * s for s in seconds)
    return f"p50 {ms[len(ms) // 2]:.1f} ms, p99 {ms[int(len(ms) * 0.99)]:.1f} ms, max {ms[-1]:.1f} ms"


def report(records: list[dict[str, Result]], baseline: str) -> list[str]:
    games = SEATS * len(records)
    lines = [
        f"against 3 × {type(BASELINES[baseline]).__name__}:",
        f"  {'level':<18}{'win share (95 % CI)':<26}{'draws':<8}{'points per game (95 % CI)':<28}"
        "gain, same seat (95 % CI)",
    ]
    for level in LEVELS:
        results = [r[level] for r in records]
        p, low, high = wilson(sum(r.wins for r in results), games)
        lines.append(
            f"  {level:<18}{f'{p:.3f} ({low:.3f} … {high:.3f})':<26}{sum(r.draws for r in results) / games:<8.3f}"
            f"{interval([r.points for r in results]):<28}{interval([r.gain for r in results])}"
        )
    for better, worse in (("meister", "fortgeschritten"), ("fortgeschritten", "einsteiger")):
        paired = [r[better].gain - r[worse].gain for r in records]
        lines.append(f"  gain {better} − {worse}: {interval(paired)} points per game")
    for level in LEVELS:
        lines.append(f"  {level} decision CPU time: {cpu_times([s for r in records for s in r[level].seconds])}")
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40, help="seeded deals (default 40)")
    parser.add_argument("--seed-base", type=int, default=0)
    parser.add_argument("--baseline", default="greedy", choices=list(BASELINES))
    parser.add_argument("--workers", type=int, default=1, choices=(1, 2), help="processes (the machine has 2 cores)")
    args = parser.parse_args(argv)
    seeds = range(args.seed_base, args.seed_base + args.deals)
    print(f"Chắn levels, seeds {seeds.start}–{seeds.stop - 1}: each level in every seat against the baseline")
    jobs = [(seed, args.baseline) for seed in seeds]
    if args.workers == 1:
        records = list(map(measure_deal, jobs))
    else:
        with Pool(args.workers) as pool:
            records = pool.map(measure_deal, jobs, chunksize=2)
    print("\n".join(report(records, args.baseline)))


if __name__ == "__main__":
    main()
