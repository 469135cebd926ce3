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


# Each shown `.help` line's contrast with what lies behind it (WCAG 2's ratio): the backgrounds of the line and
# its ancestors laid one over another (a canvas reads any CSS colour); a felt behind it counts as its colour.
HELP_CONTRAST = """() => {
  const canvas = document.createElement("canvas"), ctx = canvas.getContext("2d", {willReadFrequently: true});
  const rgba = css => {
    ctx.clearRect(0, 0, 1, 1); ctx.fillStyle = "#000"; ctx.fillStyle = css; ctx.fillRect(0, 0, 1, 1);
    const d = ctx.getImageData(0, 0, 1, 1).data;
    return [d[0], d[1], d[2], d[3] / 255];
  };
  const over = (top, under) => [0, 1, 2].map(i => top[i] * top[3] + under[i] * (1 - top[3])).concat(1);
  const lum = c => {
    const [r, g, b] = c.slice(0, 3).map(v => (v /= 255) <= .03928 ? v / 12.92 : ((v + .055) / 1.055) ** 2.4);
    return .2126 * r + .7152 * g + .0722 * b;
  };
  const felt = getComputedStyle(document.documentElement).getPropertyValue("--felt");
  return [...document.querySelectorAll(".help")].filter(el => el.getClientRects().length).map(el => {
    const layers = [];
    for (let a = el; a; a = a.parentElement) {
      if (a.classList.contains("felt")) { layers.push(rgba(felt)); break; }
      layers.push(rgba(getComputedStyle(a).backgroundColor));
    }
    const back = layers.reverse().reduce((under, top) => over(top, under), [255, 255, 255, 1]);
    const fore = over(rgba(getComputedStyle(el).color), back);
    const [hi, lo] = [lum(fore), lum(back)].sort((x, y) => y - x);
    return {text: el.textContent.trim().slice(0, 50), ratio: Math.round((hi + .05) / (lo + .05) * 100) / 100};
  });
}"""


def readable_help(page, where: str) -> None:
    lines = page.evaluate(HELP_CONTRAST)
    assert lines, f"{where}: no help line"
    faint = [line for line in lines if line["ratio"] < 4.5]
    assert not faint, f"{where}: help lines below WCAG AA's 4.5:1: {faint}"


@pytest.mark.parametrize("size", SIZES)
def test_help_lines_are_readable_on_paper_and_on_the_felt(size, embedded_site, browser, artifacts):
    """The form that opens a room is paper: its two help lines in the muted ink of paper pages, not the felt's
    light tone (1.1:1 on cream); on a table the hand's help line stays light on the dark felt."""
    width, height = SIZES[size]
    page = browser.new_page(viewport={"width": width, "height": height}, locale="de-DE")
    page.goto(embedded_site.url + "/de/raum/neu/dou_dizhu/")
    assert page.locator(".help").count() == 2
    readable_help(page, f"new room, {size}")
    scan(page, artifacts, f"new-room-{size}")
    # A help line on the felt (Chor Voli's arranging hand has one), laid on this page with the site's stylesheet:
    # a solo table's own line shows only while its seat arranges, which a table opened here need not wait for.
    page.evaluate("""() => { document.querySelectorAll(".help").forEach(el => el.remove());
      document.body.insertAdjacentHTML("beforeend", '<div class="felt"><p class="help">Gruppe 1 bis 4</p></div>'); }""")
    readable_help(page, f"a help line on the felt, {size}")
    page.close()
