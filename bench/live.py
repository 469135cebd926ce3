"""The live path under load, against a bare websocket echo on the same connections.

    .venv/bin/python -m bench.live [--mode embedded|services|both] [--game dou_dizhu|chor_voli|chan|chuo_pai|kowah]
        [--rooms 10,50,200] [--rates 0,100,200,400,800] [--seconds 8] [--computers 1] [--webs 1] [--stagger 0]

`--game` takes any of the five games, several separated by commas, or `all` (played one after the other on
the same site). For each mode the site is started as an operator would (bench/site.py: embedded = one daphne
on SQLite with the in-memory layer and the computers in-process; services = PostgreSQL, Redis, daphne and
a Celery worker). For each game and number of rooms, every room is opened and joined over HTTP like a
browser does (people in every seat but `--computers`), every person opens the table's websocket, and then
the offered move rate is ramped (0: closed loop, each person moves as soon as it is their turn; else a
shared limit of moves per second). With `--stagger S`, a warm-up of S seconds comes first, in which the rooms
begin to play one after another (closed loop), so that the ramp finds their deals at every stage: rooms that all
begin together end their first deals together too, and a step that meets that wave measures deals' ends (the
ledger, the standings on every page, a new deal's whole table) more than moves. The warm-up's row is printed,
not counted.

A person keeps a copy of the table as the page does (bench/client.py's `Page`): the whole table it got on
connecting, then every frame's swaps in order, regions sent whole and regions sent as what changed in them
(rooms/patches.py). It moves from what that copy shows, the way the page sends it (the form's fields as
JSON over the websocket, no drafts): Dou Dizhu bids 1 or passes, then leads its lowest card or passes;
Chor Voli discards its whole hand (a legal, binding arrangement); Chắn, Chuo Pai and Kowah make the first
move the page names as legal (`legal_move`, by the hooks the browser tests click, bench/client.py). At a deal's
end the first seat's person asks for the next deal, once. Printed per step:

    moves/s      moves of people per second that every seat of the room saw
    all/s        every deal version (people's and computers' moves, new deals) per second
    p50 / p99    a person's move → the last seat of the room showing a newer version (ms)
    bytes        bytes a seat received per update (frames of the step / (versions × seats))
    frame50      the median frame's bytes: an ordinary move's update (a deal's start and end send more)
    cpu/move     CPU of the daphne process(es) per person move (ms), from /proc
    errors       by kind: refused moves (with the start of what the page said), frames the page's copy could
                 not take, closes by code, moves not seen by every seat within 10 s (still watched until the
                 step ends: in brackets, how many every seat saw later and the longest wait, which p50 and p99
                 count too; the rest were not seen in the step); and apart from them, in brackets, moves that
                 came late (refused as stale: another seat's move ended the decision first,
                 as when a computer wins Chắn on the card it revealed while a person claims it; the door's
                 answer, and the page shows the table as it is now)

and, measured in the same run over the same number of connections, the same step against a bare
`websockets` echo server that fans each move out to the room's other connections (a payload of the
Cardavia update's mean size): the ratio of the p50s is the figure to compare between runs.

Figures of one run on 6 December 2026 (services mode, 50 rooms, one computer a room, closed loop, 15 s a
game: `--mode services --game all --rooms 50 --rates 0 --seconds 15`), on this machine while it was shared:
2 cores, other agents building and testing on it meanwhile (load average about 5), so every figure is noisy
and the p99s most of all; the site ran from the shared working tree (at about ea03ba7, with other engineers'
changes to rooms/ and templates/ under way).

    game       seats (people) | moves/s | p50 ms | p99 ms | bytes | frame50 | cpu/move ms | errors
    dou_dizhu  3 (2)          |    55.3 |    562 |  1,103 | 3,472 |   2,738 |        12.6 | none
    chor_voli  4 (3)          |    26.2 |  1,009 |  2,521 | 6,364 |   2,430 |        32.8 | none
    chan       4 (3)          |    33.1 |  1,189 |  2,352 | 4,472 |   2,629 |        22.4 | 6 refused as stale (below)
    chuo_pai   3 (2)          |    22.3 |    172 |  1,967 | 2,795 |   2,944 |        21.5 | none
    kowah      3 (2)          |    42.5 |    566 |  1,372 | 2,209 |   2,248 |        14.0 | none

Chắn's refusals there were the site's: when two seats answered the same offer, the second answer was refused
as stale although it still stood (the door compared the version the page showed with the deal's). Since then
the door accepts a move on an older version when the seat's decision began no later (`Deal.decisions`), and
a page names its move by the decision rather than the version, so the same answer sent from the pages of two
versions applies once. What is left are late answers (above), not errors. After that change (8d5e4d2), the
same machine, quieter: `--mode services --game dou_dizhu,chan --rooms 50 --rates 0 --seconds 15` gave Dou
Dizhu 82.6 moves/s (p50 422 ms, p99 729 ms, frame50 2,727 B, 10.9 ms CPU a move) and Chắn 50.0 moves/s (p50
790 ms, p99 1,198 ms, frame50 2,587 B, 17.9 ms), neither with an error or a late answer.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import html
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import websockets

from bench.client import DISCARD, LEGAL_BUTTON, LEGAL_PICK, PICKS, PLAYS, Browser, Hook, Page, freshness, plays
from bench.site import embedded, free_port, services
from games.core import registry

DECISION = Hook("decision", "input", (("type", "hidden"),))  # which decision the form answers (action_id, version…)
HAND = re.compile(r'data-hand="([^"]*)"')
CARD_FIELD = re.compile(r'name="(card-[0-9TJQKA][SHDC])"')
ALERT = re.compile(r'role="alert">([^<]*)')
LATE = re.compile(r'id="status"[^>]*data-refused="stale"')  # a move another seat's came before (not an error)
GAMES = ("dou_dizhu", "chor_voli", "chan", "chuo_pai", "kowah")
TIMEOUT = 10.0
SITE_ENV = {"CARDAVIA_RATE_ROOMS": "100000/h", "CARDAVIA_RATE_JOINS": "100000/h", "CARDAVIA_LOG_LEVEL": "ERROR"}


# --- what a person sees and does -------------------------------------------------------------------


def legal_move(page: Page) -> dict[str, str] | None:
    """The fields of the first move the page names as legal, as tests.helpers.first_legal_move makes it in a
    browser: in Chuo Pai the first of the plays #actions names, its cards ticked, else a pass; in Chắn and
    Kowah the first card that may be discarded where the seat discards (Kowah's hand is the same radios off
    the discard too: the discard button says the seat discards), else the first answer the table offers.
    None: the page names none."""
    named = page.elements(PLAYS)
    if named:
        choices = plays(named[0]["data-plays"])
        if not choices:
            return {"intent": "pass"}
        fields, boxes = {"intent": "play"}, page.elements(PICKS)
        for code in choices[0]:  # copies of a card are boxes of their own
            box = next(b for b in boxes if b["data-code"] == code and b["name"] not in fields)
            fields[box["name"]] = box["value"]
        return fields
    picks = page.elements(LEGAL_PICK)
    if picks and page.elements(DISCARD):
        return {"intent": "discard", picks[0]["name"]: picks[0]["value"]}
    buttons = page.elements(LEGAL_BUTTON)
    return {buttons[0]["name"]: buttons[0]["value"]} if buttons else None


@dataclass
class Person:
    room: Room
    seat: int
    browser: Browser
    page: Page = field(default_factory=Page)
    shown: tuple[int, int] = (0, -1)
    phase: str = ""
    my_turn: bool = False
    acted: str = ""  # the id of the decision this person last answered
    asked: tuple[int, int] = (0, -1)  # the deal's end at which this person last asked for the next deal
    socket: object = None
    begins: float = 0.0  # no move before this time (time.monotonic(), `--stagger`)

    def take(self, frame: str) -> tuple[int, int] | None:
        """The frame applied to the page (ValueError or LookupError if it cannot be); the (deal, version) it
        shows, if it says."""
        self.page.take(frame)
        fresh = freshness(frame)
        if fresh is None:
            return None
        self.shown = fresh[:2]
        self.phase, self.my_turn = fresh[2], fresh[3]
        return self.shown

    def move(self, game: str) -> dict | None:
        """The fields this person sends now, or None when there is nothing to do."""
        if self.phase == "over":
            if self.seat != 0 or self.asked == self.shown:
                return None  # asked once, as a person presses the button once: a page's messages are handled in
                # turn, and asking again every half second queued dozens of requests ahead of the new deal's first bid
            self.asked = self.shown
            return {"command": "next"}
        if not self.my_turn:
            return None
        hidden = {e["name"]: e["value"] for e in self.page.elements(DECISION)}
        if hidden.get("action_id", self.acted) == self.acted:
            return None  # one move a decision, as a page sends it once: a frame of another seat's move, rendered
            # before this seat's own was in, still asks (a Chắn offer, a Chor Voli arrangement); its id names the
            # decision, not the version
        fields = {"command": "move", **hidden}
        hand, actions = self.page.region("hand"), self.page.region("actions")
        if game == "chor_voli":  # everything on the discard pile: a legal, binding arrangement
            return {**fields, "intent": "arrange", **dict.fromkeys(CARD_FIELD.findall(hand), "x")}
        if game != "dou_dizhu":
            chosen = legal_move(self.page)
            return None if chosen is None else {**fields, **chosen}
        if self.phase == "bidding":  # the first bidder bids 1, everyone after passes: one auction round
            offered = [b["value"] for b in self.page.elements(LEGAL_BUTTON) if b["data-legal"] != "false"]
            opening = '{"type": "bid", "value": 1}'
            return {**fields, "action": opening if opening in offered else '{"type": "pass"}'}
        cards = HAND.findall(hand)
        if 'id="why-not-pass"' in actions and cards and cards[0]:  # we lead: the lowest card
            return {**fields, "intent": "play", f"card-{cards[0].split()[0]}": "1"}
        return {**fields, "intent": "pass"}


@dataclass(eq=False)
class Pending:
    """A person's move that not every seat of the room has shown yet."""
    started: float
    before: tuple[int, int]  # the version the mover's page showed
    waiting: set[int]  # the seats that have not shown a newer one
    overdue: bool = False  # counted as not seen within TIMEOUT; still watched, to tell late from lost


@dataclass
class Room:
    token: str
    people: list[Person] = field(default_factory=list)
    pending: list[Pending] = field(default_factory=list)
    versions: int = 0
    last: tuple[int, int] = (0, -1)


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    moves: int = 0
    versions: int = 0
    bytes: int = 0
    frames: int = 0
    sizes: list[int] = field(default_factory=list)
    errors: Counter = field(default_factory=Counter)
    late: int = 0
    overdue: list[float] = field(default_factory=list)  # when the moves not seen within TIMEOUT were seen at last


class Limiter:
    """At most `rate` moves per second across all people (0: no limit)."""

    def __init__(self, rate: float) -> None:
        self.rate, self.next = rate, time.monotonic()

    async def take(self) -> None:
        if not self.rate:
            return
        now = time.monotonic()
        self.next = max(self.next + 1 / self.rate, now)
        if self.next > now:
            await asyncio.sleep(self.next - now)


# --- one step against the site ------------------------------------------------------------------


async def person_loop(person: Person, game: str, tally: Tally, limiter: Limiter, until: float) -> None:
    room = person.room
    ws = person.socket
    while time.monotonic() < until:
        try:
            frame = await asyncio.wait_for(ws.recv(), timeout=max(0.05, min(0.5, until - time.monotonic())))
        except TimeoutError:
            frame = None
        except websockets.ConnectionClosed as closed:
            tally.errors[f"close {closed.code}"] += 1
            return
        if frame is not None:
            tally.bytes += len(frame)
            tally.frames += 1
            tally.sizes.append(len(frame))
            refused = ALERT.search(frame)
            if LATE.search(frame):
                tally.late += 1
            elif refused:
                tally.errors[refusal(html.unescape(refused[1]))] += 1
            try:
                shown = person.take(frame)
            except (ValueError, LookupError) as exc:  # the page's copy is wrong now: the whole table again
                tally.errors[f"frame not applied: {exc}"[:80]] += 1
                await ws.send(json.dumps({"command": "refresh"}))
                continue
            if shown is not None:
                if shown > room.last:
                    room.last = shown
                    tally.versions += 1
                now = time.monotonic()
                for entry in list(room.pending):
                    if shown > entry.before:
                        entry.waiting.discard(person.seat)
                        if not entry.waiting:
                            room.pending.remove(entry)
                            tally.latencies.append(now - entry.started)
                            tally.moves += 1
                            if entry.overdue:
                                tally.overdue.append(now - entry.started)
        fields = person.move(game) if time.monotonic() >= person.begins else None
        if fields is not None:
            await limiter.take()
            if fields["command"] == "move":
                person.acted = fields["action_id"]
                room.pending.append(Pending(time.monotonic(), person.shown, {p.seat for p in room.people}))
            await ws.send(json.dumps(fields))
        for entry in room.pending:
            if not entry.overdue and time.monotonic() - entry.started > TIMEOUT:
                entry.overdue = True
                tally.errors["not seen in 10 s"] += 1


def refusal(message: str) -> str:
    """The kind of error a refusal is counted as: the start of what the page says."""
    return f"refused: {message.strip()[:60]}"


def cpu_seconds(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


async def step(rooms: list[Room], game: str, rate: float, seconds: float, pids: list[int]) -> tuple[Tally, float]:
    tally = Tally()
    limiter = Limiter(rate)
    cpu = cpu_seconds(pids)
    until = time.monotonic() + seconds
    for room in rooms:
        room.pending.clear()
    await asyncio.gather(*(person_loop(p, game, tally, limiter, until) for room in rooms for p in room.people))
    return tally, cpu_seconds(pids) - cpu


async def connect(site_port: int, rooms: list[Room]) -> None:
    async def one(person: Person) -> None:
        url = person.browser.socket_url(person.room.token, site_port)
        person.socket = await websockets.connect(url, origin="http://127.0.0.1", max_size=2**24, ping_interval=None,
                                                 additional_headers={"Cookie": person.browser.cookie_header()})
        person.take(await person.socket.recv())

    for start in range(0, len(rooms), 25):  # a few at a time: a browser opens one page, not hundreds at once
        await asyncio.gather(*(one(p) for room in rooms[start:start + 25] for p in room.people))


def open_rooms(base: str, game: str, count: int, seats: int, computers: int) -> list[Room]:
    rooms = []
    for number in range(count):
        creator = Browser(base)
        token = creator.open_room(game, f"P{number}-1", set(range(seats - computers, seats)))
        room = Room(token)
        room.people.append(Person(room, 0, creator))
        for seat in range(1, seats - computers):
            guest = Browser(base)
            guest.join(token, f"P{number}-{seat + 1}")
            room.people.append(Person(room, seat, guest))
        rooms.append(room)
    return rooms


# --- the bare echo ------------------------------------------------------------------------------


async def echo_server(port: int) -> None:
    """Every message "<id>" from a connection of room R goes to every connection of R, padded."""
    members: dict[str, set] = {}

    async def handler(ws) -> None:
        room, size = ws.request.path.strip("/").split("/")
        members.setdefault(room, set()).add(ws)
        try:
            async for message in ws:
                payload = message + "." * int(size)
                websockets.broadcast(members[room], payload)
        finally:
            members[room].discard(ws)

    async with websockets.serve(handler, "127.0.0.1", port, max_size=2**24, ping_interval=None):
        await asyncio.Future()


async def echo_step(port: int, rooms: int, seats: int, size: int, rate: float, seconds: float) -> Tally:
    """The same shape of traffic as the site's: every room's people take turns, each move fans out."""
    tally = Tally()
    limiter = Limiter(rate)
    sockets = [[await websockets.connect(f"ws://127.0.0.1:{port}/r{r}/{size}", max_size=2**24, ping_interval=None)
                for _ in range(seats)] for r in range(rooms)]
    until = time.monotonic() + seconds

    async def play(members: list) -> None:
        turn = 0
        while time.monotonic() < until:
            await limiter.take()
            started = time.monotonic()
            await members[turn].send(str(started))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.gather(*(ws.recv() for ws in members)), TIMEOUT)
                tally.latencies.append(time.monotonic() - started)
                tally.moves += 1
            turn = (turn + 1) % len(members)

    await asyncio.gather(*(play(members) for members in sockets))
    for members in sockets:
        for ws in members:
            await ws.close()
    return tally


# --- the report --------------------------------------------------------------------------------


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def row(label: str, tally: Tally, seconds: float, seats: int, cpu: float | None, echo: Tally | None) -> str:
    p50, p99 = percentile(tally.latencies, .5) * 1000, percentile(tally.latencies, .99) * 1000
    per_update = tally.bytes / max(1, tally.versions * seats) if tally.versions else 0  # seats with a socket
    errors = ", ".join(f"{k} {v}" for k, v in sorted(tally.errors.items())) or "none"
    if tally.overdue:
        errors += f" ({len(tally.overdue)} of them seen later, the last after {max(tally.overdue):.1f} s)"
    if tally.late:
        errors += f" (late {tally.late})"
    text = (f"{label:>10} | {tally.moves / seconds:8.1f} | {tally.versions / seconds:7.1f} | {p50:8.1f} | {p99:8.1f} | "
            f"{per_update:7.0f} | {percentile(tally.sizes, .5):7.0f} | "
            f"{'' if cpu is None else f'{cpu * 1000 / max(1, tally.moves):7.2f}':>8} | ")
    if echo is not None:
        echo50 = percentile(echo.latencies, .5) * 1000
        text += f"{echo.moves / seconds:8.1f} | {echo50:7.2f} | {p50 / echo50 if echo50 else float('nan'):7.1f}× | "
    return text + errors


HEADER = ("      rate |  moves/s |   all/s |  p50 ms |  p99 ms |  bytes | frame50 | cpu/move | echo m/s | echo50 | "
          "p50 ratio | errors")


async def run_mode(mode: str, args: argparse.Namespace, workdir: Path) -> list[dict]:
    extra = {**SITE_ENV, "CARDAVIA_COMPUTER_PACE": str(args.pace)}
    starter = embedded(workdir, **extra) if mode == "embedded" else services(workdir, webs=args.webs, **extra)
    results = []
    echo_port = free_port()
    echo = subprocess.Popen([sys.executable, "-m", "bench.live", "--echo-server", str(echo_port)])
    try:
        with starter as site:
            pids = [site.pid(name) for name in site.processes if name.startswith("web")]
            for game in args.game:
                seats = registry.get(game).seats
                for count in args.rooms:
                    rooms = await asyncio.to_thread(open_rooms, site.url, game, count, seats, args.computers)
                    await connect(site.port, rooms)
                    print(f"\n{mode}, {game}, {count} rooms × {seats} seats ({args.computers} computer), "
                          f"{sum(len(r.people) for r in rooms)} sockets")
                    print(HEADER)
                    if args.stagger:
                        start = time.monotonic()
                        for number, room in enumerate(rooms):
                            for person in room.people:
                                person.begins = start + number * args.stagger / len(rooms)
                        tally, cpu = await step(rooms, game, 0, args.stagger, pids)
                        print(row("warm-up", tally, args.stagger, seats - args.computers, cpu, None), flush=True)
                    for rate in args.rates:
                        tally, cpu = await step(rooms, game, rate, args.seconds, pids)
                        size = int(tally.bytes / max(1, tally.frames))
                        baseline = await echo_step(echo_port, count, seats - args.computers, size, rate, args.seconds)
                        print(row("closed" if not rate else f"{rate:g}/s", tally, args.seconds, seats - args.computers,
                                  cpu, baseline),
                              flush=True)
                        results.append({"mode": mode, "game": game, "rooms": count, "rate": rate, "moves": tally.moves,
                                        "errors": dict(tally.errors), "late": tally.late,
                                        "p50": percentile(tally.latencies, .5),
                                        "echo_p50": percentile(baseline.latencies, .5)})
                    for room in rooms:
                        for person in room.people:
                            await person.socket.close()
    finally:
        echo.terminate()
    return results


def games(text: str) -> list[str]:
    """`all`, or game keys separated by commas."""
    chosen = list(GAMES) if text == "all" else text.split(",")
    unknown = [g for g in chosen if g not in GAMES]
    if unknown:
        raise argparse.ArgumentTypeError(f"not a game: {', '.join(unknown)} (games: {', '.join(GAMES)}, or all)")
    return chosen


def main(argv: list[str] | None = None) -> list[dict]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mode", choices=("embedded", "services", "both"), default="both")
    parser.add_argument("--game", type=games, default=["dou_dizhu"], help=f"{', '.join(GAMES)}; several: a,b; or all")
    parser.add_argument("--rooms", type=lambda s: [int(n) for n in s.split(",")], default=[10, 50, 200])
    parser.add_argument("--rates", type=lambda s: [float(n) for n in s.split(",")], default=[0, 100, 200, 400, 800])
    parser.add_argument("--seconds", type=float, default=8)
    parser.add_argument("--computers", type=int, default=1)
    parser.add_argument("--pace", type=float, default=0.0, help="seconds between computer moves (the site's pace)")
    parser.add_argument("--webs", type=int, default=1, help="daphne processes in services mode")
    parser.add_argument("--stagger", type=float, default=0.0,
                        help="seconds of warm-up over which the rooms begin to play, one after another")
    parser.add_argument("--echo-server", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.echo_server:
        asyncio.run(echo_server(args.echo_server))
        return []
    modes = ("embedded", "services") if args.mode == "both" else (args.mode,)
    results = []
    for mode in modes:
        with tempfile.TemporaryDirectory() as workdir:
            results += asyncio.run(run_mode(mode, args, Path(workdir)))
    moves = [r["moves"] for r in results]
    print(f"\nmoves measured: {sum(moves)}; median p50 ratio to the echo: "
          f"{statistics.median(r['p50'] / r['echo_p50'] for r in results if r['echo_p50'] == r['echo_p50']):.1f}×")
    return results


if __name__ == "__main__":
    main()
