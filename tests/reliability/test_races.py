"""Races: the same move, or two conflicting moves, of one seat sent at the same moment from two
connections (a websocket and an HTTP post, two websockets, two posts). Exactly one applies: the log
grows by one line, the sender's, and the deal is what the engine makes of that one move."""

from __future__ import annotations

import threading
from collections import Counter

import pytest

from games.core import registry
from tests.reliability.live import Browser, Database, choose, form_of, socket_for

pytestmark = pytest.mark.services
WAYS = [("ws", "http", "same id"), ("ws", "http", "two ids"), ("ws", "ws2", "conflicting"),
        ("http", "http", "conflicting"), ("http", "ws", "conflicting"), ("ws", "ws2", "same id")]


def two_moves(game: str, state, seat: int, salt: int, version: int, way: str) -> tuple[dict, dict]:
    engine = registry.get(game)
    first = form_of(game, choose(game, state, seat, ("race", salt)), version)
    if way == "same id":
        return first, dict(first)
    if way == "two ids":
        return first, {**first, "action_id": first["action_id"] + "b"}
    legal = engine.legal_actions(state, seat)
    if game == "chor_voli":  # another arrangement: every card on the discard pile
        other = {"type": "arrange", "groups": [], "discard": engine.view(state, seat)["hand"]}
    else:
        other = next((a for a in legal if form_of(game, a, version)["action"] != first["action"]), None)
    return first, form_of(game, other, version) if other else {**first, "action_id": first["action_id"] + "c"}


def send(barrier: threading.Barrier, errors: list, browser: Browser, sockets: dict, seat: int, token: str, way: str,
         fields: dict) -> None:
    """One of the two connections: at the barrier, the move; then its answer (a response, or the socket's)."""
    barrier.wait()
    if way == "http":
        response = browser.post(f"/de/raum/{token}/zug/", fields, htmx=True)
        if response.status >= 500:
            errors.append(f"HTTP {response.status}")
    else:
        socket = sockets[(seat, way)]
        socket.send({"command": "move", **fields})
        if not socket.probe(60):
            errors.append(f"the socket did not answer (closed {socket.closed})")


def race_room(site, game: str, races: int) -> Counter:
    engine = registry.get(game)
    db = Database(site)
    people = [Browser(site.url) for _ in range(engine.seats)]
    token = people[0].open_room(game, "Race0", set())
    for number, browser in enumerate(people[1:], start=1):
        browser.join(token, f"Race{number}")
    sockets = {(seat, name): socket_for(site.url, site.port, browser, token)
               for seat, browser in enumerate(people) for name in ("ws", "ws2")}
    counts: Counter = Counter()
    try:
        for number in range(races):
            deal = db.deal(token)
            while deal.over:  # (a Chor Voli deal may be over as it is dealt: four of a kind)
                people[0].post(f"/de/raum/{token}/weiter/", {}, htmx=True)
                deal = db.deal(token)
            state = engine.load(deal.state)
            seat = min(engine.actors(state))
            first_way, second_way, kind = WAYS[number % len(WAYS)]
            moves = two_moves(game, state, seat, number, deal.version, kind)
            records = db.records(deal.id)
            barrier, errors = threading.Barrier(2), []
            threads = [threading.Thread(target=send, args=(barrier, errors, people[seat], sockets, seat, token, way,
                                                            fields))
                       for way, fields in zip((first_way, second_way), moves, strict=True)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(120)
            assert not errors, errors
            after = db.deal(token, deal.number)
            new = db.records(deal.id)[len(records):]
            assert after.version == deal.version + 1 and len(new) == 1, \
                f"{game} race {number} ({kind}): {len(new)} moves applied, version {deal.version} -> {after.version}"
            _version, actor, action, action_id, _events = new[0]
            assert actor == seat and action_id in {m["action_id"] for m in moves}
            assert engine.dump(engine.apply(state, seat, action)[0]) == after.state  # once, not twice
            counts[kind] += 1
            for browser in people:
                browser.responses.clear()
            for socket in sockets.values():
                socket.frames.clear()
    finally:
        for socket in sockets.values():
            socket.close()
        db.close()
    return counts


@pytest.mark.parametrize("game", ["dou_dizhu", "chor_voli", "kowah"])
def test_two_connections_racing_with_one_seat_apply_exactly_one_move(site, scale, tally, game):
    counts = race_room(site, game, scale.races)
    tally["races"] += sum(counts.values())
    print(game, dict(counts))
