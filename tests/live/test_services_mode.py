"""Services mode for real: PostgreSQL, Redis, a Celery worker process and daphne, driven over HTTP
and a real websocket client, as a browser would."""

from __future__ import annotations

import asyncio
import json
import re

import pytest
import websockets

from bench.client import Browser
from tests.helpers import arrangement_fields, disjoint_groups

pytestmark = pytest.mark.services
HAND = re.compile(r'name="card-([0-9TJQKA][SHDC])"')
SHOWN = re.compile(r'data-deal="(\d+)"[^>]*data-phase="(\w+)"')  # the whole table's, or a frame's freshness


async def next_table(ws, *phases: str, deal: int = 1, timeout: float = 60) -> str:
    """The page's whole table once it shows deal `deal` or a later one in one of `phases` (updates come
    region by region; then a refresh)."""
    async with asyncio.timeout(timeout):
        while not ((shown := SHOWN.search(await ws.recv())) and int(shown[1]) >= deal and shown[2] in phases):
            pass
        await ws.send(json.dumps({"command": "refresh"}))
        while 'id="table"' not in (html := await ws.recv()):
            pass
        return html


def test_a_whole_round_over_a_real_websocket_with_a_celery_worker(services_site):
    browser = Browser(services_site.url)
    browser.get("/de/")
    room_url, _ = browser.post("/de/tisch/chor_voli/solo/", {})
    token = room_url.rstrip("/").rsplit("/", 1)[-1]

    async def play() -> str:
        uri = f"ws://127.0.0.1:{services_site.port}/ws/raum/{token}/?lang=de"
        headers = {"Cookie": browser.cookie_header()}
        async with websockets.connect(uri, origin=services_site.url, additional_headers=headers) as ws:
            html = await ws.recv()
            while 'data-phase="over"' in html:  # a four-of-a-kind round: deal the next (maybe one too)
                following = int(SHOWN.search(html)[1]) + 1
                browser.post(f"/de/raum/{token}/weiter/", {})
                html = await next_table(ws, "arrange", "over", deal=following)
            hand = HAND.findall(html)  # arranged while the computers arrange in the Celery worker
            fields = arrangement_fields(hand, disjoint_groups(hand))
            await ws.send(json.dumps({"intent": "arrange", "action_id": "services-1", **fields, "HEADERS": {}}))
            return await next_table(ws, "over")

    html = asyncio.run(play())
    assert "Vergleich 1" in html or "Niemand hat eine Gruppe gebildet" in html
    assert "Netto-Stand" in html


def test_killing_every_server_process_mid_deal_loses_nothing(services_site):
    """The worker dies before it took the computers' turns, daphne dies with the page open; both come
    back, the page reconnects, every computer turn is done exactly once, and the round finishes."""
    import psycopg

    services_site.kill("worker")
    browser = Browser(services_site.url)
    browser.get("/de/")
    room_url, html = browser.post("/de/tisch/chor_voli/solo/", {})
    while 'data-phase="over"' in html:  # a four-of-a-kind round ends at the deal: nothing for the worker to do
        room_url, html = browser.post("/de/tisch/chor_voli/solo/", {})
    token = room_url.rstrip("/").rsplit("/", 1)[-1]
    services_site.kill("web")
    services_site.start_web()
    services_site.start_worker()

    async def finish() -> str:
        uri = f"ws://127.0.0.1:{services_site.port}/ws/raum/{token}/?lang=de"
        headers = {"Cookie": browser.cookie_header()}
        async with websockets.connect(uri, origin=services_site.url, additional_headers=headers) as ws:
            html = await ws.recv()
            hand = HAND.findall(html)
            fields = arrangement_fields(hand, disjoint_groups(hand))
            await ws.send(json.dumps({"intent": "arrange", "action_id": "after-restart", **fields}))
            return await next_table(ws, "over")

    assert "Netto-Stand" in asyncio.run(finish())
    with psycopg.connect(services_site.env["CARDAVIA_DATABASE_URL"].replace("postgres://", "postgresql://")) as db:
        per_seat = db.execute(
            "SELECT seat, count(*) FROM rooms_actionrecord a JOIN rooms_deal d ON a.deal_id = d.id "
            "JOIN rooms_room r ON d.room_id = r.id WHERE r.token = %s GROUP BY seat ORDER BY seat", [token]
        ).fetchall()
    assert per_seat == [(0, 1), (1, 1), (2, 1), (3, 1)]
