"""Hints on the channel layer: which room, deal and version changed, never cards or state.

Each page's consumer reads what it needs itself (the snapshot of that version, its seat's view). With
Redis, the hints go out through channels-redis' pub/sub layer; writers outside the web process (the
Celery worker) and threads publish them synchronously with one shared connection instead of starting
an event loop per hint.
"""

from __future__ import annotations

import asyncio
from functools import cache

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from channels_redis.pubsub import RedisPubSubChannelLayer
from django.conf import settings

from rooms import timers


def group(room_id: int) -> str:
    return f"room.{room_id}"


def deal_changed(room_id: int, deal_id: int, number: int, version: int, room_version: int | None = None) -> None:
    """A deal's new version; with `room_version`, the version changed the room as well (a deal's end: the
    standings), and the room's pages render both in one frame."""
    message = {"type": "deal.changed", "deal": deal_id, "number": number, "version": version}
    if room_version is not None:
        message["room"] = room_version
    _send(room_id, message)


def room_changed(room_id: int, version: int) -> None:
    """Seats, presence or the room's state changed (someone joined, left, connected, the room closed…)."""
    _send(room_id, {"type": "room.changed", "version": version})


def chat_changed(room_id: int, reset: bool = False) -> None:
    """A chat line was written (or, with `reset`, hidden by a moderator)."""
    _send(room_id, {"type": "chat.changed", "reset": reset})


def draft_changed(room_id: int, seat: int, source: str = "") -> None:
    """A seat's unconfirmed choices changed (its other tabs show them too); `source` is the channel of the page
    that changed them, which has answered itself already."""
    _send(room_id, {"type": "draft.changed", "seat": seat, "source": source})


def _send(room_id: int, message: dict) -> None:
    layer = get_channel_layer()
    if isinstance(layer, RedisPubSubChannelLayer):
        # The layer's own wire format: the group's pub/sub channel is "<prefix>__group__<group>".
        _redis().publish(f"{settings.CHANNEL_PREFIX}__group__{group(room_id)}", layer.serialize(message))
        return
    if layer is None:
        return
    loop = timers.loop()
    if loop is None:  # no web process here (a test, a command): wait for the send
        async_to_sync(layer.group_send)(group(room_id), message)
    else:  # the in-memory layer lives on the web process's loop: hand the send over, in order
        loop.call_soon_threadsafe(_start, layer.group_send(group(room_id), message))


_sending: set[asyncio.Future] = set()


def _start(send) -> None:
    future = asyncio.ensure_future(send)
    _sending.add(future)
    future.add_done_callback(_sending.discard)


@cache
def _redis():
    import redis

    return redis.Redis.from_url(settings.REDIS_URL)
