"""What one deal version looks like to everyone: built once, by the process that wrote the version.

A snapshot holds the public view, each seat's own view, who acts, the clock's deadlines and the
events of the action that made this version (the deal's opening events for version 0). The writer
builds it right after its transaction commits (rooms.services) and puts it into the live cache; every
page of every process then renders that exact version from it, without a query and without running
the engine again. A page that finds no snapshot (evicted, or a writer died between commit and put)
builds the current one from the database instead (`current`).

Snapshots stay on the server: a page only ever receives HTML rendered for its own seat.
"""

from __future__ import annotations

import time
import uuid
from typing import Any

from games.core import registry
from rooms.livecache import LOCAL_SIZE, Bounded, cache
from rooms.models import ActionRecord, Deal

Snapshot = dict[str, Any]


def key(deal_id: int, version: int) -> str:
    return f"snap:{deal_id}:{version}"


COMPUTER_ID = "computer:"  # how the computers' action ids begin (rooms.services.play_computer_turn)


def by_computer(events: list[dict], seat: int, version: int) -> list[dict]:
    """The events of a move a computer made for `seat`, each marked so (`"computer": [seat, version]`) for
    the log (rooms/rendering.py `log_lines`), which names a computer that stood in for a person. Only the
    copies a page renders carry the mark: the recorded events stay the engine's, and the action id
    (`computer:…`) is what says it of a recorded move (`marked`)."""
    return [{**event, "computer": [seat, version]} for event in events]


def marked(events: list[dict], seat: int, version: int, action_id: str) -> list[dict]:
    """A recorded action's events, marked when a computer made the move (by its action id)."""
    return by_computer(events, seat, version) if action_id.startswith(COMPUTER_ID) else events


def build(deal: Deal, state: object, events: list[dict], at: float | None = None) -> Snapshot:
    engine = registry.get(deal.room.game)
    actors = engine.actors(state)
    shown = getattr(engine, "public_actors", engine.actors)(state)
    return {
        "stamp": uuid.uuid4().hex[:12],  # this build: what rendered regions are cached by
        "room": deal.room_id,
        "deal": deal.pk,
        "number": deal.number,
        "version": deal.version,
        "over": deal.over,
        "public": engine.view(state, None),
        "views": [engine.view(state, seat) for seat in range(engine.seats)],
        "actors": sorted(actors),
        "shown_actors": sorted(shown),
        "deadlines": deal.deadlines,
        "decisions": deal.decisions,
        "waiting": deal.waiting,  # rendered only for the seats everyone sees acting (`shown_actors`)
        "events": events,
        # When this version was written (Unix seconds): the page counts how long the table has waited since.
        "at": time.time() if at is None else at,
        "commitment": deal.commitment,
        "seed": deal.seed if deal.over else None,  # secret until the deal is over (rooms/fairplay.py)
    }


# deal id -> the newest version of it this process holds a snapshot of: a page that is behind (a busy process,
# hints queued) renders that one instead of every version in between (rooms/consumers.py `deal_changed`)
_NEWEST = Bounded(LOCAL_SIZE)


def publish(snapshot: Snapshot) -> None:
    cache().put(key(snapshot["deal"], snapshot["version"]), snapshot)
    _held(snapshot)


def get(deal_id: int, version: int, remote: bool = True) -> Snapshot | None:
    """The cached snapshot; `remote=False` looks only in this process's memory (no network call)."""
    snapshot = cache().get(key(deal_id, version), remote)
    if snapshot is not None:
        _held(snapshot)
    return snapshot


def _held(snapshot: Snapshot) -> None:
    if snapshot["version"] > (_NEWEST.get(snapshot["deal"]) or 0):
        _NEWEST.put(snapshot["deal"], snapshot["version"])


def newest(deal_id: int, version: int) -> Snapshot | None:
    """A snapshot of this deal newer than `version` in this process's memory, the newest it holds; None if none."""
    held = _NEWEST.get(deal_id) or 0
    if held <= version:
        return None
    snapshot = get(deal_id, held, remote=False)
    if snapshot is None:  # let go since (the memory is bounded): noted afresh as versions come
        _NEWEST.discard(deal_id)
    return snapshot


def current(deal: Deal) -> Snapshot:
    """The snapshot of the deal's version as the database has it now (and put into the cache)."""
    engine = registry.get(deal.room.game)
    record = ActionRecord.objects.filter(deal=deal, version=deal.version).values_list(
        "events", "seat", "action_id", "created").first()
    if deal.version == 0 or record is None:
        events, at = (deal.opening_events if deal.version == 0 else []), deal.created.timestamp()
    else:
        events, at = marked(record[0], record[1], deal.version, record[2]), record[3].timestamp()
    snapshot = build(deal, engine.load(deal.state), events, at)
    publish(snapshot)
    return snapshot
