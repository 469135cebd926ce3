"""The live path in services mode for real: PostgreSQL, Redis's pub/sub layer, Celery workers and
several daphne processes, driven through HTTP and real websockets as the pages do."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from pathlib import Path

import psycopg
import pytest
import websockets

from bench.client import Browser, freshness
from bench.live import Person, Room
from bench.site import services
from tests.live.conftest import require_services

pytestmark = pytest.mark.services


async def connect(person: Person, port: int):
    person.socket = await websockets.connect(person.browser.socket_url(person.room.token, port),
                                             origin="http://127.0.0.1", ping_interval=None,
                                             additional_headers={"Cookie": person.browser.cookie_header()})
    person.take(await person.socket.recv())


async def until_version(person: Person, wanted: tuple[int, int], timeout: float = 10) -> None:
    """Frames until the page shows `wanted` (deal, version) or a newer one."""
    async with asyncio.timeout(timeout):
        while person.shown < wanted:
            person.take(await person.socket.recv())


def dou_dizhu_room(site, computers: set[int]) -> Room:
    alice, bob = Browser(site.url), Browser(site.url)
    room = Room(alice.open_room("dou_dizhu", "Alice", computers))
    room.people.append(Person(room, 0, alice))
    bob.join(room.token, "Bob")
    room.people.append(Person(room, 1, bob))
    return room


async def play_some(room: Room, moves: int) -> int:
    """The people move whenever it is their turn (the way bench/live.py does), and deal again when a deal is
    over; after each move every page shows it. Returns how many moves were made."""
    made = 0
    deadline = time.monotonic() + 180  # a bound, not a speed: a loaded machine once needed over 60 s for 12 moves
    while made < moves and time.monotonic() < deadline:
        for person in room.people:
            with_frames = True
            while with_frames:
                try:
                    person.take(await asyncio.wait_for(person.socket.recv(), 0.2))
                except TimeoutError:
                    with_frames = False
            fields = person.move("dou_dizhu")
            if fields is not None and fields["command"] == "next":  # a deal can end early (a computer's
                await person.socket.send(json.dumps(fields))     # strong hand): play on in the next one
                next_deal = (person.shown[0] + 1, 0)  # read once: the mover's own page moves on in the loop
                for page in room.people:
                    await until_version(page, next_deal)
                continue
            if fields is None or fields["command"] != "move" or made == moves:
                continue
            before = person.shown
            person.acted_at = before
            await person.socket.send(json.dumps(fields))
            for page in room.people:
                await until_version(page, (before[0], before[1] + 1))
            made += 1
    return made


def test_an_idle_table_socket_stays_open_past_the_redis_timeouts(tmp_path: Path):
    """redis-py's 5 s read timeout used to close every quiet table socket (code 1011) in services mode."""
    require_services()
    with services(tmp_path) as site:
        room = dou_dizhu_room(site, {2})

        async def scenario() -> None:
            for person in room.people:
                await connect(person, site.port)
            await asyncio.sleep(12)  # nobody moves for longer than the Redis timeouts
            for person in room.people:  # still open and answering (earlier frames may be waiting)
                await person.socket.send(json.dumps({"command": "refresh"}))
                async with asyncio.timeout(10):
                    while 'id="table"' not in (frame := await person.socket.recv()):
                        person.take(frame)
                person.take(frame)
            assert await play_some(room, 3) == 3  # and live: moves still reach both pages
            for person in room.people:
                await person.socket.close()

        asyncio.run(scenario())


def test_two_web_processes_and_two_workers_serve_one_room_live(tmp_path: Path):
    """Alice's page is served by one daphne, Bob's by the other; the computer's moves come from
    either worker. Every move shows on both pages."""
    require_services()
    with services(tmp_path, webs=2, workers=2) as site:
        room = dou_dizhu_room(site, {2})

        async def scenario() -> None:
            await connect(room.people[0], site.ports["web"])
            await connect(room.people[1], site.ports["web2"])
            assert await play_some(room, 12) == 12
            for person in room.people:
                await person.socket.close()

        asyncio.run(scenario())
        url = site.env["CARDAVIA_DATABASE_URL"].replace("postgres://", "postgresql://")
        with psycopg.connect(url) as db:
            versions = [v for (v,) in db.execute(
                "SELECT a.version FROM rooms_actionrecord a JOIN rooms_deal d ON a.deal_id = d.id "
                "JOIN rooms_room r ON d.room_id = r.id WHERE r.token = %s AND d.number = 1 ORDER BY a.version",
                [room.token]).fetchall()]
        assert versions == list(range(1, len(versions) + 1))  # nothing lost, nothing twice


def test_a_tip_is_searched_by_the_worker_and_shows_on_the_page(tmp_path: Path):
    """The Tipp's search (up to a second of CPU) runs in the Celery worker, not in daphne; the page that
    asked shows it when the worker has saved it."""
    require_services()
    with services(tmp_path) as site:
        room = dou_dizhu_room(site, {2})

        async def scenario() -> str:
            for person in room.people:
                await connect(person, site.port)
            asker, bob = room.people
            async with asyncio.timeout(60):
                while not asker.my_turn:  # Bob and the computer may bid first
                    for person in room.people:
                        with contextlib.suppress(TimeoutError):
                            person.take(await asyncio.wait_for(person.socket.recv(), 0.2))
                    fields = bob.move("dou_dizhu")
                    if fields is not None and fields["command"] == "move":
                        bob.acted_at = bob.shown
                        await bob.socket.send(json.dumps(fields))
                await asker.socket.send(json.dumps({"command": "hint"}))
                while "tip-text" not in (frame := await asker.socket.recv()):
                    pass
            for person in room.people:
                await person.socket.close()
            return frame

        assert "<strong>Tipp:</strong>" in asyncio.run(scenario())
        assert "give_hint" in (tmp_path / "worker.log").read_text()


def test_a_clock_that_runs_out_lets_a_computer_stand_in_even_across_a_worker_restart(tmp_path: Path):
    """The deadline is kept with the deal: a worker that (re)starts picks it up, a computer plays the
    seat of the person who let it pass, and the person's next move takes the seat back."""
    require_services()
    with services(tmp_path) as site:
        alice, bob = Browser(site.url), Browser(site.url)
        url, _html = alice.post("/de/raum/neu/dou_dizhu/", {"name": "Alice", "seat-2": "computer", "clock": "30"})
        token = url.rstrip("/").rsplit("/", 1)[-1]
        bob.join(token, "Bob")
        database = site.env["CARDAVIA_DATABASE_URL"].replace("postgres://", "postgresql://")
        waiting_for_a_person = time.monotonic() + 15  # the computer may bid first
        with psycopg.connect(database, autocommit=True) as db:
            while True:
                deal_id, deadlines = db.execute(
                    "SELECT d.id, d.deadlines FROM rooms_deal d JOIN rooms_room r ON d.room_id = r.id "
                    "WHERE r.token = %s", [token]).fetchone()
                if deadlines or time.monotonic() > waiting_for_a_person:
                    break
                time.sleep(0.2)
            assert deadlines, "a person must decide: the clock runs"
            site.kill("worker")
            (seat, due), = deadlines.items()
            assert 25 < due - time.time() <= 30
            db.execute("UPDATE rooms_deal SET deadlines = %s WHERE id = %s",
                       [json.dumps({seat: time.time() + 2}), deal_id])  # as if 28 s had passed
        site.start_worker()
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            with psycopg.connect(database) as db:
                stand_in, computer_moves = db.execute(
                    "SELECT s.stand_in, (SELECT count(*) FROM rooms_actionrecord a WHERE a.deal_id = %s "
                    "AND a.seat = s.index AND a.action_id LIKE 'computer:%%') FROM rooms_seat s "
                    "JOIN rooms_room r ON s.room_id = r.id WHERE r.token = %s AND s.index = %s",
                    [deal_id, token, int(seat)]).fetchone()
            if stand_in and computer_moves:
                break
            time.sleep(0.3)
        assert stand_in and computer_moves, "the clock ran out but no computer stood in"

        person = alice if seat == "0" else bob
        page = Person(Room(token), int(seat), person)

        async def back() -> None:
            await connect(page, site.port)
            await page.socket.send(json.dumps({"command": "draft", "card-3S": "1"}))  # any act of the person
            async with asyncio.timeout(10):
                while True:
                    frame = await page.socket.recv()
                    if freshness(frame) is not None and "stand-in-note" not in frame and "status" in frame:
                        break
            await page.socket.close()

        asyncio.run(back())
        with psycopg.connect(database) as db:
            (still,) = db.execute("SELECT s.stand_in FROM rooms_seat s JOIN rooms_room r ON s.room_id = r.id "
                                  "WHERE r.token = %s AND s.index = %s", [token, int(seat)]).fetchone()
        assert not still
