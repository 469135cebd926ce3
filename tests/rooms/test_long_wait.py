"""A person who keeps a room without a clock waiting: every render says since when the table waits
(#freshness[data-since], the time of the deal's version), and carries the note static/js/table.js shows
the others after a minute (rooms/_long_wait.html), a region rendered per room version, not per move or minute."""

from __future__ import annotations

import re

import pytest
from channels.db import database_sync_to_async
from django.utils import translation

from rooms import rendering, services
from rooms.models import Room
from tests.rooms.test_consumers import connect, frames_until
from tests.rooms.test_room_among_people import actors, pass_or_lead, people_room

pytestmark = pytest.mark.django_db(transaction=True)
SINCE = re.compile(r'id="freshness"[^>]*data-since="(\d+)"')
NOTE = re.compile(r'<div id="long-wait" class="long-wait" hidden data-long-wait data-text="([^"]*)"'
                  r'( data-creator-seat="(\d)")?>(.*?)</div>', re.S)


def test_the_freshness_says_since_when_the_table_waits_from_the_database(alice, bob):
    room = people_room(alice, bob)
    deal = room.current_deal()
    assert int(SINCE.search(rendering.render_room(room, alice)).group(1)) == int(deal.created.timestamp())
    seat = min(actors(room) - {2})
    pass_or_lead(room, seat, "first-move")
    last = room.current_deal().actions.order_by("version").last()
    # the computer may have moved after the person: the time of the version shown, the deal's last
    assert int(SINCE.search(rendering.render_room(room, bob)).group(1)) == int(last.created.timestamp())


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
    since = [int(found) for found in SINCE.findall(frames)]
    assert since and abs(since[-1] - last.created.timestamp()) < 2  # the writer's own clock, right after it
    assert "long-wait" not in frames  # the note's region is the same: not sent with the move
    await page.disconnect()
