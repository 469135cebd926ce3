"""The leak scanner: whole deals of every game with two people, computers and spectators; every frame
and every HTTP response each viewer received is searched for cards that viewer may not see at that
moment (by code and by name, anywhere in the text), checked against the engine's view of that seat."""

from __future__ import annotations

import itertools
import sys
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import pytest

from bench.client import freshness
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
    shown: dict[str, tuple[int, int]] = field(default_factory=lambda: {"frames": (1, 0), "responses": (1, 0)})
    panels: dict[str, set[str]] = field(default_factory=lambda: {"frames": set(), "responses": set()})


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
    played_out: int = 0  # deals that were played, not over as dealt (a Chor Voli quad ends a round at once)


@dataclass
class Scanner:
    """Scans what the viewers received once the deal it shows is over (its oracle complete), then drops it."""

    game: str
    db: Database
    token: str
    played: Played
    deck: Deck = field(init=False)
    oracles: dict[int, Oracle] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.deck = Deck(self.game)

    def oracle(self, number: int) -> Oracle:
        if number not in self.oracles:
            row, records = self.db.deal_and_log(self.token, number)
            self.oracles[number] = Oracle(self.game, row, records, self.deck)
            self.played.versions += row.version + 1
        return self.oracles[number]

    def scan(self, viewers: list[Viewer], before_deal: int) -> None:
        """Everything received that shows a deal numbered below `before_deal` (all of those are over)."""
        for viewer in viewers:
            with viewer.socket.cv:
                frames = viewer.socket.frames
                texts = [(f.text, f.shown, None) for f in frames]
                taken = self._take(viewer, "frames", texts, before_deal)
                del frames[:taken]
            self.played.frames += taken
            responses = viewer.browser.responses
            texts = [(r.body, freshness(r.body)[:2] if freshness(r.body) else None, r.shows) for r in responses]
            self.played.server_errors += sum(1 for r in responses if r.status >= 500)
            taken = self._take(viewer, "responses", texts, before_deal)
            del responses[:taken]
            self.played.responses += taken

    def _take(self, viewer: Viewer, stream: str, texts: list[tuple[str, tuple | None, tuple | None]],
              before_deal: int) -> int:
        """Texts come as (text, its freshness, what the test knows it shows); one with neither shows what the
        page's last text with a freshness showed."""
        for index, (text, fresh, shows) in enumerate(texts):
            shown = shows or fresh or viewer.shown[stream]
            if shown[0] >= before_deal:
                return index
            if not shows:
                viewer.shown[stream] = shown
            viewer.panels[stream].update(help_panels([text]))
            self.played.help_panels = max(self.played.help_panels, len(viewer.panels[stream]))
            self.check(viewer, text, shown)
        return len(texts)

    def check(self, viewer: Viewer, text: str, shown: tuple[int, int]) -> None:
        oracle = self.oracle(shown[0])
        cards = self.deck.cards_in(text, besides=(self.token,))
        if viewer.seat == 0:
            self.played.alice_cards_as_bob += len(cards & oracle.hidden(1, shown[1]))
        for card in sorted(cards & oracle.hidden(viewer.seat, shown[1])):
            at = text.find(card)
            self.played.leaks.append(f"{self.game}: {viewer.name} (seat {viewer.seat}) at {shown} saw hidden {card}: "
                                     f"…{text[max(0, at - 120):at + 40]!r}…")


def check_replay(viewer: Viewer, db: Database, token: str, number: int, path: str, played: Played) -> None:
    """A replay, download or shuffle check opens only once its deal is over, and then shows the deal's end.

    The deal may end between the page that was read before and this request (a computer's last move),
    so an answer that opened is scanned as the end it shows, not as that page's version; that the
    deal was indeed over is checked here: still running when read after the answer, it was running
    when the answer was made.
    """
    response = viewer.browser.get(f"/de/raum/{token}/partien/{number}/{path}")
    if response.status == 200:
        response.shows = (number, sys.maxsize)  # the oracle reads a version past the end as the end
        if not db.deal(token, number).over:
            played.leaks.append(f"{played.game}: {viewer.name} opened partien/{number}/{path} while it was played")


def play_and_scan(site, game: str, deals: int, spectators: int) -> Played:
    engine = registry.get(game)
    db = Database(site)
    alice, bob = Browser(site.url), Browser(site.url)
    token = alice.open_room(game, "Alice", set(range(2, engine.seats)))
    bob.join(token, "Bob")
    viewers = [Viewer("alice", 0, alice), Viewer("bob", 1, bob)]
    viewers += [Viewer(f"spectator{i}", None, Browser(site.url)) for i in range(spectators)]
    played = Played(game)
    scanner = Scanner(game, db, token, played)
    sends = itertools.count()
    http_move = itertools.cycle([False, False, "htmx", False, "form"])
    try:
        for number, viewer in enumerate(viewers):
            viewer.browser.get(f"/de/raum/{token}/")
            viewer.socket = socket_for(site.url, site.port, viewer.browser, token, lang=("de", "en")[number % 2])
        last_change, last_seen = time.monotonic(), None
        while True:
            deal = db.deal(token)
            seen = (deal.number, deal.version)
            if seen != last_seen:
                last_change, last_seen = time.monotonic(), seen
                if deal.version % 9 == 4:  # now and then each viewer loads the page as well, and tries
                    for viewer in viewers:  # the running deal's replay, download and shuffle check
                        viewer.browser.get(f"/de/raum/{token}/")
                        for path in ("", "partie.json", "mischung/"):
                            check_replay(viewer, db, token, deal.number, path, played)
            assert time.monotonic() - last_change < STUCK, f"{game}: deal {seen} made no progress in {STUCK} s"
            if deal.over:
                played.deals = deal.number
                played.played_out += deal.version > 0
                # A deal over as dealt shows every hand at once: the scanner's own check needs one played out.
                if deal.number >= deals and played.played_out:
                    break
                if next(sends) % 2:
                    viewers[0].socket.send({"command": "next"})
                else:
                    alice.post(f"/de/raum/{token}/weiter/", {}, htmx=True)
                wait_for(lambda n=deal.number: db.deal(token).number > n, STUCK)
                scanner.scan(viewers, deal.number + 1)  # what showed the deals that are over
                print(f"{game}: deal {deal.number} scanned, {played.frames} frames, {played.responses} responses, "
                      f"{len(played.leaks)} leaks", flush=True)
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
        for viewer in viewers:  # every page has seen the end before the last frames are scanned
            assert viewer.socket.until_shown((final.number, final.version), 60), f"{viewer.name} missed the end"
            assert viewer.socket.probe(60)
    finally:
        for viewer in viewers:
            if viewer.socket is not None:
                viewer.socket.close()
    scanner.scan(viewers, final.number + 1)
    played.closes = [v.socket.closed for v in viewers if v.socket.closed not in (None, 1000)]
    db.close()
    return played


def test_no_viewer_ever_receives_a_card_it_may_not_see(site, scale, tally: Counter, findings: list[str]):
    """The five games at once, a table each; a game whose play broke off does not hide the others' figures."""
    with ThreadPoolExecutor(len(GAMES)) as pool:
        running = {game: pool.submit(play_and_scan, site, game, scale.deals_per_game, scale.spectators)
                   for game in GAMES}
    results, broken = [], []
    for game, future in running.items():
        try:
            results.append(future.result())
        except Exception as exc:  # reported below, after the figures of the games that played
            broken.append(f"{game}: {exc!r}")
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
    findings.extend(broken)
    assert not broken, broken
    assert not [leak for played in results for leak in played.leaks], "\n".join(findings[:20])
    assert not any(played.server_errors for played in results)
    # the scanner finds a hand where there is one: Alice's own frames, read as if Bob had received them
    assert all(played.alice_cards_as_bob > 0 for played in results)
    assert all(played.help_panels <= 1 for played in results), "a help panel changed with the deal: scan it"
    assert not any(played.closes for played in results)
    assert all(played.deals >= scale.deals_per_game for played in results)
