"""What a move costs the database: the door's few queries, however many pages watch the room.

Every page of the room renders the new version from the snapshot the door published (rooms/snapshots.py)
and the room's facts this process already holds (consumers.ROOMS), so a move's queries do not grow with
the pages that show it (issue 13: "a handful of queries in total, however many seats watch").
"""

from __future__ import annotations

import json
import threading

import pytest
from channels.db import database_sync_to_async
from django.db.backends.utils import CursorWrapper

from games.core import registry
from rooms import presence, services
from rooms.models import Room
from tests.rooms.test_consumers import connect, frames_until

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]
ENGINE = registry.get("dou_dizhu")
PEOPLE = ("alice-browser-id", "bob-browser-id", "carol-browser-id")
MOST = 6  # BEGIN, the deal, its seats, the new version, the action record (5 on 2 December 2026), and one spare


class Queries:
    """Every SQL statement any thread of this process sends while counting (the door and the pages' renders
    run on the consumers' database threads, so Django's per-connection capture would miss them)."""

    def __init__(self, monkeypatch) -> None:
        self.statements: list[str] = []
        self.lock = threading.Lock()
        self.counting = False
        original = CursorWrapper._execute

        def execute(cursor, sql, params, *args):
            if self.counting:
                with self.lock:
                    self.statements.append(sql)
            return original(cursor, sql, params, *args)

        monkeypatch.setattr(CursorWrapper, "_execute", execute)


def seated_room() -> Room:
    room = services.open_room("dou_dizhu", PEOPLE[0], "Alice", computers=set())
    for player, name in zip(PEOPLE[1:], ("Bob", "Carol"), strict=True):
        services.join(room, player, name)
    return room


async def one_move(room: Room, pages_per_seat: int, queries: Queries) -> tuple[list[str], dict[int, str]]:
    """The statements of one bid, from the mover's frame until every page of every seat shows it, and the
    frame the first page of each seat received for it."""
    deal = await database_sync_to_async(room.current_deal)()
    state = ENGINE.load(deal.state)
    mover = sorted(ENGINE.actors(state))[0]
    pages = {seat: [connect(room, PEOPLE[seat]) for _ in range(pages_per_seat)] for seat in range(3)}
    spectator = connect(room, "a-spectator")
    every = [ws for seat_pages in pages.values() for ws in seat_pages] + [spectator]
    for ws in every:
        assert (await ws.connect(timeout=10))[0]
        await ws.receive_from(timeout=10)
        # A page's messages are handled in turn: the answer to a refresh means its connecting is over,
        # including the check for lost computer turns that follows the first frame.
        await ws.send_to(text_data=json.dumps({"refresh": True}))
        await frames_until(ws, 'id="table"')
    await database_sync_to_async(room.refresh_from_db)()
    queries.counting = True
    await pages[mover][0].send_to(text_data=json.dumps({
        "action": json.dumps(ENGINE.legal_actions(state, mover)[0]), "version": str(deal.version),
        "action_id": "fanout-1",
    }))
    frames = {}
    for ws in every:
        marker = f'data-version="{deal.version + 1}"'
        frame = await ws.receive_from(timeout=10)
        while marker not in frame:  # before it, what other pages' connecting changed
            frame = await ws.receive_from(timeout=10)
        frames.update({seat: frame for seat, seat_pages in pages.items() if ws is seat_pages[0]})
    queries.counting = False
    for ws in every:
        await ws.disconnect()
    return queries.statements, frames


@pytest.mark.parametrize("pages_per_seat", [1, 3])
async def test_a_move_costs_a_handful_of_queries_however_many_pages_watch(pages_per_seat, monkeypatch):
    monkeypatch.setattr(presence, "HEARTBEAT", 3600)  # the sockets' liveness write is not the move's
    room = await database_sync_to_async(seated_room)()
    statements, _frames = await one_move(room, pages_per_seat, Queries(monkeypatch))
    assert 0 < len(statements) <= MOST, "\n".join(statements)


async def test_a_move_sends_each_seat_only_what_changed_and_little_of_it(monkeypatch):
    """Issue 13: an ordinary move's update stays under 3 KiB. The room bar, whose forms carry the page's
    CSRF token, is not sent again: its token is masked once per socket, so it renders the same string."""
    monkeypatch.setattr(presence, "HEARTBEAT", 3600)
    room = await database_sync_to_async(seated_room)()
    _statements, frames = await one_move(room, 1, Queries(monkeypatch))
    for seat, frame in frames.items():
        assert 'id="roombar"' not in frame, seat
        assert len(frame.encode()) <= 3 * 1024, (seat, len(frame.encode()))
