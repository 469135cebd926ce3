"""A game page in German and English in Chromium, and the display sliders from page to table.

Screenshots land in test-artifacts/ (rules_chor_voli_de.png, rules_chor_voli_en.png, …).
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

CSS_VAR = "name => getComputedStyle(document.documentElement).getPropertyValue('--' + name).trim()"


def open_page(browser, url: str, locale: str):
    page = browser.new_page(viewport={"width": 1280, "height": 900}, locale=locale)
    page.goto(url)
    return page


def load_every_image(page) -> None:
    """Card pictures load lazily: scroll through the page so the screenshot shows them all."""
    height = page.evaluate("document.documentElement.scrollHeight")
    for y in range(0, height, 700):
        page.evaluate(f"window.scrollTo(0, {y})")
        page.wait_for_timeout(30)
    page.wait_for_function("() => Array.from(document.images).every(i => i.complete && i.naturalWidth > 0)")
    page.evaluate("window.scrollTo(0, 0)")


@pytest.mark.parametrize(
    ("lang", "title", "buttons", "section"),
    [
        ("de", "Chor Voli", ("Spieltisch", "Raum eröffnen"), "So funktioniert Chor Voli"),
        ("en", "Chor Voli", ("Game table", "Open a room"), "How Chor Voli works"),
    ],
)
def test_game_page_renders_in_both_languages(embedded_site, browser, artifacts, lang, title, buttons, section):
    page = open_page(browser, f"{embedded_site.url}/{lang}/spiele/chor-voli/", f"{lang}-{lang.upper()}")
    assert page.locator("html").get_attribute("lang") == lang
    assert page.get_by_role("heading", level=1).inner_text() == title
    assert page.get_by_role("button", name=buttons[0], exact=True).is_visible()
    assert page.get_by_role("link", name=buttons[1], exact=True).is_visible()
    assert page.get_by_role("heading", name=section).is_visible()
    load_every_image(page)
    broken = page.evaluate("Array.from(document.images).filter(i => !i.naturalWidth).map(i => i.src)")
    assert broken == []
    page.screenshot(path=artifacts / f"rules_chor_voli_{lang}.png", full_page=True)
    page.close()


def test_traditions_gallery_in_german(embedded_site, browser, artifacts):
    page = open_page(browser, f"{embedded_site.url}/de/traditionen/to-tom/", "de-DE")
    assert page.locator(".gallery-cards img").count() == 30
    assert page.get_by_text("nicht in Chắn").count() == 5
    load_every_image(page)
    page.screenshot(path=artifacts / "tradition_to_tom_de.png", full_page=True)
    page.close()


def test_sliders_are_keyboard_operable_remembered_and_apply_on_rule_pages_and_tables(embedded_site, browser, artifacts):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="de-DE")
    page = context.new_page()
    page.goto(f"{embedded_site.url}/de/spiele/chor-voli/")
    contrast = page.get_by_label("Kontrast", exact=True)
    warmth = page.get_by_label("Farbtemperatur", exact=True)
    assert contrast.input_value() == "50" and page.get_by_label("Körnung", exact=True).input_value() == "50"
    assert page.evaluate(CSS_VAR, "contrast") == "0.5"
    assert page.locator("[data-display-reset]").is_hidden()

    page.get_by_role("button", name="Einstellungen").click()  # the sliders live in the settings menu
    contrast.focus()
    for _ in range(10):
        page.keyboard.press("ArrowRight")
    warmth.focus()
    page.keyboard.press("Home")  # all the way to cool
    assert contrast.input_value() == "60" and contrast.get_attribute("aria-valuetext") == "60 %"
    assert page.locator('[data-display-value="contrast"]').inner_text() == "60 %"
    assert page.evaluate(CSS_VAR, "contrast") == "0.6" and page.evaluate(CSS_VAR, "warmth") == "0"
    assert "contrast(1.06)" in page.evaluate("getComputedStyle(document.documentElement).filter")

    page.reload()  # remembered by this browser
    assert page.get_by_label("Kontrast", exact=True).input_value() == "60"
    assert page.evaluate(CSS_VAR, "contrast") == "0.6"

    page.get_by_role("button", name="Spieltisch", exact=True).click()  # from the rule page to a table
    page.wait_for_selector("#table")
    assert page.get_by_label("Kontrast", exact=True).input_value() == "60"
    assert page.evaluate(CSS_VAR, "contrast") == "0.6" and page.evaluate(CSS_VAR, "warmth") == "0"
    assert "contrast(1.06)" in page.evaluate("getComputedStyle(document.documentElement).filter")
    page.screenshot(path=artifacts / "table_with_display_settings.png")

    page.get_by_role("button", name="Einstellungen").click()
    page.get_by_role("button", name="Darstellung zurücksetzen").click()
    assert page.evaluate(CSS_VAR, "contrast") == "0.5"
    assert page.get_by_label("Kontrast", exact=True).input_value() == "50"
    assert page.evaluate("document.activeElement.id") == "display-contrast"
    context.close()
