"""How strong the Kowah computer is: win share and multiplier won against RandomBot and GreedyBot.

    .venv/bin/python -m bench.kowah_bots [--deals 250] [--seed-base 0] [--baselines random,greedy]
                                         [--workers 2]

Duplicate rotation (reference/computer-opponents.md §4.1): every seeded deal is played once by
three copies of the baseline (the reference) and once with the candidate in each seat against two
copies of the baseline. Printed per baseline, with Wilson 95 % intervals: the candidate's win
share next to the baseline's share of the same seats in the reference games (the target is at
least 1.2 × that against greedy), its self-draw share (×3 wins) and the share of drawn deals; the
multiplier units it wins per deal (3 or 2 for a win, else 0) and its gain over the baseline in the
same seat of the same deal, with 95 % t-intervals over deals (a deal's three seats are averaged
first, so deals are the independent units); how often it fed a declarer (lost on its own discard)
against how often the baseline did in the reference games; and its decision time (p50 / p99).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from bench.stats import mean_interval, wilson
from games.core.protocol import JSON
from games.core.rng import rng_for
from games.kowah import ENGINE
from games.kowah.bots import BOT, GreedyBot, RandomBot

BASELINES = {"random": RandomBot(), "greedy": GreedyBot()}
MAX_STEPS = 3000  # a safeguard: no deal of these players has come near it


@dataclass
class Tally:
    games: int = 0
    wins: int = 0
    self_draws: int = 0
    drawn: int = 0
    fed: int = 0
    reference_games: int = 0
    reference_wins: int = 0
    reference_fed: int = 0
    units: list[float] = field(default_factory=list)  # per deal, mean over the candidate's seats
    gains: list[float] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)  # per candidate decision

    def add(self, other: Tally) -> None:
        for name, value in vars(other).items():
            setattr(self, name, getattr(self, name) + value)


def play_deal(seed: int, bots: Sequence[object], timed_seat: int | None, tally: Tally) -> JSON:
    state = ENGINE.new_game(seed=seed, seats=3)
    for step in range(MAX_STEPS):
        if (outcome := ENGINE.outcome(state)) is not None:
            return outcome
        (seat,) = ENGINE.actors(state)
        legal = ENGINE.legal_actions(state, seat)
        started = time.perf_counter()
        action = bots[seat].choose(ENGINE.view(state, seat), legal, rng_for(seed, "bot", seat, step))
        if seat == timed_seat:
            tally.seconds.append(time.perf_counter() - started)
        state, _ = ENGINE.apply(state, seat, action)
    raise RuntimeError(f"seed {seed}: no end after {MAX_STEPS} actions")


def fed(outcome: JSON, seat: int) -> bool:
    return outcome["reason"] == "discard" and outcome["by"] == seat


def measure_deal(seed: int, baseline_name: str) -> Tally:
    baseline, tally = BASELINES[baseline_name], Tally()
    reference = play_deal(seed, [baseline] * 3, None, tally)
    units, gains = [], []
    for seat in range(3):
        outcome = play_deal(seed, [BOT if s == seat else baseline for s in range(3)], seat, tally)
        won = outcome["winner"] == seat
        tally.games += 1
        tally.wins += won
        tally.self_draws += won and outcome["reason"] == "self_draw"
        tally.drawn += outcome["draw"]
        tally.fed += fed(outcome, seat)
        tally.reference_games += 1
        tally.reference_wins += reference["winner"] == seat
        tally.reference_fed += fed(reference, seat)
        units.append(outcome["scores"][seat])
        gains.append(outcome["scores"][seat] - reference["scores"][seat])
    tally.units.append(statistics.fmean(units))
    tally.gains.append(statistics.fmean(gains))
    return tally


def measure(baseline_name: str, seeds: range, workers: int) -> Tally:
    total = Tally()
    with ProcessPoolExecutor(workers) as pool:
        for tally in pool.map(measure_deal, seeds, [baseline_name] * len(seeds), chunksize=8):
            total.add(tally)
    return total






def report(name: str, tally: Tally) -> str:
    def share(k: int, n: int) -> str:
        p, lo, hi = wilson(k, n)
        return f"{p:.3f} ({lo:.3f}–{hi:.3f})"

    def spread(values: Sequence[float]) -> str:
        mean, lo, hi = mean_interval(values)
        return f"{mean:+.3f} ({lo:+.3f} … {hi:+.3f})"

    seconds = sorted(tally.seconds)
    p50, p99 = seconds[len(seconds) // 2], seconds[int(len(seconds) * 0.99)]
    ratio = tally.wins / max(1, tally.reference_wins)
    return "\n".join(
        [
            f"vs {name}: {len(tally.units)} deals × 3 seats",
            f"  win share               {share(tally.wins, tally.games)}"
            f"   baseline in the same seats {share(tally.reference_wins, tally.reference_games)}"
            f"   ratio {ratio:.2f}",
            f"  self-draw share of wins {share(tally.self_draws, max(1, tally.wins))}",
            f"  drawn deals             {share(tally.drawn, tally.games)}",
            f"  multiplier per deal     {spread(tally.units).lstrip('+')}",
            f"  gain over the baseline  {spread(tally.gains)} units in the same seat of the same deal",
            f"  fed a declarer          {share(tally.fed, tally.games)}"
            f"   baseline {share(tally.reference_fed, tally.reference_games)}",
            f"  decision time           p50 {p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms",
        ]
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=250)
    parser.add_argument("--seed-base", type=int, default=0)
    parser.add_argument("--baselines", default="random,greedy")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    seeds = range(args.seed_base, args.seed_base + args.deals)
    print(f"Kowah: {type(BOT).__name__} against baselines, seeds {seeds.start}–{seeds.stop - 1}")
    for name in args.baselines.split(","):
        print(report(name, measure(name, seeds, args.workers)))


if __name__ == "__main__":
    main()
