"""A finished solo deal watched again in Chromium: from the table to the room's deals, step by step with
the arrow keys (and back), to the settlement, then the shuffle check."""

from __future__ import annotations

import pytest

from tests.helpers import arrange_two_groups, deal_until_arranging, open_solo_table

pytestmark = pytest.mark.browser


def step_of(page) -> int:
    return int(page.locator("#replay-step").get_attribute("data-step"))


def press(page, key: str, expected: int) -> None:
    page.keyboard.press(key)
    page.wait_for_selector(f"#replay-step[data-step='{expected}']")


def test_a_finished_solo_deal_is_watched_again_with_the_arrow_keys_and_its_shuffle_checks_out(
        embedded_site, browser, artifacts):
    page = browser.new_page(viewport={"width": 1360, "height": 1000}, locale="de-DE")
    open_solo_table(page, embedded_site.url, "chor_voli")
    deal_until_arranging(page)
    arrange_two_groups(page)
    commitment = page.locator("#fairness").get_attribute("data-commitment")
    assert len(commitment) == 64
    page.get_by_role("button", name="Anordnung bestätigen").click()
    page.wait_for_selector("#table[data-phase=over]")
    assert page.locator("#fairness [data-testid=seed]").count() == 1  # revealed at the end

    page.get_by_role("link", name="Alle Partien dieses Tischs: noch einmal ansehen, Mischung prüfen").click()
    page.locator("tr[data-deal]").first.get_by_role("link", name="Noch einmal ansehen").click()
    page.wait_for_selector("#replay-step[data-step='0']")
    last = int(page.locator("#replay-step").get_attribute("data-last"))
    assert last == 4  # four arrangements
    assert page.locator("[data-testid^=hand-] img.card").count() == 52  # every hand face up
    url_at_start = page.url

    for step in range(1, last + 1):
        press(page, "ArrowRight", step)
        assert "schritt=" in page.url  # each step has its own address
    page.screenshot(path=artifacts / "replay_chor_voli_end.png", full_page=True)
    assert page.locator("[data-testid=settlement]").is_visible()
    press(page, "ArrowRight", last)  # nothing beyond the end
    assert step_of(page) == last
    press(page, "ArrowLeft", last - 1)
    assert page.locator("[data-testid=settlement]").count() == 0

    page.get_by_role("link", name="Anfang").click()  # the same by a plain link
    page.wait_for_selector("#replay-step[data-step='0']")
    page.go_back()
    page.wait_for_selector(f"#replay-step[data-step='{last - 1}']")
    assert page.url != url_at_start

    assert page.locator("[data-testid=seed]").inner_text()
    page.get_by_role("link", name="Mischung prüfen").first.click()
    page.wait_for_selector("[data-testid=verdict]")
    assert page.locator("[data-testid=verdict]").get_attribute("data-ok") == "true"
    assert page.locator("[data-testid=recorded]").inner_text() == commitment
    assert page.locator("[data-testid=recomputed]").inner_text() == commitment
    assert page.locator("tr[data-ok=true]").count() == 4
    page.screenshot(path=artifacts / "shuffle_check_chor_voli.png", full_page=True)
