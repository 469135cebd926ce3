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


# Each shown line's contrast with what lies behind it (WCAG 2's ratio): the backgrounds of the line and its
# ancestors laid one over another (a canvas reads any CSS colour); a felt behind it counts as each colour of its
# gradient in turn (`--felt-light`, its lit centre, and `--felt`), the line's ratio being the lowest. The contrast
# slider's filter on the whole page (`html { filter: contrast(…) }`, per channel in sRGB) is applied to both.
HELP_CONTRAST = """selector => {
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
  const root = getComputedStyle(document.documentElement);
  const felts = ["--felt-light", "--felt"].map(name => [name, rgba(root.getPropertyValue(name))]);
  const c = Number((/contrast\\(([\\d.]+)\\)/.exec(getComputedStyle(document.documentElement).filter) || [0, 1])[1]);
  const filtered = col => col.slice(0, 3).map(v => Math.min(255, Math.max(0, (v / 255 - .5) * c * 255 + 127.5)))
    .concat(1);
  const ratio = (el, felt) => {
    const layers = [];
    for (let a = el; a; a = a.parentElement) {
      if (a.classList.contains("felt")) { layers.push(felt); break; }
      layers.push(rgba(getComputedStyle(a).backgroundColor));
    }
    const back = layers.reverse().reduce((under, top) => over(top, under), [255, 255, 255, 1]);
    const fore = over(rgba(getComputedStyle(el).color), back);
    const [hi, lo] = [lum(filtered(fore)), lum(filtered(back))].sort((x, y) => y - x);
    return Math.round((hi + .05) / (lo + .05) * 100) / 100;
  };
  return [...document.querySelectorAll(selector)].filter(el => el.getClientRects().length).map(el => {
    const on = el.closest(".felt") ? felts : [["paper", null]];
    const [ratio_, against] = on.map(([name, felt]) => [ratio(el, felt), name]).sort((x, y) => x[0] - y[0])[0];
    return {text: el.textContent.trim().slice(0, 50), ratio: ratio_, against};
  });
}"""


def readable_help(page, where: str, selector: str = ".help") -> None:
    lines = page.evaluate(HELP_CONTRAST, selector)
    assert lines, f"{where}: no help line"
    faint = [line for line in lines if line["ratio"] < 4.5]
    assert not faint, f"{where}: lines below WCAG AA's 4.5:1: {faint}"


# The page's help lines taken away, and one laid on a felt instead (Chor Voli's arranging hand has one), with the
# felt's other inks beside it: its plain text, its gold (the prompt of a seat's turn), a seat's light note, the
# green "ready" and rose "problem" notes, and why a button waits (a mistake's red box, and the calm line of a
# situation).
ON_THE_FELT = """() => { document.querySelectorAll(".help").forEach(el => el.remove());
  document.body.insertAdjacentHTML("beforeend", '<div class="felt"><p class="help">Gruppe 1 bis 4</p>'
    + '<p class="plain">13 Karten auf der Hand</p><p class="turn-prompt">Du bist dran</p>'
    + '<p class="seat-note">bestätigt</p><p class="ok">Bereit</p><p class="problem">Kein Paar</p>'
    + '<p class="why-not">Keine Kombination</p><p class="why-not calm">Du spielst an</p></div>'); }"""
FELT_INKS = ".felt .help, .felt .plain, .felt .turn-prompt, .felt .seat-note, .felt .ok, .felt .problem, .felt .why-not"


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
    page.evaluate(ON_THE_FELT)
    readable_help(page, f"a help line on the felt, {size}")
    page.close()


# The display sliders' ends (contrast, warmth in %): colour temperature at both ends, the contrast at its lowest,
# and both at once, and the neutral middle. A warmed or cooled paper is darker than the neutral one, the warmed felt
# lighter, and the lowest contrast pulls ink and paper (and felt and its inks) toward grey: the muted ink and the
# felt's inks must stay at 4.5:1 all the same.
SLIDER_ENDS = [(50, 50), (50, 0), (50, 100), (0, 50), (0, 0), (0, 100), (100, 0), (100, 100)]
MUTED_ON_PAPER = ".help, .site-footer p"  # the form's help lines and the footer: paper pages' muted ink


def test_muted_ink_is_readable_at_the_ends_of_the_display_sliders(embedded_site, browser):
    """The muted ink of paper pages (once 4.0:1 on the fully warmed paper, down to 2.7:1 at the lowest contrast)
    and the felt's inks on its lit centre (`--felt-light`: once 3.85:1 for the light notes, 3.13:1 for the gold
    and 4.29:1 for plain text on the warmed felt, even at 50 % contrast), at each end of the colour temperature and
    contrast sliders, set as a person's browser remembers them (static/js/display.js reads them before the first
    paint)."""
    page = browser.new_page(viewport={"width": 1280, "height": 800}, locale="de-DE")
    page.goto(embedded_site.url + "/de/raum/neu/dou_dizhu/")
    for contrast, warmth in SLIDER_ENDS:
        where = f"contrast {contrast} %, colour temperature {warmth} %"
        page.evaluate("s => localStorage.setItem('cardavia-display', JSON.stringify(s))",
                      {"contrast": contrast, "warmth": warmth})
        page.reload()
        assert page.evaluate("getComputedStyle(document.documentElement).filter") == \
            f"contrast({round(.7 + contrast / 100 * .6, 2):g})", where  # the slider took effect
        readable_help(page, f"{where}, paper", MUTED_ON_PAPER)
        page.evaluate(ON_THE_FELT)
        readable_help(page, f"{where}, the felt", FELT_INKS)
    page.close()
