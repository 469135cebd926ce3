"""How strong each Chor Voli level is: net chips per round against three copies of a baseline.

    .venv/bin/python -m bench.chor_voli_bots [--rounds 150] [--seed-base 0] [--baseline greedy] [--workers 1]
        [--judge 5000]

Duplicate play (reference/computer-opponents.md §4.1): every seeded round (pool 0, the dealer
drawn from the seed) is played once by four copies of the baseline, the reference, and, for every
level, four more times with that level in seat 0, 1, 2 and 3 in turn (the baseline in the others).
A round's figure for a level is the mean over its four seats. Printed per level: net chips per
round (ante included) and the gain over the baseline in the same seat of the same round, each
with a 95 % interval; then the gains Meister − Fortgeschritten and Fortgeschritten − Einsteiger,
paired by round (the luck of the cards cancels); then each level's decision CPU time
(`time.process_time`) p50/p99/max. Rounds that a four-of-a-kind ends have no decision and are
left out (their count is printed).

`--judge SAMPLES` (greedy baseline only) adds a second, far less noisy estimate of the gain Meister −
Fortgeschritten: where the two arrange a seat's hand differently, both arrangements are judged by the
comparisons they win on average on the same SAMPLES fresh deals of the 39 cards that seat cannot see,
the others arranging greedily as the field does (no four-of-a-kind among them, as in every round
measured). It is the same expectation as the duplicate-deal gain, the luck of the one real deal of
the unseen cards averaged out; the judge's deals are drawn from their own rng, not the bots'.

Figures of the full run (`--rounds 400 --workers 2 --judge 5000`, 2026-12-02): see
docs/decisions.md, "Chor Voli and Chắn: three levels and the Tipp".
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence
from multiprocessing import Pool

from bench.stats import mean_interval
from games.chor_voli import ENGINE
from games.chor_voli.bots import LEVELS, FirstValidBot, GreedyBot, RandomBot, expected_wins
from games.core.protocol import JSON
from games.core.rng import rng_for

BASELINES = {"first_valid": FirstValidBot(), "greedy": GreedyBot(), "random": RandomBot()}
SEATS = ENGINE.seats

Decision = tuple[float, JSON]  # a level's decision seconds and its arrangement
Record = dict[str, tuple[float, float, list[Decision]]]  # level → (net chips, gain, one decision per seat)


def play_round(
    seed: int, bots: Sequence[object], timed: int | None = None, decisions: list[Decision] | None = None
) -> list[int]:
    """Each seat's net chips in this round (the caller has checked that no quad ends it)."""
    state = ENGINE.new_game(seed=seed, seats=SEATS)
    for seat in range(SEATS):
        started = time.process_time()
        action = bots[seat].choose(ENGINE.view(state, seat), [], rng_for(seed, "bench", seat))
        if decisions is not None and seat == timed:
            decisions.append((time.process_time() - started, action))
        state, _ = ENGINE.apply(state, seat, action)
    return ENGINE.outcome(state)["scores"]


def arranged_seeds(seeds: range) -> list[int]:
    return [seed for seed in seeds if ENGINE.outcome(ENGINE.new_game(seed=seed, seats=SEATS)) is None]


def measure_round(job: tuple[int, str, int]) -> tuple[Record, float]:
    """Every level in every seat of one round against the baseline, next to the baseline's own round, and
    the judged gain Meister − Fortgeschritten (0 unless asked for)."""
    seed, baseline_name, judge = job
    baseline = BASELINES[baseline_name]
    base = play_round(seed, [baseline] * SEATS)
    record: Record = {}
    for level, bot in LEVELS.items():
        decisions: list[Decision] = []
        chips = [
            play_round(seed, [bot if s == seat else baseline for s in range(SEATS)], seat, decisions)[seat]
            for seat in range(SEATS)
        ]
        gain = statistics.fmean(c - base[seat] for seat, c in enumerate(chips))
        record[level] = (statistics.fmean(chips), gain, decisions)
    return record, judged_gain(seed, record, judge) if judge else 0.0


def judged_gain(seed: int, record: Record, samples: int) -> float:
    """Meister − Fortgeschritten in one round, each seat's two arrangements judged by the comparisons they win
    on average on the same `samples` fresh deals of the cards that seat cannot see (greedy arrangers, as the
    field): the luck of the one real deal averaged out, so the same expectation with far less noise."""
    state, gains = ENGINE.new_game(seed=seed, seats=SEATS), []
    arrangements = zip(record["meister"][2], record["fortgeschritten"][2], strict=True)
    for seat, ((_, mine), (_, theirs)) in enumerate(arrangements):
        if mine == theirs:
            gains.append(0.0)
            continue
        better, worse = expected_wins(ENGINE.view(state, seat), [mine, theirs], samples, rng_for(seed, "judge", seat))
        gains.append(better - worse)
    return statistics.fmean(gains)


def interval(values: Sequence[float]) -> str:
    mean, low, high = mean_interval(values)
    return f"{mean:+.3f} ({low:+.3f} … {high:+.3f})"


def cpu_times(seconds: Sequence[float]) -> str:
    ms = sorted(1000 * s for s in seconds)
    return f"p50 {ms[len(ms) // 2]:.1f} ms, p99 {ms[int(len(ms) * 0.99)]:.1f} ms, max {ms[-1]:.1f} ms"


def report(records: list[Record], baseline: str, judged: list[float], samples: int) -> list[str]:
    lines = [f"against 3 × {type(BASELINES[baseline]).__name__}:"]
    lines.append(f"  {'level':<18}{'net chips per round (95 % CI)':<34}gain over the baseline, same seat (95 % CI)")
    for level in LEVELS:
        chips, gains = [r[level][0] for r in records], [r[level][1] for r in records]
        lines.append(f"  {level:<18}{interval(chips):<34}{interval(gains)}")
    for better, worse in (("meister", "fortgeschritten"), ("fortgeschritten", "einsteiger")):
        paired = [r[better][1] - r[worse][1] for r in records]
        differ = sum(d != 0 for d in paired)
        lines.append(f"  gain {better} − {worse}: {interval(paired)} chips per round ({differ} rounds differ)")
    if judged:
        lines.append(
            f"  judged gain meister − fortgeschritten ({samples} sampled deals per differing seat): "
            f"{interval(judged)} chips per round ({sum(j != 0 for j in judged)} rounds differ)"
        )
    for level in LEVELS:
        seconds = [s for r in records for s, _ in r[level][2]]
        lines.append(f"  {level} decision CPU time: {cpu_times(seconds)}")
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=150, help="seeded rounds (default 150)")
    parser.add_argument("--seed-base", type=int, default=0)
    parser.add_argument("--baseline", default="greedy", choices=list(BASELINES))
    parser.add_argument("--workers", type=int, default=1, choices=(1, 2), help="processes (the machine has 2 cores)")
    parser.add_argument(
        "--judge", type=int, default=0, metavar="SAMPLES", help="also judge Meister − Fortgeschritten (greedy only)"
    )
    args = parser.parse_args(argv)
    if args.judge and args.baseline != "greedy":
        parser.error("--judge models the field as greedy arrangers: use it with --baseline greedy")
    seeds = range(args.seed_base, args.seed_base + args.rounds)
    arranged = arranged_seeds(seeds)
    print(f"Chor Voli levels, seeds {seeds.start}–{seeds.stop - 1}: {len(arranged)} rounds with an arrangement")
    print(f"({len(seeds) - len(arranged)} ended on a four-of-a-kind and are left out), each level in every seat")
    jobs = [(seed, args.baseline, args.judge) for seed in arranged]
    if args.workers == 1:
        results = list(map(measure_round, jobs))
    else:
        with Pool(args.workers) as pool:
            results = pool.map(measure_round, jobs, chunksize=4)
    records, judged = [record for record, _ in results], [judged for _, judged in results]
    print("\n".join(report(records, args.baseline, judged if args.judge else [], args.judge)))


if __name__ == "__main__":
    main()
