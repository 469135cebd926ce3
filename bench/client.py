"""A browser without a browser: cookies, CSRF and the table's websocket, as the pages use them.

Shared by the services-mode tests and the load bench (bench/live.py).
"""

from __future__ import annotations

import http.cookiejar
import re
import urllib.parse
import urllib.request

FRESHNESS = re.compile(r'id="freshness"[^>]*data-deal="(\d+)" data-version="(-?\d+)"[^>]*data-phase="(\w*)" '
                       r'data-my-turn="(true|false)"')


class Browser:
    """Cookies and CSRF like a browser, over plain HTTP."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def get(self, path: str) -> str:
        return self.opener.open(self.base + path, timeout=30).read().decode()

    def post(self, path: str, data: dict) -> tuple[str, str]:
        if not any(c.name == "csrftoken" for c in self.jar):
            self.get("/de/")
        body = urllib.parse.urlencode({"csrfmiddlewaretoken": self.cookie("csrftoken"), **data}).encode()
        request = urllib.request.Request(self.base + path, data=body, headers={"Referer": self.base + "/"})
        response = self.opener.open(request, timeout=60)
        return response.geturl(), response.read().decode()

    def cookie(self, name: str) -> str:
        return next(c.value for c in self.jar if c.name == name)

    def cookie_header(self) -> str:
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)

    def open_room(self, game: str, name: str, computers: set[int]) -> str:
        """Opens a room (this browser in seat 1) and returns its invite token."""
        fields = {"name": name, **{f"seat-{i}": "computer" for i in computers}}
        url, _html = self.post(f"/de/raum/neu/{game}/", fields)
        return url.rstrip("/").rsplit("/", 1)[-1]

    def join(self, token: str, name: str) -> None:
        self.post(f"/de/raum/{token}/beitreten/", {"name": name})

    def socket_url(self, token: str, port: int, lang: str = "de") -> str:
        return f"ws://127.0.0.1:{port}/ws/raum/{token}/?lang={lang}"


def freshness(frame: str) -> tuple[int, int, str, bool] | None:
    """(deal number, version, phase, my turn) of a frame, if it says."""
    match = FRESHNESS.search(frame)
    if match is None:
        return None
    return int(match[1]), int(match[2]), match[3], match[4] == "true"
