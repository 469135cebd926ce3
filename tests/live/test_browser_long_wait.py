"""A room without a clock, and a person who keeps the others waiting: after a minute the others' pages say
for how long (counted by the page itself), the creator lets a computer play the seat from that note, and
the log marks the moves the computer made for that person. Dou Dizhu: Alice (the creator), Bob, a computer."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from bench.site import embedded
from tests.live.test_browser_room_life import WAIT, dou_dizhu_turn, open_room, whose_turn

pytestmark = pytest.mark.browser
WAITED = "03:05"  # how long Bob keeps Alice waiting, on her page's clock
AHEAD = 5 * 60 * 1000  # ms: Alice's device clock is five minutes fast, which alone must not count as waiting


@pytest.fixture
def site(tmp_path: Path):
    with embedded(tmp_path, CARDAVIA_COMPUTER_PACE="0.1") as running:
        yield running


def test_the_others_read_how_long_a_person_keeps_them_waiting_and_the_creator_hands_the_seat_over(
        site, browser, artifacts):
    alice, bob = open_room(site, browser, "dou_dizhu", ("seat-2",))
    alice.clock.install(time=time.time() * 1000 + AHEAD)  # her clock runs on, five minutes fast
    alice.reload()
    alice.wait_for_selector("#table[data-phase]")
    while (mover := whose_turn(alice, bob, 1)) is alice:  # until it is Bob's turn
        version = alice.locator("#table").get_attribute("data-version")
        dou_dizhu_turn(alice)
        alice.wait_for_selector(f"#table:not([data-version='{version}'])", timeout=WAIT)
    assert mover is bob
    note = alice.locator("#long-wait")
    alice.evaluate("() => new Promise(done => setTimeout(done, 1000))")
    assert note.is_hidden()  # the page counts by the server's clock (#freshness[data-now]), not the device's
    alice.clock.fast_forward(WAITED)
    note.wait_for(state="visible", timeout=WAIT)
    assert re.fullmatch(r"Seit 3 Min\. kein Zug von Bob\.", note.locator(".long-wait-text").inner_text())
    assert bob.locator("#long-wait").is_hidden()  # Bob's own turn: nothing to tell him here
    alice.screenshot(path=artifacts / "long_wait_creator.png", full_page=True)
    button = note.get_by_role("button", name="Computer für Bob spielen lassen")
    assert button.is_visible()
    button.click()
    # the computer moves for Bob at once, and the log says so on both pages
    for page in (alice, bob):
        page.wait_for_selector("#log .stand-in-mark", state="attached", timeout=WAIT)
    assert "(Computer für Bob)" in alice.locator("#log").inner_text()
    assert "(Computer für dich)" in bob.locator("#log").inner_text()
    assert alice.locator("#log li[data-stand-in=true]").first.get_attribute("data-seat") == "1"
    alice.screenshot(path=artifacts / "long_wait_log.png", full_page=True)


def test_the_note_names_the_person_where_the_seat_box_sits_inside_its_region(site, browser):
    """Chắn's and Kowah's seat regions hold the seat's box beside its laid-out cards: the note still names the
    person waited for (it named nobody: "kein Zug von ."). Kowah: Alice (the creator, who begins) and Bob."""
    alice, bob = open_room(site, browser, "kowah", ("seat-2",))
    alice.clock.install(time=time.time() * 1000)
    alice.reload()
    alice.wait_for_selector("#table[data-phase]")
    while (mover := whose_turn(alice, bob, 1)) is alice:  # her draw and her discard, as the Tipp would play them
        version = alice.locator("#table").get_attribute("data-version")
        alice.locator("#ask-tip").click()
        alice.locator("#act button.is-hinted").first.click()
        alice.wait_for_selector(f"#table:not([data-version='{version}'])", timeout=WAIT)
    assert mover is bob
    alice.clock.fast_forward("02:05")
    note = alice.locator("#long-wait")
    note.wait_for(state="visible", timeout=WAIT)
    assert re.fullmatch(r"Seit 2 Min\. kein Zug von Bob\.", note.locator(".long-wait-text").inner_text())
    # Bob moves: nobody keeps Alice waiting, and the note hides without its text (a fresh page's has none)
    version = bob.locator("#table").get_attribute("data-version")
    bob.locator("#ask-tip").click()
    bob.locator("#act button.is-hinted").first.click()
    alice.wait_for_selector(f"#table:not([data-version='{version}'])", timeout=WAIT)
    note.wait_for(state="hidden", timeout=WAIT)
    assert note.locator(".long-wait-text").text_content() == ""
