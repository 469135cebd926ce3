"""Moderators in the admin: suspend, rename, close a room, remove a person from a seat — each asks
for a reason and leaves an audit-log row (who, what, when, why); the site reflects it at once."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse

from accounts import moderation, results
from accounts.models import AuditLog, Profile
from rooms import services
from rooms.models import Seat
from tests.accounts.conftest import browser, make_user, play_deals, player_of

pytestmark = pytest.mark.django_db(transaction=True)
CHANGELIST = "/de/admin/accounts/profile/"


@pytest.fixture
def moderator():
    user = make_user("mod", "Moderation", is_staff=True)
    user.groups.add(Group.objects.get(name=moderation.MODERATORS))
    client = browser()
    client.force_login(user)
    client.user = user
    return client


def action(client, url: str, name: str, objects: list, reason: str | None = None):
    data = {"action": name, "_selected_action": [o.pk for o in objects]}
    if reason is not None:
        data.update(apply="yes", reason=reason)
    return client.post(url, data)


def test_suspending_asks_why_then_hides_the_account_and_logs_it(moderator):
    anna = make_user("anna", "Anna")
    play_deals(services.open_solo("chor_voli", player_of(anna), user=anna), 1)
    assert anna.pk in {r.user_id for r in results.leaderboard("chor_voli", min_deals=1)}

    form = action(moderator, CHANGELIST, "suspend", [anna.profile])
    assert form.status_code == 200 and 'name="reason"' in form.content.decode()
    assert not Profile.objects.get(user=anna).suspended  # nothing happens before the reason
    empty = action(moderator, CHANGELIST, "suspend", [anna.profile], reason="  ")
    assert empty.status_code == 200 and not Profile.objects.get(user=anna).suspended

    done = action(moderator, CHANGELIST, "suspend", [anna.profile], reason="Beleidigungen im Chat")
    assert done.status_code == 302
    assert Profile.objects.get(user=anna).suspended
    assert anna.pk not in {r.user_id for r in results.leaderboard("chor_voli", min_deals=1)}
    entry = AuditLog.objects.get()
    assert (entry.moderator, entry.moderator_name, entry.action, entry.reason, entry.target) == (
        moderator.user, "mod", "suspend", "Beleidigungen im Chat", "Anna (anna)")
    assert entry.created is not None

    action(moderator, CHANGELIST, "unsuspend", [anna.profile], reason="Einspruch angenommen")
    assert not Profile.objects.get(user=anna).suspended
    assert list(AuditLog.objects.values_list("action", flat=True)) == ["unsuspend", "suspend"]


def test_suspending_from_the_user_list_works_the_same(moderator):
    anna = make_user("anna")
    action(moderator, "/de/admin/auth/user/", "suspend_users", [anna], reason="Spam")
    assert Profile.objects.get(user=anna).suspended
    assert AuditLog.objects.get().action == "suspend"


def test_renaming_needs_a_reason_shows_at_once_everywhere_and_locks_the_name(moderator, alice):
    anna = make_user("anna", "Rude Name")
    room = services.open_room("chor_voli", alice, "Alice", computers={2, 3})
    services.join(room, player_of(anna), "", user=anna)
    url = f"/de/admin/accounts/profile/{anna.profile.pk}/change/"

    refused = moderator.post(url, {"display_name": "Spieler 7", "suspended": "", "reason": ""})
    assert refused.status_code == 200 and "Bitte begründe" in refused.content.decode()
    assert Profile.objects.get(user=anna).display_name == "Rude Name"
    taken = moderator.post(url, {"display_name": "moderation", "reason": "x"})
    assert "bereits vergeben" in taken.content.decode()

    done = moderator.post(url, {"display_name": "Spieler 7", "reason": "beleidigender Name"})
    assert done.status_code == 302
    profile = Profile.objects.get(user=anna)
    assert (profile.display_name, profile.name_locked) == ("Spieler 7", True)
    assert room.seats.get(index=1).name == "Spieler 7"  # the table's label, hinted to open pages
    assert "Spieler 7" in browser(alice).get(reverse("rooms:room", args=[room.token])).content.decode()
    entry = AuditLog.objects.get()
    assert (entry.action, entry.details["old"], entry.details["new"], entry.reason) == (
        "rename", "Rude Name", "Spieler 7", "beleidigender Name")

    own = browser()
    own.force_login(anna)
    page = own.post(reverse("accounts:profile"), {"display_name": "Rude Name"})
    assert Profile.objects.get(user=anna).display_name == "Spieler 7"
    assert "Moderation hat deinen Anzeigenamen gesetzt" in page.content.decode()


def test_closing_a_room_and_removing_a_person_are_logged(moderator, alice, bob):
    room = services.open_room("chor_voli", alice, "Alice", computers={2, 3})
    services.join(room, bob, "Troll")
    seat = room.seats.get(index=1)

    action(moderator, "/de/admin/rooms/seat/", "remove_people", [seat], reason="stört das Spiel")
    seat.refresh_from_db()
    assert seat.player == "" and seat.name == ""
    action(moderator, "/de/admin/rooms/room/", "close_rooms", [room], reason="Spam-Raum")
    room.refresh_from_db()
    assert room.closed
    assert [(e.action, e.reason) for e in AuditLog.objects.order_by("pk")] == [
        ("remove_seat", "stört das Spiel"), ("close_room", "Spam-Raum")]
    assert AuditLog.objects.get(action="remove_seat").details["name"] == "Troll"
    with pytest.raises(services.Refused):
        services.join(room, bob, "Troll")


def test_the_audit_log_cannot_be_changed_or_deleted(moderator):
    entry = AuditLog.objects.create(moderator=moderator.user, moderator_name="mod", action="suspend",
                                    target_type="profile", target_id="1", target="x", reason="r")
    superuser = browser()
    superuser.force_login(make_user("root", is_staff=True, is_superuser=True))
    for client in (moderator, superuser):
        assert client.get("/de/admin/accounts/auditlog/").status_code == 200
        assert client.post(f"/de/admin/accounts/auditlog/{entry.pk}/delete/", {"post": "yes"}).status_code == 403
        client.post(f"/de/admin/accounts/auditlog/{entry.pk}/change/", {"reason": "changed"})
    assert AuditLog.objects.get().reason == "r"


def test_the_admin_lists_search_and_filter(moderator, alice):
    anna = make_user("anna", "Anna")
    room = services.open_room("chor_voli", alice, "Alice", computers={2, 3})
    services.join(room, player_of(anna), "", user=anna)
    Profile.objects.filter(user=anna).update(suspended=True)
    pages = {
        "/de/admin/accounts/profile/?suspended__exact=1": "Anna",
        "/de/admin/accounts/profile/?q=anna": "Anna",
        "/de/admin/rooms/room/?q=Alice": room.token[:8],
        "/de/admin/rooms/room/?game__exact=chor_voli&closed__exact=0": room.token[:8],
        "/de/admin/rooms/seat/?account=yes": "Anna",
        f"/de/admin/rooms/room/{room.pk}/change/": "Alice",
        "/de/admin/auth/user/?profile__suspended__exact=1": "anna",
    }
    for url, text in pages.items():
        response = moderator.get(url)
        assert response.status_code == 200 and text in response.content.decode(), url
    assert Seat.objects.filter(user=anna).count() == 1
