"""Services mode for real: PostgreSQL, Redis, a Celery worker process and daphne, driven over HTTP
and a real websocket client, as a browser would."""

from __future__ import annotations

import asyncio
import http.cookiejar
import json
import re
import urllib.parse
import urllib.request

import pytest
import websockets

from games.chor_voli.bots import BOT
from games.core.rng import rng_for

pytestmark = pytest.mark.services
HAND = re.compile(r'name="card-([0-9TJQKA][SHDC])"')


class Browser:
    """Cookies and CSRF like a browser, over plain HTTP."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def get(self, path: str) -> str:
        return self.opener.open(self.base + path, timeout=30).read().decode()

    def post(self, path: str, data: dict) -> tuple[str, str]:
        body = urllib.parse.urlencode({"csrfmiddlewaretoken": self.cookie("csrftoken"), **data}).encode()
        request = urllib.request.Request(self.base + path, data=body, headers={"Referer": self.base + "/"})
        response = self.opener.open(request, timeout=60)
        return response.geturl(), response.read().decode()

    def cookie(self, name: str) -> str:
        return next(c.value for c in self.jar if c.name == name)

    def cookie_header(self) -> str:
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)


async def next_table(ws, phase: str, timeout: float = 60) -> str:
    async with asyncio.timeout(timeout):
        while True:
            html = await ws.recv()
            if f'data-phase="{phase}"' in html:
                return html


def arrangement_fields(html: str) -> dict:
    """The computer player's own arrangement for this hand, posted as the page's form fields."""
    hand = HAND.findall(html)
    view = {"phase": "arrange", "hand": hand, "seat": 0, "must_arrange": True}
    action = BOT.choose(view, [], rng_for(3, "services-test"))
    fields = {f"card-{c}": "x" for c in hand}
    for number, group in enumerate(action["groups"], start=1):
        fields.update({f"card-{c}": str(number) for c in group})
    return fields


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
            while 'data-phase="over"' in html:  # a four-of-a-kind round: deal the next
                browser.post(f"/de/raum/{token}/weiter/", {})
                html = await next_table(ws, "arrange")
            # The three computers arrange in the Celery worker: wait until only this seat is missing.
            while "ordnet noch" in html:
                html = await ws.recv()
            fields = arrangement_fields(html)
            await ws.send(json.dumps({"intent": "arrange", "action_id": "services-1", **fields, "HEADERS": {}}))
            return await next_table(ws, "over")

    html = asyncio.run(play())
    assert "Vergleich 1" in html or "Niemand hat eine Gruppe gebildet" in html
    assert "Netto-Stand" in html
