"""Bad input at the door: control characters, forged ids, frames too large or too deep. Each gets the
plain "not a valid move" answer and changes nothing; none reaches the database (PostgreSQL refuses NUL)
or kills a websocket. The rooms suite runs again on PostgreSQL (tests/live/test_rooms_on_postgresql.py)."""

from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async
from django.http import HttpResponse
from django.test import Client

from rooms import identity, inputs, services
from rooms.models import ActionRecord, Deal, Seat
from tests.rooms.test_consumers import connect, open_room

MALFORMED_DE = "Das war kein gültiger Zug"


def snapshot(deal: Deal) -> tuple:
    deal.refresh_from_db()
    drafts = list(Seat.objects.filter(room=deal.room).values_list("draft", flat=True))
    return deal.version, deal.state, ActionRecord.objects.filter(deal=deal).count(), drafts


def browser_for(player: str) -> Client:
    client = Client()
    client.cookies[identity.COOKIE] = identity.remember(HttpResponse(), player).cookies[identity.COOKIE].value
    return client


def test_inputs_refuse_control_characters_and_deep_nesting():
    assert inputs.has_control("a\x00b") and inputs.has_control("\x1b[31m") and not inputs.has_control("👩‍👩‍👧")
    with pytest.raises(inputs.Malformed):
        inputs.clean_fields({"card-AS": "1\x00"})
    with pytest.raises(inputs.Malformed):
        inputs.clean_fields({"card-\x00": "1"})
    with pytest.raises(inputs.Malformed):
        inputs.clean_fields({"nested": {"a": 1}})
    assert inputs.clean_fields({"n": 3, "b": True, "s": "x"}) == {"n": "3", "b": "true", "s": "x"}
    with pytest.raises(inputs.Malformed):
        inputs.parse_json("[" * 100_000 + "]" * 100_000)
    with pytest.raises(inputs.Malformed):
        inputs.parse_json('{"a": "' + "x" * (inputs.MAX_FRAME + 1) + '"}')
    assert inputs.depth_of('{"a": "[[[[[[[[[[[[["}') == 1  # brackets inside strings do not count
    with pytest.raises(inputs.Malformed):
        inputs.clean_action_id("computer:3:1")
    with pytest.raises(inputs.Malformed):
        inputs.check_action({"type": "play", "cards": ["A\x00S"]})


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    "fields",
    [
        {"intent": "arrange", "action_id": "nul\x00id", "version": "0"},
        {"intent": "arrange\x00", "action_id": "ok-id", "version": "0"},
        {"intent": "arrange", "action_id": "ok-id", "card-AS\x00": "1"},
        {"intent": "arrange", "action_id": "computer:1:0"},
        {"intent": "arrange", "action_id": "x" * 65},
    ],
)
def test_a_posted_move_with_bad_fields_is_refused_over_http_and_changes_nothing(alice, fields):
    room = open_room(alice)
    deal = room.current_deal()
    before = snapshot(deal)
    response = browser_for(alice).post(f"/de/raum/{room.token}/zug/", fields, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert MALFORMED_DE in response.content.decode()
    assert snapshot(deal) == before


@pytest.mark.django_db(transaction=True)
def test_a_draft_with_a_nul_character_is_refused_and_not_stored(alice):
    room = open_room(alice)
    deal = room.current_deal()
    before = snapshot(deal)
    response = browser_for(alice).post(f"/de/raum/{room.token}/entwurf/", {"card-AS": "1\x00"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert MALFORMED_DE in response.content.decode()
    assert snapshot(deal) == before


@pytest.mark.django_db(transaction=True)
def test_a_json_action_nested_too_deep_is_refused(alice):
    room = services.open_solo("dou_dizhu", alice)
    deal = room.current_deal()
    before = snapshot(deal)
    fields = {"action": "[" * 5000 + "]" * 5000, "action_id": "deep", "version": str(deal.version)}
    response = browser_for(alice).post(f"/de/raum/{room.token}/zug/", fields, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert MALFORMED_DE in response.content.decode()
    assert snapshot(deal) == before


@pytest.mark.django_db(transaction=True)
def test_a_forged_computer_id_does_not_pass_for_a_computer(alice):
    room = open_room(alice)
    deal = room.current_deal()
    with pytest.raises(services.Refused) as refused:
        services.submit_action(deal.pk, 0, {"type": "arrange", "groups": [], "discard": []}, "computer:0:0")
    assert refused.value.code == "malformed"


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.parametrize(
    "frame",
    [
        "[" * 100_000 + "]" * 100_000,
        '{"a": ' * 50_000 + "1" + "}" * 50_000,
        json.dumps({"intent": "arrange", "action_id": "x", "pad": "y" * 100_000}),
        json.dumps({"intent": "arrange", "action_id": "nul\u0000"}),
        json.dumps({"intent": "arrange", "action_id": "ok", "card-AS": ["1", "2"]}),
        "\udcff not utf-8",
    ],
)
async def test_hostile_frames_get_an_answer_and_the_socket_stays_open(alice, frame):
    room = await database_sync_to_async(open_room)(alice)
    deal = await database_sync_to_async(room.current_deal)()
    before = await database_sync_to_async(snapshot)(deal)
    ws = connect(room, alice)
    await ws.connect(timeout=10)
    await ws.receive_from(timeout=10)
    await ws.send_to(text_data=frame)
    html = await ws.receive_from(timeout=10)
    assert MALFORMED_DE in html
    await ws.send_to(text_data=json.dumps({"refresh": True}))  # still alive and answering
    assert 'id="table"' in await ws.receive_from(timeout=10)
    assert await database_sync_to_async(snapshot)(deal) == before
    await ws.disconnect()
