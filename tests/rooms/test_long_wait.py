"""A person who keeps a room without a clock waiting: every render says since when the table waits for each
seat it shows acting (#freshness[data-since], from the start of the seat's decision), and carries the note
static/js/table.js shows the others after a minute (rooms/_long_wait.html), a region rendered per room version,
not per move or minute."""

from __future__ import annotations

import re

import pytest
from channels.db import database_sync_to_async
from django.utils import translation

from games.core import registry
from rooms import rendering, services
from rooms.models import Deal, Room
from tests.rooms.test_consumers import connect, frames_until
from tests.rooms.test_levels_and_hints import arrangement, chor_voli_among_people
from tests.rooms.test_room_among_people import actors, pass_or_lead, people_room

pytestmark = pytest.mark.django_db(transaction=True)
SINCE = re.compile(r'id="freshness"[^>]*data-since="([^"]*)"')


def since(html: str) -> dict[int, int]:
    """The last #freshness's `data-since` in `html`: seat -> Unix seconds."""
    pairs = SINCE.findall(html)[-1].split()
    return {int(seat): int(at) for seat, _, at in (pair.partition(":") for pair in pairs)}
NOTE = re.compile(r'<div id="long-wait" class="long-wait" hidden data-long-wait data-text="([^"]*)"'
                  r'( data-creator-seat="(\d)")?>(.*?)</div>', re.S)


def test_the_freshness_says_since_when_the_table_waits_from_the_database(alice, bob):
    room = people_room(alice, bob)
    deal = room.current_deal()
    first = since(rendering.render_room(room, alice))
    assert set(first) == actors(room) and all(abs(at - deal.created.timestamp()) < 2 for at in first.values())
    seat = min(actors(room) - {2})
    pass_or_lead(room, seat, "first-move")
    last = room.current_deal().actions.order_by("version").last()
    # the computer may have moved after the person: the seat now acting waits since the deal's last move
    now = since(rendering.render_room(room, bob))
    assert set(now) == actors(room) and all(abs(at - last.created.timestamp()) < 2 for at in now.values())


def test_a_seat_waited_for_in_a_simultaneous_phase_keeps_its_wait_across_the_others_moves(alice):
    """Chor Voli's people arrange at once: another seat's confirmation does not start the wait for the seats
    still arranging afresh, and the seat that moved is no longer waited for."""
    room = chor_voli_among_people(alice)
    deal = room.current_deal()
    assert set(deal.waiting) == {"0", "1", "2", "3"}
    Deal.objects.filter(pk=deal.pk).update(waiting=dict.fromkeys(deal.waiting, 1000000.0))  # long ago
    deal.refresh_from_db()
    services.submit_action(deal.pk, 1, arrangement(deal, 1), "arranged")
    shown = since(rendering.render_room(room, alice))
    assert shown == {0: 1_000_000, 2: 1_000_000, 3: 1_000_000}


def test_since_is_told_only_of_the_seats_everyone_sees_acting(alice, bob):
    """A Chắn offer asks every seat privately whether it claims: the pages are told only of the seats
    everyone sees acting, so a wait never tells who could claim."""
    room = services.open_room("chan", alice, "Alice", computers=set())
    for index, player in enumerate((bob, "player-2", "player-3"), start=1):
        services.join(room, player, f"P{index}")
    engine = registry.get("chan")
    for step in range(40):
        deal = room.current_deal()
        if deal.over:
            break
        state = engine.load(deal.state)
        shown = set(getattr(engine, "public_actors", engine.actors)(state))
        assert set(since(rendering.render_room(room, alice))) == shown
        seat = min(engine.actors(state))
        services.submit_action(deal.pk, seat, engine.legal_actions(state, seat)[0], f"step-{step}")


def test_the_note_names_what_the_creator_and_the_others_can_do(alice, bob):
    room = people_room(alice, bob)
    with translation.override("de"):
        creators, others = rendering.render_room(room, alice), rendering.render_room(room, bob)
    text, _attr, creator_seat, body = NOTE.search(creators).groups()
    assert text == "Seit {minutes} Min. kein Zug von {names}."
    assert creator_seat == "0"
    # the creator's button for Bob's seat submits the room bar's form for it (by id), hidden until he is waited for
    button = '<button type="submit" form="computer-for-1" data-seat="1" hidden>Computer für Bob spielen lassen</button>'
    assert button in body
    assert 'id="computer-for-1"' in creators
    assert "Du hast den Raum eröffnet" in body
    _text, _attr, _seat, body = NOTE.search(others).groups()
    assert "form=" not in body and "Wer den Raum eröffnet hat, kann einen Computer" in body
    with translation.override("en"):
        text = NOTE.search(rendering.render_room(room, bob)).group(1)
    assert text == "No move from {names} for {minutes} min."


def test_no_note_where_a_clock_or_nobody_else_decides(alice, bob):
    room = people_room(alice, bob, clock=60)  # the clock lets a computer stand in by itself
    solo = services.open_solo("dou_dizhu", alice)
    for html in (rendering.render_room(room, alice), rendering.render_room(solo, alice)):
        assert "data-long-wait" not in html and "data-since" not in html  # nor a solo room's frames grow by it
    Room.objects.filter(pk=room.pk).update(clock=0, closed=True)
    room.refresh_from_db()
    assert "data-long-wait" not in rendering.render_room(room, alice)


@pytest.mark.asyncio
async def test_a_live_frame_carries_since_when_and_the_note_is_not_sent_again_per_move(alice, bob):
    room = await database_sync_to_async(people_room)(alice, bob)
    page = connect(room, bob)
    await page.connect(timeout=10)
    first = await frames_until(page, 'id="freshness"')
    assert "data-long-wait" in first and SINCE.search(first)
    seat = min(await database_sync_to_async(actors)(room) - {2})
    await database_sync_to_async(pass_or_lead)(room, seat, "live-move")
    deal = await database_sync_to_async(room.current_deal)()
    frames = await frames_until(page, f'data-version="{deal.version}"')
    last = await database_sync_to_async(deal.actions.order_by("version").last)()
    assert all(abs(at - last.created.timestamp()) < 2 for at in since(frames).values())  # the writer's clock
    assert "long-wait" not in frames  # the note's region is the same: not sent with the move
    await page.disconnect()
