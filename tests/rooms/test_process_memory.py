"""What a daphne process keeps of the rooms it meets stays bounded: a process lives for weeks and meets
many rooms, so its memories let go of the ones met longest ago and read them again if they come back."""

from __future__ import annotations

import asyncio
import gc

import pytest

from rooms import consumers, livecache


def test_bounded_drops_the_least_recently_used_and_forgets_on_request():
    memory = livecache.Bounded(2)
    memory.put("a", 1)
    memory.put("b", 2)
    assert memory.get("a") == 1  # "a" is now the most recently used
    memory.put("c", 3)
    assert (memory.get("a"), memory.get("b"), memory.get("c")) == (1, None, 3)
    memory.discard("a")
    memory.discard("never there")
    assert memory.get("a") is None and memory.get("c") == 3


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)  # the reads run on the sockets' database threads
async def test_room_infos_are_read_once_per_version_and_bounded(monkeypatch):
    reads: list[int] = []

    class Info:
        def __init__(self, room_id: int, version: int) -> None:
            self.room_id, self.version = room_id, version

    versions = {1: 3, 2: 5, 3: 1}

    def room_info(room_id: int) -> Info:
        reads.append(room_id)
        return Info(room_id, versions[room_id])

    monkeypatch.setattr(consumers.rendering, "room_info", room_info)
    rooms = consumers._Rooms(size=2)
    await asyncio.gather(*(rooms.get(1, 3) for _ in range(5)))
    assert reads == [1]  # five pages of a room at once: one read
    assert (await rooms.get(1, 2)).version == 3 and reads == [1]  # an older hint: what is held will do
    versions[1] = 4
    assert (await rooms.get(1, 4)).version == 4 and reads == [1, 1]  # a newer room version: read again
    await rooms.get(2)
    await rooms.get(3)  # a third room: the one met longest ago (1) is let go
    assert (await rooms.get(1)).version == 4 and reads == [1, 1, 2, 3, 1]
    rooms.forget(1)
    await rooms.get(1)
    assert reads[-1] == 1 and len(reads) == 6


@pytest.mark.asyncio
async def test_a_rooms_lock_is_kept_only_while_used():
    locks = consumers._RoomLocks()
    lock = locks(7)
    assert locks(7) is lock  # while someone holds it, every caller gets the same lock
    async with lock:
        pass
    del lock
    gc.collect()
    assert len(locks._locks) == 0
