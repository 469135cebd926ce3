"""The reliability suite's hands on a running site: its database (read as the truth), browsers that
keep every response, table sockets that keep every frame, and people who choose their moves the way
the computers do and send them as the page's form would.

The harness reads the deal from the database to choose a person's move (the person is the test, not
the page); what a viewer *received* is only ever what the site sent it.
"""

from __future__ import annotations

import http.client
import http.cookiejar
import json
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from dataclasses import dataclass, field

import psycopg
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from bench.client import freshness
from bench.site import Site
from games.core import registry
from games.core.rng import rng_for

# Computers at once, nobody counted away while the suite runs, no rate limits on opening and joining.
SITE_ENV = {"CARDAVIA_RATE_ROOMS": "1000000/h", "CARDAVIA_RATE_JOINS": "1000000/h", "CARDAVIA_COMPUTER_PACE": "0",
            "CARDAVIA_AWAY_SECONDS": "100000", "CARDAVIA_LOG_LEVEL": "WARNING"}
GAMES = ("chor_voli", "chan", "dou_dizhu", "chuo_pai", "kowah")
MALFORMED_DE = "Das war kein gültiger Zug"


# --- the database ----------------------------------------------------------------------------------


@dataclass
class DealRow:
    id: int
    number: int
    version: int
    over: bool
    state: dict
    start: dict
    opening_events: list


class Database:
    """Reads of the site's PostgreSQL database, autocommit: every read sees the latest commit."""

    def __init__(self, site: Site) -> None:
        self.url = site.env["CARDAVIA_DATABASE_URL"].replace("postgres://", "postgresql://")
        self.conn = psycopg.connect(self.url, autocommit=True)
        self.lock = threading.RLock()

    def rows(self, sql: str, args: list) -> list[tuple]:
        with self.lock:
            return self.conn.execute(sql, args).fetchall()

    def deal(self, token: str, number: int | None = None) -> DealRow | None:
        rows = self.rows(
            "SELECT d.id, d.number, d.version, d.over, d.state, d.start, d.opening_events FROM rooms_deal d "
            "JOIN rooms_room r ON d.room_id = r.id WHERE r.token = %s AND (%s::int IS NULL OR d.number = %s) "
            "ORDER BY d.number DESC LIMIT 1", [token, number, number])
        return DealRow(*rows[0]) if rows else None

    def records(self, deal_id: int) -> list[tuple[int, int, dict, str, list]]:
        """(version, seat, action, action_id, events) of every move of the deal, in order."""
        return self.rows("SELECT version, seat, action, action_id, events FROM rooms_actionrecord "
                         "WHERE deal_id = %s ORDER BY version", [deal_id])

    def deal_and_log(self, token: str, number: int | None = None) -> tuple[DealRow, list[tuple]]:
        """A deal and its log as one snapshot: read one after the other, a computer's move between the two
        reads would show a log one move ahead of the state."""
        with self.lock, self.conn.transaction():
            self.conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
            deal = self.deal(token, number)
            return deal, self.records(deal.id)

    def fingerprint(self, token: str) -> tuple:
        """The room's deals, their states and logs and its ledger, byte for byte as PostgreSQL has them."""
        return tuple(self.rows(
            "SELECT d.number, d.version, d.over, d.state::text, d.deadlines::text, "
            "(SELECT string_agg(a.version || '|' || a.seat || '|' || a.action::text || '|' || a.action_id || '|' "
            "  || a.events::text, E'\\n' ORDER BY a.version) FROM rooms_actionrecord a WHERE a.deal_id = d.id), "
            "(SELECT string_agg(l.seat || ':' || l.amount, ',' ORDER BY l.seat) FROM rooms_ledgerentry l "
            "  WHERE l.deal_id = d.id) "
            "FROM rooms_deal d JOIN rooms_room r ON d.room_id = r.id WHERE r.token = %s ORDER BY d.number",
            [token]))

    def seats(self, token: str) -> list[tuple]:
        return self.rows("SELECT s.index, s.kind, s.player, s.name, s.stand_in FROM rooms_seat s "
                         "JOIN rooms_room r ON s.room_id = r.id WHERE r.token = %s ORDER BY s.index", [token])

    def close(self) -> None:
        self.conn.close()


def replay(game: str, deal: DealRow, records: list[tuple]) -> list:
    """Every state of the deal, version 0 first, by applying its log to its start with the engine."""
    engine = registry.get(game)
    states = [engine.load(deal.start)]
    for version, seat, action, _action_id, _events in records:
        assert version == len(states), f"the log skips or repeats version {version}"
        states.append(engine.apply(states[-1], seat, action)[0])
    return states


# --- a browser that keeps every response -----------------------------------------------------------


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


DROPPED, TIMED_OUT = 0, -1  # statuses of a response that never came: the connection closed, or no answer in time


@dataclass
class Response:
    status: int
    body: str
    location: str = ""
    shows: tuple[int, int] | None = None  # (deal, version) it shows, where the test knows and the page does not say


class Browser:
    """Cookies and CSRF like a browser; every response is kept (status and body), none raises."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar), NoRedirect)
        self.responses: list[Response] = []
        self.keep = True

    def request(self, path: str, data: bytes | None = None, headers: dict | None = None,
                timeout: float = 120) -> Response:
        request = urllib.request.Request(self.base + path, data=data, headers=headers or {})
        try:
            with self.opener.open(request, timeout=timeout) as raw:
                response = Response(raw.status, raw.read().decode("utf-8", "replace"))
        except urllib.error.HTTPError as error:
            response = Response(error.code, error.read().decode("utf-8", "replace"), error.headers.get("Location", ""))
        except TimeoutError as error:
            response = Response(TIMED_OUT, repr(error))
        except (urllib.error.URLError, OSError, http.client.HTTPException) as error:  # e.g. a body too large,
            # refused before it was read; a connection cut in the middle of the answer
            response = Response(DROPPED, repr(error))
        if self.keep:
            self.responses.append(response)
        return response

    def get(self, path: str) -> Response:
        return self.request(path)

    def csrf(self) -> str:
        keep, self.keep = self.keep, False  # the home page is not the room's: not kept
        for _attempt in range(5):  # a loaded machine may drop the first page
            if any(c.name == "csrftoken" for c in self.jar):
                break
            self.get("/de/")
        self.keep = keep
        return next(c.value for c in self.jar if c.name == "csrftoken")

    def post(self, path: str, fields: dict | list, htmx: bool = False, raw: bytes | None = None,
             timeout: float = 120) -> Response:
        pairs = list(fields.items()) if isinstance(fields, dict) else list(fields)
        body = raw if raw is not None else urllib.parse.urlencode(  # a lone surrogate becomes bytes that are not UTF-8
            [("csrfmiddlewaretoken", self.csrf()), *pairs], errors="surrogatepass").encode()
        headers = {"Referer": self.base + "/", "Content-Type": "application/x-www-form-urlencoded",
                   "X-CSRFToken": self.csrf()}
        if htmx:
            headers["HX-Request"] = "true"
        return self.request(path, body, headers, timeout)

    def cookie_header(self) -> str:
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)

    def open_room(self, game: str, name: str, computers: set[int]) -> str:
        response = self.post(f"/de/raum/neu/{game}/", {"name": name, **{f"seat-{i}": "computer" for i in computers}})
        assert response.status == 302, (response.status, response.body[:300])
        return response.location.rstrip("/").rsplit("/", 1)[-1]

    def join(self, token: str, name: str) -> None:
        response = self.post(f"/de/raum/{token}/beitreten/", {"name": name})
        assert response.status == 302, (response.status, response.body[:300])


# --- a table socket that keeps every frame ---------------------------------------------------------


@dataclass
class Frame:
    text: str
    at: float
    shown: tuple[int, int] | None  # (deal number, version) the frame says it shows, if it says


@dataclass
class Socket:
    """A page's table websocket; a thread keeps every frame it receives, and its close code."""

    url: str
    cookie: str
    origin: str
    frames: list[Frame] = field(default_factory=list)
    closed: int | None = None
    shown: tuple[int, int] = (0, -1)

    def __post_init__(self) -> None:
        self.cv = threading.Condition()
        self.ws = connect(self.url, origin=self.origin, additional_headers={"Cookie": self.cookie},
                          open_timeout=120, max_size=None, ping_interval=None, close_timeout=5, legacy=True)
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            for message in self.ws:
                text = message if isinstance(message, str) else message.decode("utf-8", "replace")
                fresh = freshness(text)
                with self.cv:
                    if fresh is not None:
                        self.shown = max(self.shown, fresh[:2])
                    self.frames.append(Frame(text, time.monotonic(), fresh[:2] if fresh else None))
                    self.cv.notify_all()
        except ConnectionClosed:
            pass
        except OSError:
            pass
        with self.cv:
            self.closed = self.ws.close_code if self.ws.close_code is not None else 1006
            self.cv.notify_all()

    def send(self, payload: object) -> None:
        self.ws.send(payload if isinstance(payload, str | bytes) else json.dumps(payload))

    def wait(self, predicate, timeout: float = 30) -> bool:
        """Until predicate(frames) holds or the socket closed; True if it holds."""
        with self.cv:
            return self.cv.wait_for(lambda: predicate(self.frames) or self.closed is not None, timeout) and \
                bool(predicate(self.frames))

    def probe(self, timeout: float = 30) -> bool:
        """Asks for the whole table and waits for it: the socket is alive and has handled what came before."""
        count = len(self.frames)
        self.send({"command": "refresh"})
        return self.wait(lambda frames: any('id="table"' in f.text for f in frames[count:]), timeout)

    def until_shown(self, wanted: tuple[int, int], timeout: float = 30) -> bool:
        return self.wait(lambda _frames: self.shown >= wanted, timeout)

    def close(self) -> None:
        self.ws.close()
        self.thread.join(10)


def socket_for(site_url: str, port: int, browser: Browser, token: str, lang: str = "de") -> Socket:
    return Socket(f"ws://127.0.0.1:{port}/ws/raum/{token}/?lang={lang}", browser.cookie_header(), site_url)


# --- a person's move, as the table's form sends it -------------------------------------------------


def choose(game: str, state: object, seat: int, salt: object) -> dict:
    """A legal move for a person's seat, chosen as the computers choose (from the seat's own view)."""
    engine = registry.get(game)
    return registry.bot(game).choose(engine.view(state, seat), engine.legal_actions(state, seat),
                                     rng_for("reliability", salt, seat, "person"))


def form_of(game: str, action: dict, version: int) -> dict:
    """The table form's fields for an action: Chor Voli's arrangement as card choices, the rest as the
    JSON `action` a button of every other table carries."""
    fields = {"action_id": "rel-" + uuid.uuid4().hex[:16], "version": str(version)}
    if game == "chor_voli":
        assert action["type"] == "arrange", action
        fields["intent"] = "arrange"
        for number, group in enumerate(action["groups"], start=1):
            fields.update({f"card-{card}": str(number) for card in group})
        fields.update({f"card-{card}": "x" for card in action["discard"]})
        return fields
    fields["action"] = json.dumps(action)
    return fields


def wait_for(condition, timeout: float, step: float = 0.05):
    """Polls until condition() is truthy (returned) or the time is up (None)."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            return None
        time.sleep(step)
