"""The leak scanner: whole deals of every game with two people, computers and spectators; every frame
and every HTTP response each viewer received is searched for cards that viewer may not see at that
moment (by code and by name, anywhere in the text), checked against the engine's view of that seat."""

from __future__ import annotations

import itertools
import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import pytest

from games.core import registry
from tests.reliability.leaks import Deck, Oracle, help_panels
from tests.reliability.live import GAMES, Browser, Database, Socket, choose, form_of, socket_for, wait_for

pytestmark = pytest.mark.services
STUCK = 60  # seconds without a new version before a deal counts as stuck (a loaded machine is slow, not stuck)


@dataclass
class Viewer:
    name: str
    seat: int | None
    browser: Browser
    socket: Socket | None = None
    texts: list[tuple[str, tuple[int, int] | None]] = field(default_factory=list)


@dataclass
class Played:
    game: str
    deals: int = 0
    versions: int = 0
    frames: int = 0
    responses: int = 0
    leaks: list[str] = field(default_factory=list)
    closes: list[int] = field(default_factory=list)
    server_errors: int = 0
    help_panels: int = 0
    alice_cards_as_bob: int = 0  # the scanner's own check: Alice's frames hold cards Bob may not see


def play_and_scan(site, game: str, deals: int, spectators: int) -> Played:
    engine = registry.get(game)
    db = Database(site)
    alice, bob = Browser(site.url), Browser(site.url)
    token = alice.open_room(game, "Alice", set(range(2, engine.seats)))
    bob.join(token, "Bob")
    viewers = [Viewer("alice", 0, alice), Viewer("bob", 1, bob)]
    viewers += [Viewer(f"spectator{i}", None, Browser(site.url)) for i in range(spectators)]
    for number, viewer in enumerate(viewers):
        viewer.browser.get(f"/de/raum/{token}/")
        viewer.socket = socket_for(site.url, site.port, viewer.browser, token, lang=("de", "en")[number % 2])
    played = Played(game)
    sends = itertools.count()
    http_move = itertools.cycle([False, False, "htmx", False, "form"])
    try:
        last_change, last_seen = _now(), None
        while True:
            deal = db.deal(token)
            seen = (deal.number, deal.version)
            if seen != last_seen:
                last_change, last_seen = _now(), seen
                if deal.version % 9 == 4:  # now and then each viewer loads the page as well
                    for viewer in viewers:
                        viewer.browser.get(f"/de/raum/{token}/")
            assert _now() - last_change < STUCK, f"{game}: deal {seen} made no progress in {STUCK} s"
            if deal.over:
                played.deals = deal.number
                if deal.number >= deals:
                    break
                if next(sends) % 2:
                    viewers[0].socket.send({"command": "next"})
                else:
                    alice.post(f"/de/raum/{token}/weiter/", {}, htmx=True)
                wait_for(lambda n=deal.number: db.deal(token).number > n, STUCK)
                continue
            state = engine.load(deal.state)
            people = sorted(engine.actors(state) & {0, 1})
            if not people:
                wait_for(lambda v=seen: (lambda d: (d.number, d.version) != v)(db.deal(token)), 2)
                continue
            for seat in people:
                fields = form_of(game, choose(game, state, seat, (deal.number, deal.version, next(sends))),
                                 deal.version)
                how = next(http_move)
                if how:
                    viewers[seat].browser.post(f"/de/raum/{token}/zug/", fields, htmx=how == "htmx")
                else:
                    viewers[seat].socket.send({"command": "move", **fields})
            wait_for(lambda v=seen: (lambda d: (d.number, d.version) != v)(db.deal(token)), 5)
        final = db.deal(token)
        for viewer in viewers:  # every page has seen the end before the frames are counted
            assert viewer.socket.until_shown((final.number, final.version), 60), f"{viewer.name} missed the end"
            assert viewer.socket.probe(60)
    finally:
        for viewer in viewers:
            if viewer.socket is not None:
                viewer.socket.close()
    oracles = {}
    for number in range(1, final.number + 1):
        row = db.deal(token, number)
        oracles[number] = Oracle(game, row, db.records(row.id), Deck(game))
        played.versions += row.version + 1
    db.close()
    deck = Deck(game)
    for viewer in viewers:
        played.closes += [viewer.socket.closed] if viewer.socket.closed not in (None, 1000) else []
        shown = (1, 0)
        texts = [(f.text, f.shown) for f in viewer.socket.frames]
        texts += [(r.body, None) for r in viewer.browser.responses]
        played.server_errors += sum(1 for r in viewer.browser.responses if r.status >= 500)
        played.help_panels = max(played.help_panels, len(help_panels([f.text for f in viewer.socket.frames])),
                                 len(help_panels([r.body for r in viewer.browser.responses])))
        played.frames += len(viewer.socket.frames)
        played.responses += len(viewer.browser.responses)
        for index, (text, fresh) in enumerate(texts):
            if index == len(viewer.socket.frames):
                shown = (final.number, final.version)  # responses: checked against the most the viewer knew
            if fresh is not None:
                shown = fresh
            if shown[0] not in oracles:
                continue  # the lobby before the first deal
            hidden = oracles[shown[0]].hidden(viewer.seat, shown[1])
            if viewer.seat == 0:
                played.alice_cards_as_bob += len(deck.cards_in(text) & oracles[shown[0]].hidden(1, shown[1]))
            for card in sorted(deck.cards_in(text) & hidden):
                at = text.find(card)
                played.leaks.append(f"{game}: {viewer.name} (seat {viewer.seat}) at {shown} saw hidden {card}: "
                                    f"…{text[max(0, at - 120):at + 40]!r}…")
    return played


def _now() -> float:
    import time

    return time.monotonic()


def test_no_viewer_ever_receives_a_card_it_may_not_see(site, scale, tally: Counter, findings: list[str]):
    with ThreadPoolExecutor(len(GAMES)) as pool:
        results = list(pool.map(lambda game: play_and_scan(site, game, scale.deals_per_game, scale.spectators),
                                GAMES))
    lock = threading.Lock()
    with lock:
        for played in results:
            tally["leak scan: deals"] += played.deals
            tally["leak scan: versions"] += played.versions
            tally["leak scan: frames scanned"] += played.frames
            tally["leak scan: HTTP responses scanned"] += played.responses
            tally["leaks"] += len(played.leaks)
            tally["5xx"] += played.server_errors
            tally["1011 closes"] += played.closes.count(1011)
            findings.extend(played.leaks[:20])
            print(f"{played.game}: {played.deals} deals, {played.versions} versions, {played.frames} frames, "
                  f"{played.responses} responses, {len(played.leaks)} leaks "
                  f"({played.alice_cards_as_bob} of Alice's cards found in her frames as if Bob's)")
    assert not [leak for played in results for leak in played.leaks], "\n".join(findings[:20])
    assert not any(played.server_errors for played in results)
    # the scanner finds a hand where there is one: Alice's own frames, read as if Bob had received them
    assert all(played.alice_cards_as_bob > 0 for played in results)
    assert all(played.help_panels <= 1 for played in results), "a help panel changed with the deal: scan it"
    assert not any(played.closes for played in results)
    assert all(played.deals >= scale.deals_per_game for played in results)
