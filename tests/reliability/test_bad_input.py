"""The bad-input fuzzer: hypothesis draws malformed, hostile and illegal inputs and sends them over
both transports (HTTP posts to the table's endpoints, websocket commands) from seated people, a
spectator and a stranger. None may get a 5xx or close a socket (1011 or otherwise), and the deals'
states, logs and ledger must be byte-identical in PostgreSQL after every input that was not a legal
move (a legal move is checked against the engine: one new log line, the sender's, as the engine applies it)."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass, field

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from games.core import registry
from rooms import inputs
from tests.reliability.live import DROPPED, TIMED_OUT, Browser, Database, Socket, choose, form_of, socket_for

pytestmark = pytest.mark.services

# control characters that are not white space (white space in a name or a chat line is collapsed to one space)
HARD_CONTROL = ["\x00", "a\x00b", "\x1b[31mrot", "\x07", "\x7f", "\x9b"]
CONTROL = ["\x00", "a\x00b", "\x1b[31mrot", "\x07", "\r\n", "\x7f", "\u0085", "\ud800", "x\udfff"]
ODD = ["", " ", "-1", "0", "1e309", "NaN", "99999999999999999999999", "null", "[]", "{}", "true", "../../etc",
       "<script>alert(1)</script>", "' OR 1=1 --", "\u202eevil", "👩‍👩‍👧", "ß" * 3000]
INTENTS = ["play", "pass", "arrange", "discard", "bid", "draw", "take", "meld", "chiu", "win", "reveal", "checki",
           "x", "__proto__"]
FIELDS = ["intent", "action", "action_id", "version", "command", "text", "name", "seat", "select", "pick",
          "HEADERS", "refresh", "csrfmiddlewaretoken", "by_computer", "deal", "card-AS"]
COMMANDS = ["move", "draft", "next", "take_back", "chat", "refresh", "MOVE", "", "connect", "__init__", "send_table"]
HTTP_PATHS = ["zug/", "entwurf/", "chat/", "weiter/", "platz/zuruecknehmen/", "platz/stehlen/", "beitreten/",
              "platz/computer/", "platz/entfernen/"]
# The creator's seat controls, only ever with a seat that names no other person's seat (a valid one is a
# legal change of the room, not bad input): the own seat, out of range, beyond PostgreSQL's smallint, not a number.
BAD_SEATS = ["0", "4", "-1", "40000", "99999999999999999999", "1e3", "", "\x00", "1\x00", "one", "1.0"]


def deep(depth: int) -> str:
    return "[" * depth + "]" * depth


@dataclass
class Fuzz:
    site: object
    db: Database
    game: str
    token: str
    people: list[Browser]
    spectator: Browser
    stranger: Browser
    sockets: dict[str, Socket] = field(default_factory=dict)
    tried: Counter = field(default_factory=Counter)
    findings: list[str] = field(default_factory=list)

    @property
    def engine(self):
        return registry.get(self.game)

    def senders(self) -> dict[str, tuple[Browser, int | None]]:
        return {**{f"seat{i}": (b, i) for i, b in enumerate(self.people)}, "spectator": (self.spectator, None),
                "stranger": (self.stranger, None)}

    def socket(self, name: str) -> Socket:
        socket = self.sockets.get(name)
        if socket is None or socket.closed is not None:
            browser = self.senders()[name][0]
            socket = self.sockets[name] = socket_for(self.site.url, self.site.port, browser, self.token)
        return socket


def any_of(options: list) -> st.SearchStrategy:
    """One of options that depend on the deal. Hypothesis remembers the shape of what it drew and refuses
    to go on (FlakyStrategyDefinition) when the same choices lead to other draws, as a list of another
    length would, so the draw is an index of a fixed range, taken modulo the list's length."""
    return st.integers(0, 2**16).map(lambda index: options[index % len(options)])


def fuzz_values(draw, fuzz: Fuzz) -> dict:
    """Fields of a form as hostile as hypothesis can make them, knowing the deal: others' cards, stale and
    future versions, action ids of the log and of the computers, forged fields, JSON too deep."""
    deal = fuzz.db.deal(fuzz.token)
    state = fuzz.engine.load(deal.state)
    seats = range(fuzz.engine.seats)
    others_cards = sorted({c for s in seats for c in (fuzz.engine.view(state, s).get("hand") or [])}) or ["AS"]
    ids = [row[3] for row in fuzz.db.records(deal.id)] or ["none-yet"]
    legal = [a for s in seats for a in fuzz.engine.legal_actions(state, s)][:40] or [{"type": "pass"}]
    value = st.one_of(
        st.text(max_size=40), st.sampled_from(CONTROL + ODD + INTENTS),
        st.sampled_from([str(deal.version), str(deal.version - 1), str(deal.version + 1), str(deal.version + 10**6)]),
        any_of(ids + [f"computer:{deal.version}:{s}" for s in seats] + ["x" * 65, "ok-id", "a:b"]),
        any_of(legal).map(json.dumps),
        st.builds(lambda cards, kind: json.dumps({"type": kind, "cards": cards, "card": cards[:1] and cards[0],
                                                   "seat": 0, "by_computer": True}),
                  st.lists(any_of(others_cards), max_size=6), st.sampled_from(INTENTS)),
        st.integers(3, 400).map(lambda d: json.dumps({"type": "play", "cards": json.loads(deep(d))})
                                if d < 900 else ""),
        st.integers(7, 20000).map(deep),
    )
    names = st.one_of(st.sampled_from(FIELDS), any_of([f"card-{c}" for c in others_cards]), st.text(max_size=12))
    fields = dict(draw(st.lists(st.tuples(names, value), max_size=8)))  # no unique keys: a clash may not draw more
    if draw(st.booleans()):  # most refusals should get past the form's first checks, to reach the engine
        fields.setdefault("action_id", "fz-" + "".join(random.choices("abcdef0123456789", k=12)))
        fields.setdefault("version", str(deal.version))
    return fields


def strings(value: object) -> list[str]:
    if isinstance(value, dict):
        return [t for k, v in value.items() for t in [k, *strings(v)]]
    if isinstance(value, list):
        return [t for v in value for t in strings(v)]
    return [value] if isinstance(value, str) else []


def legal_change(fuzz: Fuzz, before: tuple, after: tuple, sent_ids: set[str]) -> bool:
    """A change the input may make: the sender's legal move (one log line with its action id, the engine's
    result), or the next deal dealt after one that was over."""
    if len(after) == len(before) + 1 and after[:-1] == before and before[-1][2] and after[-1][1] == 0:
        return True
    if len(after) != len(before) or after[:-1] != before[:-1]:
        return False
    deal, records = fuzz.db.deal_and_log(fuzz.token)
    if deal.version != before[-1][1] + 1 or records[-1][3] not in sent_ids:
        return False
    engine = fuzz.engine
    was = engine.load(json.loads(before[-1][3]))
    _version, seat, action, _id, _events = records[-1]
    return engine.dump(engine.apply(was, seat, action)[0]) == deal.state


def send(fuzz: Fuzz, transport: str, sender: str, payload) -> str:
    """One input; returns a finding, or "" when the site answered properly."""
    browser, _seat = fuzz.senders()[sender]
    if transport == "http":
        path, fields, raw = payload
        if raw is not None:
            response = browser.post(f"/de/raum/{fuzz.token}/{path}", {}, htmx=True,
                                    raw=f"csrfmiddlewaretoken={browser.csrf()}&".encode() + raw)
        else:
            response = browser.post(f"/de/raum/{fuzz.token}/{path}", fields, htmx=len(fields) % 2 == 0)
        browser.responses.clear()
        if response.status == DROPPED:  # the site closed the connection (a body too large): alive after?
            fuzz.tried["connections closed by the site"] += 1
            response = browser.get(f"/de/raum/{fuzz.token}/")
            browser.responses.clear()
        if response.status >= 500 or response.status == TIMED_OUT:
            return f"HTTP {response.status} for {path} {str(payload)[:300]}"
        return "" if response.status != DROPPED else f"the site does not answer after {path} {str(payload)[:300]}"
    socket = fuzz.socket(sender)
    socket.send(payload)
    alive = socket.probe(60)
    socket.frames.clear()
    if socket.closed is not None:
        return f"websocket closed {socket.closed} after {str(payload)[:300]}"
    return "" if alive else f"no answer within 60 s after {str(payload)[:300]}"


def http_input(draw, fuzz: Fuzz):
    path = draw(st.sampled_from(HTTP_PATHS))
    if draw(st.integers(0, 9)) == 0:  # a body no form makes: bytes that are not UTF-8, %00, huge, repeated keys
        raw = draw(st.sampled_from([b"intent=play&action_id=%00&version=1", b"card-AS=%FF%FE&action_id=ok",
                                    b"action=" + b"%5B" * 50000, b"a=" + b"x" * 3_000_000,
                                    b"action_id=a&action_id=b&action_id=%00", b"%" * 1000, b"name=%C0%80"]))
        return path, {}, raw
    fields = fuzz_values(draw, fuzz)
    if path in ("platz/computer/", "platz/entfernen/"):
        fields["seat"] = draw(st.sampled_from(BAD_SEATS))
    return path, fields, None


def ws_input(draw, fuzz: Fuzz):
    kind = draw(st.integers(0, 9))
    if kind == 0:
        return draw(st.sampled_from([deep(100_000), '{"a":' * 40_000 + "1" + "}" * 40_000, "not json", "[1, 2]",
                                     '"text"', "1e999999", json.dumps({"x": "y" * 40_000}), b"\x00\xff binary",
                                     '{"command": "move", "action_id": "\\u0000"}', '{"__proto__": {}}',
                                     '{"command": {"nested": true}}', "\x00"]))
    fields = fuzz_values(draw, fuzz)
    fields["command"] = draw(st.sampled_from(COMMANDS))
    return fields


def progress(fuzz: Fuzz, step: int) -> None:
    """Now and then a legal move by the seat to act, so the fuzzing meets every phase of the deal."""
    deal = fuzz.db.deal(fuzz.token)
    if deal.over:
        fuzz.people[0].post(f"/de/raum/{fuzz.token}/weiter/", {}, htmx=True)
        return
    state = fuzz.engine.load(deal.state)
    for seat in sorted(fuzz.engine.actors(state))[:1]:
        fields = form_of(fuzz.game, choose(fuzz.game, state, seat, ("fuzz", step)), deal.version)
        before = fuzz.db.fingerprint(fuzz.token)
        if fuzz.people[seat].post(f"/de/raum/{fuzz.token}/zug/", fields, htmx=True).status != 200:
            continue  # no answer in time on a loaded machine: the move may land later, between two inputs
        # the fuzzer's own check: a legal move does change the fingerprint, and is told from a refusal
        assert legal_change(fuzz, before, fuzz.db.fingerprint(fuzz.token), {fields["action_id"]})
        fuzz.tried["legal moves between"] += 1
    fuzz.people[0].responses.clear()


def run_fuzz(site, game: str, examples: int, transport: str, tally: Counter, findings: list[str]) -> None:
    engine = registry.get(game)
    db = Database(site)
    people = [Browser(site.url) for _ in range(engine.seats)]
    token = people[0].open_room(game, "Fuzz0", set())
    for number, browser in enumerate(people[1:], start=1):
        browser.join(token, f"Fuzz{number}")
    fuzz = Fuzz(site, db, game, token, people, Browser(site.url), Browser(site.url))
    fuzz.spectator.get(f"/de/raum/{token}/")
    step = [0]

    @settings(max_examples=examples, deadline=None, database=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def one_input(data) -> None:
        step[0] += 1
        if step[0] % 25 == 0:
            progress(fuzz, step[0])
        sender = data.draw(st.sampled_from(sorted(fuzz.senders())))
        payload = http_input(data.draw, fuzz) if transport == "http" else ws_input(data.draw, fuzz)
        sent_ids = set()
        if isinstance(payload, dict):
            sent_ids.add(str(payload.get("action_id")))
        elif isinstance(payload, tuple):
            sent_ids.add(str(payload[1].get("action_id")))
        before = db.fingerprint(token)
        finding = send(fuzz, transport, sender, payload)
        after = db.fingerprint(token)
        fuzz.tried[transport] += 1
        if fuzz.tried[transport] % 500 == 0:
            print(f"{game}/{transport}: {fuzz.tried[transport]} inputs, {len(fuzz.findings)} findings", flush=True)
        if finding:
            fuzz.findings.append(f"{game}/{transport}/{sender}: {finding}")
        if after != before:
            if legal_change(fuzz, before, after, sent_ids):
                fuzz.tried["accepted as legal moves"] += 1
            else:
                fuzz.findings.append(f"{game}/{transport}/{sender}: the deal changed after {str(payload)[:300]}")

    try:
        one_input()
    finally:
        for socket in fuzz.sockets.values():
            socket.close()
    # nothing with a control character was stored: names, drafts, chat lines
    stored = db.rows("SELECT s.name, s.draft::text FROM rooms_seat s JOIN rooms_room r ON s.room_id = r.id "
                     "WHERE r.token = %s UNION ALL SELECT c.text, '\"\"' FROM rooms_chatmessage c JOIN rooms_room r "
                     "ON c.room_id = r.id WHERE r.token = %s", [token, token])
    fuzz.findings += [f"{game}: stored with a control character: {row!r}" for row in stored
                      if any(inputs.has_control(text) for text in [row[0], *strings(json.loads(row[1]))])]
    db.close()
    tally[f"bad inputs tried ({transport})"] += fuzz.tried[transport]
    tally["bad inputs accepted as legal moves"] += fuzz.tried["accepted as legal moves"]
    tally["fuzzer's own legal moves between inputs"] += fuzz.tried["legal moves between"]
    tally["bad-input findings"] += len(fuzz.findings)
    tally["bad inputs: connections closed by the site (then alive)"] += fuzz.tried["connections closed by the site"]
    findings.extend(fuzz.findings[:30])
    assert not fuzz.findings, "\n".join(fuzz.findings[:30])


@pytest.mark.parametrize("game", ["dou_dizhu", "chor_voli"])
@pytest.mark.parametrize("transport", ["http", "ws"])
def test_bad_input_gets_an_answer_and_changes_nothing(site, scale, tally, findings, game, transport):
    run_fuzz(site, game, scale.fuzz_inputs // 2, transport, tally, findings)


def test_names_and_chat_with_control_characters_are_refused(site, scale, tally, findings):
    """Joining with, and opening a room under, a name with a control character, and chat lines with one:
    refused (no 5xx), nothing stored."""
    db = Database(site)
    alice = Browser(site.url)
    token = alice.open_room("dou_dizhu", "Alice", {2})
    tried, problems = 0, []
    for number in range(max(20, scale.fuzz_inputs // 10)):
        bad = random.Random(number).choice(HARD_CONTROL) + random.Random(number).choice(["", "Bob", "ß" * 10])
        for path, fields, browser in [(f"/de/raum/{token}/beitreten/", {"name": bad}, Browser(site.url)),
                                      ("/de/raum/neu/chan/", {"name": bad, "seat-1": "computer"}, Browser(site.url)),
                                      (f"/de/raum/{token}/chat/", {"text": bad}, alice)]:
            rooms = db.rows("SELECT count(*) FROM rooms_room", [])
            response = browser.post(path, fields, htmx=number % 2 == 0)
            tried += 1
            if response.status >= 500 or (response.status == 302 and "neu" in path):
                problems.append(f"{path} {fields!r}: {response.status}")
            if "neu" in path and db.rows("SELECT count(*) FROM rooms_room", []) != rooms:
                problems.append(f"a room was opened under the name {bad!r}")
    seats = db.seats(token)
    chat = db.rows("SELECT c.text FROM rooms_chatmessage c JOIN rooms_room r ON c.room_id = r.id "
                   "WHERE r.token = %s", [token])
    if [s for s in seats if s[2]] != [seats[0]] or chat:
        problems.append(f"stored: seats {seats!r}, chat {chat!r}")
    db.close()
    tally["bad inputs tried (names, chat)"] += tried
    tally["bad-input findings"] += len(problems)
    findings.extend(problems[:20])
    assert not problems, problems[:20]
