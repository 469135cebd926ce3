"""Random deals per second of every registered engine, in one process.

    .venv/bin/python -m bench.engines [--seconds 3] [--deals N] [--seed-base 0]

For each game in `games.core.registry.available()`, complete deals are played with uniformly random
actions (`games.core.conformance.play_random(check=False)`) from the seeds seed-base, seed-base + 1,
… for `--seconds` per game, or exactly `--deals` deals, which makes runs comparable seed for seed.
A game whose engine fails is reported with its error, and the others still run.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from dataclasses import dataclass

from games.core import registry
from games.core.conformance import play_random


@dataclass(frozen=True)
class Row:
    game: str
    deals: int
    actions: int
    seconds: float

    def cells(self) -> list[str]:
        per_deal = self.seconds / self.deals * 1000 if self.deals else float("nan")
        rate = self.deals / self.seconds if self.seconds else float("nan")
        return [
            self.game,
            str(self.deals),
            f"{self.actions / max(self.deals, 1):.1f}",
            f"{rate:,.1f}",
            f"{per_deal:.2f}",
        ]


def bench(game: str, seconds: float, deals: int | None, seed_base: int) -> Row:
    engine = registry.get(game)
    played = actions = 0
    started = time.perf_counter()
    while (played < deals) if deals is not None else (time.perf_counter() - started < seconds):
        actions += len(play_random(engine, seed_base + played, check=False).steps)
        played += 1
    return Row(game, played, actions, time.perf_counter() - started)


def table(rows: list[list[str]]) -> str:
    header = ["game", "deals", "actions/deal", "deals/s", "ms/deal"]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    lines = [
        "  ".join(cell.rjust(w) if i else cell.ljust(w) for i, (cell, w) in enumerate(zip(r, widths, strict=True)))
        for r in [header, *rows]
    ]
    return "\n".join([lines[0], "  ".join("-" * w for w in widths), *lines[1:]])


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per game (default 3 s)")
    parser.add_argument("--deals", type=int, default=None, help="play exactly this many deals per game instead")
    parser.add_argument("--seed-base", type=int, default=0)
    args = parser.parse_args(argv)
    rows, errors = [], []
    for game in registry.available():
        try:
            rows.append(bench(game, args.seconds, args.deals, args.seed_base).cells())
        except Exception as exc:  # a broken engine must not hide the others' figures
            errors.append(f"{game}: {type(exc).__name__}: {exc}")
    budget = f"{args.deals} deals" if args.deals is not None else f"{args.seconds:g} s"
    print(f"Random deals per game ({budget} each, seeds from {args.seed_base}, one process):")
    print(table(rows))
    for error in errors:
        print(f"failed: {error}")


if __name__ == "__main__":
    main()
