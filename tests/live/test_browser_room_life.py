"""Two people in two browsers share a room for five deals in a row, with computers: after every single
move the other person's page shows it without a reload or a click. On the way: a seat handed to a
computer and taken back, the server killed and restarted (the banner, live again within 3 s), the chat
and a moderator hiding a line. Chor Voli (four seats, simultaneous) and Dou Dizhu (three, in turn)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from bench.site import embedded, services
from tests.helpers import AUTO_PASS_OFF, assert_as_served, first_legal_move
from tests.live.conftest import require_services

pytestmark = pytest.mark.browser
DEALS = 5
WAIT = 10_000  # ms a page may take to show another page's move


@pytest.fixture
def site(tmp_path: Path):
    # The computers move quickly (the site's own pace is for people to follow them).
    with embedded(tmp_path, CARDAVIA_COMPUTER_PACE="0.1") as running:
        yield running


def page_for(browser, name: str):
    context = browser.new_context(locale="de-DE", viewport={"width": 1360, "height": 1000})
    context.add_init_script(AUTO_PASS_OFF)  # every move of the test is made by hand, and checked
    page = context.new_page()
    page.name = name
    return page


def open_room(site, browser, game: str, computers: tuple[str, ...]):
    """Alice opens the room with computers in the given seats; Bob takes the last free seat."""
    alice, bob = page_for(browser, "Alice"), page_for(browser, "Bob")
    alice.goto(f"{site.url}/de/raum/neu/{game}/")
    alice.get_by_label("Dein Anzeigename").fill("Alice")
    for seat in computers:
        alice.locator(f"input[name={seat}][value=computer]").check()
    alice.get_by_role("button", name="Raum eröffnen").click()
    alice.wait_for_selector("#table[data-phase=waiting]")
    invite = site.url + alice.locator("[data-invite]").get_attribute("href")
    bob.goto(invite)
    bob.get_by_label("Dein Anzeigename").fill("Bob")
    bob.get_by_role("button", name="Platz nehmen").click()
    for page in (alice, bob):  # Alice's page learns over the websocket that the deal has begun
        page.wait_for_selector("#table[data-phase]:not([data-phase=waiting])", timeout=WAIT)
    return alice, bob


def shown(page) -> tuple[int, int]:
    table = page.locator("#table")
    return int(table.get_attribute("data-deal")), int(table.get_attribute("data-version"))


def sees(page, deal: int, version: int) -> None:
    """The page shows this deal version or a newer one, by itself."""
    page.wait_for_function(
        """([deal, version]) => { const t = document.querySelector('#table');
               const d = Number(t.dataset.deal), v = Number(t.dataset.version);
               return d > deal || (d === deal && v >= version); }""",
        arg=[deal, version], timeout=WAIT,
    )


def move(page, other, act) -> None:
    """`act` on `page`, then the other person's page shows the version the mover's page shows (unless `act`
    returns False: the turn was gone before the move)."""
    before = shown(page)
    if act() is False:
        return
    page.wait_for_function(
        "before => { const t = document.querySelector('#table');"
        " return Number(t.dataset.deal) !== before[0] || Number(t.dataset.version) !== before[1]; }",
        arg=list(before), timeout=WAIT,
    )
    sees(other, *shown(page))


def next_deal(alice, bob) -> None:
    number = shown(alice)[0]
    alice.get_by_role("button", name=alice.next_label).click()
    for page in (alice, bob):
        page.wait_for_selector(f"#table[data-deal='{number + 1}']", timeout=WAIT)


def test_five_rounds_of_chor_voli_live_for_both_people(site, browser, artifacts):
    alice, bob = open_room(site, browser, "chor_voli", ("seat-2", "seat-3"))
    alice.next_label = "Nächste Runde"
    rounds = 0  # rounds arranged by hand; one settled at the deal (four of a kind) does not count
    while rounds < DEALS:
        number = shown(alice)[0]
        bob.wait_for_selector(f"#table[data-deal='{number}']", timeout=WAIT)
        if alice.locator("#table[data-phase=over]").count():  # four of a kind: settled at the deal
            next_deal(alice, bob)
            continue
        rounds += 1
        for page in (alice, bob):  # the computers have arranged: only the people are missing
            page.wait_for_function("() => document.querySelectorAll('.seat-note').length === 3"
                                   " && [...document.querySelectorAll('.is-computer .seat-note')]"
                                   ".every(n => n.textContent.includes('bestätigt'))", timeout=WAIT)
        if rounds == 2:
            server_restarts_while_both_pages_are_open(site, alice, bob)
            chat_and_a_moderator(site, browser, alice, bob)
        if rounds == 3:  # Alice lets a computer play Bob's seat: his page says so, the computer arranges
            alice.get_by_role("button", name="Computer für Bob spielen lassen").click()
            bob.wait_for_selector("#status .stand-in-note", timeout=WAIT)
            alice.wait_for_selector("#seat-1 .badge.stand-in", timeout=WAIT)
            alice.wait_for_selector("#seat-1 .seat-note:text('bestätigt')", timeout=WAIT)
        else:
            move(bob, alice, lambda: bob.get_by_role("button", name="Anordnung bestätigen").click())
            alice.wait_for_selector("#seat-1 .seat-note:text('bestätigt')", timeout=WAIT)
        move(alice, bob, lambda: alice.get_by_role("button", name="Anordnung bestätigen").click())
        for page in (alice, bob):
            page.wait_for_selector("#table[data-phase=over]", timeout=WAIT)
        if rounds == 3:  # Bob takes his seat back: both pages show it at once
            bob.locator("#status").get_by_role("button", name="Meinen Platz vom Computer zurücknehmen").click()
            bob.wait_for_selector("#table[data-phase=over]", timeout=WAIT)
            assert bob.locator("#status .stand-in-note").count() == 0
            alice.wait_for_selector("#seat-1:not(:has(.badge.stand-in))", timeout=WAIT)
        if rounds == 1:
            alice.screenshot(path=artifacts / "room_chor_voli_round_over.png", full_page=True)
        next_deal(alice, bob)
    assert shown(alice)[0] >= DEALS + 1 and shown(bob)[0] == shown(alice)[0]


def server_restarts_while_both_pages_are_open(site, alice, bob) -> None:
    """The server dies: both pages say so at once and their moves are disabled; it comes back: both are
    live again within 3 s of it answering."""
    site.kill("web")
    for page in (alice, bob):
        page.wait_for_selector("#connection:not([hidden])", timeout=5_000)
        assert "Verbindung unterbrochen – wird wiederhergestellt" in page.locator("#connection").inner_text()
        assert page.locator("#act fieldset.live").evaluate("f => f.disabled")
    time.sleep(2)  # down for a while: the pages keep trying
    site.start_web()  # returns as soon as the server answers
    answered = time.monotonic()
    for page in (alice, bob):
        page.wait_for_selector("#connection[hidden]", state="attached", timeout=5_000)
        assert not page.locator("#act fieldset.live").evaluate("f => f.disabled")
    assert time.monotonic() - answered <= 3.0


def chat_and_a_moderator(site, browser, alice, bob) -> None:
    """A chat line reaches the other page; a moderator hides it in the admin and it goes from both pages."""
    alice.locator("#chat-text").fill("Viel Glück, <Bob>!")
    alice.get_by_role("button", name="Senden").click()
    bob.wait_for_selector("#chat-lines li:text('Viel Glück, <Bob>!')", timeout=WAIT)
    assert alice.locator("#chat-text").input_value() == ""
    site.manage("shell", "-c", "from django.contrib.auth import get_user_model; "
                "get_user_model().objects.create_superuser('mod', 'mod@example.org', 'Moderation-2024')")
    admin = page_for(browser, "Moderation")
    admin.goto(f"{site.url}/de/admin/login/?next=/de/admin/rooms/chatmessage/")
    admin.locator("#id_username").fill("mod")
    admin.locator("#id_password").fill("Moderation-2024")
    admin.locator("input[type=submit]").click()
    admin.locator("input[name=_selected_action]").first.check()
    admin.locator("select[name=action]").select_option("hide_messages")
    admin.locator("button[name=index]").click()
    admin.locator("textarea[name=reason]").fill("Probe")
    admin.locator("input[type=submit], button[type=submit]").last.click()
    for page in (alice, bob):
        page.wait_for_function("() => !document.querySelector('#chat-lines').textContent.includes('Viel Glück')",
                               timeout=WAIT)
    admin.context.close()


def dou_dizhu_turn(page) -> None:
    """What a plain player does: bid 1 when that is open, else pass; in play lead one card, else pass."""
    if page.locator("#table[data-phase=bidding]").count():
        bid = page.get_by_role("button", name="1 bieten", exact=True)
        (bid if bid.count() and bid.is_enabled() else page.get_by_role("button", name="Passen", exact=True)).click()
        return
    if page.locator(".play-actions[data-table='']").count():  # leading: one card alone is a play
        box = page.locator("#hand input[type=checkbox]").last.get_attribute("id")  # the top card of the fan
        page.locator(f'label[for="{box}"]').click()
        page.wait_for_selector("#selection-ok", timeout=WAIT)
        page.get_by_role("button", name="Spielen", exact=True).click()
    else:
        page.get_by_role("button", name="Passen", exact=True).click()


REGIONS = ["hand", "center", "seat-0", "seat-1", "seat-2", "seat-3"]


def play_deal(alice, bob, number: int, turn, most: int, after_move=None, as_served: bool = False) -> int:
    """Both people play deal `number` to its end, each move by `turn(page)`: every move shows on the other
    page by itself, and at the end Bob's page shows the deal over. `after_move(moves)` runs after each.
    With `as_served`, before each move both pages' hand, center and seats, built from what changed in them
    frame by frame, are compared with the whole table served afresh; returns how many times they were."""
    moves = compared = 0
    while (mover := whose_turn(alice, bob, number)) is not None:
        other = bob if mover is alice else alice
        if as_served:
            compared += assert_as_served(mover, REGIONS) + assert_as_served(other, REGIONS)
            # a hand drawn the same on and off turn (Chuo Pai) can be ticked only on the seat's turn
            assert not mover.locator("#hand fieldset[data-turn-only]:disabled").count()
            assert not other.locator("#hand fieldset[data-turn-only]:enabled").count()
        move(mover, other, lambda page=mover: turn(page))
        moves += 1
        assert moves < most, "the deal does not end"
        if after_move:
            after_move(moves)
    sees(bob, *shown(alice))
    assert bob.locator("#table[data-phase=over]").count()
    return compared


def whose_turn(alice, bob, number: int):
    """The page whose turn it is in deal `number` once the computer has moved, or None when it is over."""
    deadline = time.monotonic() + WAIT / 1000
    while time.monotonic() < deadline:
        for page in (alice, bob):
            if page.locator(f"#table[data-deal='{number}'][data-my-turn=true]").count():
                return page
        if alice.locator(f"#table[data-deal='{number}'][data-phase=over]").count():
            return None
        time.sleep(0.05)
    raise AssertionError("nobody's turn and the deal is not over")


def test_five_deals_of_dou_dizhu_every_move_live_on_the_other_page(site, browser, artifacts):
    alice, bob = open_room(site, browser, "dou_dizhu", ("seat-2",))
    alice.next_label = "Nächste Partie"
    for number in range(1, DEALS + 1):
        play_deal(alice, bob, number, dou_dizhu_turn, most=80)
        if number == 1:
            bob.screenshot(path=artifacts / "room_dou_dizhu_deal_over.png", full_page=True)
        next_deal(alice, bob)


@pytest.mark.parametrize("game, computers", [
    ("chan", ("seat-2", "seat-3")), ("chuo_pai", ("seat-2",)), ("kowah", ("seat-2",)),
])
def test_three_deals_of_the_other_games_live_on_both_pages_in_services_mode(game, computers, browser, tmp_path):
    """Chắn, Chuo Pai and Kowah the same way, on PostgreSQL and Redis with the computers' turns run by a
    Celery worker: every move of a person shows on the other page by itself, across a reload of Bob's page
    and a restart of the server in the second deal; and at each person's turn both pages show what the
    whole table served afresh shows, though frames send most regions as what changed in them."""
    require_services()
    with services(tmp_path, CARDAVIA_COMPUTER_PACE="0.1") as site:
        alice, bob = open_room(site, browser, game, computers)
        alice.next_label = "Nächste Partie"

        def second_deal(moves: int) -> None:
            if moves == 3:
                bob.reload()
                bob.wait_for_selector("#table[data-deal='2']", timeout=WAIT)
            if moves == 6:
                server_restarts_while_both_pages_are_open(site, alice, bob)

        compared = 0
        for number in range(1, 4):
            compared += play_deal(alice, bob, number, lambda page: plain_turn(page, game), most=400,
                                  after_move=second_deal if number == 2 else None, as_served=True)
            if number < 3:
                next_deal(alice, bob)
        assert compared >= 6  # a deal may end before a person's turn (a computer dealer's win at once)


def plain_turn(page, game: str) -> bool:
    """A person's move; where passing is the only one, by its button (these pages do not pass by themselves).

    False when the seat's turn ended before it moved: in Chắn a computer's win on the card on offer is taken
    at once, and every other seat's answer to that card with it (games/chan/rules.py)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout  # as the browser fixture: only when used

    try:
        only = page.locator("#actions [data-auto-pass]")
        if only.count():
            only.first.click()
        else:
            first_legal_move(page, game)
    except PlaywrightTimeout:
        if page.locator("#table[data-my-turn=true]").count():
            raise
        return False
    return True
