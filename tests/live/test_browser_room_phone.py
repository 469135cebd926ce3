"""Two people in two browsers, Bob on a phone (390 × 844), where the log, the standings, the chat and the room
bar are in a drawer behind one button: a chat line from Alice is counted on that button (a badge, and in the
button's accessible name) until Bob opens the drawer; on a laptop the chat's own summary counts the lines that
come while its panel is folded away. When a computer stands in for Bob, the note that says so carries the button
that takes the seat back, so Bob need not open the drawer (the computer moves within a second).

Bob's page is in English: the words are the templates' own, whatever the German catalogue holds."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.site import embedded
from tests.helpers import AUTO_PASS_OFF

pytestmark = pytest.mark.browser
WAIT = 10_000  # ms a page may take to show what another page did
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1360, "height": 1000}


@pytest.fixture
def site(tmp_path: Path):
    with embedded(tmp_path, CARDAVIA_COMPUTER_PACE="0.1") as running:
        yield running


def open_room(site, browser):
    """Alice (a laptop, German) opens a Chor Voli room with two computers; Bob (a phone, English) sits down."""
    pages = []
    for locale, viewport in (("de-DE", LAPTOP), ("en-GB", PHONE)):
        context = browser.new_context(locale=locale, viewport=viewport)
        context.add_init_script(AUTO_PASS_OFF)
        pages.append(context.new_page())
    alice, bob = pages
    alice.goto(f"{site.url}/de/raum/neu/chor_voli/")
    alice.get_by_label("Dein Anzeigename").fill("Alice")
    for seat in ("seat-2", "seat-3"):
        alice.locator(f"input[name={seat}][value=computer]").check()
    alice.get_by_role("button", name="Raum eröffnen").click()
    alice.wait_for_selector("#table[data-phase=waiting]")
    bob.goto(site.url + alice.locator("[data-invite]").get_attribute("href").replace("/de/", "/en/", 1))
    bob.get_by_label("Your display name").fill("Bob")
    bob.get_by_role("button", name="Take a seat").click()
    for page in (alice, bob):
        page.wait_for_selector("#table[data-phase]:not([data-phase=waiting])", timeout=WAIT)
    return alice, bob


def say(page, text: str) -> None:
    page.locator("#chat-text").fill(text)
    page.locator("#chat-text").press("Enter")


def badge(page, where: str) -> str | None:
    """The count a badge shows, None while it is hidden."""
    return page.evaluate("where => { const b = document.querySelector(where + ' .unread');"
                         " return b && !b.hidden ? b.textContent : null; }", where)


def test_a_chat_line_on_a_phone_is_counted_on_the_drawers_button(site, browser, artifacts):
    from playwright.sync_api import expect  # as the browser fixture: only when used

    shots = Path("/tmp/phone_shots")
    shots.mkdir(exist_ok=True)
    alice, bob = open_room(site, browser)
    drawer = bob.locator(".panels-button")
    expect(drawer).to_have_accessible_name("Log and standings")
    assert badge(bob, ".panels-button") is None

    say(alice, "Hallo Bob!")
    expect(bob.get_by_role("button", name="Log and standings · 1 new message")).to_be_visible(timeout=WAIT)
    assert badge(bob, ".panels-button") == "1"
    say(alice, "Bist du da?")
    expect(drawer).to_have_accessible_name("Log and standings · 2 new messages", timeout=WAIT)
    assert badge(bob, ".panels-button") == "2"
    bob.screenshot(path=shots / "chat_badge_phone.png")
    assert badge(alice, ".panel-chat > summary") is None  # her own lines, and her chat is open beside the table

    drawer.click()  # the drawer opens: the lines are seen, the count goes
    expect(bob.locator("#chat-lines")).to_contain_text("Bist du da?")
    expect(bob.locator("#chat")).to_be_in_viewport()
    assert badge(bob, ".panels-button") is None and badge(bob, ".panel-chat > summary") is None
    expect(drawer).to_have_accessible_name("Log and standings")
    bob.screenshot(path=shots / "chat_opened_phone.png")

    # A line while the drawer is open is seen at once; Bob's own lines are never counted.
    say(alice, "Gut.")
    expect(bob.locator("#chat-lines")).to_contain_text("Gut.")
    say(bob, "Yes, here!")
    alice.wait_for_selector("#chat-lines li:text('Yes, here!')", timeout=WAIT)
    bob.get_by_role("button", name="Back to the table").click()
    assert badge(bob, ".panels-button") is None

    # On a laptop the chat is beside the table; folded away, its summary counts.
    assert badge(alice, ".panel-chat > summary") is None
    alice.locator(".panel-chat > summary").click()
    bob.get_by_role("button", name="Log and standings").click()
    say(bob, "Folded?")
    alice.wait_for_function("() => document.querySelector('.panel-chat > summary .unread').textContent === '1'",
                            timeout=WAIT)
    assert alice.locator(".panel-chat > summary").get_attribute("aria-label").startswith("Chat · ")
    alice.screenshot(path=shots / "chat_badge_laptop_folded.png")
    alice.locator(".panel-chat > summary").click()  # unfolded: the count goes on the panel's toggle event
    alice.wait_for_function("() => { const b = document.querySelector('.panel-chat > summary .unread');"
                            " return !b || b.hidden; }", timeout=WAIT)
    assert alice.locator(".panel-chat > summary").get_attribute("aria-label") is None


def test_a_stand_in_on_a_phone_takes_the_seat_back_from_the_note(site, browser, artifacts):
    from playwright.sync_api import expect  # as the browser fixture: only when used

    shots = Path("/tmp/phone_shots")
    shots.mkdir(exist_ok=True)
    alice, bob = open_room(site, browser)
    alice.get_by_role("button", name="Computer für Bob spielen lassen").click()
    note = bob.locator("#status .stand-in-note")
    note.wait_for(timeout=WAIT)
    take_back = note.get_by_role("button", name="Take my seat back from the computer")
    expect(take_back).to_be_visible()
    assert not bob.evaluate("document.getElementById('panels').matches(':popover-open')")
    # The computer moves for Bob meanwhile, and each move may replace the note: scrolled in one step in the page
    # (Playwright's scroll waits for the element to be still and fails if it was replaced meanwhile).
    take_back.evaluate("button => button.scrollIntoView({block: 'nearest'})")
    bob.screenshot(path=shots / "stand_in_note_phone.png")
    take_back.click()
    expect(bob.locator("#status .stand-in-note")).to_have_count(0, timeout=WAIT)
    alice.wait_for_selector("#seat-1:not(:has(.badge.stand-in))", timeout=WAIT)
    bob.screenshot(path=shots / "stand_in_taken_back_phone.png")
