"""The log says which moves a computer made in a person's seat (a stand-in), on both of its paths: the
whole table read from the database, and the lines a live page gets per version."""

from __future__ import annotations

import re
import uuid

import pytest
from channels.db import database_sync_to_async
from django.utils import translation

from rooms import rendering, services, snapshots
from rooms.models import Deal
from tests.rooms.test_consumers import connect, frames_until
from tests.rooms.test_room_among_people import actors, pass_or_lead, people_room

pytestmark = pytest.mark.django_db(transaction=True)
MARKED = re.compile(r'<li data-seat="(\d)" data-event="(\w+)" data-stand-in="true">[^<]*'
                    r'<span class="stand-in-mark">([^<]*)</span></li>')


def computer_plays_for_bob(room, alice: str) -> Deal:
    """Alice (seat 1) lets a computer play Bob's seat (2); she moves whenever it is her turn, until the
    stand-in has made at least one move for Bob."""
    services.hand_to_computer(room, alice, 1)
    for step in range(20):
        deal = room.current_deal()
        if deal.actions.filter(seat=1, action_id__startswith="computer:").exists():
            return deal
        assert 0 in actors(room), "only Alice can be waited for: Bob's and the third seat are computers"
        pass_or_lead(room, 0, f"alice-{step}")
    raise AssertionError("the stand-in never moved for Bob")


def test_the_whole_table_marks_each_move_a_computer_made_for_a_person_and_only_those(alice, bob):
    room = people_room(alice, bob)
    deal = computer_plays_for_bob(room, alice)
    for_bob = deal.actions.filter(seat=1, action_id__startswith="computer:").count()
    with translation.override("de"):
        html = rendering.render_room(room, alice)
    marks = MARKED.findall(html)
    assert marks and {mark[0] for mark in marks} == {"1"}  # Bob's seat only: not Alice's, not the computer's
    assert {mark[2] for mark in marks} == {"(Computer für Bob)"}
    assert len(marks) == for_bob  # one line per move, not every line a move caused
    with translation.override("en"):
        mine = rendering.render_room(room, bob)
    assert {mark[2] for mark in MARKED.findall(mine)} == {"(computer for you)"}


def test_a_person_playing_again_is_not_marked(alice, bob):
    room = people_room(alice, bob)
    computer_plays_for_bob(room, alice)
    services.take_back(room, bob)
    for step in range(20):
        deal = room.current_deal()
        seats = actors(room)
        if deal.over or 1 in seats:
            break
        pass_or_lead(room, 0, f"alice-more-{step}")
    if deal.over:
        pytest.skip("the deal ended before Bob's turn came again")
    html = rendering.render_room(room, alice)
    marked, bobs = len(MARKED.findall(html)), html.count('<li data-seat="1" data-event=')
    pass_or_lead(room, 1, "bob-himself")
    html = rendering.render_room(room, alice)
    assert len(MARKED.findall(html)) == marked  # Bob's own move has its line, without the mark
    assert html.count('<li data-seat="1" data-event=') > bobs


def test_a_left_seats_stand_in_is_named_a_computer(alice, bob):
    room = people_room(alice, bob)
    computer_plays_for_bob(room, alice)
    services.leave(room, bob)
    with translation.override("de"):
        html = rendering.render_room(room, alice)
    assert {mark[2] for mark in MARKED.findall(html)} == {"(Computer)"}


def test_a_rebuilt_snapshot_marks_the_move_as_the_writers_did(alice, bob):
    room = people_room(alice, bob)
    computer_plays_for_bob(room, alice)
    deal = room.current_deal()
    record = deal.actions.filter(seat=1, action_id__startswith="computer:").last()
    Deal.objects.filter(pk=deal.pk).update(version=record.version)  # the snapshot of the stand-in's version
    deal.refresh_from_db()
    events = snapshots.current(deal)["events"]
    assert events and all(event["computer"] == [1, record.version] for event in events)
    assert "computer" not in str(record.events)  # what is recorded stays the engine's events


@pytest.mark.asyncio
async def test_a_live_page_gets_the_stand_ins_lines_marked(alice, bob):
    room = await database_sync_to_async(people_room)(alice, bob)
    page = connect(room, alice)
    await page.connect(timeout=10)
    await page.receive_from(timeout=10)
    await database_sync_to_async(services.hand_to_computer)(room, alice, 1)
    for step in range(20):
        deal = await database_sync_to_async(room.current_deal)()
        made = await database_sync_to_async(deal.actions.filter(seat=1, action_id__startswith="computer:").first)()
        if made is not None:
            break
        await database_sync_to_async(pass_or_lead)(room, 0, f"alice-live-{step}-{uuid.uuid4().hex[:4]}")
    html = await frames_until(page, "(Computer für Bob)")
    assert MARKED.search(html).group(1) == "1"
    await page.disconnect()
