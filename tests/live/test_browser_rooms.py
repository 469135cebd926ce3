"""Two people in two browsers share a Chor Voli room by invite link and play a round with two computers."""

from __future__ import annotations

import pytest

from tests.helpers import arrange_two_groups, deal_until_arranging

pytestmark = pytest.mark.browser


# What the page shows of its arrangement, for the report when "Anordnung bestätigen" stays disabled (a frame
# that let an older draft's hand back in did that, about 1 run in 10; docs/decisions.md, "Drafts numbered by
# the page"): the draft the last frame was rendered from, the choices of the lists, and the groups as the
# server judged them.
SHOWN = """() => [document.querySelector('#freshness').dataset.draftSeq,
                 [...document.querySelectorAll('select[name^=card-]')].map(s => s.name + '=' + s.value).join(' '),
                 document.querySelector('#actions').innerText]"""


def arrange_and_confirm(page) -> None:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout  # as the browser fixture: only when used

    arrange_two_groups(page)
    try:
        page.get_by_role("button", name="Anordnung bestätigen").click()
    except PlaywrightTimeout as exc:
        raise AssertionError(f"the arrangement cannot be confirmed; the page shows {page.evaluate(SHOWN)}") from exc


def test_two_browsers_share_a_room_by_invite_link(embedded_site, browser, artifacts):
    alice = browser.new_context(locale="de-DE", viewport={"width": 1360, "height": 1000}).new_page()
    alice.goto(embedded_site.url + "/de/raum/neu/chor_voli/")
    alice.get_by_label("Dein Anzeigename").fill("Alice")
    for seat in ("seat-2", "seat-3"):
        alice.locator(f"input[name={seat}][value=computer]").check()
    alice.get_by_role("button", name="Raum eröffnen").click()
    alice.wait_for_selector("#table[data-phase=waiting]")
    invite = embedded_site.url + alice.locator("[data-invite]").get_attribute("href")

    bob = browser.new_context(locale="de-DE", viewport={"width": 1360, "height": 1000}).new_page()
    bob.goto(invite)
    assert "Alice" in bob.locator(".lobby-seats").inner_text()
    bob.get_by_label("Dein Anzeigename").fill("Bob")
    # The server restarts while Bob types: his page reconnects and is sent the whole table again,
    # which must not take away what he typed (hx-preserve; CI once lost it this way).
    bob.evaluate("document.getElementById('table').dataset.before = 'restart'")
    embedded_site.kill("web")
    embedded_site.start_web()
    bob.wait_for_selector("#table:not([data-before])", timeout=30_000)
    assert bob.get_by_label("Dein Anzeigename").input_value() == "Bob"
    bob.get_by_role("button", name="Platz nehmen").click()

    for page in (alice, bob):  # Alice's page learns over the websocket that the round has begun
        page.wait_for_selector("#table[data-phase]:not([data-phase=waiting])")
    deal_until_arranging(alice)
    bob.wait_for_selector(f"#table[data-deal='{alice.locator('#table').get_attribute('data-deal')}']")
    assert "Bob" in alice.locator(".seat-right").inner_text()

    # The server dies and comes back: the pages reconnect by themselves and live updates go on.
    embedded_site.kill("web")
    embedded_site.start_web()
    assert "ordnet noch" in bob.locator(".seat-left").inner_text()
    arrange_and_confirm(alice)
    alice.wait_for_selector("text=Deine Anordnung ist bestätigt")
    bob.wait_for_selector(".seat-left .seat-note:text('bestätigt')")  # Alice, pushed over Bob's reconnected socket
    arrange_and_confirm(bob)
    for page in (alice, bob):
        page.wait_for_selector("#table[data-phase=over]")
    alice.screenshot(path=artifacts / "room_alice_round_over.png", full_page=True)

    bob.reload()  # the same browser is recognised
    bob.wait_for_selector("#table[data-phase=over]")
    assert bob.locator("#my-title").count() == 1

    carol = browser.new_context(locale="de-DE").new_page()
    carol.goto(invite)
    assert "Dieser Raum ist voll" in carol.content()
    assert carol.locator("select[name^=card-], form.join").count() == 0
