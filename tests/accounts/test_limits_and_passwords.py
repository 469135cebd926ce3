"""Abuse limits (django-ratelimit on opening and joining rooms and signing up, django-axes on log-in
attempts), the password reset by e-mail, and changing one's own display name."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.test import override_settings
from django.urls import reverse

from accounts.models import Profile
from rooms import services
from rooms.models import Room
from tests.accounts.conftest import PASSWORD, browser, make_user, player_of

pytestmark = pytest.mark.django_db(transaction=True)
TIGHT = {"open": "2/h", "join": "2/h", "signup": "1/h"}


@override_settings(RATE_LIMITS=TIGHT)
def test_opening_rooms_is_limited_per_address():
    client = browser()
    for _ in range(2):
        assert client.post(reverse("rooms:play_solo", args=["chor_voli"])).status_code == 302
    response = client.post(reverse("rooms:new_room", args=["chor_voli"]), {"name": "Anna"})
    assert response.status_code == 429 and "Bitte warte ein wenig" in response.content.decode()
    assert Room.objects.count() == 2
    assert client.get(reverse("rooms:new_room", args=["chor_voli"])).status_code == 200  # reading stays free


@override_settings(RATE_LIMITS=TIGHT)
def test_joining_is_limited_per_address(alice):
    rooms = [services.open_room("chor_voli", alice, "Alice", computers={2, 3}) for _ in range(3)]
    statuses = [browser().post(reverse("rooms:join", args=[r.token]), {"name": "Bob"}).status_code for r in rooms]
    assert statuses == [302, 302, 429]
    assert rooms[2].seats.get(index=1).player == ""


@override_settings(RATE_LIMITS=TIGHT)
def test_signing_up_is_limited_per_address():
    form = {"username": "anna", "display_name": "Anna", "email": "a@example.org", "password1": PASSWORD,
            "password2": PASSWORD}
    assert browser().post(reverse("accounts:signup"), form).status_code == 302
    response = browser().post(reverse("accounts:signup"), {**form, "username": "bert", "display_name": "Bert",
                                                           "email": "b@example.org"})
    assert response.status_code == 429


def test_repeated_wrong_passwords_lock_that_account_from_that_address_only():
    make_user("anna")
    make_user("bert")
    client = browser()
    statuses = [client.post(reverse("accounts:login"), {"username": "anna", "password": "wrong"}).status_code
                for _ in range(5)]
    assert statuses == [200, 200, 200, 200, 429]  # AXES_FAILURE_LIMIT = 5: the fifth failure locks
    locked = client.post(reverse("accounts:login"), {"username": "anna", "password": PASSWORD})
    assert locked.status_code == 429 and "Zu viele fehlgeschlagene Anmeldeversuche" in locked.content.decode()
    assert "_auth_user_id" not in client.session
    assert client.post(reverse("accounts:login"), {"username": "bert", "password": PASSWORD}).status_code == 302
    other = browser()
    other.defaults["REMOTE_ADDR"] = "10.9.8.7"
    assert other.post(reverse("accounts:login"), {"username": "anna", "password": PASSWORD}).status_code == 302


def test_a_forgotten_password_is_reset_by_an_emailed_link():
    make_user("anna", "Anna")
    client = browser()
    response = client.post(reverse("accounts:password_reset"), {"email": "anna@example.org"})
    assert response.status_code == 302
    message = mail.outbox[-1]
    assert message.to == ["anna@example.org"] and "neues Passwort" in message.subject
    assert "Hallo Anna" in message.body
    link = re.search(r"http://testserver(/de/konto/passwort/neu/\S+)", message.body).group(1)
    form = client.get(link, follow=True)
    assert 'name="new_password1"' in form.content.decode()
    done = client.post(form.redirect_chain[-1][0], {"new_password1": "Neues-Passwort-99",
                                                     "new_password2": "Neues-Passwort-99"})
    assert done.status_code == 302
    assert browser().post(reverse("accounts:login"), {"username": "anna", "password": "Neues-Passwort-99"}
                          ).status_code == 302
    # Unknown addresses are not revealed.
    assert client.post(reverse("accounts:password_reset"), {"email": "x@example.org"}).status_code == 302


@override_settings(EMAIL_BACKEND="django.core.mail.backends.console.EmailBackend")
def test_the_embedded_default_prints_the_email(capsys):
    make_user("anna")
    browser().post(reverse("accounts:password_reset"), {"email": "anna@example.org"})
    assert "/de/konto/passwort/neu/" in capsys.readouterr().out


def test_changing_ones_own_display_name_renames_the_seats(alice):
    anna = make_user("anna", "Anna")
    make_user("bert", "Bert")
    room = services.open_room("chor_voli", alice, "Alice", computers={2, 3})
    services.join(room, player_of(anna), "", user=anna)
    client = browser()
    client.force_login(anna)
    taken = client.post(reverse("accounts:profile"), {"display_name": "BERT"})
    assert taken.status_code == 400 and "bereits vergeben" in taken.content.decode()
    assert client.post(reverse("accounts:profile"), {"display_name": "Anna Lena"}).status_code == 302
    assert Profile.objects.get(user=anna).display_name == "Anna Lena"
    assert room.seats.get(index=1).name == "Anna Lena"
    assert "Anna Lena" in client.get(reverse("accounts:profile")).content.decode()


def test_pages_need_a_login_where_they_should():
    assert browser().get(reverse("accounts:profile"))["Location"].startswith(reverse("accounts:login"))
    for name in ("accounts:login", "accounts:signup", "accounts:password_reset", "accounts:leaderboards"):
        assert browser().get(reverse(name)).status_code == 200
    with_english = browser().get("/en/konto/anmelden/")
    assert with_english.status_code == 200 and "Log in" in with_english.content.decode()
