"""Sign-up, log-in and log-out: an account is one player on every device, and a browser's guest seats
(with their history) become the account's when it signs up or logs in."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from accounts import players, results
from accounts.models import Profile
from rooms import services
from rooms.models import Seat
from tests.accounts.conftest import PASSWORD, browser, chips, cookie_player, make_user, play_deals, player_of

pytestmark = pytest.mark.django_db(transaction=True)
SIGNUP = {"username": "anna", "display_name": "Anna K.", "email": "anna@example.org",
          "password1": PASSWORD, "password2": PASSWORD}


def test_signing_up_attaches_the_seats_and_results_this_browser_already_has(alice):
    room = services.open_solo("chor_voli", alice)
    play_deals(room, 2)
    guest_total = services.standings(room)[0]
    client = browser(alice)

    response = client.post(reverse("accounts:signup"), SIGNUP)

    assert response.status_code == 302 and response["Location"] == reverse("accounts:profile")
    user = get_user_model().objects.get(username="anna")
    assert user.profile.display_name == "Anna K."
    assert user.profile.player == alice  # the browser's id became the account's: its seats need no move
    seat = room.seats.get(index=0)
    assert seat.user == user and seat.name == "Anna K."
    chor_voli = next(r for r in results.profile_results(user) if r.game == "chor_voli")
    assert (chor_voli.net, chor_voli.deals) == (guest_total, 2)
    profile = client.get(reverse("accounts:profile"))
    assert profile.status_code == 200
    assert f'data-game="chor_voli">{chips(guest_total)}' in profile.content.decode()


@pytest.mark.parametrize(("field", "value", "message"), [
    ("display_name", "", "Dieses Feld ist zwingend erforderlich."),
    ("display_name", "x" * 25, "höchstens"),
    ("display_name", "a\u200bb", "Steuerzeichen"),
    ("password2", "other-password-1", "Passwörter sind nicht identisch"),
    ("email", "", "Dieses Feld ist zwingend erforderlich."),
])
def test_signup_refuses_bad_input_in_german(field, value, message):
    response = browser().post(reverse("accounts:signup"), {**SIGNUP, field: value})
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not get_user_model().objects.filter(username="anna").exists()


def test_display_names_and_addresses_are_unique_regardless_of_case():
    make_user("bert", "Anna k.")
    response = browser().post(reverse("accounts:signup"), SIGNUP)
    assert "bereits vergeben" in response.content.decode()
    other = {**SIGNUP, "display_name": "Other", "email": "BERT@example.org"}
    response = browser().post(reverse("accounts:signup"), other)
    assert "existiert bereits" in response.content.decode()


def test_logging_in_on_a_second_device_brings_the_guest_seats_of_that_browser(alice, bob):
    anna = make_user("anna", "Anna")
    first_room = services.open_solo("chor_voli", player_of(anna), user=anna)
    guest_room = services.open_room("chor_voli", bob, "Bobby", computers={2, 3})
    phone = browser(bob)

    response = phone.post(reverse("accounts:login"), {"username": "anna", "password": PASSWORD})

    assert response.status_code == 302
    assert cookie_player(phone) == player_of(anna)  # this device now is the account's player
    seat = guest_room.seats.get(index=0)
    assert (seat.user, seat.player, seat.name) == (anna, player_of(anna), "Anna")
    guest_room.refresh_from_db()
    assert guest_room.creator == player_of(anna)  # still the room's opener: may hand seats to computers
    # Both rooms are this device's now, the one opened elsewhere too.
    page = phone.get(reverse("rooms:my_rooms")).content.decode()
    assert first_room.token in page and guest_room.token in page


def test_logging_out_makes_the_browser_a_new_guest_who_cannot_play_the_accounts_seats():
    anna = make_user("anna")
    room = services.open_solo("chor_voli", player_of(anna), user=anna)
    client = browser()
    client.post(reverse("accounts:login"), {"username": "anna", "password": PASSWORD})
    assert room.token in client.get(reverse("rooms:my_rooms")).content.decode()

    client.post(reverse("accounts:logout"))

    guest = cookie_player(client)
    assert guest and guest != player_of(anna)
    assert room.token not in client.get(reverse("rooms:my_rooms")).content.decode()


def test_logging_in_where_another_account_forgot_its_cookie_takes_none_of_its_seats():
    anna, bert = make_user("anna"), make_user("bert")
    room = services.open_solo("chor_voli", player_of(anna), user=anna)
    shared = browser(player_of(anna))  # Anna's session is gone, her player cookie still there

    shared.post(reverse("accounts:login"), {"username": "bert", "password": PASSWORD})

    assert cookie_player(shared) == player_of(bert)
    assert room.seats.get(index=0).user == anna
    assert room.token not in shared.get(reverse("rooms:my_rooms")).content.decode()


def test_a_browser_whose_session_ended_is_a_guest_again():
    anna = make_user("anna")
    services.open_solo("chor_voli", player_of(anna), user=anna)
    client = browser(player_of(anna))  # the account's cookie, but not logged in
    page = client.get(reverse("rooms:my_rooms"))
    assert page.status_code == 200 and "/raum/" not in page.content.decode()
    assert cookie_player(client) != player_of(anna)
    assert Seat.objects.filter(player=player_of(anna)).count() == 1


def test_a_signed_in_person_joins_and_opens_under_the_profile_name(alice):
    anna = make_user("anna", "Anna")
    room = services.open_room("chor_voli", alice, "Alice", computers={2, 3})
    client = browser()
    client.force_login(anna)
    client.post(reverse("accounts:profile"))  # any request: the cookie follows the account
    response = client.post(reverse("rooms:join", args=[room.token]), {"name": "Somebody"})
    assert response.status_code == 302
    seat = room.seats.get(index=1)
    assert (seat.user, seat.name, seat.player) == (anna, "Anna", player_of(anna))

    client.post(reverse("rooms:new_room", args=["chor_voli"]), {"name": "Whatever", "seat-1": "computer",
                                                                "seat-2": "computer", "seat-3": "computer"})
    opened = Seat.objects.filter(user=anna).exclude(room=room).get()
    assert (opened.index, opened.name, opened.room.creator) == (0, "Anna", player_of(anna))


def test_every_user_has_a_profile_with_a_free_name():
    make_user("zoe", "Max")
    max_user = get_user_model().objects.create_superuser("max", "max@example.org", PASSWORD)
    assert Profile.objects.get(user=max_user).display_name == "max 2"  # "Max" was taken


def test_the_header_offers_log_in_to_guests_and_the_profile_to_accounts():
    home = browser().get("/de/").content.decode()
    assert f'href="{reverse("accounts:login")}' in home and "Anmelden" in home
    client = browser()
    client.force_login(make_user("anna", "Anna Lena"))
    home = client.get("/de/").content.decode()
    assert f'href="{reverse("accounts:profile")}"' in home and "Anna Lena" in home


def test_players_module_never_attaches_to_a_foreign_account_player():
    anna = make_user("anna")
    assert players.is_account_player(player_of(anna))
    assert not players.is_account_player("some-guest")
