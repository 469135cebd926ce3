"""A whole Chor Voli round played through the page in Chromium, by mouse and by keyboard."""

from __future__ import annotations

import pytest

from tests.helpers import deal_until_arranging, disjoint_groups

pytestmark = pytest.mark.browser


def test_a_newcomer_plays_a_whole_round_from_the_home_page(embedded_site, browser, artifacts):
    page = browser.new_page(viewport={"width": 1360, "height": 1000}, locale="de-DE")
    page.goto(embedded_site.url + "/de/")
    page.get_by_role("button", name="Chor Voli allein gegen drei Computer spielen").click()
    page.wait_for_selector("#table")
    deal_until_arranging(page)

    hand = [name.removeprefix("card-") for name in
            page.locator("select[name^=card-]").evaluate_all("els => els.map(e => e.name)")]
    assert len(hand) == 13
    first, second = disjoint_groups(hand)

    # An invalid draft is explained before confirming, and the confirm button stays disabled.
    page.locator(f"#choice-{hand[0]}").select_option("3")
    page.wait_for_selector(".draft-group.group-3.is-invalid")
    assert "genau drei Karten" in page.locator(".draft-group.group-3 .problem").inner_text()
    assert page.get_by_role("button", name="Anordnung bestätigen").is_disabled()
    page.locator(f"#choice-{hand[0]}").select_option("x")
    page.wait_for_selector(".draft-group.group-3:not(.is-invalid)")

    for card in first:  # by mouse: one click moves a discarded card into group 1
        page.locator(f"#cycle-{card}").click()
        page.wait_for_selector(f".hand-card.group-1 #choice-{card}")
    for card in second:  # by keyboard: the card's own list
        page.locator(f"#choice-{card}").focus()
        page.locator(f"#choice-{card}").select_option("2")
        page.wait_for_selector(f".hand-card.group-2 #choice-{card}")
    page.wait_for_selector(".draft-group.group-1.is-valid")
    page.wait_for_selector(".draft-group.group-2.is-valid")

    page.get_by_role("button", name="Anordnung bestätigen").click()
    page.wait_for_selector("#table[data-phase=over]")
    page.wait_for_timeout(4000)  # let the comparisons appear one after another
    page.screenshot(path=artifacts / "chor_voli_round_over.png", full_page=True)
    assert page.locator(".comparison").count() >= 2
    assert "Runde vorbei" in page.locator("#announce").inner_text()

    page.reload()  # the same browser gets its seat and the finished round back
    page.wait_for_selector("#table[data-phase=over]")
    number = int(page.locator("#table").get_attribute("data-deal"))
    page.get_by_role("button", name="Nächste Runde").click()
    page.wait_for_selector(f"text=Runde {number + 1}")
    page.screenshot(path=artifacts / "chor_voli_round_2.png", full_page=True)
