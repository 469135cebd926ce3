"""How strong the Dou Dizhu computer is: win rates per role against RandomBot and GreedyBot.

    .venv/bin/python -m bench.dou_dizhu_bots [--deals 500] [--seed-base 0] [--baselines random,greedy]
                                             [--full-deals 150]

Card play (DouZero's protocol, reference/computer-opponents.md §1.1): each seeded deal is dealt by
the engine, the landlord seat (seed mod 3) takes the bottom at bid 1, and the deal is played twice:
the computer as landlord against two baseline farmers, then the baseline as landlord against two
computer farmers. Printed per baseline and role: the computer's win rate with its Wilson 95 %
interval, and its side's average points per deal (landlord ±2·2^bombs… as settled, spring
included) with a 95 % t-interval.

Full deals (bidding included): each seed is played three times, the computer in each seat against
two baselines; printed are its average settlement per deal (the three seats of a deal averaged
first, deals are the independent units), how often it became landlord and its win rate then.
Also the computer's decision time (p50 / p99) over all its decisions.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from bench.stats import mean_interval, wilson
from games.core.protocol import JSON
from games.core.rng import rng_for
from games.dou_dizhu import ENGINE
from games.dou_dizhu.bots import BOT, GreedyBot, RandomBot
from games.dou_dizhu.cards import codes_of
from games.dou_dizhu.state import DouDizhuState

BASELINES = {"random": RandomBot(), "greedy": GreedyBot()}


@dataclass
class Role:
    wins: int = 0
    games: int = 0
    points: list[float] = field(default_factory=list)


@dataclass
class Tally:
    landlord: Role = field(default_factory=Role)
    farmers: Role = field(default_factory=Role)
    full_points: list[float] = field(default_factory=list)  # per deal, mean over the computer's seats
    full_landlord: Role = field(default_factory=Role)
    seconds: list[float] = field(default_factory=list)  # per computer decision


def play(state: DouDizhuState, bots: Sequence[object], seed: int, timed: set[int], tally: Tally) -> JSON:
    step = 0
    while (outcome := ENGINE.outcome(state)) is None:
        seat = state.turn
        legal = ENGINE.legal_actions(state, seat)
        started = time.perf_counter()
        action = bots[seat].choose(ENGINE.view(state, seat), legal, rng_for(seed, "bot", seat, step))
        if seat in timed:
            tally.seconds.append(time.perf_counter() - started)
        state, _ = ENGINE.apply(state, seat, action)
        step += 1
    return outcome


def card_play(candidate: object, baseline: object, seeds: range, tally: Tally) -> None:
    for seed in seeds:
        dealt = ENGINE.new_game(seed=seed, seats=3)
        landlord = seed % 3
        deal = {
            "hands": [codes_of(h) for h in dealt.hands],
            "bottom": codes_of(dealt.bottom),
            "landlord": landlord,
            "bid": 1,
        }
        for role, is_landlord in ((tally.landlord, True), (tally.farmers, False)):
            seats = {s for s in range(3) if (s == landlord) == is_landlord}
            bots = [candidate if s in seats else baseline for s in range(3)]
            outcome = play(ENGINE.new_game(seed=seed, seats=3, deal=deal), bots, seed, seats, tally)
            role.games += 1
            role.wins += outcome["landlord_won"] == is_landlord
            role.points.append(sum(outcome["scores"][s] for s in seats))


def full_deals(candidate: object, baseline: object, seeds: range, tally: Tally) -> None:
    for seed in seeds:
        points = []
        for seat in range(3):
            bots = [candidate if s == seat else baseline for s in range(3)]
            outcome = play(ENGINE.new_game(seed=seed, seats=3), bots, seed, {seat}, tally)
            points.append(outcome["scores"][seat])
            if outcome["landlord"] == seat:
                tally.full_landlord.games += 1
                tally.full_landlord.wins += outcome["landlord_won"]
        tally.full_points.append(statistics.fmean(points))






def rate(role: Role) -> str:
    p, lo, hi = wilson(role.wins, role.games)
    return f"{p:.3f} ({lo:.3f} … {hi:.3f})  n={role.games}"


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else math.nan


def report(name: str, tally: Tally, seconds: float) -> None:
    print(f"\nvs {name}  ({seconds:.0f} s)")
    print(f"  card play, win rate as landlord   {rate(tally.landlord)}")
    print(f"  card play, win rate as farmers    {rate(tally.farmers)}")
    print(f"  card play, points per deal as landlord {mean_text(tally.landlord.points)}")
    print(f"  card play, points per deal as farmers  {mean_text(tally.farmers.points)}")
    if tally.full_points:
        print(f"  full deals, settlement per deal   {mean_text(tally.full_points)}  deals={len(tally.full_points)}")
        share = tally.full_landlord.games / (3 * len(tally.full_points))
        print(f"  full deals, became landlord {share:.3f}; won then {rate(tally.full_landlord)}")
    ms = [s * 1000 for s in tally.seconds]
    print(f"  decision time ms  p50 {percentile(ms, 0.5):.2f}  p99 {percentile(ms, 0.99):.2f}  max {max(ms):.1f}")


def mean_text(values: Sequence[float]) -> str:
    if len(values) < 2:
        return "n/a"
    mean, low, high = mean_interval(values)
    return f"{mean:+.3f} ({low:+.3f} … {high:+.3f})"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=500, help="card-play deals per baseline (each played twice)")
    parser.add_argument("--full-deals", type=int, default=150, help="full deals with bidding (each played 3×)")
    parser.add_argument("--seed-base", type=int, default=0)
    parser.add_argument("--baselines", default="random,greedy")
    args = parser.parse_args(argv)
    print(f"Dou Dizhu: BOT ({type(BOT).__name__}) vs baselines; seeds {args.seed_base}…")
    for name in args.baselines.split(","):
        tally = Tally()
        started = time.perf_counter()
        card_play(BOT, BASELINES[name], range(args.seed_base, args.seed_base + args.deals), tally)
        full_deals(BOT, BASELINES[name], range(args.seed_base, args.seed_base + args.full_deals), tally)
        report(name, tally, time.perf_counter() - started)


if __name__ == "__main__":
    main()
