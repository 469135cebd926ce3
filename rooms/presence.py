"""Who is here: each open websocket of a room's page is a Connection row.

A seat's person is *here* while one of their pages has a live connection, *away* for AWAY_SECONDS
after their last one closed, then *gone*. When gone, a computer stands in for them if someone else
in the room is here and waiting (in a room of one person nobody waits, and nothing is played in
their name). Every web process refreshes `seen` for all of its connections at once every HEARTBEAT
seconds; the rows of a process that stopped doing so (killed) count as closed after STALE seconds,
and the first process that notices sweeps them.
"""

from __future__ import annotations

import os
import uuid
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from rooms import services, timers
from rooms.models import Connection, Room, Seat

HEARTBEAT = 15
STALE = 3 * HEARTBEAT
PROCESS = f"{os.getpid()}-{uuid.uuid4().hex[:8]}"  # this web process, distinct across restarts

HERE, AWAY, GONE = "here", "away", "gone"


def _alive() -> datetime:
    return timezone.now() - timedelta(seconds=STALE)


def open_connection(room_id: int, player: str | None, channel: str) -> int | None:
    """Record a page's websocket; returns the seat of its browser (None: a spectator)."""
    with transaction.atomic():
        seats = Seat.objects.filter(room=room_id, player=player) if player else Seat.objects.none()
        seat = seats.values_list("index", flat=True).first()
        Connection.objects.create(room_id=room_id, seat=seat, channel=channel, process=PROCESS, seen=timezone.now())
        if seat is not None:
            Seat.objects.filter(room=room_id, index=seat).update(left_at=None)
        services.room_changed(room_id)
    return seat


def reseat(channel: str, seat: int | None) -> None:
    """The page's browser took or gave up a seat while connected."""
    with transaction.atomic():
        row = Connection.objects.filter(channel=channel).first()
        if row is not None and row.seat != seat:
            Connection.objects.filter(pk=row.pk).update(seat=seat)
            _closed(row.room_id, {row.seat}, timezone.now())


def close_connection(channel: str) -> None:
    with transaction.atomic():
        row = Connection.objects.filter(channel=channel).first()
        if row is None:
            return
        row.delete()
        _closed(row.room_id, {row.seat}, timezone.now())


def _closed(room_id: int, seats: set[int | None], at: datetime) -> None:
    """Inside a transaction: these seats' connections closed at `at`; seats with no other live one are away."""
    alive = set(Connection.objects.filter(room=room_id, seen__gte=_alive()).values_list("seat", flat=True))
    for seat in seats - alive - {None}:
        if Seat.objects.filter(room=room_id, index=seat, left_at__isnull=True).update(left_at=at):
            transaction.on_commit(lambda seat=seat: timers.later(
                settings.AWAY_SECONDS + 1, "rooms.tasks.check_gone", room_id, seat, at.timestamp()))
    services.room_changed(room_id)


def heartbeat() -> None:
    """This process's connections are alive; connections of processes that died are closed."""
    now = timezone.now()
    Connection.objects.filter(process=PROCESS).update(seen=now)
    stale = Connection.objects.filter(seen__lt=_alive()).exclude(process=PROCESS)
    for room_id, seat, seen in stale.values_list("room", "seat", "seen"):
        with transaction.atomic():
            dead = Connection.objects.filter(room=room_id, seat=seat, seen__lt=_alive()).exclude(process=PROCESS)
            if dead.delete()[0]:
                _closed(room_id, {seat}, seen)


def check_gone(room_id: int, seat: int, left_at: float) -> None:
    """AWAY_SECONDS after a person's last page closed: still not back, and others wait? A computer stands in."""
    with transaction.atomic():
        row = Seat.objects.select_for_update().filter(room=room_id, index=seat).first()
        if row is None or row.left_at is None or abs(row.left_at.timestamp() - left_at) > 0.001:
            return  # back meanwhile (or away again later: that closing has its own check)
        if row.played_by_computer or not row.player:
            return
        others = Connection.objects.filter(room=room_id, seen__gte=_alive(), seat__isnull=False).exclude(seat=seat)
        if not others.exists():
            return  # nobody else is here: nothing is played in the person's name
        Seat.objects.filter(pk=row.pk).update(stand_in=True)
        services.room_changed(room_id)
    services.resume_room(Room.objects.get(pk=room_id))


def resume_checks() -> None:
    """After a worker restart: check again every absent person of a running deal whose check may have
    died with the worker."""
    now = timezone.now().timestamp()
    absent = Seat.objects.filter(left_at__isnull=False, room__deals__over=False).exclude(player="").distinct()
    for room_id, seat, left_at in absent.values_list("room", "index", "left_at"):
        due = left_at.timestamp() + settings.AWAY_SECONDS + 1
        timers.later(due - now, "rooms.tasks.check_gone", room_id, seat, left_at.timestamp())


def states(room_id: int) -> tuple[dict[int, str], int]:
    """Each person seat's presence, and how many pages without a seat (spectators) watch."""
    now = timezone.now()
    alive = list(Connection.objects.filter(room=room_id, seen__gte=_alive()).values_list("seat", flat=True))
    result = {}
    for index, player, left_at in Seat.objects.filter(room=room_id, kind=Seat.Kind.PERSON).values_list(
        "index", "player", "left_at"
    ):
        if not player:
            continue
        if index in alive:
            result[index] = HERE
        elif left_at is not None and now - left_at < timedelta(seconds=settings.AWAY_SECONDS):
            result[index] = AWAY
        else:
            result[index] = GONE
    return result, alive.count(None)
