"""A whole Dou Dizhu deal, bidding included, played through the page in Chromium, by mouse and by keyboard."""

from __future__ import annotations

import pytest

from games.dou_dizhu.cards import codes_of, counts_of, mask_of, pick, sort_for_display
from games.dou_dizhu.combos import CATALOGUE, legal_plays
from games.dou_dizhu.planner import plan
from tests.helpers import AUTO_PASS_OFF, open_solo_table

pytestmark = pytest.mark.browser

TURN = "#table[data-my-turn=true], #table[data-phase=over]"




def press(page, name: str, keyboard: bool) -> None:
    """A button by its German name, clicked or focused and pressed with Enter; then wait for the next turn."""
    version = page.locator("#table").get_attribute("data-version")
    control = page.get_by_role("button", name=name, exact=True)
    assert control.is_enabled(), name
    if keyboard:
        control.focus()
        page.keyboard.press("Enter")
    else:
        control.click()
    page.wait_for_function("v => document.querySelector('#table').dataset.version !== v", arg=version)
    page.wait_for_selector(TURN)


SELECTION = "(document.querySelector('#selection') || {dataset: {}}).dataset.selection"


def selection(page) -> list[str]:
    return (page.locator("#selection").get_attribute("data-selection") or "").split()


def tick(page, code: str, keyboard: bool) -> None:
    """Tick or untick one card by a click on its picture or by Space; wait until the table shows it."""
    want = not page.locator(f"#pick-{code}").is_checked()
    if keyboard:
        page.locator(f"#pick-{code}").focus()
        page.keyboard.press("Space")
    else:
        page.locator(f'label[for="pick-{code}"]').click()
    page.wait_for_function(
        f"([code, want]) => ({SELECTION} || '').split(' ').includes(code) === want", arg=[code, want]
    )


def choose(hand: list[str], table: list[str]) -> list[str]:
    """A legal play from what the page shows: the cheapest answer, or lead the biggest part of the plan."""
    mask = mask_of(hand)
    if table:
        plays = legal_plays(counts_of(mask), CATALOGUE[counts_of(mask_of(table))])
        return codes_of(pick(mask, plays[0])) if plays else []
    biggest = max(plan(counts_of(mask)).combos, key=lambda p: (CATALOGUE[p].size, -CATALOGUE[p].key))
    return codes_of(pick(mask, biggest))


def explain_a_refused_selection(page, artifacts, hand: list[str]) -> None:
    """A 3 and a higher card of another rank are no combination: "Spielen" stays disabled and the table says why."""
    low = hand[0]
    other = next(c for c in hand if c[0] != low[0] and c not in ("BJ", "RJ"))
    tick(page, low, keyboard=False)
    tick(page, other, keyboard=True)
    assert page.get_by_role("button", name="Spielen", exact=True).is_disabled()
    assert "keine Kombination" in page.locator("#why-not-play").inner_text()
    page.screenshot(path=artifacts / "dou_dizhu_refused.png", full_page=True)
    page.get_by_role("button", name="Auswahl aufheben").click()
    page.wait_for_selector('#selection[data-selection=""]', state="attached")


def test_a_newcomer_plays_a_whole_deal_with_bidding_from_the_page(embedded_site, browser, artifacts):
    page = browser.new_page(viewport={"width": 1360, "height": 1000}, locale="de-DE")
    page.add_init_script(AUTO_PASS_OFF)  # this test presses "Passen" itself, after reading why
    open_solo_table(page, embedded_site.url, "dou_dizhu")
    assert page.locator(".seat-left, .seat-right").count() == 2  # the two computers
    page.wait_for_selector(TURN + ", #table[data-phase=play]")

    bids = 0
    while page.locator("#table[data-phase=bidding][data-my-turn=true]").count():
        if bids == 0:
            page.screenshot(path=artifacts / "dou_dizhu_bidding.png", full_page=True)
            assert page.locator(".bottom-cards img[alt]").count() == 3  # face down while bidding
        allowed = page.locator("#actions button[data-legal=true]").all_inner_texts()
        assert allowed[-1] == "Passen"
        bids += 1
        press(page, allowed[-2] if len(allowed) > 1 else "Passen", keyboard=bids % 2 == 0)  # the highest bid
        page.wait_for_selector(TURN + ", #table[data-phase=play]")

    page.wait_for_selector("#table[data-phase=play], #table[data-phase=over]")
    assert page.locator("[data-testid=bottom] img").count() == 3  # shown to everyone now
    landlord = page.locator("[data-testid=landlord] .who").get_attribute("data-seat")
    assert page.locator(".badge.role-landlord").count() == 1
    assert page.locator("[data-testid=landlord]").inner_text() in ("Du", f"Computer {int(landlord) + 1}")

    turns = passes = 0
    refused_shown = suggested = False
    while page.locator("#table[data-phase=play]").count():
        page.wait_for_selector(TURN)
        if not page.locator("#table[data-phase=play]").count():
            break
        turns += 1
        keyboard = turns % 2 == 0
        hand = page.locator("#my-title").get_attribute("data-hand").split()
        assert hand == sort_for_display(hand)
        table = (page.locator(".play-actions").get_attribute("data-table") or "").split()
        if turns == 2:
            page.screenshot(path=artifacts / "dou_dizhu_mid_deal.png", full_page=True)
        # On the first turn of play, leading or not (a person outbid by a computer may never lead).
        if not refused_shown and len({c[0] for c in hand}) > 2:
            explain_a_refused_selection(page, artifacts, hand)
            refused_shown = True
        chosen = choose(hand, table)
        if not chosen:
            assert "schlägt" in page.locator("#why-not-play").inner_text()
            assert page.get_by_role("button", name="Spielen", exact=True).is_disabled()
            passes += 1
            press(page, "Passen", keyboard)
            continue
        if table and refused_shown and not suggested:  # the Tipp says why, and ticks its play or marks "Passen"
            assert page.get_by_role("button", name="Tipp", exact=True).is_visible()
            # the region is busy from the click (a worker searches) until the tip replaces it
            assert page.evaluate("document.getElementById('ask-tip').click(), "
                                 "document.getElementById('tip').getAttribute('aria-busy')") == "true"
            assert page.wait_for_selector(".tip-text").inner_text().startswith("Tipp:")
            assert page.locator("#tip[aria-busy]").count() == 0
            suggested = True
            if page.locator("#act button.is-hinted[value=pass]").count():
                passes += 1
                press(page, "Passen", keyboard)
                continue
            page.wait_for_selector("#selection-ok")
            press(page, "Spielen", keyboard)
            continue
        for code in chosen:
            tick(page, code, keyboard)
        assert selection(page) == sort_for_display(chosen)
        assert "Bereit zum Spielen" in page.locator("#selection-ok").inner_text()
        press(page, "Spielen", keyboard)

    page.wait_for_selector("#table[data-phase=over]")
    assert turns >= 1 and refused_shown
    result = page.locator("[data-testid=result]")
    assert "Abrechnung" in result.inner_text()
    assert "Gebot" in result.inner_text() and "Multiplikator" in result.inner_text()
    scores = [int(t) for t in result.locator("tbody td strong").all_inner_texts()]
    assert sum(scores) == 0 and any(scores)  # zero-sum, the landlord wins or pays double
    assert "Die Partie ist vorbei" in page.locator("#announce").inner_text()
    assert page.locator(".standings").inner_text().startswith("Punktestand")
    page.screenshot(path=artifacts / "dou_dizhu_over.png", full_page=True)

    page.reload()  # the same browser gets its seat and the finished deal back
    page.wait_for_selector("#table[data-phase=over]")
    page.get_by_role("button", name="Nächste Partie").click()
    page.wait_for_selector("text=Partie 2")
