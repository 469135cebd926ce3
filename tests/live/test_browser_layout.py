"""Every table is one screen, on a laptop (1280×800) and a phone (390×844), from the first deal to its end; Kowah's
and Chuo Pai's on a 1024×768 tablet as well.

A whole deal of each game is played through the page (as a newcomer would: a "Tipp" followed at the
first decision, then "Arrange for me", the first legal card); at its start, at the first turn that asks for
a move and at its end the page is measured at both sizes and at 360 px: no page scroll and no horizontal
overflow, the hand and every action button inside the window, the middle's hint (the phase's sentence) not cut
off, the seats' boxes not overlapping; on a phone
the boxes of Chắn's and Chor Voli's three other seats cut nothing off (no line past a box's edge, no box to
scroll inside), nor does Chắn's result at the end. Chor Voli while all arrange is measured the same way on a
small phone (360×740) too, where the felt may scroll (never the page): the hand and the buttons are then measured
once scrolled to. Screenshots go to test-artifacts/.
"""

from __future__ import annotations

import pytest

from rooms.tables import TABLES
from tests.helpers import click_label_of, first_legal_move, fix_state, open_solo_table

pytestmark = pytest.mark.browser

SIZES = {"laptop": (1280, 800), "phone": (390, 844)}
NARROWEST = 360
SMALL_PHONE = (NARROWEST, 740)
# The moments measured on a small phone as well, per game: Chor Voli's arranging (the middle was 0 px high there).
ON_A_SMALL_PHONE = {"chor_voli": "#table[data-phase=arrange]"}
# The games measured on a 1024×768 tablet as well, its felt beside the side panels: Kowah, whose middle was nearly
# hidden there, and Chuo Pai, whose middle was 0 px high there at the start of a deal on your lead. Not yet Chắn: a
# seat box of its cuts off what it holds there (what is measured for it on a phone).
TABLET = (1024, 768)
ON_A_TABLET = {"kowah", "chuo_pai"}
TURN = "#table[data-my-turn=true], #table[data-phase=over]"
FLIGHTS = """window.__flights = 0;
new MutationObserver(ms => ms.forEach(m => m.addedNodes.forEach(n => {
  if (n.classList && n.classList.contains("flying-card")) window.__flights++;
}))).observe(document, {childList: true, subtree: true});"""

# What the page shows and where: measured in the page.
MEASURE = """reach => {
  const box = el => {
    const r = el.getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height};
  };
  const shown = el => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden";
  };
  const all = selector => [...document.querySelectorAll(selector)].filter(shown);
  const doc = document.documentElement;
  // Where the felt scrolls, the hand and a button count where they stand once scrolled to.
  const reached = el => { if (reach) el.scrollIntoView({block: "nearest", inline: "nearest"}); return el; };
  return {
    width: innerWidth, height: innerHeight, scrollWidth: doc.scrollWidth, scrollHeight: doc.scrollHeight,
    hand: all("#hand").map(el => box(reached(el))),
    tip: all("#tip").map(el => box(reached(el))),
    buttons: all("#actions button, #actions .why-not")
      .map(el => ({...box(reached(el)), text: el.textContent.trim().slice(0, 40)})),
    seats: all("#table .place, #me").map(el => ({...box(el), id: el.id || el.className})),
    // What a seat box cuts off: the box's own overflow, or a descendant that reaches past its edges.
    clipped: all("#table .place").flatMap(place => {
      const r = place.getBoundingClientRect();
      const scrolls = place.scrollWidth > place.clientWidth + 1 || place.scrollHeight > place.clientHeight + 1;
      const out = scrolls ? [`${place.className}: ${place.scrollWidth}×${place.scrollHeight}`
                             + ` in ${place.clientWidth}×${place.clientHeight}`] : [];
      return out.concat([...place.querySelectorAll("*")].filter(el => {
        const e = el.getBoundingClientRect();
        return e.width > 1 && e.height > 1 && shown(el)
          && (e.left < r.left - 1 || e.right > r.right + 1 || e.top < r.top - 1 || e.bottom > r.bottom + 1);
      }).map(el => `${place.className}: ${el.tagName.toLowerCase()}.${el.className} `
                   + JSON.stringify(el.textContent.trim().slice(0, 40))));
    }),
    // The middle's hint (the phase's sentence, e.g. Chor Voli's while all arrange): every line of it inside the
    // middle's box, neither cut off nor to be scrolled to.
    hints: all(".center .phase-hint").flatMap(el => {
      const c = el.closest(".center").getBoundingClientRect(), e = el.getBoundingClientRect();
      return e.top < c.top - 1 || e.bottom > c.bottom + 1
        ? [`${Math.round(e.height)} px of ${JSON.stringify(el.textContent.trim().slice(0, 40))}`
           + ` in a middle ${Math.round(c.height)} px high`] : [];
    }),
    // A result that must be scrolled inside its box (Chắn's, at the end).
    results: all(".chan-result").filter(el => el.scrollHeight > el.clientHeight + 1)
      .map(el => `${el.scrollHeight} px in a box of ${el.clientHeight}`),
  };
}"""
# The four-seat tables, whose three other seats share a phone's width: their boxes show all they hold.
WHOLE_SEATS = {"chan", "chor_voli"}


def inside(rect: dict, page: dict) -> bool:
    return (rect["left"] >= -1 and rect["top"] >= -1
            and rect["right"] <= page["width"] + 1 and rect["bottom"] <= page["height"] + 1)


def overlap(a: dict, b: dict) -> bool:
    return (a["left"] < b["right"] - 1 and b["left"] < a["right"] - 1
            and a["top"] < b["bottom"] - 1 and b["top"] < a["bottom"] - 1)


def assert_in_the_window(seen: dict, where: str, *parts: str) -> None:
    """The measured page (MEASURE) does not scroll, and each of its `parts` (hand, tip, buttons) is in the window."""
    assert seen["scrollWidth"] <= seen["width"], f"{where}: {seen['scrollWidth']} px wide"
    assert seen["scrollHeight"] <= seen["height"], f"{where}: the page scrolls ({seen['scrollHeight']} px)"
    for part in parts:
        for rect in seen[part]:
            assert inside(rect, seen), f"{where}: the {part} {rect.get('text', '')!r} is outside the window {rect}"


def check_one_screen(page, artifacts, game: str, moment: str) -> None:
    """The table at each size (and the narrowest phone): one screen, nothing cut off, no seat over another."""
    sizes = dict(SIZES)
    if game in ON_A_TABLET:
        sizes["tablet"] = TABLET
    if game in ON_A_SMALL_PHONE and page.locator(ON_A_SMALL_PHONE[game]).count():
        sizes["small-phone"] = SMALL_PHONE
    for size, (width, height) in sizes.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)  # layout and lazy card pictures settle
        page.screenshot(path=artifacts / f"layout-{game}-{moment}-{size}.png")
        seen = page.evaluate(MEASURE, size == "small-phone")
        where = f"{game} {moment} at {width}×{height}"
        assert_in_the_window(seen, where, "hand", "buttons")
        assert seen["hints"] == [], f"{where}: the middle's hint is cut off"
        for i, a in enumerate(seen["seats"]):
            for b in seen["seats"][i + 1:]:
                assert not overlap(a, b), f"{where}: {a['id']} overlaps {b['id']}"
        if size != "laptop" and game in WHOLE_SEATS:
            assert seen["clipped"] == [], f"{where}: a seat box cuts off what it holds"
            assert seen["results"] == [], f"{where}: the result is cut off"
    page.set_viewport_size({"width": NARROWEST, "height": 740})
    page.wait_for_timeout(100)
    assert page.evaluate("document.documentElement.scrollWidth") <= NARROWEST, f"{game} {moment}: wider than 360 px"
    page.set_viewport_size({"width": SIZES["phone"][0], "height": SIZES["phone"][1]})


def wait_for_change(page, version: str) -> None:
    page.wait_for_function("v => document.querySelector('#table').dataset.version !== v", arg=version, timeout=20_000)


# What confirms a choice of cards the Tipp ticked, per game.
CONFIRM = {"chor_voli": "Anordnung bestätigen", "dou_dizhu": "Spielen", "chuo_pai": "Spielen", "chan": "Abwerfen",
           "kowah": "Abwerfen"}


def follow_the_tip(page, game: str) -> None:
    """A newcomer asks for a Tipp: a sentence says why, and the hinted move's button is marked or its cards
    are ticked; the newcomer then makes that move."""
    page.get_by_role("button", name="Tipp", exact=True).click()
    tip = page.wait_for_selector(".tip-text")
    assert len(tip.inner_text()) > len("Tipp: ")
    hinted = page.locator("#act button.is-hinted")
    if hinted.count():
        hinted.first.click()
    else:
        page.get_by_role("button", name=CONFIRM[game], exact=True).click()


def move(page, game: str, tip: bool = False) -> bool:
    """One move of the person, the way a newcomer finds it on the page; True when it followed a Tipp."""
    if page.locator("#actions [data-auto-pass]").count():
        return False  # the page passes by itself
    if tip and page.locator("#ask-tip").count():
        follow_the_tip(page, game)
        return True
    if game == "chor_voli":
        page.locator("#arrange-for-me").click()
        page.wait_for_selector("#actions .ready")
        page.get_by_role("button", name="Anordnung bestätigen").click()
    elif game == "dou_dizhu":
        if page.locator("#table[data-phase=bidding]").count():
            page.locator("#actions button[data-legal=true]").last.click()
        elif page.locator(".play-actions[data-table='']").count():  # leading: one card alone is a play
            click_label_of(page, "#hand input[type=checkbox] >> nth=-1")  # the top card of the fan
            page.wait_for_selector("#selection-ok")
            page.get_by_role("button", name="Spielen", exact=True).click()
        else:
            page.get_by_role("button", name="Passen", exact=True).click()
    else:
        first_legal_move(page, game)
    return False


@pytest.mark.parametrize("game", TABLES)
def test_every_table_is_one_screen_on_a_laptop_and_a_phone(game, embedded_site, browser, artifacts):
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="de-DE")
    page = context.new_page()
    open_solo_table(page, embedded_site.url, game)
    # Past a deal won at the deal (Chor Voli's four of a kind, a computer dealer's Thiên ù in Chắn): the next
    # one may be won at once too.
    while page.locator("#table[data-phase=over]").count():
        number = page.locator("#table").get_attribute("data-deal")
        page.get_by_role("button", name="Nächste Runde" if game == "chor_voli" else "Nächste Partie").click()
        page.wait_for_selector(f"#table:not([data-deal='{number}'])")
    check_one_screen(page, artifacts, game, "start")
    asked = tipped = False
    for _ in range(300):
        page.wait_for_selector(TURN, timeout=30_000)
        if page.locator("#table[data-phase=over]").count():
            break
        if not asked and not page.locator("#actions [data-auto-pass]").count():
            check_one_screen(page, artifacts, game, "turn")
            asked = True
        version = page.locator("#table").get_attribute("data-version")
        tipped = move(page, game, tip=not tipped) or tipped
        if game == "chor_voli":  # all arrange at once: a computer's confirmation is a new version too
            page.wait_for_selector("#table[data-my-turn=false], #table[data-phase=over]")
        else:
            wait_for_change(page, version)
    page.wait_for_selector("#table[data-phase=over]")
    page.wait_for_timeout(500)
    check_one_screen(page, artifacts, game, "over")
    context.close()


def test_computer_moves_fly_in_one_after_another_unless_motion_is_reduced(embedded_site, browser):
    """Dou Dizhu's computers play in turn: the page shows their cards flying in, one frame after another;
    under prefers-reduced-motion nothing flies."""
    for motion, flies in (("no-preference", True), ("reduce", False)):
        context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="de-DE",
                                      reduced_motion=motion)
        page = context.new_page()
        page.add_init_script(FLIGHTS)
        open_solo_table(page, embedded_site.url, "dou_dizhu")
        for _ in range(60):
            page.wait_for_selector(TURN, timeout=30_000)
            if page.locator("#table[data-phase=over]").count() or page.evaluate("window.__flights") >= 3:
                break
            version = page.locator("#table").get_attribute("data-version")
            move(page, "dou_dizhu")
            wait_for_change(page, version)
        assert (page.evaluate("window.__flights") >= 3) is flies, motion
        context.close()


# A tester's three layout faults (docs/decisions.md, "What a tester found playing two browsers"), each measured
# where it was seen.

# Each card of a hand on the page: how much of it shows along its middle line (what a finger can hit: the rest lies
# under the next card), and where the middle of that part is.
CARD_TARGETS = """selector => [...document.querySelectorAll(selector)].map(card => {
  const r = card.getBoundingClientRect(), y = r.top + r.height / 2;
  const hits = [];
  for (let x = Math.ceil(r.left); x < r.right; x++) {
    const hit = document.elementFromPoint(x, y);
    if (hit && card.contains(hit)) hits.push(x);
  }
  return {code: card.querySelector("img").getAttribute("alt"), shown: hits.length,
          x: hits.length ? (hits[0] + hits[hits.length - 1]) / 2 : null, y};
})"""
PHONE_FINGER = 32  # px of a card shown, at least: a finger's pad is about 40 px wide


def test_a_dou_dizhu_hand_on_a_phone_leaves_each_card_a_finger_wide_and_a_tap_ticks_that_card(
        embedded_site, browser, artifacts):
    """17 cards in one row showed 19 px of each on a phone, and a tap in a card's middle could tick its
    neighbour: from ten cards the hand lies in two rows, each card shows at least 32 px, a tap at the middle of
    what shows ticks that card and no other, and the actions stay in the window."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="de-DE", has_touch=True,
                                  is_mobile=True)
    page = context.new_page()
    open_solo_table(page, embedded_site.url, "dou_dizhu")
    while True:  # to the first turn of the play that waits for this seat: nothing moves on the page meanwhile
        page.wait_for_selector(TURN, timeout=30_000)
        if page.locator("#table[data-phase=over]").count():  # all passed: dealt again
            page.get_by_role("button", name="Nächste Partie").click()
            page.wait_for_selector("#table:not([data-phase=over])")
            continue
        if page.locator("#table[data-phase=play]").count() and not page.locator("#actions [data-auto-pass]").count():
            break
        version = page.locator("#table").get_attribute("data-version")
        move(page, "dou_dizhu")
        wait_for_change(page, version)
    page.wait_for_selector("#hand .pick")
    for width, height in ((390, 844), (360, 740)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        page.screenshot(path=artifacts / f"layout-dou_dizhu-hand-{width}.png")
        cards = page.evaluate(CARD_TARGETS, "#hand .pick")
        assert len(cards) >= 17
        rows = {round(c["y"]) for c in cards}
        assert len(rows) == 2, f"{len(cards)} cards in {len(rows)} rows at {width} px"
        narrow = [c for c in cards if c["shown"] < PHONE_FINGER - (2 if width == 360 else 0)]
        assert narrow == [], f"cards showing less than a finger's width at {width} px: {narrow}"
        seen = page.evaluate(MEASURE, False)
        for button in seen["buttons"]:
            assert inside(button, seen), f"{button['text']!r} is outside the window at {width} px: {button}"
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(150)
    ticked = []
    for index in (3, -4):  # one card in each row, measured afresh: a tick changes the actions under the hand
        cards = page.evaluate(CARD_TARGETS, "#hand .pick")
        card = cards[index]
        code = page.locator("#hand .pick").nth(cards.index(card)).get_attribute("for").removeprefix("pick-")
        page.touchscreen.tap(card["x"], card["y"])
        page.wait_for_function(f"() => ({SELECTION_OF}).split(' ').includes({code!r})")
        ticked.append(code)
        assert sorted(page.locator("#hand .pick-input:checked").evaluate_all("els => els.map(e => e.dataset.code)")) \
            == sorted(ticked), f"a tap at the middle of {code} ticked another card"
    context.close()


SELECTION_OF = "(document.querySelector('#selection') || {dataset: {}}).dataset.selection || ''"

# Kowah late in a deal (seed 14 played at random): 90 older discards in four rows, a Checki declared (its note under
# the stock), and the seat about to discard, with both discard buttons and their reasons.
KOWAH_LATE = """
from games.core import registry
from games.core.rng import rng_for
engine = registry.get("kowah")
state, rng = engine.new_game(seed=14, seats=3), rng_for(14)
while not (len(state.pile) >= 90 and any(state.waits) and state.turn == 0 and state.phase == "discard"):
    seat = sorted(engine.actors(state))[0]
    state, _ = engine.apply(state, seat, engine.random_action(state, seat, rng))
"""
# Where each part of the middle stands against the middle's box and the window.
IN_THE_MIDDLE = """selectors => {
  const center = document.querySelector("#center .center"), c = center.getBoundingClientRect();
  return {scrolls: center.scrollHeight > center.clientHeight + 1, height: innerHeight, parts: selectors.map(s => {
    const r = document.querySelector(s).getBoundingClientRect();
    return {part: s, top: r.top, bottom: r.bottom, cut: r.top < c.top - 1 || r.bottom > c.bottom + 1};
  })};
}"""


@pytest.mark.parametrize("width, height", [(1280, 800), (1024, 768)])
def test_kowahs_older_discards_and_their_legend_stand_whole_in_the_middle_of_a_laptop(
        width, height, embedded_site, browser, artifacts):
    """On a 1280×800 laptop the seat's hand and its two discard buttons, each with its reason, left the middle too
    little height: the older discards' legend (and most of the discards) were cut off. On a 1024×768 tablet the seat
    took 458 px of a 675 px felt (the Tipp under the actions), the middle's stock, discards and legend were nearly
    hidden and the opponents' Checki notes cut off. Late in a deal, with a Checki's note under the stock and 90
    discards, the middle shows all of them and the legend, unscrolled; the hand, the discard buttons and the Tipp
    stand in the window, and the opponents' boxes (one with its Checki) cut nothing off."""
    page = browser.new_page(viewport={"width": width, "height": height}, locale="de-DE")
    open_solo_table(page, embedded_site.url, "kowah")
    fix_state(embedded_site, page, KOWAH_LATE)
    page.wait_for_selector("#table[data-my-turn=true][data-phase=discard]")
    assert page.locator(".public-note").count() and page.locator("#pile-cards li").count() >= 85
    assert page.locator(".place .front-wait").count() and page.locator("#actions .act-checki").count()
    page.wait_for_timeout(150)
    page.screenshot(path=artifacts / f"layout-kowah-legend-{width}x{height}.png")
    seen = page.evaluate(IN_THE_MIDDLE, ["#stock-pile", "#top-discard", "#pile-cards", ".pile-legend"])
    assert not seen["scrolls"], f"the middle scrolls: {seen}"
    for part in seen["parts"]:
        assert not part["cut"] and part["bottom"] <= seen["height"], f"{part['part']} is cut off: {seen}"
    measured = page.evaluate(MEASURE, False)
    assert len(measured["hand"]) == 1 and len(measured["tip"]) == 1 and len(measured["buttons"]) >= 2
    assert_in_the_window(measured, f"Kowah at {width}×{height}", "hand", "tip", "buttons")
    assert measured["clipped"] == [], f"an opponent's box cuts off what it holds at {width}×{height}"


# Chuo Pai at the start of a deal on your own lead (seed 2): 26 cards in four families (10, 3, 8 and 5), two rows of
# them on a 1024×768 tablet, the scoring piles' table above the middle, the lead's hint in it, and "Pass" with its
# reason why the leader cannot pass.
CHUO_PAI_LEAD = """
from games.core import registry
engine = registry.get("chuo_pai")
state = engine.new_game(seed=2, seats=3)
assert state.current.leader == 0 and len(state.hands[0]) == 26 and not state.current.plays
"""
# The middle of Chuo Pai against what it holds, and each name of the scoring piles' table in lines.
CHUO_PAI_MIDDLE = """() => {
  const center = document.querySelector("#center .center");
  const lines = el => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].filter(r => r.height > 0).map(r => Math.round(r.bottom / 8))).size;
  };
  return {height: center.clientHeight, content: center.scrollHeight,
          names: [...document.querySelectorAll("#scoreboard tbody th")].map(th => lines(th))};
}"""


@pytest.mark.parametrize("width, height", [(1280, 800), (1024, 768)])
def test_chuo_pais_middle_shows_the_lead_beside_a_full_hand_on_a_laptop(width, height, embedded_site, browser,
                                                                       artifacts):
    """On a 1024×768 tablet, at the start of a deal on the seat's own lead, the 26 cards in two rows of families,
    the hand's help, the actions with the reason not to pass and the Tipp under them took the felt's height: the
    middle was 0 px high, its hint (how to lead) cut off, and the scoring piles' names wrapped. The middle shows all
    it holds, unscrolled, each name stands on one line, and the hand, the buttons and the Tipp stand in the window."""
    page = browser.new_page(viewport={"width": width, "height": height}, locale="de-DE")
    open_solo_table(page, embedded_site.url, "chuo_pai")
    fix_state(embedded_site, page, CHUO_PAI_LEAD)
    page.wait_for_selector("#table[data-my-turn=true] #why-not-pass")
    page.wait_for_timeout(150)
    page.screenshot(path=artifacts / f"layout-chuo_pai-lead-{width}x{height}.png")
    middle = page.evaluate(CHUO_PAI_MIDDLE)
    assert middle["content"] <= middle["height"] + 1, f"the middle scrolls at {width}×{height}: {middle}"
    assert middle["names"] and set(middle["names"]) == {1}, f"a name wraps at {width}×{height}: {middle}"
    seen = page.evaluate(MEASURE, False)
    where = f"{width}×{height}"
    assert seen["hints"] == [], f"the middle's hint is cut off at {where}: {seen['hints']}"
    assert len(seen["hand"]) == 1 and len(seen["tip"]) == 1 and len(seen["buttons"]) >= 2
    assert_in_the_window(seen, where, "hand", "tip", "buttons")


CHAN_WON = """
from games.core import registry
from tests.games.chan.helpers import REVEAL, discard, play, table
engine = registry.get("chan")
tom_ready = "2V 2V 3V 3V 4S 4S 5N 5N 6V 6V 7N 7N 9S 9S 3S 3N 8V 8N 2S"
state, _ = play(table({0: "CC", 1: tom_ready}, stock="2N"), (0, discard("CC")), (1, REVEAL), (1, {"type": "win"}))
"""
RESULT_PARTS = """() => {
  const box = document.querySelector(".chan-result"), b = box.getBoundingClientRect();
  return {scrolls: box.scrollHeight > box.clientHeight + 1, height: innerHeight,
          parts: [".round-result", ".bonuses", ".winning-hand .melds"].map(s => {
            const r = box.querySelector(s).getBoundingClientRect();
            return {part: s, top: r.top, bottom: r.bottom, inBox: r.top >= b.top - 1 && r.bottom <= b.bottom + 1};
          })};
}"""


def test_chans_result_is_read_at_a_glance_on_a_laptop_and_a_phone(embedded_site, browser, artifacts):
    """At a won deal's end the result sat in a 240 px box between the seat across and yours, its bonuses and
    settlement to be scrolled to inside it (and on a phone below the fold). On a 1280×800 laptop the whole result
    (settlement, the winner's pairs, the bonuses) now shows without scrolling; on a phone (390×844, 360×740) the
    settlement shows without scrolling anything, the buttons still in the window."""
    page = browser.new_page(viewport={"width": 1280, "height": 800}, locale="de-DE")
    open_solo_table(page, embedded_site.url, "chan")
    fix_state(embedded_site, page, CHAN_WON)
    page.wait_for_selector("#table[data-phase=over] .chan-result .bonuses")
    for width, height in ((1280, 800), (390, 844), (360, 740)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        page.screenshot(path=artifacts / f"layout-chan-result-{width}.png")
        seen = page.evaluate(RESULT_PARTS)
        where = f"Chắn's result at {width}×{height}"
        assert not seen["scrolls"], f"{where} scrolls inside its box: {seen}"
        shown = seen["parts"] if width == 1280 else seen["parts"][:1]  # a phone: the settlement
        for part in shown:
            assert part["inBox"] and part["bottom"] <= height, f"{where}: {part['part']} is not in view: {seen}"
        measured = page.evaluate(MEASURE, False)
        for button in measured["buttons"]:
            assert inside(button, measured), f"{where}: {button['text']!r} is outside the window"
