"""The site works under its Content-Security-Policy: a Chor Voli round played over the websocket, the
settings menu and its sliders, the language menu, card pictures, the web font, a replay, the rule pages,
with not one violation reported by Chromium (neither on the console nor as a securitypolicyviolation)."""

from __future__ import annotations

import pytest

from tests.helpers import arrange_two_groups, deal_until_arranging, open_solo_table

pytestmark = pytest.mark.browser

RECORD_VIOLATIONS = """
window.cspViolations = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.cspViolations.push(e.violatedDirective + " " + e.blockedURI + " " + e.sourceFile + ":" + e.lineNumber);
});
"""


def violations(page) -> list[str]:
    return page.evaluate("window.cspViolations")


def assert_pictures_drawn(page) -> None:
    broken = page.locator("img").evaluate_all("imgs => imgs.filter(i => i.complete && !i.naturalWidth).map(i => i.src)")
    assert broken == []


def test_a_round_the_settings_and_the_pages_work_without_a_policy_violation(embedded_site, browser, artifacts):
    page = browser.new_page(viewport={"width": 1360, "height": 1000}, locale="de-DE")
    console = []
    page.on("console", lambda message: console.append(f"{message.type}: {message.text}"))
    page.add_init_script(RECORD_VIOLATIONS)

    # A whole round: the table's moves go over the websocket (connect-src), the comparisons at the end
    # stagger themselves with an inline CSS variable (style-src-attr), the cards are pictures (img-src).
    open_solo_table(page, embedded_site.url, "chor_voli")
    deal_until_arranging(page)
    arrange_two_groups(page)
    page.get_by_role("button", name="Anordnung bestätigen").click()
    page.wait_for_selector("#table[data-phase=over]")
    page.wait_for_selector(".comparison")
    assert page.locator(".comparison").first.evaluate("e => getComputedStyle(e).getPropertyValue('--i')").strip() == "0"
    assert_pictures_drawn(page)

    # The settings menu: a slider moved by keyboard changes the page at once, a switch is remembered.
    page.get_by_role("button", name="Einstellungen").click()
    page.locator("#display-contrast").focus()
    for _ in range(5):
        page.keyboard.press("ArrowRight")
    assert page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--contrast')").strip() == "0.55"
    page.locator("#turn-sound").check()
    assert page.evaluate("localStorage.getItem('cardavia-turn-sound')") == "on"
    page.screenshot(path=artifacts / "csp_settings.png")
    page.keyboard.press("Escape")

    # The next round starts over the websocket; the finished one is watched again (replay.js, htmx).
    number = int(page.locator("#table").get_attribute("data-deal"))
    page.get_by_role("button", name="Nächste Runde").click()
    page.wait_for_selector(f"#table[data-deal='{number + 1}']")
    page.get_by_role("link", name="Alle Partien dieses Tischs: noch einmal ansehen, Mischung prüfen").click()
    page.locator(f"tr[data-deal='{number}']").get_by_role("link", name="Noch einmal ansehen").click()
    page.wait_for_selector("#replay-step[data-step='0']")
    page.keyboard.press("ArrowRight")
    page.wait_for_selector("#replay-step[data-step='1']")
    assert_pictures_drawn(page)

    # A rule page with Chinese characters in the site's own web font (font-src), and the language menu,
    # which switches by script on change (no inline handler).
    page.goto(embedded_site.url + "/de/spiele/dou-dizhu/")
    assert page.evaluate("document.fonts.load('16px \"Cardavia CJK\"', '地主').then(faces => faces.length)") >= 1
    assert_pictures_drawn(page)
    page.locator("#language").select_option("en")
    page.wait_for_url("**/en/**")

    assert violations(page) == []
    assert [line for line in console if "Content Security Policy" in line or "Permissions-Policy" in line] == []
