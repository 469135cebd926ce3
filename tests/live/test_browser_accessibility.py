"""Accessibility, checked in the page: axe-core (through axe-playwright-python) finds no serious or critical
violation on the home page, a rule page and every table, on a laptop and on a phone."""

from __future__ import annotations

import json

import pytest

from rooms.tables import TABLES
from tests.helpers import open_solo_table

pytestmark = pytest.mark.browser

SIZES = {"laptop": (1280, 800), "phone": (390, 844)}
SERIOUS = ("serious", "critical")


def violations(page) -> list[dict]:
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page).response["violations"]
    return [
        {"rule": v["id"], "impact": v["impact"], "nodes": [n["target"] for n in v["nodes"]][:5], "help": v["help"]}
        for v in found
        if v["impact"] in SERIOUS
    ]


def scan(page, artifacts, name: str) -> None:
    page.wait_for_timeout(300)  # the table's first moves and lazy pictures settle
    found = violations(page)
    if found:
        (artifacts / f"axe-{name}.json").write_text(json.dumps(found, indent=2, ensure_ascii=False))
    assert not found, f"{name}: " + json.dumps(found, indent=1, ensure_ascii=False)


@pytest.mark.parametrize("size", SIZES)
def test_home_and_rule_page_have_no_serious_violation(size, embedded_site, browser, artifacts):
    width, height = SIZES[size]
    page = browser.new_page(viewport={"width": width, "height": height}, locale="de-DE")
    page.goto(embedded_site.url + "/de/")
    scan(page, artifacts, f"home-{size}")
    page.goto(embedded_site.url + "/de/spiele/chor-voli/")
    scan(page, artifacts, f"rules-{size}")
    page.close()


@pytest.mark.parametrize("game", TABLES)
def test_every_table_has_no_serious_violation(game, embedded_site, browser, artifacts):
    page = browser.new_page(viewport={"width": 1280, "height": 800}, locale="de-DE")
    open_solo_table(page, embedded_site.url, game)
    page.wait_for_selector("#table[data-my-turn=true], #table[data-phase=over]")
    scan(page, artifacts, f"table-{game}-laptop")
    page.set_viewport_size({"width": 390, "height": 844})
    scan(page, artifacts, f"table-{game}-phone")
    page.get_by_role("button", name="Verlauf und Stand").click()  # the drawer of side panels, open
    page.wait_for_selector("#panels:popover-open")
    scan(page, artifacts, f"table-{game}-phone-panels")
    page.close()
