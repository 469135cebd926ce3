"""A whole Kowah deal played through the page in Chromium, by mouse and by keyboard."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.utils import translation

from games.kowah.bots import GreedyBot
from rooms.tables import kowah
from tests.helpers import assert_as_served, open_solo_table

pytestmark = pytest.mark.browser

TURN = "#table[data-my-turn=true], #table[data-phase=over]"




def press(page, selector: str, keyboard: bool, shot: Path | None = None) -> str:
    """Click a button, or focus it and press Enter; then wait for the table to move on to my next turn. The hand
    is checked on the table the move led to, mine or not (`shot`: a screenshot there if it is off my turn);
    returns the moment that table was at."""
    version = page.locator("#table").get_attribute("data-version")
    if keyboard:
        page.locator(selector).focus()
        page.keyboard.press("Enter")
    else:
        page.locator(selector).click()
    page.wait_for_function("v => document.querySelector('#table').dataset.version !== v", arg=version)
    moment = assert_hand_for_the_moment(page)
    if moment == "off turn" and shot:
        page.screenshot(path=shot, full_page=True)
    page.wait_for_selector(TURN)
    return moment


def assert_hand_for_the_moment(page) -> str:
    """The hand is the same radios on my turn and off it (templates/games/kowah/table.html#hand): they can be
    picked only while I discard (static/js/table.js disables their fieldset otherwise), and the help shows
    only then. Read in one go, since the table may move on meanwhile; returns the moment it was read at."""
    seen = page.evaluate("""() => {
        const table = document.querySelector("#table"), help = document.querySelector("#pick-help");
        return {turn: table.dataset.myTurn === "true", phase: table.dataset.phase,
                radios: document.querySelectorAll("#hand input[type=radio]").length,
                enabled: document.querySelectorAll("#hand input[type=radio]:enabled").length,
                help: !!help && help.getBoundingClientRect().height > 0};
    }""")
    discarding = seen["turn"] and seen["phase"] == "discard"
    assert seen["radios"] and seen["enabled"] == (seen["radios"] if discarding else 0), seen
    assert seen["help"] == discarding, seen
    return "discard" if discarding else "my draw" if seen["turn"] else "off turn"


def pick(page, card: dict, keyboard: bool) -> bool:
    """Pick a hand card by click on its picture or by Space on its radio; True when the focus stayed on it."""
    if keyboard:
        page.locator(f"#{card['id']}").focus()
        page.keyboard.press("Space")
    else:
        page.locator(f'label[for="{card["id"]}"]').click()
    page.wait_for_selector(f'#act-discard[data-picked="{card["value"]}"]', state="attached")  # the server saw it
    page.wait_for_selector(f'#{card["id"]}:checked', state="attached")
    return page.evaluate("document.activeElement.id") == card["id"]


def hand_radios(page) -> list[dict]:
    return page.locator("#hand input[type=radio]").evaluate_all(
        """els => els.map(e => ({id: e.id, value: e.value, code: e.dataset.code, legal: e.dataset.legal === "true",
                                 checki: !!e.labels[0].querySelector(".allows-checki")}))"""
    )


def choose_discard(cards: list[dict]) -> dict:
    """Like the bench's greedy player: throw the legal card that is part of the fewest pairs and triples."""
    hand = [c["code"] for c in cards]
    legal = [c for c in cards if c["legal"]]
    return min(legal, key=lambda c: GreedyBot._ties(hand, c["code"]))


def explain_a_refused_discard(page, taken: dict, artifacts) -> None:
    """The card just taken may not go back: "Abwerfen" stays disabled and the table says why (K3)."""
    pick(page, taken, keyboard=False)
    assert page.get_by_role("button", name="Abwerfen", exact=True).is_disabled()
    assert "gerade vom Ablagestapel genommen" in page.locator("#why-not-discard").inner_text()
    page.screenshot(path=artifacts / "kowah_refused_discard.png", full_page=True)


def test_a_newcomer_plays_a_whole_deal_from_the_page(embedded_site, browser, artifacts):
    page = browser.new_page(viewport={"width": 1360, "height": 1000}, locale="de-DE")
    open_solo_table(page, embedded_site.url, "kowah")
    page.wait_for_selector(TURN)
    assert page.locator(".seat-left .side, .seat-right .side").count() == 2  # the two computers, clockwise from you
    assert page.locator("[data-testid=stock]").inner_text().isdigit()
    assert not page.locator(".seat-total").first.is_visible()  # no totals in Kowah (K9)

    turns = takes = declared = 0
    moments: set[str] = set()
    off_turn_shot = False
    refused_shown = False
    focus_checks: list[bool] = []
    mid_deal = None
    while page.locator("#table[data-phase=over]").count() == 0:
        assert_pile_whole(page)
        assert assert_as_served(page, ["hand", "seat-1", "seat-2", "center", "pile-cards"])
        moments.add(assert_hand_for_the_moment(page))
        turns += 1
        assert turns < 120, "the deal does not end"
        keyboard = turns % 2 == 0
        phase = page.locator("#table").get_attribute("data-phase")
        if phase == "draw":
            if turns == 1:
                page.screenshot(path=artifacts / "kowah_first_turn.png", full_page=True)
            take = page.locator("#act-take")
            if take.is_disabled():  # the first turn, or a declarer: the table says why
                assert page.locator("#why-not-take").inner_text()
                press(page, "#act-draw", keyboard)
                continue
            hand = page.locator("#hand input[data-code]").evaluate_all("els => els.map(e => e.dataset.code)")
            offer = page.locator("#top-card").get_attribute("data-card")
            if GreedyBot._improves(hand, offer) or (not refused_shown and turns > 2):
                takes += 1
                press(page, "#act-take", keyboard)
            else:
                press(page, "#act-draw", keyboard)
            continue

        cards = hand_radios(page)
        assert len(cards) == 9
        blocked = [c for c in cards if not c["legal"]]
        if blocked and not refused_shown:
            explain_a_refused_discard(page, blocked[0], artifacts)
            refused_shown = True
        declarable = [c for c in cards if c["checki"]]
        # Declare whenever the table offers it, once the K3 refusal was shown: declaring is optional (K5), and a
        # declarer never takes a discard again (0.24 % of first hands could declare at once).
        if declarable and refused_shown:
            focus_checks.append(pick(page, declarable[0], keyboard))
            page.screenshot(path=artifacts / "kowah_checki_offered.png", full_page=True)
            declared += 1
            # a card that closes two pairs offers one button per pair: declare with the first
            press(page, ".act-checki[data-legal] >> nth=0", keyboard)
            page.screenshot(path=artifacts / "kowah_after_checki.png", full_page=True)
            continue
        card = choose_discard(cards)
        focus_checks.append(pick(page, card, keyboard))
        assert page.get_by_role("button", name="Abwerfen", exact=True).is_enabled()
        assert card_name_in(page.locator("#pick-ok").inner_text())
        if turns >= 12 and mid_deal is None:
            mid_deal = page.screenshot(path=artifacts / "kowah_mid_deal.png", full_page=True)
        after = press(page, "#act-discard", keyboard, None if off_turn_shot else artifacts / "kowah_off_turn.png")
        off_turn_shot = off_turn_shot or after == "off turn"

    page.wait_for_selector("[data-testid=result]")
    page.screenshot(path=artifacts / "kowah_over.png", full_page=True)
    label = page.locator("[data-testid=win-label]").inner_text()
    assert label in ("Sieg ×3", "Sieg ×2", "Unentschieden")
    assert "Netto" not in page.locator("#table").inner_text() and "Chip" not in page.locator("#table").inner_text()
    assert page.locator("#announce").inner_text()
    assert turns > 3 and takes > 0 and refused_shown
    assert moments == {"my draw", "discard"} and off_turn_shot
    assert focus_checks and all(focus_checks), "a keyboard user loses the focus when the table re-renders"
    print(f"Kowah browser deal: {turns} turns, {takes} takes, {declared} Checki, result {label}")

    pile = assert_pile_whole(page)
    assert pile, "no older discards in a whole deal"
    page.reload()  # the same browser gets its seat and the finished deal back
    page.wait_for_selector("#table[data-phase=over]")
    assert assert_pile_whole(page) == pile  # the pile the frames built is the one a whole table shows
    page.get_by_role("button", name="Nächste Partie").click()
    page.wait_for_selector("text=Partie 2")
    history = page.locator("[data-testid=history]").inner_text()
    assert "Partie 1:" in history and ("Sieg ×" in history or "Unentschieden" in history)
    assert_pile_whole(page)  # the new deal's pile, not the old one's


def assert_pile_whole(page) -> list[str]:
    """The older discards the page shows, which frames send as the cards added to the list the page has
    (rooms/consumers.py): as many as the pile's heading counts, each once. Returns their titles."""
    titles = page.locator("#pile-cards > li").evaluate_all("els => els.map(e => e.title)")
    heading = page.locator("#pile-title")
    counted = int(heading.inner_text().split("(")[1].split()[0]) if heading.count() else 0
    assert len(titles) == counted, (titles, counted)
    return titles


def card_name_in(text: str) -> bool:
    return text.startswith("Bereit zum Abwerfen:") and len(text) > len("Bereit zum Abwerfen: .")


def test_without_javascript_a_turn_is_played_by_plain_forms(embedded_site, browser, artifacts):
    """Without JavaScript nothing disables the hand's radios, and a pick reaches the server only by "Auswahl
    prüfen" (a <noscript> button, shown in the discard phase): a turn is played by forms and reloads. While the
    seat draws or waits there is no "Abwerfen", so a card picked then is sent by nothing."""
    # A page with JavaScript first: the embedded site runs the computers' paced turns on the event loop its
    # socket binds (rooms/timers.py), so the table gets to the person's turn; the same browser's cookies then
    # open it without JavaScript.
    lively = browser.new_context(locale="de-DE")
    page = lively.new_page()
    open_solo_table(page, embedded_site.url, "kowah")
    page.wait_for_selector("#table[data-my-turn=true][data-phase=draw]")
    plain = browser.new_context(java_script_enabled=False, storage_state=lively.storage_state(),
                                viewport={"width": 1360, "height": 1000}, locale="de-DE")
    page = plain.new_page()
    page.goto(lively.pages[0].url)
    assert page.locator("#hand input[type=radio]:enabled").count() == 8  # nothing disables them
    assert not page.locator("#act-discard").count() and not page.locator(".check-pick").is_visible()
    page.locator("#act-draw").click()
    page.wait_for_selector("#table[data-my-turn=true][data-phase=discard]")
    card = next(c for c in hand_radios(page) if c["legal"])
    page.locator(f'label[for="{card["id"]}"]').click()
    assert page.get_by_role("button", name="Abwerfen", exact=True).is_disabled()  # the server has no pick yet
    page.get_by_role("button", name="Auswahl prüfen").click()
    page.wait_for_selector(f'#act-discard[data-picked="{card["value"]}"]:enabled')
    page.screenshot(path=artifacts / "kowah_without_javascript.png", full_page=True)
    with translation.override("de"):  # the log declines the card: "Du wirfst den Alten Tausender ab."
        phrase = kowah.card_phrase(card["code"], "acc")
    page.get_by_role("button", name="Abwerfen", exact=True).click()
    page.wait_for_selector(f"#log li:has-text('Du wirfst {phrase} ab.')", state="attached")
    plain.close()
    lively.close()
