"""What a deal version's renders cost, against the engine views that version needs, in one process.

    .venv/bin/python -m bench.render [--deals 20] [--seed-base 0] [--games chan,kowah] [--templates]

Issue 13 asks that a move's renders cost no more than one engine view per seat. For every game, random deals
are played (seeds seed-base, seed-base + 1, …, a deal more first to warm the caches); at every version (the
deal as dealt, version 0, which the pages are sent as the next deal, and after each action; before 6
December the bench left version 0 out and so counted a deal's change into its first move's frame, which in
Chor Voli, a handful of versions a deal, was a quarter of the frames) the bench times, in CPU time
(`time.process_time`), what the writer of a move does for the snapshot (`rooms.snapshots.build`: the public
view and every seat's view, the actors) and what the pages of that version then do in a process
(`rooms.rendering.regions` for every seat, as if a person sat in each, personalised and cached as on the
live path, in German). It prints both per version and their ratio. The room is built in memory (no database;
a room's facts are read once per room version on the live path), so the figures are the renderer's own,
without queries, sockets or the channel layer.
`--templates` also prints each template's share of the rendering (wall time, of one more run).
It also prints the CPU of building every seat's frame from its regions (`frames ms`: what changed, as patches)
and the bytes of the frame each seat's page is sent per version (`rooms.consumers.swaps`: the
regions that changed, each as what changed in it where that is shorter (rooms/patches.py); the log's new
lines; the freshness marker):
the median is an ordinary move's update, issue 13's "≤ 3 KiB", for every game, where `bench/live.py` plays
only Dou Dizhu and Chor Voli.

Figures (2-core machine, 6 December 2026, `--deals 20`; CPU ms per version; every seat's renders together
against the snapshot's views together, so issue 13's aim is 1×). "Before" is 161bb87 with this script
copied in, "after" the same day's work on the renders (lazy "Arrange for me", Kowah's pile built once,
`{% cached_include %}` for loop items and fronts, cached card names and Dou Dizhu seat notes), in two
alternating runs each; the engine's views are the same code in both, and their spread (±20 %) is the
machine's, which is why the ratio is the figure to compare:

    game        versions   before: views ms  renders ms  ratio      after: views ms  renders ms  ratio
    chan            1272           0.39         8.9      22.7–23.0×        0.32         7.6      23.4×
    chor_voli         72           0.13        30.4     216–233×           0.12         4.6      38.9–39.0×
    chuo_pai        1857           0.94         5.6       5.9×             0.70         3.8       5.3–5.4×
    dou_dizhu       1237           0.17         3.4      20.7–20.8×        0.14         2.6      19.7–19.9×
    kowah           7563           0.22         8.0      36.3–39.6×        0.20         4.1      20.7–22.6×

(figures of each first run; the ratios' ranges cover both runs). A random deal is not a person's (a random
Kowah deal runs long; a Chor Voli round has a few versions, each a whole arrangement), so compare a game with
itself, not with another. Chắn did not move: its hand's items are small, and a kept item (its values
pickled, the language asked) costs about what rendering it did.
"""

from __future__ import annotations

import argparse
import collections
import os
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

import django

from games.core import registry
from games.core.rng import rng_for

LANG = "de"


@dataclass
class Figures:
    versions: int = 0
    views: float = 0.0  # CPU seconds building snapshots
    renders: float = 0.0  # CPU seconds rendering every seat's regions
    framing: float = 0.0  # CPU seconds building every seat's frame from them (what changed, as patches)
    frames: list[int] = field(default_factory=list)  # bytes of each seat's frame per version


def room(game: str, seats: int):
    """A room of people in every seat, as the renderer sees it (rooms.rendering.room_info, without the queries)."""
    from rooms.models import Seat
    from rooms.rendering import RoomInfo, SeatInfo

    people = tuple(SeatInfo(i, Seat.Kind.PERSON, f"Person {i + 1}", f"player-{i}", False, "here", "fortgeschritten")
                   for i in range(seats))
    return RoomInfo(1, "bench", game, False, False, "", "player-0", 0, 1, people, 0, (0,) * seats,
                    tuple((0,) for _ in range(seats)), 1)


def deal(game: str, seed: int) -> list[tuple[object, list[dict]]]:
    """A random deal's states as dealt (version 0, which the pages are sent as the next deal) and after
    each action, with the action's events."""
    engine = registry.get(game)
    rng = rng_for(seed, "bench-render")
    state = engine.new_game(seed=seed, seats=engine.seats)
    versions: list[tuple[object, list[dict]]] = [(state, [])]
    while engine.outcome(state) is None:
        seat = rng.choice(sorted(engine.actors(state)))
        state, events = engine.apply(state, seat, engine.random_action(state, seat, rng))
        versions.append((state, events))
    return versions


class _Deal:
    """What `snapshots.build` reads of a deal row."""

    def __init__(self, game: str, number: int, version: int, over: bool) -> None:
        self.room = type("Room", (), {"game": game})()
        self.room_id, self.pk, self.number, self.version, self.over = 1, number, number, version, over
        self.deadlines, self.decisions, self.waiting, self.commitment, self.seed = {}, {}, {}, "bench", number


def play(game: str, seeds: Sequence[int]) -> Figures:
    from rooms import consumers, rendering, snapshots

    engine, figures = registry.get(game), Figures()
    info = room(game, engine.seats)
    rendering._rendered.clear()  # each run starts as a process meeting these deals for the first time
    sent: list[dict[str, str]] = [{} for _ in range(engine.seats)]  # what each seat's page was sent
    origins: list[dict[str, tuple]] = [{} for _ in range(engine.seats)]  # … personalised from (public regions)
    for seed in seeds:
        for version, (state, events) in enumerate(deal(game, seed)):
            row = _Deal(game, seed, version, engine.outcome(state) is not None)
            started = time.process_time()
            snapshot = snapshots.build(row, state, events)
            built = time.process_time()
            shown = [rendering.regions(snapshot, info, seat, {}, LANG) for seat in range(engine.seats)]
            figures.renders += time.process_time() - built
            figures.views += built - started
            figures.versions += 1
            for seat, regions in enumerate(shown):  # the frame a page of this seat is sent (rooms/consumers.py)
                started = time.process_time()
                sources = rendering.sources(snapshot, info, seat, LANG)
                changed = "".join(consumers.swaps(sent[seat], regions, sources, origins[seat]))
                figures.framing += time.process_time() - started
                frame = changed + consumers.log_added(rendering.log_lines(game, events, info, seat, LANG)) + (
                    consumers._oob(rendering.freshness(snapshot, info, seat, {})))
                figures.frames.append(len(frame.encode()))
    return figures


def template_shares(game: str, seeds: Sequence[int]) -> list[tuple[str, float, float]]:
    """Each template's wall time per version and renders per version, over another run of these deals."""
    from rooms import rendering

    spent: collections.Counter[str] = collections.Counter()
    count: collections.Counter[str] = collections.Counter()
    plain = rendering._render

    def timed(template: str, context: dict, request=None) -> str:
        started = time.perf_counter()
        try:
            return plain(template, context, request)
        finally:
            spent[template] += time.perf_counter() - started
            count[template] += 1

    rendering._render = timed
    try:
        versions = play(game, seeds).versions
    finally:
        rendering._render = plain
    return [(name, 1000 * s / versions, count[name] / versions) for name, s in spent.most_common()]


def main(argv: Sequence[str] | None = None) -> list[tuple[str, Figures]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20, help="random deals per game (after one to warm up)")
    parser.add_argument("--seed-base", type=int, default=0)
    parser.add_argument("--games", default="", help="comma-separated; default every registered game")
    parser.add_argument("--templates", action="store_true", help="also each template's share")
    args = parser.parse_args(argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardavia.settings")
    django.setup()
    games = [g for g in args.games.split(",") if g] or sorted(registry.available())
    seeds = range(args.seed_base + 1, args.seed_base + 1 + args.deals)
    results = []
    print(f"CPU per deal version: snapshot views vs every seat's renders ({args.deals} random deals per game, {LANG}):")
    print(f"{'game':<10}  {'versions':>8}  {'views ms':>8}  {'renders ms':>10}  {'renders ÷ views':>15}  "
          f"{'frames ms':>9}  {'frame p50 B':>11}  {'frame mean B':>12}")
    for game in games:
        play(game, [args.seed_base])  # warm: templates compiled, caches filled as in a running process
        f = play(game, seeds)
        results.append((game, f))
        per = 1000 / max(f.versions, 1)
        print(f"{game:<10}  {f.versions:>8}  {f.views * per:>8.3f}  {f.renders * per:>10.3f}  "
              f"{f.renders / f.views if f.views else float('nan'):>14.1f}×  {f.framing * per:>9.3f}  "
              f"{statistics.median(f.frames):>11,.0f}  {statistics.fmean(f.frames):>12,.0f}")
        if args.templates:
            for name, ms, n in template_shares(game, seeds):
                print(f"{'':<12}{ms:8.3f} ms  {n:5.2f}× per version  {name}")
    return results


if __name__ == "__main__":
    main()
