"""Private rooms: invite links, seats for people and computers, the same browser recognised."""

from __future__ import annotations

import threading

import pytest
from django.db import connection
from django.http import HttpResponse
from django.test import Client
from django.urls import reverse

from games.chor_voli.bots import BOT
from games.core import registry
from games.core.rng import rng_for
from rooms import identity, services
from rooms.models import Room

pytestmark = pytest.mark.django_db(transaction=True)
ENGINE = registry.get("chor_voli")


def browser(player: str) -> Client:
    client = Client()
    client.cookies[identity.COOKIE] = identity.remember(HttpResponse(), player).cookies[identity.COOKIE].value
    return client


def two_person_room(alice: str) -> Room:
    """Alice in seat 0, a person awaited in seat 1, computers in seats 2 and 3."""
    return services.open_room("chor_voli", alice, "Alice", computers={2, 3})


def test_the_invite_token_is_unguessable(alice):
    room = two_person_room(alice)
    assert len(room.token) >= 22  # 128 bits in URL-safe base64 need 22 characters; we use 192 bits


def test_the_round_starts_by_itself_when_every_person_is_seated(alice, bob):
    room = two_person_room(alice)
    assert room.current_deal() is None
    services.join(room, bob, "Bob")
    assert room.current_deal() is not None


def test_the_same_browser_gets_its_own_seat_back(alice, bob):
    room = two_person_room(alice)
    first = services.join(room, bob, "Bob")
    again = services.join(room, bob, "Someone else")
    assert first.index == again.index == 1
    assert again.name == "Bob"


def test_a_full_room_says_so_and_an_occupied_seat_cannot_be_taken(alice, bob):
    room = two_person_room(alice)
    services.join(room, bob, "Bob")
    with pytest.raises(services.Refused) as refused:
        services.join(room, "carol-browser", "Carol")
    assert refused.value.code == "room_full"
    assert list(room.seats.values_list("player", flat=True))[:2] == [alice, bob]


def test_a_left_seat_can_be_taken_by_someone_else(alice, bob):
    room = two_person_room(alice)
    services.join(room, bob, "Bob")
    services.leave(room, bob)
    seat = services.join(room, "carol-browser", "Carol")
    assert seat.index == 1


def test_only_the_creator_hands_a_seat_to_a_computer_and_the_person_takes_it_back(alice, bob):
    room = two_person_room(alice)
    services.join(room, bob, "Bob")
    with pytest.raises(services.Refused):
        services.hand_to_computer(room, bob, 0)
    services.hand_to_computer(room, alice, 1)
    deal = room.current_deal()
    state = ENGINE.load(deal.state)
    if not deal.over:  # the computer arranged Bob's cards at once
        assert 1 not in ENGINE.actors(state)
    services.take_back(room, bob)
    assert not room.seats.get(index=1).stand_in


@pytest.mark.parametrize("name,code", [("", "name_missing"), ("x" * 25, "name_too_long"), ("Bo\x00b", "name_control"),
                                       ("Bo\u202eb", "name_control")])
def test_bad_display_names_are_refused(alice, name, code):
    room = two_person_room(alice)
    with pytest.raises(services.Refused) as refused:
        services.join(room, "carol-browser", name)
    assert refused.value.code == code


def test_display_names_are_escaped_everywhere(alice):
    room = services.open_room("chor_voli", alice, "<img src=x onerror=1>", computers={2, 3})
    page = browser("carol-browser").get(reverse("rooms:room", args=[room.token])).content.decode()
    assert "<img src=x onerror=1>" not in page
    assert "&lt;img src=x onerror=1&gt;" in page


def test_joining_by_the_invite_link_sets_the_seat_cookie(alice):
    room = two_person_room(alice)
    client = Client()
    client.get(reverse("rooms:room", args=[room.token]))
    response = client.post(reverse("rooms:join", args=[room.token]), {"name": "Bob"})
    assert response.status_code == 302
    cookie = response.cookies[identity.COOKIE]
    assert cookie["httponly"]
    page = client.get(reverse("rooms:room", args=[room.token])).content.decode()
    assert "Deine Karten" in page


def test_the_invite_link_opens_in_the_invited_persons_language(alice):
    room = two_person_room(alice)
    page = browser(alice).get(reverse("rooms:room", args=[room.token])).content.decode()
    invite = f"/raum/{room.token}/"
    assert f'href="{invite}" data-invite' in page  # not the inviter's /de/
    english = Client(headers={"accept-language": "en-GB,en;q=0.9"})
    response = english.get(invite, follow=True)
    assert response.redirect_chain[-1][0] == f"/en/raum/{room.token}/"
    assert "Your display name" in response.content.decode()
    chosen = Client(headers={"accept-language": "en-GB"})
    chosen.cookies["django_language"] = "de"  # a language chosen on the site beats the browser's
    assert chosen.get(invite, follow=True).redirect_chain[-1][0] == f"/de/raum/{room.token}/"


def test_forms_need_the_csrf_token(alice):
    room = two_person_room(alice)
    client = Client(enforce_csrf_checks=True)
    response = client.post(reverse("rooms:join", args=[room.token]), {"name": "Bob"})
    assert response.status_code == 403


def test_my_rooms_lists_the_rooms_this_browser_sits_in(alice):
    room = two_person_room(alice)
    page = browser(alice).get(reverse("rooms:my_rooms")).content.decode()
    assert reverse("rooms:room", args=[room.token]) in page


def test_two_people_confirming_at_the_same_instant_both_count(alice, bob):
    room = two_person_room(alice)
    services.join(room, bob, "Bob")
    while room.current_deal().over:
        services.start_deal(room)
    deal = room.current_deal()
    actions = {seat: BOT.choose(ENGINE.view(ENGINE.load(deal.state), seat), [], rng_for(seat, "t")) for seat in (0, 1)}
    errors: list[Exception] = []

    def confirm(seat: int) -> None:
        try:
            services.submit_action(deal.pk, seat, actions[seat], f"same-instant-{seat}")
        except Exception as exc:
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=confirm, args=(seat,)) for seat in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    deal.refresh_from_db()
    assert deal.over


def test_the_same_action_sent_twice_at_once_applies_once(alice, bob):
    room = two_person_room(alice)
    services.join(room, bob, "Bob")
    while room.current_deal().over:
        services.start_deal(room)
    deal = room.current_deal()
    action = BOT.choose(ENGINE.view(ENGINE.load(deal.state), 0), [], rng_for(0, "t"))
    results: list[object] = []

    def send() -> None:
        try:
            results.append(services.submit_action(deal.pk, 0, action, "twice").version)
        except services.Refused as exc:
            results.append(exc.code)
        finally:
            connection.close()

    threads = [threading.Thread(target=send) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert deal.actions.filter(action_id="twice").count() == 1
