"""A room among people: who is here, the turn clock and its stand-in computer, the chat, what the
creator and the moderators may do, and every deal live (freshness by deal and version)."""

from __future__ import annotations

import json
import re
import time
import uuid
from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from django.contrib.auth.models import Group
from django.utils import timezone, translation

from accounts import moderation
from accounts.models import AuditLog, Profile
from games.core import registry
from rooms import broadcast, chat, presence, rendering, services
from rooms.models import ChatMessage, Connection, Deal, Room, Seat
from tests.accounts.conftest import browser, make_user, player_of
from tests.rooms.test_consumers import connect, frames_until

pytestmark = pytest.mark.django_db(transaction=True)
DOU = registry.get("dou_dizhu")


def people_room(alice: str, bob: str, clock: int = 0) -> Room:
    """Dou Dizhu: Alice (seat 1, the creator), Bob (seat 2) and a computer (seat 3); the deal starts."""
    room = services.open_room("dou_dizhu", alice, "Alice", computers={2})
    Room.objects.filter(pk=room.pk).update(clock=clock)
    room.refresh_from_db()
    services.join(room, bob, "Bob")
    return room


def actors(room: Room) -> frozenset[int]:
    deal = room.current_deal()
    return DOU.actors(DOU.load(deal.state))


def pass_or_lead(room: Room, seat: int, action_id: str) -> None:
    deal = room.current_deal()
    state = DOU.load(deal.state)
    legal = DOU.legal_actions(state, seat)
    action = next((a for a in legal if a["type"] == "pass"), legal[0])
    services.submit_action(deal.pk, seat, action, action_id)


# --- who is here -------------------------------------------------------------------------------------


def test_a_seat_is_here_while_a_page_is_open_then_away_then_gone(alice, bob, settings):
    room = people_room(alice, bob)
    presence.open_connection(room.pk, bob, "chan-bob")
    assert presence.states(room.pk)[0][1] == presence.HERE
    presence.close_connection("chan-bob")
    assert presence.states(room.pk)[0][1] == presence.AWAY
    long_ago = timezone.now() - timedelta(seconds=settings.AWAY_SECONDS + 1)
    Seat.objects.filter(room=room, index=1).update(left_at=long_ago)
    assert presence.states(room.pk)[0][1] == presence.GONE


def test_a_watcher_counts_as_watching_not_as_a_seat(alice, bob):
    room = people_room(alice, bob)
    presence.open_connection(room.pk, "someone-else", "chan-watcher")
    states, watchers = presence.states(room.pk)
    assert watchers == 1 and set(states) == {0, 1}


def test_the_connections_of_a_process_that_died_are_swept(alice, bob):
    room = people_room(alice, bob)
    Connection.objects.create(room=room, seat=1, channel="dead-1", process="killed-process",
                              seen=timezone.now() - timedelta(seconds=presence.STALE + 5))
    presence.heartbeat()
    assert not Connection.objects.filter(channel="dead-1").exists()
    assert presence.states(room.pk)[0][1] == presence.AWAY


def test_a_gone_person_is_stood_in_for_only_while_someone_else_waits(alice, bob):
    room = people_room(alice, bob)
    presence.open_connection(room.pk, bob, "chan-bob")
    presence.close_connection("chan-bob")
    left = Seat.objects.get(room=room, index=1).left_at.timestamp()
    presence.check_gone(room.pk, 1, left)
    assert not Seat.objects.get(room=room, index=1).stand_in  # nobody else is here: nothing is played for Bob
    presence.open_connection(room.pk, alice, "chan-alice")
    presence.check_gone(room.pk, 1, left)
    assert Seat.objects.get(room=room, index=1).stand_in
    assert 1 not in actors(room) or room.current_deal().over  # the computer played Bob's turn at once


def test_the_creator_sees_who_is_away_when_handing_a_seat_to_a_computer(alice, bob):
    room = people_room(alice, bob)
    presence.open_connection(room.pk, bob, "chan-bob")
    presence.close_connection("chan-bob")
    with translation.override("de"):
        html = rendering.render_room(room, alice)
    assert "Computer für Bob spielen lassen (kurz weg)" in html
    assert 'class="presence is-away"' in html


# --- the turn clock ----------------------------------------------------------------------------------


def test_a_person_who_must_decide_gets_a_deadline_and_a_computer_takes_over_when_it_passes(alice, bob):
    room = people_room(alice, bob, clock=30)
    deal = room.current_deal()
    person = min(actors(room) - {2}) if actors(room) - {2} else None
    assert person is not None
    due = deal.deadlines[str(person)]
    assert 29 < due - time.time() <= 30
    services.clock_expired(deal.pk, person, due)  # early: nothing happens
    assert not Seat.objects.get(room=room, index=person).stand_in
    Deal.objects.filter(pk=deal.pk).update(deadlines={str(person): time.time() - 1})
    services.clock_expired(deal.pk, person, time.time() - 1)  # a stale deadline: nothing happens either
    assert not Seat.objects.get(room=room, index=person).stand_in
    due = Deal.objects.get(pk=deal.pk).deadlines[str(person)]
    services.clock_expired(deal.pk, person, due)
    assert Seat.objects.get(room=room, index=person).stand_in
    deal.refresh_from_db()
    assert person not in actors(room) or deal.over  # the stand-in decided at once
    assert deal.actions.filter(seat=person, action_id__startswith="computer:").exists()


def test_the_person_is_back_as_soon_as_they_act(alice, bob):
    room = people_room(alice, bob, clock=30)
    Seat.objects.filter(room=room, index=1).update(stand_in=True)
    services.save_draft(room, 1, {"card-3S": "1"})
    assert not Seat.objects.get(room=room, index=1).stand_in


def test_asking_for_the_next_deal_takes_the_seat_back_before_the_deal_is_dealt(alice, bob):
    room = people_room(alice, bob)
    Deal.objects.filter(room=room).update(over=True)
    Seat.objects.filter(room=room, index=1).update(stand_in=True)
    services.start_deal(room, alice)  # another person's request leaves Bob's seat to the computer
    assert Seat.objects.get(room=room, index=1).stand_in
    Deal.objects.filter(room=room).update(over=True)
    services.start_deal(room, bob)
    assert not Seat.objects.get(room=room, index=1).stand_in
    assert not room.current_deal().actions.filter(seat=1).exists()  # the computer did not bid for Bob


def test_two_requests_that_both_read_the_stand_in_change_the_room_once(alice, bob):
    room = people_room(alice, bob)
    Seat.objects.filter(room=room, index=1).update(stand_in=True)
    first, second = (Seat.objects.get(room=room, index=1) for _ in range(2))  # both read before either wrote
    version = Room.objects.get(pk=room.pk).version
    services._acts_again(first)
    services._acts_again(second)
    assert Room.objects.get(pk=room.pk).version == version + 1
    assert not Seat.objects.get(room=room, index=1).stand_in



def test_a_page_without_a_player_id_holds_no_seat_even_beside_a_free_one(alice, bob):
    """A free seat's player is "", as is a watcher's socket without a player cookie: that watcher may not
    deal, take a stand-in's seat "back" (the room would wait for nobody) or leave it."""
    room = people_room(alice, bob)
    services.leave(room, bob)  # Bob's seat is free now, played by a computer
    Deal.objects.filter(room=room).update(over=True)
    with pytest.raises(services.Refused) as refused:
        services.start_deal(room, "")
    assert refused.value.code == "no_seat"
    assert room.deals.count() == 1
    services.take_back(room, "")
    services.leave(room, "")
    seat = Seat.objects.get(room=room, index=1)
    assert (seat.player, seat.stand_in) == ("", True)

def test_a_deadline_runs_for_each_new_decision_and_not_for_computers(alice, bob):
    room = people_room(alice, bob, clock=60)
    for step in range(12):
        deal = room.current_deal()
        if deal.over:
            break
        acting = actors(room)
        assert set(map(int, deal.deadlines)) == acting - {2}  # only the people's decisions have a clock
        seat = min(acting)
        pass_or_lead(room, seat, f"step-{step}")


def test_no_clock_no_deadlines(alice, bob):
    assert people_room(alice, bob).current_deal().deadlines == {}


# --- the room's state --------------------------------------------------------------------------------


def test_the_creator_removes_a_person_and_the_seat_goes_to_a_computer(alice, bob):
    room = people_room(alice, bob)
    with pytest.raises(services.Refused):
        services.remove_person(room, bob, 0)  # only the creator
    services.remove_person(room, alice, 1)
    seat = Seat.objects.get(room=room, index=1)
    assert (seat.player, seat.stand_in) == ("", True)
    room.refresh_from_db()
    with pytest.raises(services.Refused) as refused:
        services.join(room, bob, "Bob")
    assert refused.value.code == "barred"
    services.join(room, "carol", "Carol")  # a newcomer takes the seat from the computer
    assert not Seat.objects.get(room=room, index=1).stand_in


def test_the_creator_closes_the_room_and_every_page_says_so(alice, bob):
    room = people_room(alice, bob)
    services.close_room(room, alice)
    with translation.override("de"):
        html = rendering.render_room(room, bob)
    assert "Dieser Raum ist geschlossen" in html
    deal = room.current_deal()
    with pytest.raises(services.Refused) as refused:
        services.submit_action(deal.pk, min(actors(room)), {"type": "pass"}, "after-close")
    assert refused.value.code == "closed"


def test_a_moderators_closing_says_who_closed_it(alice, bob):
    room = people_room(alice, bob)
    mod = make_user("mod", "Moderation", is_staff=True)
    moderation.close_room(mod, room, "Spam")
    with translation.override("de"):
        assert "Die Moderation hat diesen Raum geschlossen" in rendering.render_room(room, bob)


def test_a_suspended_account_cannot_start_the_next_deal(alice):
    anna = make_user("anna", "Anna")
    room = services.open_solo("dou_dizhu", player_of(anna), user=anna)
    Deal.objects.filter(pk=room.current_deal().pk).update(over=True)
    Profile.objects.filter(user=anna).update(suspended=True)
    with pytest.raises(services.Refused) as refused:
        services.start_deal(room, player_of(anna), anna)
    assert refused.value.code == "suspended"
    assert room.deals.count() == 1


# --- chat --------------------------------------------------------------------------------------------


def test_seated_people_chat_and_lines_are_escaped_and_limited(alice, bob):
    room = people_room(alice, bob)
    chat.post(room, alice, None, "  <b>Hallo</b>   zusammen  ")
    with pytest.raises(services.Refused) as refused:
        chat.post(room, "someone-else", None, "ich schaue nur")
    assert refused.value.code == "chat_spectator"
    for text, code in (("", "chat_empty"), ("x" * 201, "chat_too_long"), ("a\x00b", "malformed")):
        with pytest.raises(services.Refused) as refused:
            chat.post(room, bob, None, text)
        assert refused.value.code == code
    html, _upto = chat.render(room.pk, 0, None, "de", None, None)
    assert "&lt;b&gt;Hallo&lt;/b&gt; zusammen" in html and "<b>Hallo" not in html
    assert ChatMessage.objects.get().text == "<b>Hallo</b> zusammen"


def test_chat_is_rate_limited_per_seat(alice, bob):
    room = people_room(alice, bob)
    for number in range(chat.RATE):
        chat.post(room, bob, None, f"Zeile {number}")
    with pytest.raises(services.Refused) as refused:
        chat.post(room, bob, None, "noch eine")
    assert refused.value.code == "chat_too_fast"
    chat.post(room, alice, None, "Alice darf noch")


def test_a_suspended_account_cannot_write(alice):
    anna = make_user("anna", "Anna")
    room = services.open_room("dou_dizhu", player_of(anna), "", computers={1, 2}, user=anna)
    Profile.objects.filter(user=anna).update(suspended=True)
    with pytest.raises(services.Refused) as refused:
        chat.post(room, player_of(anna), anna, "Hallo")
    assert refused.value.code == "suspended"


def test_a_moderator_hides_a_line_in_the_admin_with_a_reason_in_the_audit_log(alice, bob):
    room = people_room(alice, bob)
    line = chat.post(room, bob, None, "etwas Gemeines")
    mod = make_user("mod", "Moderation", is_staff=True)
    mod.groups.add(Group.objects.get(name=moderation.MODERATORS))
    client = browser()
    client.force_login(mod)
    url = "/de/admin/rooms/chatmessage/"
    assert client.get(url).status_code == 200
    done = client.post(url, {"action": "hide_messages", "_selected_action": [line.pk], "apply": "yes",
                             "reason": "Beleidigung"})
    assert done.status_code == 302
    assert ChatMessage.objects.get().hidden
    entry = AuditLog.objects.get()
    assert (entry.action, entry.reason, entry.details["text"]) == ("hide_chat", "Beleidigung", "etwas Gemeines")
    html, _upto = chat.render(room.pk, 0, None, "de", None, None)
    assert "etwas Gemeines" not in html


# --- live, over the websocket ------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_a_chat_line_reaches_every_page_of_the_room_and_watchers_only_read(alice, bob):
    room = await database_sync_to_async(people_room)(alice, bob)
    pages = {who: connect(room, who) for who in (alice, bob, "watcher")}
    for ws in pages.values():
        await ws.connect(timeout=10)
        await ws.receive_from(timeout=10)
    await pages[alice].send_to(text_data=json.dumps({"command": "chat", "text": "Viel Glück!"}))
    for who, ws in pages.items():
        html = await frames_until(ws, "Viel Glück!")
        assert "Viel Glück!" in html, who
    await pages["watcher"].send_to(text_data=json.dumps({"command": "chat", "text": "Ich auch!"}))
    assert "Nur wer am Tisch sitzt" in await frames_until(pages["watcher"], 'role="alert"')
    for ws in pages.values():
        await ws.disconnect()


@pytest.mark.asyncio
async def test_the_other_page_follows_every_deal_not_only_the_first(alice, bob):
    """Versions restart with each deal: Bob's page must show deal 2's moves after Alice deals it
    (the bug of the first wave: his socket compared deal 2's versions with deal 1's last)."""
    room = await database_sync_to_async(people_room)(alice, bob)
    bob_page = connect(room, bob)
    await bob_page.connect(timeout=10)
    await bob_page.receive_from(timeout=10)
    for number in (1, 2, 3):
        deal = await database_sync_to_async(room.current_deal)()
        assert deal.number == number
        await database_sync_to_async(Deal.objects.filter(pk=deal.pk).update)(over=True)
        await database_sync_to_async(services.start_deal)(room, alice, None)
        html = await frames_until(bob_page, f'data-deal="{number + 1}" data-version="')
        assert f'data-deal="{number + 1}"' in html
        following = await database_sync_to_async(room.current_deal)()
        seat = min(await database_sync_to_async(actors)(room))
        if seat == 2:
            continue  # the computer's move: it came with the deal
        await database_sync_to_async(pass_or_lead)(room, seat, f"deal{number + 1}-{uuid.uuid4().hex[:6]}")
        await frames_until(bob_page, f'data-deal="{number + 1}" data-version="{following.version + 1}"')
    await bob_page.disconnect()


@pytest.mark.asyncio
async def test_a_watcher_follows_the_deal_live_sees_no_hidden_card_and_is_counted(alice, bob):
    """A full room's invite link makes a spectator: every frame it gets shows only what everyone may see
    (checked against the engine's public view, card by card), it follows each move, and the seated
    people's pages say that one person watches."""
    room = await database_sync_to_async(people_room)(alice, bob)
    alice_page, watcher = connect(room, alice), connect(room, "a-watcher")
    await alice_page.connect(timeout=10)
    await alice_page.receive_from(timeout=10)
    await watcher.connect(timeout=10)
    frames = [await watcher.receive_from(timeout=10)]
    assert "1 Person schaut zu." in await frames_until(alice_page, "schaut zu")
    for step in range(6):
        deal = await database_sync_to_async(room.current_deal)()
        if deal.over:
            break
        seat = min(await database_sync_to_async(actors)(room))
        await database_sync_to_async(pass_or_lead)(room, seat, f"watched-{step}")
        frames.append(await frames_until(watcher, f'data-version="{deal.version + 1}"'))
        state = DOU.load((await database_sync_to_async(Deal.objects.get)(pk=deal.pk)).state)
        public = DOU.view(state, None)
        hidden = {c for s in range(3) for c in DOU.view(state, s)["hand"] or []} - set(public.get("bottom") or [])
        shown = set(re.findall(r"/karten/french/(\w+)\.svg", frames[-1]))
        assert not shown & hidden, f"a watcher saw {shown & hidden}"
    assert len(frames) > 2
    for ws in (alice_page, watcher):
        await ws.disconnect()


@pytest.mark.asyncio
async def test_a_page_that_is_behind_renders_the_newest_version_once_with_every_line_of_the_log(alice, bob,
                                                                                                  monkeypatch):
    """A busy process reads its hints late: the page goes straight to the newest version the process holds,
    in one frame that adds every line of the versions in between to the log, and the later hints send nothing."""
    room = await database_sync_to_async(people_room)(alice, bob)
    page = connect(room, alice)
    await page.connect(timeout=10)
    first = await page.receive_from(timeout=10)
    while not await page.receive_nothing(timeout=0.5):  # what connecting brought on (presence: the room changed)
        first += await page.receive_from(timeout=10)
    late: list[tuple] = []
    monkeypatch.setattr(broadcast, "deal_changed", lambda *hint: late.append(hint))

    def three_moves() -> Deal:
        for number in range(3):
            deal = room.current_deal()
            seat = min(DOU.actors(DOU.load(deal.state)) - {2})
            legal = DOU.legal_actions(DOU.load(deal.state), seat)
            action = next((a for a in legal if a["type"] != "pass"), legal[0])
            services.submit_action(deal.pk, seat, action, f"behind-{number}")
        return room.current_deal()

    deal = await database_sync_to_async(three_moves)()
    monkeypatch.undo()
    assert len(late) >= 3 and not deal.over
    for hint in late:
        await sync_to_async(broadcast.deal_changed)(*hint)
    frame = await page.receive_from(timeout=10)
    assert f'data-deal="{deal.number}" data-version="{deal.version}"' in frame
    assert await page.receive_nothing(timeout=0.5)
    with translation.override("de"):
        whole = await database_sync_to_async(rendering.render_room)(room, alice)
    lines = re.findall(r"<li data-seat=.*?</li>", whole)
    new = [line for line in lines if line not in first]
    assert new and all(line in frame for line in new)
    await page.disconnect()
