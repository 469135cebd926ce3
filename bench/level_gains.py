"""Every level of a game's computer against a fixed baseline on duplicate deals, and the gains between levels.

Duplicate rotation (reference/computer-opponents.md §4.1): every seeded deal is played once by three
copies of the baseline (the reference), then, for each level, once with that level in each seat
against two baselines. A level's gain on a deal is its score minus the reference score of the same
seat, averaged over the three seats, so deals are the independent units. The gain of one level over
another is the difference of their gains on the same deal (the reference cancels), with a 95 %
interval over deals (bench/stats.py). Decision times are CPU times (`time.process_time`) of the
level's own decisions, forced ones included.

The game's bench script supplies the engine, its levels and baselines and what a seat scores; this
module plays, tallies and prints.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import partial

from bench.stats import mean_interval, wilson
from games.core.protocol import JSON, Engine
from games.core.rng import rng_for

MAX_STEPS = 5000  # a safeguard: no deal of these players comes near it


@dataclass(frozen=True)
class Setup:
    """What a game's bench plays; worker processes import it by name (`main`'s `setup_name`)."""

    engine: Engine
    levels: dict[str, object]
    baselines: dict[str, object]
    score: Callable[[JSON, int], float]  # a seat's result in a finished deal (points, multiplier units)
    won: Callable[[JSON, int], bool]  # the seat won the deal outright


@dataclass
class DealResult:
    gains: dict[str, float] = field(default_factory=dict)  # level -> mean over seats of score − reference
    wins: dict[str, int] = field(default_factory=dict)  # level -> seats of the three it won
    reference_wins: int = 0  # seats the baseline won in the reference game
    seconds: dict[str, list[float]] = field(default_factory=dict)


def play_deal(engine: Engine, seed: int, bots: Sequence[object], timed: int | None, seconds: list[float]) -> JSON:
    state = engine.new_game(seed=seed, seats=len(bots))
    for step in range(MAX_STEPS):
        if (outcome := engine.outcome(state)) is not None:
            return outcome
        (seat,) = engine.actors(state)
        legal = engine.legal_actions(state, seat)
        view = engine.view(state, seat)
        started = time.process_time()
        action = bots[seat].choose(view, legal, rng_for(seed, "bot", seat, step))
        if seat == timed:
            seconds.append(time.process_time() - started)
        state, _ = engine.apply(state, seat, action)
    raise RuntimeError(f"seed {seed}: no end after {MAX_STEPS} actions")


def measure_deal(setup: Setup, baseline: str, levels: Sequence[str], seed: int) -> DealResult:
    other = setup.baselines[baseline]
    reference = play_deal(setup.engine, seed, [other] * 3, None, [])
    result = DealResult(reference_wins=sum(setup.won(reference, s) for s in range(3)))
    for level in levels:
        bot, seconds, gains, wins = setup.levels[level], [], [], 0
        for seat in range(3):
            outcome = play_deal(setup.engine, seed, [bot if s == seat else other for s in range(3)], seat, seconds)
            gains.append(setup.score(outcome, seat) - setup.score(reference, seat))
            wins += setup.won(outcome, seat)
        result.gains[level], result.wins[level], result.seconds[level] = statistics.fmean(gains), wins, seconds
    return result


def report(title: str, baseline: str, levels: Sequence[str], results: Sequence[DealResult], unit: str) -> str:
    def spread(values: Sequence[float]) -> str:
        mean, lo, hi = mean_interval(values)
        return f"{mean:+.3f} ({lo:+.3f} … {hi:+.3f})"

    def share(k: int, n: int) -> str:
        p, lo, hi = wilson(k, n)
        return f"{p:.3f} ({lo:.3f}–{hi:.3f})"

    n = len(results)
    lines = [f"{title}: {n} duplicate deals × 3 seats against {baseline}, 95 % intervals"]
    lines.append(f"  {baseline} itself wins {share(sum(r.reference_wins for r in results), 3 * n)} of its seats")
    for level in levels:
        lines.append(
            f"  {level:<16} gain over {baseline} {spread([r.gains[level] for r in results])} {unit}"
            f"   wins {share(sum(r.wins[level] for r in results), 3 * n)}"
        )
    for better, worse in zip(levels[1:][::-1], levels[:-1][::-1], strict=True):
        diffs = [r.gains[better] - r.gains[worse] for r in results]
        lines.append(f"  {better} − {worse}: {spread(diffs)} {unit} per seat and deal")
    lines.append("  decision CPU time (ms)    p50      p99      max")
    for level in levels:
        seconds = sorted(s for r in results for s in r.seconds[level])
        p50, p99 = seconds[len(seconds) // 2], seconds[min(len(seconds) - 1, int(len(seconds) * 0.99))]
        lines.append(f"  {level:<22} {p50 * 1e3:8.2f} {p99 * 1e3:8.2f} {seconds[-1] * 1e3:8.2f}")
    return "\n".join(lines)


def main(title: str, setup_name: str, setup: Setup, unit: str, deals: int, argv: Sequence[str] | None) -> None:
    """Parse the bench options, play the deals on `--workers` processes and print the report.
    `setup_name` is "module:attribute" of `setup`, for the workers."""
    parser = argparse.ArgumentParser(description=title)
    parser.add_argument("--deals", type=int, default=deals)
    parser.add_argument("--seed-base", type=int, default=0)
    parser.add_argument("--baseline", default="greedy", choices=sorted(setup.baselines))
    parser.add_argument("--levels", default=",".join(setup.levels), help="weakest first, comma-separated")
    parser.add_argument("--workers", type=int, default=2, choices=(1, 2))
    parser.add_argument("--every", type=int, default=0, help="also print the figures so far every N deals")
    args = parser.parse_args(argv)
    levels = args.levels.split(",")
    seeds = range(args.seed_base, args.seed_base + args.deals)
    print(f"{title}, seeds {seeds.start}–{seeds.stop - 1}", flush=True)
    work = partial(_measure_named, setup_name, args.baseline, levels)
    results: list[DealResult] = []
    with ProcessPoolExecutor(args.workers) as pool:
        for result in pool.map(work, seeds):
            results.append(result)
            if args.every and len(results) % args.every == 0 and len(results) < len(seeds):
                print(report(f"{title} (so far)", args.baseline, levels, results, unit), flush=True)
    print(report(title, args.baseline, levels, results, unit))


def _measure_named(setup_name: str, baseline: str, levels: Sequence[str], seed: int) -> DealResult:
    module, attribute = setup_name.split(":")
    setup = getattr(__import__(module, fromlist=[attribute]), attribute)
    return measure_deal(setup, baseline, levels, seed)
