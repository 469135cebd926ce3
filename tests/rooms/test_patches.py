"""A region sent as what changed in it (rooms/patches.py): the swaps, applied as htmx applies them to the
page's copy, give exactly the new region, over whole deals of every game and for made-up lists."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import pytest

from games.core import registry
from rooms import consumers, patches, rendering, services
from tests.helpers import SPACES, applied, disjoint_groups, random_deal, room_of_people


def sent(before: str, html: str, name: str = "x") -> str:
    return consumers.swaps({name: before}, {name: html})[0]


@pytest.mark.parametrize(("before", "after"), [
    ('<ol id="x"><li id="a">1</li><li id="b">2</li><li id="c">3</li></ol>',
     '<ol id="x"><li id="a">1</li><li id="c">3</li></ol>'),  # one gone from the middle
    ('<ol id="x"><li id="a">1</li><li id="c">3</li></ol>',
     '<ol id="x"><li id="z">0</li><li id="a">1</li><li id="b">2</li><li id="c">3</li><li id="d">4</li></ol>'),
    ('<ol id="x"><li id="a">1</li></ol>', '<ol id="x"><li id="a">one</li><li id="b">2</li></ol>'),
    ('<ol id="x"></ol>', '<ol id="x"><li id="a">1</li><li id="b">2</li></ol>'),
    ('<div id="x"><h2 id="t">Cards (3)</h2><div class="f"><ul><li id="a">1</li><li id="b">2</li></ul></div></div>',
     '<div id="x"><h2 id="t">Cards (2)</h2><div class="f"><ul><li id="b">2</li></ul></div></div>'),  # no list id
    ('<div id="x"><p>a</p><ul><li id="a">1</li></ul></div>', '<div id="x"><p>b</p><ul><li id="a">1</li></ul></div>'),
    # an item first into its list, after a text that grew
    ('<div id="x"><p id="t">a</p><ol id="l"> <li id="a">' + "1" * 99 + '</li></ol></div>',
     '<div id="x"><p id="t">bbbbbb</p><ol id="l"> <li id="z">0</li> <li id="a">' + "1" * 99 + '</li></ol></div>'),
    # items first into a list without an id: inserted before the item that was first, with the space before it
    ('<div id="x"><ul> <li id="a">1</li> <li id="b">2</li></ul></div>',
     '<div id="x"><ul> <li id="z">0</li> <li id="y">9</li> <li id="a">1</li> <li id="b">2</li></ul></div>'),
])
def test_swaps_applied_to_the_page_give_the_new_region(before, after):
    filler = f'<p id="filler">{"·" * patches.SMALLEST}</p>'  # long enough to be worth a patch
    before, after = (s.replace('id="x">', f'id="x">{filler}', 1) for s in (before, after))
    assert applied(before, sent(before, after)) == SPACES.sub(">\n<", after)


def test_what_cannot_be_a_patch_is_sent_whole():
    long = "·" * patches.SMALLEST
    whole = ('<ol id="x" class="b">' + long + '<li id="a">1</li></ol>')
    assert sent('<ol id="x" class="a">' + long + '<li id="a">1</li></ol>', whole) == consumers._oob(whole)  # its tag
    moved = f'<ol id="x"><li id="b">{long}</li><li id="a">1</li></ol>'
    assert sent(f'<ol id="x"><li id="a">1</li><li id="b">{long}</li></ol>', moved) == consumers._oob(moved)
    texts = f'<ol id="x"><li id="a">{long}</li>and</ol>'
    assert sent(f'<ol id="x"><li id="a">{long}</li>or</ol>', texts) == consumers._oob(texts)
    rows = f'<table id="x"><tr id="a"><td>{long}</td></tr><tr id="b"><td>2</td></tr></table>'  # no tbody of its own
    assert sent(f'<table id="x"><tr id="a"><td>{long}</td></tr></table>', rows) == consumers._oob(rows)
    small = '<ol id="x"><li id="a">1</li><li id="b">2</li></ol>'
    assert sent('<ol id="x"><li id="a">1</li></ol>', small) == consumers._oob(small)  # shorter than SMALLEST


@pytest.mark.django_db
@pytest.mark.parametrize("game", sorted(registry.available()))
def test_every_region_of_two_deals_is_rebuilt_exactly_from_its_swaps(game, alice):
    """Each seat's page as the consumer brings it up to date, swap by swap, against the regions whole."""
    engine, rng = registry.get(game), random.Random(7)
    room = room_of_people(game, alice)
    info = rendering.room_info(room)
    pages: list[dict[str, str]] = [{} for _ in range(engine.seats)]  # each seat's page's copy
    known: list[dict[str, str]] = [{} for _ in range(engine.seats)]  # what the consumer believes it has
    origins: list[dict[str, tuple]] = [{} for _ in range(engine.seats)]  # … personalised from (public regions)
    patched = public = 0
    for number in range(2):
        for step, snapshot in enumerate(itertools.islice(random_deal(room, rng, f"p{number}"), 400)):
            for viewer, page in enumerate(pages):
                regions = rendering.regions(snapshot, info, viewer, {}, "de")
                sources = rendering.sources(snapshot, info, viewer, "de")
                ids = [i for html in regions.values() for i in patches.Tree(html).ids if i not in regions]
                assert len(ids) == len(set(ids)), (game, step, viewer)  # (a region's id is also its slot's)
                for name, html in regions.items():
                    before = known[viewer].get(name)
                    if name == "announce" or before in (None, html):
                        consumers.swaps(known[viewer], {name: html}, sources, origins[viewer])
                        page[name] = known[viewer][name] = html
                        continue
                    frame = consumers.swaps(known[viewer], {name: html}, sources, origins[viewer])[0]
                    patched += "data-of" in frame
                    public += "data-of" in frame and name in sources
                    page[name] = applied(page[name], frame)
                    assert page[name] == SPACES.sub(">\n<", html), (game, step, viewer, name)
        services.start_deal(room)
    assert patched or game not in ("chan", "kowah"), game  # their lists and hands carry ids
    assert public or game not in ("chan", "kowah"), game  # public regions patched once, then personalised


@pytest.mark.django_db
def test_a_public_region_is_patched_once_for_all_its_viewers(alice, monkeypatch):
    """Every seat's page of a version patches the same public change: it is worked out once, from the public
    sources, and personalised for each viewer (a seat's own box, private, is patched for its viewer)."""
    room = room_of_people("kowah", alice)
    info = rendering.room_info(room)
    real, calls = patches.patch, []
    monkeypatch.setattr(patches, "patch", lambda name, before, html: calls.append(name) or real(name, before, html))
    sent: list[dict[str, str]] = [{}, {}, {}]
    origins: list[dict[str, tuple]] = [{}, {}, {}]
    patched = 0
    for snapshot in itertools.islice(random_deal(room, random.Random(3), "once"), 30):
        calls.clear()
        for viewer in range(3):
            sources = rendering.sources(snapshot, info, viewer, "de")
            consumers.swaps(sent[viewer], rendering.regions(snapshot, info, viewer, {}, "de"), sources,
                            origins[viewer])
        public = [name for name in calls if name in sources and not name.startswith("seat-")]  # everyone's
        assert len(public) == len(set(public)), (snapshot["version"], calls)
        patched += len(public)
    assert patched  # Kowah's middle and older discards change with nearly every move


def draft_frames(room, seat: int, fields: dict[str, str], choices: list[tuple[str, str]]) -> Iterator[tuple[str, str]]:
    """Each choice of a card as the seat's draft on the deal's current version: the card and the frame its
    page is sent, after checking that the page rebuilds every region exactly from it."""
    info = rendering.room_info(room)
    deal = room.current_deal()
    snapshot = consumers._stored_snapshot(room.pk, deal.pk, deal.version)
    page: dict[str, str] = {}  # the page's copy of each region, and what the consumer believes it sent
    known: dict[str, str] = {}
    for rev, (code, choice) in enumerate([("", ""), *choices]):
        if code:
            fields[f"card-{code}"] = choice
        draft = {"deal": deal.pk, "fields": {**fields, "card-seq": str(rev + 1)}, "rev": rev + 1}
        frame = ""
        for name, html in rendering.regions(snapshot, info, seat, draft, "de").items():
            if name not in known:
                page[name] = known[name] = html
                continue
            parts = "".join(consumers.swaps(known, {name: html}))
            frame += parts
            page[name] = applied(page[name], parts) if parts else page[name]
            assert SPACES.sub(">\n<", page[name]) == SPACES.sub(">\n<", html), (rev, name)
        if code:
            yield code, frame


def hand_cards_in(frame: str, hand: list[str]) -> list[str]:
    """The cards of the hand whose own elements the frame carries (`id="hand-…"`, `id="pick-…"`, `card-…`)."""
    return [code for code in hand if f'-{code}"' in frame]


@pytest.mark.django_db
def test_a_chor_voli_draft_is_sent_as_the_card_moved_its_group_and_the_discards_count(alice):
    """Each card moved while arranging is a draft answered with a frame: the card's own item, its group (old
    and new) and the discard's count, rebuilt exactly on the page; not the hand and the groups whole (15 kB)."""
    room = room_of_people("chor_voli", alice)
    while room.current_deal().over:  # four of a kind: the round is over at the deal
        services.start_deal(room)
    hand = registry.get("chor_voli").view(registry.get("chor_voli").load(room.current_deal().state), 0)["hand"]
    moves = [(code, str(number)) for number, group in enumerate(disjoint_groups(hand, 3), start=1) for code in group]
    for code, frame in draft_frames(room, 0, {f"card-{c}": "x" for c in hand}, [*moves, (moves[0][0], "x")]):
        assert len(frame.encode()) < 3 * 1024, (code, len(frame))
        assert hand_cards_in(frame, hand) == [code]


@pytest.mark.django_db
def test_a_dou_dizhu_tick_is_sent_as_the_card_ticked(alice):
    """Ticking cards to play is a draft too: its frame is the card's box and what the actions say of the
    selection (4.7 kB when the hand's own tag carried the selection and the hand went whole)."""
    room = room_of_people("dou_dizhu", alice)
    engine, rng = registry.get("dou_dizhu"), random.Random(3)
    while (state := engine.load(room.current_deal().state)) and engine.view(state, 0)["phase"] != "play":
        seat = sorted(engine.actors(state))[0]
        deal = room.current_deal()
        services.submit_action(deal.pk, seat, engine.random_action(state, seat, rng), f"bid-{deal.version}",
                               deal.version)
    hand = engine.view(state, 0)["hand"]
    for code, frame in draft_frames(room, 0, {}, [(code, "1") for code in hand[:4]]):
        assert len(frame.encode()) < 3 * 1024, (code, len(frame))
        assert hand_cards_in(frame, hand) == [code]
