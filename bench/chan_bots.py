"""How strong the Chắn computer is: wins and points against three copies of a baseline.

    .venv/bin/python -m bench.chan_bots [--deals 120] [--seed-base 0] [--baselines random,greedy]
                                        [--candidates bot,greedy]

Duplicate play (reference/computer-opponents.md §4.1): every seeded deal is played once by four
copies of the baseline (the reference) and once with the candidate in each seat 0–3 (seats
rotated, the baseline in the others), so a deal gives four candidate games. Printed per baseline
and candidate: the candidate's win share with a Wilson 95 % interval next to the reference share
(the baseline in the same seats of the same deals: about (1 − draws) / 4), the draw share, the
points per game (winner +3×score, each loser −score) and the gain over the baseline in the same
seat with a 95 % t-interval (luck of the cards cancels), how often a discard let the next seat
meld it (per 100 discards), and BOT's decision time.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from bench.stats import mean_interval, wilson
from games.chan import ENGINE
from games.chan.bots import BOT, GreedyBot, RandomBot
from games.core.rng import rng_for

BASELINES = {"random": RandomBot(), "greedy": GreedyBot()}
CANDIDATES = {"bot": BOT, "greedy": GreedyBot()}
SEATS = ENGINE.seats


@dataclass
class Game:
    scores: list[int]
    winner: int | None
    discards: list[int] = field(default_factory=lambda: [0] * SEATS)
    fed: list[int] = field(default_factory=lambda: [0] * SEATS)  # discards the next seat melded


@dataclass
class Tally:
    wins: int = 0
    draws: int = 0
    games: int = 0
    points: list[float] = field(default_factory=list)  # per deal, mean over the four seats
    gains: list[float] = field(default_factory=list)
    discards: int = 0
    fed: int = 0
    seconds: list[float] = field(default_factory=list)

    def add(self, game: Game, seat: int) -> None:
        self.games += 1
        self.wins += game.winner == seat
        self.draws += game.winner is None
        self.discards += game.discards[seat]
        self.fed += game.fed[seat]


def play_deal(seed: int, bots: Sequence[object], timed: int | None = None, tally: Tally | None = None) -> Game:
    state = ENGINE.new_game(seed=seed, seats=SEATS)
    rngs = [rng_for(seed, "bench", seat) for seat in range(SEATS)]
    game = Game([0] * SEATS, None)
    while ENGINE.outcome(state) is None:
        seat = min(ENGINE.actors(state))
        started = time.perf_counter()
        action = bots[seat].choose(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat), rngs[seat])
        if tally is not None and seat == timed:
            tally.seconds.append(time.perf_counter() - started)
        offer = state.offer
        state, events = ENGINE.apply(state, seat, action)
        for event in events:
            if event["code"] == "discarded":
                game.discards[event["seat"]] += 1
            elif event["code"] == "melded" and offer is not None and offer.source == "discard":
                feeder = (event["seat"] - 1) % SEATS
                game.fed[feeder] += offer.door == feeder and not event["data"]["out_of_turn"]
    outcome = ENGINE.outcome(state)
    game.scores, game.winner = outcome["scores"], outcome["winner"]
    return game


def measure(candidate: object, baseline: object, seeds: range) -> tuple[Tally, Tally]:
    """The candidate's tally and the reference's (the baseline in the same seats of the same deals)."""
    tally, reference = Tally(), Tally()
    for seed in seeds:
        base = play_deal(seed, [baseline] * SEATS)
        games = [
            play_deal(seed, [candidate if s == seat else baseline for s in range(SEATS)], seat, tally)
            for seat in range(SEATS)
        ]
        for seat, game in enumerate(games):
            tally.add(game, seat)
            reference.add(base, seat)
        tally.points.append(statistics.fmean(g.scores[s] for s, g in enumerate(games)))
        reference.points.append(statistics.fmean(base.scores))
        tally.gains.append(statistics.fmean(g.scores[s] - base.scores[s] for s, g in enumerate(games)))
    return tally, reference






def row(name: str, tally: Tally, gain: str) -> str:
    feeds = 100 * tally.fed / max(tally.discards, 1)
    return (
        f"  {name:<22}{win_share(tally.wins, tally.games):<26}{tally.draws / tally.games:<8.3f}"
        f"{interval(tally.points):<26}{gain:<26}{feeds:.1f}"
    )


def report(baseline: str, candidates: Sequence[str], seeds: range) -> list[str]:
    lines = [
        f"against 3 × {type(BASELINES[baseline]).__name__}:",
        f"  {'player':<22}{'win share (95 % CI)':<26}{'draws':<8}{'points per game (95 % CI)':<26}"
        f"{'gain, same seat (95 % CI)':<26}fed per 100 discards",
    ]
    reference, timing = None, []
    for name in candidates:
        tally, reference = measure(CANDIDATES[name], BASELINES[baseline], seeds)
        label = f"{type(CANDIDATES[name]).__name__}{' (BOT)' if CANDIDATES[name] is BOT else ''}"
        lines.append(row(label, tally, interval(tally.gains)))
        timing = timing or (tally.seconds if CANDIDATES[name] is BOT else [])
    lines.append(row("reference (baseline)", reference, "the baseline itself"))
    if timing:
        ms = sorted(1000 * s for s in timing)
        lines.append(f"  BOT decision time: p50 {ms[len(ms) // 2]:.1f} ms, p99 {ms[int(len(ms) * 0.99)]:.1f} ms")
    return lines


def win_share(successes: int, n: int) -> str:
    p, low, high = wilson(successes, n)
    return f"{p:.3f} ({low:.3f} … {high:.3f})"


def interval(values: Sequence[float]) -> str:
    mean, low, high = mean_interval(values)
    return f"{mean:+.2f} ({low:+.2f} … {high:+.2f})"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=120, help="seeded deals (default 120)")
    parser.add_argument("--seed-base", type=int, default=0)
    parser.add_argument("--baselines", default="random,greedy", help=f"from {', '.join(BASELINES)}")
    parser.add_argument("--candidates", default="bot,greedy", help=f"from {', '.join(CANDIDATES)}")
    args = parser.parse_args(argv)
    seeds = range(args.seed_base, args.seed_base + args.deals)
    print(
        f"Chắn bots, seeds {seeds.start}–{seeds.stop - 1}: each deal by 4 × baseline and with the candidate "
        "in each seat"
    )
    for baseline in args.baselines.split(","):
        print("\n".join(report(baseline, args.candidates.split(","), seeds)))


if __name__ == "__main__":
    main()
