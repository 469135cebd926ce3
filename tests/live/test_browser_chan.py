"""A whole Chắn deal played through the page in Chromium, by mouse and by keyboard.

The deal is shuffled afresh, so the test reads what the page offers at each turn (`data-legal` on
the buttons and the hand's radios) and answers like a careful newcomer: win when "Ù" is offered,
take a Chíu, take the offered card into a pair, otherwise leave it; to discard, pick a card the
page allows. On the first discard it picks a blocked card to see the table explain why.
"""

from __future__ import annotations

import json

import pytest

from tests.helpers import AUTO_PASS_OFF, assert_as_served, fix_state, open_solo_table

pytestmark = pytest.mark.browser

TURN = "#table[data-my-turn=true], #table[data-phase=over]"




SETTLE = """() => new Promise(resolve => {
    let last = document.querySelector("#table"), since = Date.now();
    const timer = setInterval(() => {
        const now = document.querySelector("#table");
        if (now !== last) { last = now; since = Date.now(); }
        else if (Date.now() - since > 400) { clearInterval(timer); resolve(true); }
    }, 50);
})"""


def settle(page) -> None:
    """Wait until no live update has replaced the table for a moment (the computers' moves arrive one by one)."""
    page.evaluate(SETTLE)


def pick(page, radio: dict, keyboard: bool) -> None:
    """Pick a hand card by click on its picture or by Space on its radio; wait until the table shows it."""
    settle(page)
    if keyboard:
        page.locator(f"#{radio['id']}").focus()
        page.keyboard.press("Space")
    else:
        page.locator(f'label[for="{radio["id"]}"]').click()
    page.wait_for_selector(f'#hand[data-picked="{radio["value"]}"] #{radio["id"]}:checked', state="attached")


def press(page, button, keyboard: bool) -> None:
    """Press a button by mouse or by Enter, and wait for the next moment the viewer must act (or the end)."""
    version = page.locator("#table").get_attribute("data-version")
    if keyboard:
        button.focus()
        page.keyboard.press("Enter")
    else:
        button.click()
    page.wait_for_function("v => document.querySelector('#table').dataset.version !== v", arg=version)
    page.wait_for_selector(TURN)


def hand_radios(page) -> list[dict]:
    return page.locator("#act input.pick-input").evaluate_all(
        "els => els.map(e => ({id: e.id, value: e.value, name: e.dataset.name, legal: e.dataset.legal === 'true'}))"
    )


def explain_a_blocked_discard(page, radios: list[dict], artifacts) -> bool:
    """A card that may not be discarded: "Abwerfen" stays disabled and the table says why, naming the card."""
    blocked = next((r for r in radios if not r["legal"]), None)
    if blocked is None:
        return False
    pick(page, blocked, keyboard=False)
    assert page.get_by_role("button", name="Abwerfen").is_disabled()
    reason = page.locator("#why-not-discard").inner_text()
    assert blocked["name"] in reason, reason
    assert "darfst" in reason or "dürfen" in reason, reason
    page.screenshot(path=artifacts / "chan_blocked_discard.png", full_page=True)
    return True


def answer(page, step: int, explained: bool, artifacts) -> tuple[str, bool]:
    """One answer of the viewer: what the page offers decides; odd steps use the keyboard."""
    keyboard = step % 2 == 1
    act = page.locator("#act")
    offered = {json.loads(v)["type"] for v in act.locator("button[data-legal]").evaluate_all(
        "els => els.map(e => e.dataset.legal)")}
    choices = (("win", "button.claim-win"), ("chiu", "button.claim-chiu"), ("meld", "button.take[data-legal]"))
    for kind, selector in choices:
        if kind in offered:
            press(page, act.locator(selector).first, keyboard)
            return kind, explained
    radios = hand_radios(page)
    if radios:
        if not explained:
            explained = explain_a_blocked_discard(page, radios, artifacts)
        legal = [r for r in radios if r["legal"]]
        pick(page, legal[-1], keyboard)
        assert "Bereit zum Abwerfen" in page.locator("#pick-ok").inner_text()
        press(page, page.get_by_role("button", name="Abwerfen"), keyboard)
        return "discard", explained
    press(page, act.locator("button.decline").first, keyboard)
    return "decline", explained


def play_deal(page, artifacts, explained: bool) -> tuple[list[str], bool]:
    """Answer every turn of the viewer until the deal is over."""
    answers, step, seen_offer = [], 0, False
    while not page.locator("#table[data-phase=over]").count():
        step += 1
        assert step < 60, "the deal does not end"
        assert page.locator("#turn-prompt").inner_text()  # the page says what to do
        if not seen_offer and page.locator("[data-testid=offer]").count():
            seen_offer = True
            page.screenshot(path=artifacts / "chan_offer.png", full_page=True)
        assert assert_as_served(page, ["hand", "seat-1", "seat-2", "seat-3", "center"])
        kind, explained = answer(page, step, explained, artifacts)
        answers.append(kind)
    return answers, explained


def next_deal(page) -> None:
    """The next deal, shown: the viewer's turn, or its end (a computer dealer may win it at once, Thiên ù)."""
    number = page.locator("#table").get_attribute("data-deal")
    page.get_by_role("button", name="Nächste Partie").click()
    page.wait_for_selector(f"#table:not([data-deal='{number}'])")
    page.wait_for_selector(TURN)


def test_a_newcomer_plays_a_whole_deal_from_the_home_page(embedded_site, browser, artifacts):
    page = browser.new_page(viewport={"width": 1360, "height": 1000}, locale="de-DE")
    page.add_init_script(AUTO_PASS_OFF)  # this test declines a card it cannot use itself, by its button
    open_solo_table(page, embedded_site.url, "chan")
    page.wait_for_selector(TURN)
    while page.locator("#table[data-phase=over]").count():  # a computer dealer's Thiên ù: deal again
        next_deal(page)

    # Four doors, the stock, and the viewer's own cards: 19, or 20 for the dealer.
    assert page.locator(".table-chan .side").count() == 3
    assert page.locator(".front-door").count() == 4
    assert page.locator(".table-chan .fan img.card").count() in (19, 20)
    assert page.locator("[data-testid=stock-pile]").count() == 1

    answers, explained = play_deal(page, artifacts, explained=False)
    for _deal in range(4):  # a computer may win before the viewer had a single move: deal again
        if answers:
            break
        next_deal(page)
        answers, explained = play_deal(page, artifacts, explained)
    assert answers, "the viewer never had a move"
    page.screenshot(path=artifacts / "chan_over.png", full_page=True)

    result = page.locator("[data-testid=result]")
    assert "Die Partie ist vorbei" in result.inner_text()
    scores = [int(page.locator(f"[data-testid=score-{s}]").inner_text()) for s in range(4)]
    assert sum(scores) == 0
    if any(scores):  # a win: the bonuses and how the score came about
        assert result.locator("table.bonuses tbody tr").count() >= 1
        assert "Punkte" in page.locator("[data-testid=formula]").inner_text()
    else:  # a draw, said to the seated viewer beside the actions (the middle says it only to watchers)
        assert "Unentschieden" in page.locator(".my-result").inner_text()
    assert "Die Partie ist vorbei" in page.locator("#announce").inner_text()

    page.reload()  # the same browser gets its seat and the finished deal back
    page.wait_for_selector("#table[data-phase=over]")
    number = page.locator(".table-head .round").inner_text()
    next_deal(page)
    assert page.locator(".table-head .round").inner_text() != number


FIXED_CLAIM = """
from games.core import registry
from tests.games.chan.helpers import REVEAL, discard, play, table
engine = registry.get("chan")
state, _ = play(table({0: "2V 2V 2V", 1: "2V"}, dealer=1), (1, discard("2V")), (2, REVEAL))
"""


def test_a_chiu_out_of_turn_is_offered_taken_and_its_discard_goes_to_the_interrupted_door(
        embedded_site, browser, artifacts):
    """Computer 2 deals and discards Two Vạn, Computer 3 would turn up a stock card; you hold three Two Vạn."""
    page = browser.new_page(viewport={"width": 1360, "height": 1000}, locale="de-DE")
    open_solo_table(page, embedded_site.url, "chan")
    page.wait_for_selector(TURN)
    fix_state(embedded_site, page, FIXED_CLAIM)
    page.wait_for_selector("#act button.claim-chiu")

    assert page.locator("#act button.claim-win").count() == 0  # offered only when legal
    assert page.locator("#act button.take").count() == 0  # not your turn: no ordinary meld
    assert "außer der Reihe nehmen (Chíu)" in page.locator("#turn-prompt").inner_text()
    assert page.locator("[data-testid=offer]").get_attribute("data-card") == "2V"
    page.screenshot(path=artifacts / "chan_claim.png", full_page=True)

    press(page, page.get_by_role("button", name="Chíu"), keyboard=True)
    assert "an die Tür von Computer 3" in page.locator("#turn-prompt").inner_text()
    assert page.locator("[data-testid=melds-0] .meld-chiu").count() == 1
    radio = next(r for r in hand_radios(page) if r["legal"])
    pick(page, radio, keyboard=False)
    press(page, page.get_by_role("button", name="Abwerfen"), keyboard=False)
    assert f"Du wirfst {radio['name']} an die Tür von Computer 3 ab." in page.locator("#log").inner_text()


# The Tipp shown and the buttons it marks (static/js/table.js `markHint`): a discard is marked on "Abwerfen" (its
# card comes ticked from the server), every other move on the button that makes it.
TIPP = """() => {
  const tip = document.querySelector("#tip [data-hint-action]");
  const marked = [...document.querySelectorAll("#act button.is-hinted")].filter(b => b.getClientRects().length);
  return {hint: tip && JSON.parse(tip.dataset.hintAction), text: tip && tip.textContent.trim(),
          marked: marked.map(b => b.name === "intent" ? {type: b.value} : JSON.parse(b.value))};
}"""


def test_the_tipp_marks_the_button_of_its_move_at_every_decision(embedded_site, browser):
    """A tester once saw the Tipp's only move unmarked. Through the real page (frames, animations, the hint
    searched on its own and sent as a frame): at each of the viewer's first six decisions the Tipp is asked
    and exactly the button of its move is marked; the test then plays it. With auto-pass off, a turn where
    passing is the only move is a decision too."""
    page = browser.new_page(viewport={"width": 1360, "height": 1000}, locale="de-DE")
    page.add_init_script(AUTO_PASS_OFF)
    open_solo_table(page, embedded_site.url, "chan")
    page.wait_for_selector(TURN)
    tipped: list[str] = []
    while len(tipped) < 6:
        if page.locator("#table[data-phase=over]").count():
            if tipped:
                break
            next_deal(page)  # won before the viewer had a move: deal again
            continue
        settle(page)
        if not page.locator("#table[data-my-turn=true]").count():
            page.wait_for_selector(TURN)
            continue
        page.locator("#ask-tip").click()
        page.wait_for_selector("#tip [data-hint-action]")
        shown = page.evaluate(TIPP)
        hint = shown["hint"]
        wanted = {"type": "discard"} if hint["type"] == "discard" else hint
        assert shown["marked"] == [wanted], shown
        tipped.append(hint["type"])
        press(page, page.locator("#act button.is-hinted"), keyboard=len(tipped) % 2 == 0)
    assert tipped
