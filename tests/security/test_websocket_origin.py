"""The table's websocket takes connections only from pages of the site's own hosts (ALLOWED_HOSTS):
another site's page cannot open a socket with the visitor's cookies (cross-site websocket hijacking)."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from tests.rooms.test_consumers import connect, open_room

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


@pytest.mark.parametrize("origin", [b"http://127.0.0.1", b"http://127.0.0.1:8000", b"https://localhost"])
async def test_a_page_of_the_site_gets_its_table(alice, origin):
    room = await database_sync_to_async(open_room)(alice)
    ws = connect(room, alice, origin=origin)
    connected, _ = await ws.connect(timeout=10)
    assert connected
    assert 'id="table"' in await ws.receive_from(timeout=10)
    await ws.disconnect()


@pytest.mark.parametrize("origin", [b"http://evil.example", b"https://127.0.0.1.evil.example", b"null",
                                    b"http://localhost.evil.example:8000", b"https://localhost@evil.example"])
async def test_a_foreign_origin_is_refused(alice, origin):
    room = await database_sync_to_async(open_room)(alice)
    ws = connect(room, alice, origin=origin)
    connected, _ = await ws.connect(timeout=10)
    assert not connected


async def test_a_socket_without_origin_is_refused(alice):
    """Browsers always send one; a socket without it is no page of ours."""
    room = await database_sync_to_async(open_room)(alice)
    ws = connect(room, alice)
    ws.scope["headers"] = [(name, value) for name, value in ws.scope["headers"] if name != b"origin"]
    connected, _ = await ws.connect(timeout=10)
    assert not connected
