"""Small helpers shared by the site's tests."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from itertools import combinations

from bench.client import DISCARD, LEGAL_BUTTON, LEGAL_PICK, PLAYS, plays
from bench.client import SPACES as SPACES  # a page's copy brought up to date by a frame's swaps, for the tests
from bench.client import applied as applied
from games.chor_voli.groups import classify
from rooms.models import Room
from rules_content.games import BY_KEY


def disjoint_groups(hand: list[str], wanted: int = 2) -> list[tuple[str, ...]]:
    """Up to `wanted` valid, disjoint Chor Voli groups from a hand, found greedily."""
    groups: list[tuple[str, ...]] = []
    for triple in combinations(hand, 3):
        if len(groups) == wanted:
            break
        if classify(triple) and not any(set(triple) & set(g) for g in groups):
            groups.append(triple)
    return groups


def arrangement_action(hand: list[str]) -> dict:
    """A Chor Voli arrangement of a hand as the engine takes it: two valid groups, the rest discarded."""
    groups = disjoint_groups(hand)
    grouped = {card for group in groups for card in group}
    return {"type": "arrange", "groups": [list(g) for g in groups], "discard": [c for c in hand if c not in grouped]}


def arrangement_fields(hand: list[str], groups: list[tuple[str, ...]]) -> dict[str, str]:
    """The table form's fields for an arrangement: `card-<code>` = group number or "x" (discard)."""
    fields = {f"card-{card}": "x" for card in hand}
    for number, group in enumerate(groups, start=1):
        fields.update({f"card-{card}": str(number) for card in group})
    return fields


# A browser whose person passes by hand (the table's auto-pass setting is on by default).
AUTO_PASS_OFF = "localStorage.setItem('cardavia-auto-pass', 'off')"


def arrange_two_groups(page) -> None:
    """On a Chor Voli table, put two valid groups of the hand into slots 1 and 2 by their selects,
    waiting for each card to show its slot."""
    hand = [name.removeprefix("card-") for name in
            page.locator("select[name^=card-]").evaluate_all("els => els.map(e => e.name)")]
    for number, group in enumerate(disjoint_groups(hand), start=1):
        for card in group:
            page.locator(f"#choice-{card}").select_option(str(number))
            page.wait_for_selector(f".hand-card.group-{number} #choice-{card}")


def deal_until_arranging(page) -> None:
    """Past four-of-a-kind rounds (over at the deal, 12.7 % of them): deal on until a round waits for us."""
    while page.locator("#table[data-phase=over]").count():
        number = page.locator("#table").get_attribute("data-deal")
        page.get_by_role("button", name="Nächste Runde").click()
        page.wait_for_selector(f"#table:not([data-deal='{number}'])")


def open_solo_table(page, base_url: str, game: str) -> None:
    """One click from the game's rule page: its "Spieltisch" form, you against the computers."""
    page.goto(f"{base_url}/de/spiele/{BY_KEY[game].slug}/")
    page.locator(f'form[action="/de/tisch/{game}/solo/"] button').first.click()
    page.wait_for_selector(f"#table.table-{game.replace('_', '-')}")
    page.wait_for_load_state("load")


# Run after a fixture's lines, which leave a deal state in `state` and its game in `engine`: the room's current deal
# becomes that state, as if dealt so (its log emptied, its version one on).
_PUT_STATE = """
from rooms.models import Deal, Room
deal = Room.objects.get(token="{token}").current_deal()
deal.actions.all().delete()
Deal.objects.filter(pk=deal.pk).update(state=engine.dump(state), version=deal.version + 1,
                                       over=engine.outcome(state) is not None,
                                       opening_events=engine.opening_events(state))
"""


def fix_state(site, page, fixture: str) -> None:
    """The room of the page gets the deal state that `fixture` (lines for the site's shell, as the tests of a rule
    build a state) leaves in `state`, and the page is loaded afresh."""
    token = page.url.rstrip("/").rsplit("/", 1)[-1]
    site.manage("shell", "-c", fixture + _PUT_STATE.format(token=token))
    page.reload()
    page.wait_for_selector("#table")
    page.wait_for_load_state("load")


def places(html: str) -> dict[int, str]:
    """Where each other seat's box sits on a rendered table: {seat index: "left" / "top" / "right"}."""
    return {int(seat): place for place, seat in re.findall(r'class="place seat-(\w+)">\s*<\w+ id="seat-(\d+)"', html)}


def click_label_of(page, selector: str) -> None:
    """Tick a hand's card the way a person does, by its picture (the label of its hidden input)."""
    box = page.locator(selector).first.get_attribute("id")
    page.locator(f'label[for="{box}"]').click()
    page.wait_for_selector(f"#{box}:checked")


def legal_plays(page) -> list[list[str]]:
    """The plays a Chuo Pai page names as its seat's to make (`#actions [data-plays]`), each as its cards."""
    return plays(page.locator(PLAYS.css).get_attribute("data-plays"))


def first_legal_move(page, game: str) -> None:
    """A plain move in Chuo Pai, Chắn or Kowah, made on the page: the first play the table names as legal (Chuo
    Pai) or the first card that may be discarded, else the first answer the table offers (or a pass)."""
    if game == "chuo_pai":
        plays = legal_plays(page)
        if not plays:
            page.get_by_role("button", name="Passen", exact=True).click()
            return
        for code in plays[0]:
            click_label_of(page, f'#hand input[data-code="{code}"]:not(:checked)')
        page.wait_for_selector("#selection-ok")
        page.get_by_role("button", name="Spielen", exact=True).click()
    elif page.locator(LEGAL_PICK.css).count() and page.locator(DISCARD.css).count():
        # (Kowah's hand is the same radios off the discard too: the discard button says the seat discards)
        click_label_of(page, LEGAL_PICK.css)
        page.wait_for_selector("#pick-ok")
        page.locator(DISCARD.css).click()
    else:
        page.locator(LEGAL_BUTTON.css).first.click()


def room_of_people(game: str, first: str) -> Room:
    """A room with a person in every seat, `first` in seat 0: no computer moves between a test's moves."""
    from games.core import registry
    from rooms import services

    room = services.open_room(game, first, "P0", computers=set())
    for seat in range(1, registry.get(game).seats):
        services.join(room, f"person-{seat}-browser-id", f"P{seat}")
    return room


def regions_after(room: Room, seat: int, action: dict, action_id: str, viewer: int = 0) -> dict[str, str]:
    """A seat's move through the door, and the regions the viewer's page then shows."""
    from rooms import services

    deal = room.current_deal()
    services.submit_action(deal.pk, seat, action, action_id, deal.version)
    return regions_now(room, viewer)


def random_deal(room: Room, rng, tag: str) -> Iterator[dict]:
    """The room's current deal played to its end through the door, the first seat to act making a random
    move each time: the stored snapshot after every move (what the live path renders)."""
    from games.core import registry
    from rooms import services
    from rooms.consumers import _stored_snapshot

    engine = registry.get(room.game)
    for step in itertools.count():
        deal = room.current_deal()
        if deal.over:
            return
        state = engine.load(deal.state)
        seat = sorted(engine.actors(state))[0]
        done = services.submit_action(deal.pk, seat, engine.random_action(state, seat, rng), f"{tag}-{step}",
                                      deal.version)
        yield _stored_snapshot(room.pk, done.pk, done.version)


def regions_now(room: Room, viewer: int = 0) -> dict[str, str]:
    """The regions of the room's current deal version the viewer's page shows (German)."""
    from django.utils import translation

    from rooms import rendering
    from rooms.consumers import _stored_snapshot

    deal = room.current_deal()
    with translation.override("de"):
        return rendering.regions(_stored_snapshot(room.pk, deal.pk, deal.version), rendering.room_info(room), viewer,
                                 {}, "de")


SERVED = """async ids => {
    const digest = el => el && [el.textContent.replace(/\\s+/g, " ").trim(),
                                [...el.querySelectorAll("img, input")].map(e => e.getAttribute("src") || e.value),
                                [...el.querySelectorAll("[id]")].map(e => e.id + " " + classes(e))];
    const drawn = /^(htmx-|just-moved$|is-hinted$|is-unplayable$)/;  // classes the page's script sets itself
    const classes = e => [...e.classList].filter(c => !drawn.test(c)).join(" ");
    const served = new DOMParser().parseFromString(await (await fetch(location.href)).text(), "text/html");
    const version = doc => {
        const table = doc.querySelector("#table");
        return table && table.dataset.deal + "." + table.dataset.version;
    };
    if (version(served) !== version(document)) return null;  // the table moved on meanwhile
    const shown = id => [id, JSON.stringify(digest(document.getElementById(id))),
                          JSON.stringify(digest(served.getElementById(id)))];
    return ids.map(shown).filter(([, mine, fresh]) => mine !== fresh);
}"""


def assert_as_served(page, ids: list[str]) -> bool:
    """The regions `ids` of the page, built up frame by frame from what changed in them (rooms/patches.py),
    show what the whole table served afresh shows: the same text, pictures, choices, and elements by id with
    their classes. Read while the table waits for a person, so that it does not move on meanwhile; False
    when it did move on each time it was read (another seat answering too), and nothing was compared.
    A difference must last: frames that keep the deal's version (a person's presence) may still be on
    their way or wait behind a move being shown, so it is read again for a few seconds before it counts."""
    wrong = None
    for _ in range(20):
        found = page.evaluate(SERVED, ids)
        if found == []:
            return True
        wrong = found or wrong
        page.wait_for_timeout(300)
    assert not wrong, wrong
    return False
