"""How strong the Chuo Pai computer is: win rate and points against RandomBot and GreedyBot.

    .venv/bin/python -m bench.chuo_pai_bots [--deals 60] [--seed-base 0] [--baselines random,greedy] [--jobs 2]

Duplicate rotation (reference/computer-opponents.md §4.1): every seeded deal is played once by
three copies of the baseline (the reference) and once with the candidate in each seat against two
copies of the baseline. Printed per baseline: the candidate's win share (unique top score) and draw
share with Wilson 95 % intervals next to the baseline's own share in the reference games; the
candidate's average points per deal and its gain over the baseline in the same seat of the same
deal, with 95 % t-intervals over deals (the three seats of a deal are averaged first, so deals are
the independent units). Also the candidate's decision time (p50 / p99).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from bench.stats import mean_interval, wilson
from games.chuo_pai import ENGINE
from games.chuo_pai.bots import BOT, GreedyBot, RandomBot
from games.core.protocol import JSON
from games.core.rng import rng_for

BASELINES = {"random": RandomBot(), "greedy": GreedyBot()}


@dataclass
class Tally:
    wins: int = 0
    draws: int = 0
    games: int = 0
    reference_wins: int = 0
    reference_games: int = 0
    points: list[float] = field(default_factory=list)  # per deal, mean over the candidate's seats
    gains: list[float] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)  # per candidate decision


def play_deal(seed: int, bots: Sequence[object], timed_seat: int | None, tally: Tally) -> JSON:
    state = ENGINE.new_game(seed=seed, seats=3)
    step = 0
    while (outcome := ENGINE.outcome(state)) is None:
        (seat,) = ENGINE.actors(state)
        legal = ENGINE.legal_actions(state, seat)
        started = time.perf_counter()
        action = bots[seat].choose(ENGINE.view(state, seat), legal, rng_for(seed, "bot", seat, step))
        if seat == timed_seat:
            tally.seconds.append(time.perf_counter() - started)
        state, _ = ENGINE.apply(state, seat, action)
        step += 1
    return outcome


def measure(candidate: object, baseline: object, seeds: range) -> Tally:
    tally = Tally()
    for seed in seeds:
        reference = play_deal(seed, [baseline] * 3, None, tally)
        tally.reference_wins += not reference["draw"]
        tally.reference_games += 3
        points, gains = [], []
        for seat in range(3):
            bots = [candidate if s == seat else baseline for s in range(3)]
            outcome = play_deal(seed, bots, seat, tally)
            tally.games += 1
            if seat in outcome["winners"]:
                tally.wins += not outcome["draw"]
                tally.draws += outcome["draw"]
            points.append(outcome["scores"][seat])
            gains.append(outcome["scores"][seat] - reference["scores"][seat])
        tally.points.append(statistics.fmean(points))
        tally.gains.append(statistics.fmean(gains))
    return tally






def report(name: str, tally: Tally) -> str:
    def share(k: int, n: int) -> str:
        p, lo, hi = wilson(k, n)
        return f"{p:.3f} ({lo:.3f}–{hi:.3f})"

    def spread(values: Sequence[float], sign: str = "+") -> str:
        mean, lo, hi = mean_interval(values)
        return f"{mean:{sign}.2f} ({lo:{sign}.2f} … {hi:{sign}.2f})"

    seconds = sorted(tally.seconds)
    p50, p99 = seconds[len(seconds) // 2], seconds[int(len(seconds) * 0.99)]
    return "\n".join(
        [
            f"vs {name}: {len(tally.points)} deals × 3 seats",
            f"  win share (unique top)  {share(tally.wins, tally.games)}"
            f"   baseline seat in the reference games {share(tally.reference_wins, tally.reference_games)}",
            f"  draw share              {share(tally.draws, tally.games)}",
            f"  points per deal         {spread(tally.points, '')}",
            f"  gain over the baseline  {spread(tally.gains)} points in the same seat of the same deal",
            f"  decision time           p50 {p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms",
        ]
    )


def measure_against(name: str, seeds: range) -> str:
    return report(name, measure(BOT, BASELINES[name], seeds))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--seed-base", type=int, default=0)
    parser.add_argument("--baselines", default="random,greedy")
    parser.add_argument("--jobs", type=int, default=2, help="processes; one baseline each")
    args = parser.parse_args(argv)
    seeds = range(args.seed_base, args.seed_base + args.deals)
    names = args.baselines.split(",")
    print(f"Chuo Pai: {type(BOT).__name__} against baselines, seeds {seeds.start}–{seeds.stop - 1}")
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for text in pool.map(measure_against, names, [seeds] * len(names)):
            print(text)


if __name__ == "__main__":
    main()
