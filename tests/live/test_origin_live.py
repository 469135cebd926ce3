"""A real daphne (the embedded default, as `make run` serves it): the table's websocket opens for the
site's own pages and is refused (HTTP 403) for another site's; its pages carry the security headers."""

from __future__ import annotations

import asyncio
import urllib.request

import pytest
import websockets

from bench.client import Browser


async def first_frame(url: str, origin: str, cookie: str) -> str:
    async with websockets.connect(url, origin=origin, additional_headers={"Cookie": cookie}) as socket:
        return await asyncio.wait_for(socket.recv(), 20)


def test_the_socket_opens_for_the_site_refuses_a_foreign_origin_and_pages_carry_the_headers(embedded_site):
    browser = Browser(embedded_site.url)
    token = browser.open_room("dou_dizhu", "Ada", computers={1, 2})
    url = browser.socket_url(token, embedded_site.port)
    assert 'id="table"' in asyncio.run(first_frame(url, embedded_site.url, browser.cookie_header()))
    with pytest.raises(websockets.InvalidStatus) as refused:
        asyncio.run(first_frame(url, "https://evil.example", browser.cookie_header()))
    assert refused.value.response.status_code == 403

    with urllib.request.urlopen(embedded_site.url + "/de/", timeout=30) as response:
        headers = response.headers
    # django-csp does not keep its directives in one order: script-src may be the last, without a ";"
    directives = dict(d.strip().split(" ", 1) for d in headers["Content-Security-Policy"].split(";") if d.strip())
    assert directives["script-src"] == "'self'"
    assert headers["Permissions-Policy"].startswith("accelerometer=()")
    assert (headers["Referrer-Policy"], headers["X-Content-Type-Options"], headers["X-Frame-Options"]) == (
        "same-origin", "nosniff", "DENY")
