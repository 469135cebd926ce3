"""The commitment is on the table from the deal's first render; the seed is in no page and no websocket
frame before the deal is over (scanned for its hex form and for the decimal number the engines use)."""

from __future__ import annotations

import itertools
import re

import pytest
from channels.db import database_sync_to_async

from games.core import registry
from games.core.rng import rng_for
from rooms import rendering, services
from rooms.models import Deal
from tests.fairplay.conftest import client, running, url
from tests.rooms.test_consumers import connect

pytestmark = pytest.mark.django_db(transaction=True)


def secrets_of(deal: Deal) -> tuple[str, str]:
    return deal.seed, str(int(deal.seed, 16))


def leaks(text: str, deal: Deal) -> list[str]:
    return [form for form in secrets_of(deal) if form in text]


def person_moves(deal: Deal) -> None:
    """The person (seat 0) makes one random legal move; the computers answer at once (eager Celery)."""
    engine = registry.get(deal.room.game)
    state = engine.load(deal.state)
    action = engine.random_action(state, 0, rng_for(deal.version, "test"))
    services.submit_action(deal.pk, 0, action, f"person-{deal.version}")


@pytest.mark.parametrize("game", registry.KEYS)
def test_the_first_render_shows_the_commitment_and_not_the_seed(game, alice):
    deal = running(game, alice)
    page = client(alice).get(f"/de/raum/{deal.room.token}/").content.decode()
    assert deal.commitment in page
    assert leaks(page, deal) == []
    watcher = client("someone-without-a-seat").get(f"/de/raum/{deal.room.token}/").content.decode()
    assert deal.commitment in watcher and leaks(watcher, deal) == []


def test_no_page_shows_the_seed_before_the_end_and_the_table_shows_it_after(alice):
    deal = running("dou_dizhu", alice)
    browser = client(alice)
    pages = 0
    while not deal.over:
        room = f"raum/{deal.room.token}/"
        for path in (f"/de/{room}", f"/en/{room}", f"/de/{room}partien/", url(deal), url(deal, "mischung/"),
                     url(deal, "partie.json"), "/de/meine-raeume/"):
            response = browser.get(path)
            assert leaks(response.content.decode(), deal) == [], path
            pages += 1
        fragment = rendering.render_room(deal.room, alice)  # what htmx answers and the websocket sends
        assert deal.commitment in fragment and leaks(fragment, deal) == []
        person_moves(deal)
        deal.refresh_from_db()
    assert pages > 7
    table = browser.get(f"/de/raum/{deal.room.token}/").content.decode()
    assert deal.seed in table  # revealed once the deal is over


@pytest.mark.asyncio
async def test_no_websocket_frame_carries_the_seed_before_the_end(alice):
    deal = await database_sync_to_async(running)("dou_dizhu", alice)
    ws = connect(deal.room, alice)
    connected, _ = await ws.connect(timeout=10)
    assert connected
    frames = [await ws.receive_from(timeout=10)]
    assert deal.commitment in frames[0]
    for _move in itertools.count():
        await database_sync_to_async(deal.refresh_from_db)()
        if deal.over:
            break
        await database_sync_to_async(person_moves)(deal)
        while not await ws.receive_nothing(timeout=0.2):
            frames.append(await ws.receive_from())
    while not leaks(frames[-1], deal):  # the table's render after the end reveals the seed …
        frames.append(await ws.receive_from(timeout=10))
    await ws.disconnect()
    before_the_end = [f for f in frames if not re.search(r'id="freshness"[^>]*data-phase="over"', f)]
    assert len(before_the_end) >= 2
    assert [leaks(frame, deal) for frame in before_the_end] == [[]] * len(before_the_end)  # … and no frame before

