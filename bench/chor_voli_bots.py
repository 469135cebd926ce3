"""How strong the Chor Voli computer is: net chips per round against three copies of a baseline.

    .venv/bin/python -m bench.chor_voli_bots [--rounds 400] [--seed-base 0] [--baselines first_valid,greedy]
                                             [--all-seats]

Duplicate play (reference/computer-opponents.md §4.1): every seeded round (pool 0, the dealer
drawn from the seed) is played once by four copies of the baseline, the reference, and once with a
candidate in one seat, rotated with the seed (`--all-seats`: in every seat). Printed per baseline
and candidate: net chips per round (ante included) with a 95 % interval, and the gain over the
baseline in the same seat of the same round, whose interval is far tighter because the luck of the
cards cancels. The last row is the baseline's own figure in the reference games. Rounds that a four-of-a-kind ends
have no decision and are left out (their count is printed). Also BOT's decision time.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from bench.stats import mean_interval
from games.chor_voli import ENGINE
from games.chor_voli.bots import BOT, FirstValidBot, GreedyBot, RandomBot
from games.core.rng import rng_for

BASELINES = {"first_valid": FirstValidBot(), "greedy": GreedyBot(), "random": RandomBot()}
BOT_NAME = "BOT (ExpectedChipsBot)"
CANDIDATES = {BOT_NAME: BOT, "GreedyBot": GreedyBot(), "FirstValidBot": FirstValidBot()}
SEATS = ENGINE.seats


@dataclass
class Tally:
    chips: list[float] = field(default_factory=list)  # per round, mean over the candidate's seats
    gains: list[float] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)  # per candidate decision


def play_round(seed: int, bots: Sequence[object], timed: int | None = None, tally: Tally | None = None) -> list[int]:
    """Each seat's net chips in this round (the caller has checked that no quad ends it)."""
    state = ENGINE.new_game(seed=seed, seats=SEATS)
    for seat in range(SEATS):
        started = time.perf_counter()
        action = bots[seat].choose(ENGINE.view(state, seat), [], rng_for(seed, "bench", seat))
        if tally is not None and seat == timed:
            tally.seconds.append(time.perf_counter() - started)
        state, _ = ENGINE.apply(state, seat, action)
    return ENGINE.outcome(state)["scores"]


def arranged_seeds(seeds: range) -> list[int]:
    return [seed for seed in seeds if ENGINE.outcome(ENGINE.new_game(seed=seed, seats=SEATS)) is None]


def measure(baseline: object, seeds: list[int], all_seats: bool) -> tuple[dict[str, Tally], Tally]:
    """Each candidate's tally against three copies of `baseline`, and the reference's (same seats)."""
    candidates = {name: bot for name, bot in CANDIDATES.items() if type(bot) is not type(baseline)}
    tallies, reference = {name: Tally() for name in candidates}, Tally()
    for seed in seeds:
        base = play_round(seed, [baseline] * SEATS)
        seats = range(SEATS) if all_seats else [seed % SEATS]
        reference.chips.append(statistics.fmean(base[seat] for seat in seats))
        for name, candidate in candidates.items():
            tally = tallies[name]
            chips = [
                play_round(seed, [candidate if s == seat else baseline for s in range(SEATS)], seat, tally)[seat]
                for seat in seats
            ]
            tally.chips.append(statistics.fmean(chips))
            tally.gains.append(statistics.fmean(c - base[seat] for c, seat in zip(chips, seats, strict=True)))
    return tallies, reference




def report(baseline: str, seeds: list[int], all_seats: bool) -> list[str]:
    tallies, reference = measure(BASELINES[baseline], seeds, all_seats)
    lines = [f"against 3 × {type(BASELINES[baseline]).__name__}:"]
    lines.append(f"  {'player':<24}{'net chips per round (95 % CI)':<34}gain over the baseline, same seat (95 % CI)")
    for name, tally in tallies.items():
        lines.append(f"  {name:<24}{interval(tally.chips):<34}{interval(tally.gains)}")
    lines.append(f"  {'the baseline itself':<24}{interval(reference.chips):<34}(the reference games)")
    ms = sorted(1000 * s for s in tallies[BOT_NAME].seconds)
    lines.append(f"  BOT decision time: p50 {ms[len(ms) // 2]:.0f} ms, p99 {ms[int(len(ms) * 0.99)]:.0f} ms")
    return lines


def interval(values: Sequence[float]) -> str:
    mean, low, high = mean_interval(values)
    return f"{mean:+.3f} ({low:+.3f} … {high:+.3f})"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=400, help="seeded rounds (default 400)")
    parser.add_argument("--seed-base", type=int, default=0)
    parser.add_argument("--baselines", default="first_valid,greedy", help=f"from {', '.join(BASELINES)}")
    parser.add_argument("--all-seats", action="store_true", help="the candidate in every seat of every round")
    args = parser.parse_args(argv)
    seeds = range(args.seed_base, args.seed_base + args.rounds)
    arranged = arranged_seeds(seeds)
    rotation = "in every seat" if args.all_seats else "seat rotated with the seed"
    print(f"Chor Voli bots, seeds {seeds.start}–{seeds.stop - 1}: {len(arranged)} rounds with an arrangement")
    print(f"({len(seeds) - len(arranged)} ended on a four-of-a-kind and are left out), candidate {rotation}")
    for baseline in args.baselines.split(","):
        print("\n".join(report(baseline, arranged, args.all_seats)))


if __name__ == "__main__":
    main()
