"""A small cache for the live path: this process's memory in front of Redis (services mode).

What a move produced (each seat's view of the new version, see rooms/snapshots.py) is put here by the
process that applied it, so that every page of every process can render that version without asking
the database. It is a cache, never the truth: a miss means "read the deal from the database".
Values are JSON-safe dicts; keys are short strings.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from functools import cache as once
from typing import Any

from django.conf import settings

PREFIX = "cardavia:live:"
TTL = 15 * 60  # seconds a version stays in Redis: long enough for any page that is behind
LOCAL_SIZE = 4096  # entries kept in this process


class Bounded:
    """A process's memory of at most `size` entries, the least recently used dropped first; thread-safe."""

    def __init__(self, size: int) -> None:
        self._items: OrderedDict[object, object] = OrderedDict()
        self._lock = threading.Lock()
        self._size = size

    def get(self, key: object) -> Any:
        with self._lock:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
            return value

    def put(self, key: object, value: object) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self._size:
                self._items.popitem(last=False)

    def discard(self, key: object) -> None:
        with self._lock:
            self._items.pop(key, None)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


# This process's rendered regions of tables, by what they depend on (rooms.rendering), and the parts of them
# that `{% cached_include %}` keeps (rooms.templatetags.table): one memory, cleared as one.
RENDERED = Bounded(16384)


class LiveCache:
    def __init__(self, redis_url: str) -> None:
        self._local = Bounded(LOCAL_SIZE)
        self._redis = None
        if redis_url:
            import redis

            self._redis = redis.Redis.from_url(redis_url)

    def put(self, key: str, value: dict) -> None:
        self._local.put(key, value)
        if self._redis is not None:
            self._redis.set(PREFIX + key, json.dumps(value, separators=(",", ":")), ex=TTL)

    def get(self, key: str, remote: bool = True) -> dict | None:
        """The value, from this process's memory, else (with `remote`) from Redis: a network call, so
        not on an event loop."""
        value = self._local.get(key)
        if value is not None or self._redis is None or not remote:
            return value
        raw = self._redis.get(PREFIX + key)
        if raw is None:
            return None
        value = json.loads(raw)
        self._local.put(key, value)
        return value


@once
def cache() -> LiveCache:
    return LiveCache(settings.REDIS_URL)
