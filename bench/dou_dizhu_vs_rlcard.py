"""The Dou Dizhu levels against RLCard's rule agent (or greedy, or another level), on duplicate deals.

    .venv/bin/python -m bench.dou_dizhu_vs_rlcard [--deals 300] [--levels einsteiger,fortgeschritten,meister]
                                                  [--deals-for meister=120] [--opponent rule]
                                                  [--seed-base 0] [--workers 2]

DouZero's protocol (issue 15): each seeded deal is dealt by our engine, the landlord seat (seed mod
3) takes the bottom at bid 1, and the deal is played twice: our level as landlord against two
opponents, then an opponent as landlord against two of ours as farmers. Our engine referees. The
opponent `rule` is RLCard 1.2.0's `doudizhu-rule-v1` (the optional `bench` extra); it sees its hand,
the trace of plays and our legal plays as RLCard strings, so it can only pick plays our rules allow.
Its leads come from its own hand split; one we do not allow (RLCard's triple-wing airplanes) falls
back to a pass, or to its lowest single when leading, and is counted. `greedy` is our GreedyBot,
and any level name plays that level as the opponent (head to head).

Printed per level: WP (win share, Wilson 95 % interval) and ADP (our side's points per deal, as
settled: bid 1, ×2 per bomb or rocket and for a spring; the landlord's side ±2·M, the farmers' side
±2·M together, 95 % t-interval) as landlord and as farmers; the CPU time (`time.process_time`) of
its decisions p50/p99/max; then the gain of each level over the next weaker one: the difference of
their points on the same deals (both roles summed), with its 95 % interval.

Measured 2026-12-02 (details in docs/decisions.md, issue 15), WP landlord / farmers vs the rule agent:
Einsteiger 0.650 / 0.607 and Fortgeschritten 0.790 / 0.777 (300 deals), Meister 0.871 / 0.859
(85 deals, p99 0.72 s CPU on a loaded machine). On a quiet machine, 2026-12-05, seeds 2000–2299:
Fortgeschritten 0.793 / 0.780, Meister 0.843 (0.798–0.880) / 0.850 (0.805–0.886), p99 0.32 s CPU;
twice its budget (`MeisterBot(steps=14000)`) gained nothing (−0.04 points per deal, −0.36…+0.28).
With the other side answering greedily in its playouts (now), over seeds 2000–2299 and 3000–3299:
Meister 0.877 (0.848–0.901) / 0.860 (0.830–0.885), p99 0.21 s CPU.
"""

from __future__ import annotations

import argparse
import itertools
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from bench.dou_dizhu_bots import mean_text, percentile
from bench.stats import wilson
from games.core.protocol import JSON
from games.core.rng import rng_for
from games.dou_dizhu import ENGINE
from games.dou_dizhu.bots import LEVELS, GreedyBot
from games.dou_dizhu.cards import codes_of, rank_of
from games.dou_dizhu.state import DouDizhuState

RLCARD_CHARS = "3456789TJQKA2BR"
SEATS = 3


def rlcard_string(cards: Sequence[str]) -> str:
    """RLCard's spelling of a set of cards: ranks only, low to high, `B`/`R` for the jokers."""
    return "".join(sorted((RLCARD_CHARS[rank_of(c)] for c in cards), key=RLCARD_CHARS.index))


class RuleAgent:
    """RLCard's `doudizhu-rule-v1` seated at our table (landlord = its player 0, same direction)."""

    def __init__(self) -> None:
        from rlcard.models.doudizhu_rule_models import DouDizhuRuleAgentV1  # the optional bench extra

        self.agent = DouDizhuRuleAgentV1()
        self.fallbacks = 0

    def choose(self, view: JSON, legal: list[JSON], trace: list[tuple[int, str]]) -> JSON:
        me = (view["seat"] - view["landlord"]) % SEATS
        by_string = {("pass" if a["type"] == "pass" else rlcard_string(a["cards"])): a for a in legal}
        obs = {
            "current_hand": rlcard_string(view["hand"]),
            "trace": trace,
            "actions": list(by_string),
            "landlord": 0,
            "self": me,
        }
        proposed = self.agent.step({"raw_obs": obs})
        if proposed in by_string:
            return by_string[proposed]
        self.fallbacks += 1
        return by_string.get("pass") or min(legal, key=lambda a: (len(a["cards"]), rank_of(a["cards"][0])))


@dataclass
class Game:
    won: bool
    points: float
    seconds: list[float]


@dataclass
class DealResult:
    seed: int
    landlord: Game
    farmers: Game
    fallbacks: int = 0


def play(state: DouDizhuState, players: Sequence[object], ours: set[int], seed: int) -> tuple[JSON, list[float]]:
    trace: list[tuple[int, str]] = []
    seconds: list[float] = []
    step = 0
    landlord = state.landlord
    while (outcome := ENGINE.outcome(state)) is None:
        seat = state.turn
        view, legal = ENGINE.view(state, seat), ENGINE.legal_actions(state, seat)
        player = players[seat]
        started = time.process_time()
        if isinstance(player, RuleAgent):
            action = player.choose(view, legal, trace)
        else:
            action = player.choose(view, legal, rng_for(seed, "bot", seat, step))
        if seat in ours:
            seconds.append(time.process_time() - started)
        spelled = "pass" if action["type"] == "pass" else rlcard_string(action["cards"])
        trace.append(((seat - landlord) % SEATS, spelled))
        state, _ = ENGINE.apply(state, seat, action)
        step += 1
    return outcome, seconds


def opponent_for(name: str) -> object:
    if name == "rule":
        return RuleAgent()
    if name == "greedy":
        return GreedyBot()
    return LEVELS[name]


def duplicate_deal(level: str, opponent_name: str, seed: int) -> DealResult:
    import numpy as np  # the rule agent draws with numpy's global generator: seed it per deal

    np.random.seed(seed)
    ours_bot, opponent = LEVELS[level], opponent_for(opponent_name)
    dealt = ENGINE.new_game(seed=seed, seats=SEATS)
    landlord = seed % SEATS
    deal = {"hands": [codes_of(h) for h in dealt.hands], "bottom": codes_of(dealt.bottom), "landlord": landlord}
    deal["bid"] = 1
    games = []
    for as_landlord in (True, False):
        ours = {s for s in range(SEATS) if (s == landlord) == as_landlord}
        players = [ours_bot if s in ours else opponent for s in range(SEATS)]
        outcome, seconds = play(ENGINE.new_game(seed=seed, seats=SEATS, deal=deal), players, ours, seed)
        points = sum(outcome["scores"][s] for s in ours)
        games.append(Game(outcome["landlord_won"] == as_landlord, points, seconds))
    return DealResult(seed, games[0], games[1], getattr(opponent, "fallbacks", 0))


def _chunk(args: tuple[str, str, list[int]]) -> list[DealResult]:
    level, opponent, seeds = args
    return [duplicate_deal(level, opponent, seed) for seed in seeds]


def run(level: str, opponent: str, seeds: list[int], workers: int) -> list[DealResult]:
    chunks = [(level, opponent, seeds[i : i + 5]) for i in range(0, len(seeds), 5)]
    if workers <= 1:
        return [r for chunk in chunks for r in _chunk(chunk)]
    with ProcessPoolExecutor(workers) as pool:
        return [r for part in pool.map(_chunk, chunks) for r in part]


def share_text(wins: int, n: int) -> str:
    p, low, high = wilson(wins, n)
    return f"{p:.3f} ({low:.3f}–{high:.3f})"


def report(level: str, results: list[DealResult], seconds: float) -> None:
    n = len(results)
    print(f"\n{level}  ({n} duplicate deals, {seconds:.0f} s)")
    for role in ("landlord", "farmers"):
        games = [getattr(r, role) for r in results]
        wp = share_text(sum(g.won for g in games), n)
        print(f"  as {role:<8}  WP {wp}   ADP {mean_text([g.points for g in games])}")
    ms = [1000 * s for r in results for g in (r.landlord, r.farmers) for s in g.seconds]
    print(f"  decision CPU ms  p50 {percentile(ms, 0.5):.2f}  p99 {percentile(ms, 0.99):.2f}  max {max(ms):.1f}")
    fallbacks = sum(r.fallbacks for r in results)
    if fallbacks:
        print(f"  opponent plays our rules refuse (fell back): {fallbacks}")


def gain(stronger: str, weaker: str, by_level: dict[str, list[DealResult]]) -> None:
    """Paired on the deals: each level's points over both roles of a deal, the difference."""
    a = {r.seed: r.landlord.points + r.farmers.points for r in by_level[stronger]}
    b = {r.seed: r.landlord.points + r.farmers.points for r in by_level[weaker]}
    diffs = [a[s] - b[s] for s in a if s in b]
    print(f"  gain {stronger} over {weaker}: {mean_text(diffs)} points per duplicate deal  n={len(diffs)}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300, help="duplicate deals per level (each played twice)")
    parser.add_argument("--levels", default="einsteiger,fortgeschritten,meister")
    parser.add_argument(
        "--deals-for", action="append", default=[], metavar="LEVEL=N", help="fewer deals for a slow level (the first N)"
    )
    parser.add_argument("--opponent", default="rule", help="rule (RLCard's rule agent), greedy, or a level name")
    parser.add_argument("--seed-base", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1, help="processes (the machine has 2 cores: 2 at most)")
    args = parser.parse_args(argv)
    levels = args.levels.split(",")
    seeds = list(range(args.seed_base, args.seed_base + args.deals))
    print(f"Dou Dizhu levels vs {args.opponent}; seeds {seeds[0]}…{seeds[-1]}; workers {min(args.workers, 2)}")
    deals_for = {level: int(n) for level, n in (item.split("=") for item in args.deals_for)}
    by_level = {}
    for level in levels:
        started = time.perf_counter()
        by_level[level] = run(level, args.opponent, seeds[: deals_for.get(level)], min(args.workers, 2))
        report(level, by_level[level], time.perf_counter() - started)
    ordered = [level for level in reversed(LEVELS) if level in by_level]
    if len(ordered) > 1:
        print()
        for stronger, weaker in itertools.pairwise(ordered):
            gain(stronger, weaker, by_level)


if __name__ == "__main__":
    main()
