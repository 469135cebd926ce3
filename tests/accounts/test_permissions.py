"""Who may do what: suspended accounts cannot act (checked in the one door), closed rooms take no
moves, one account cannot act for another's seat, and only staff reach the admin."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse
from django.utils import translation

from accounts import moderation
from accounts.models import Profile
from games.chor_voli.bots import BOT
from games.core import registry
from games.core.rng import rng_for
from rooms import services
from rooms.models import ActionRecord, Deal
from tests.accounts.conftest import browser, make_user, player_of
from tests.helpers import arrangement_fields, disjoint_groups

pytestmark = pytest.mark.django_db(transaction=True)
ENGINE = registry.get("chor_voli")


def running_solo(user) -> Deal:
    room = services.open_solo("chor_voli", player_of(user), user=user)
    while room.current_deal().over:  # four of a kind ends a round at the deal
        services.start_deal(room)
    return room.current_deal()


def arrangement(deal: Deal, seat: int = 0) -> dict:
    return BOT.choose(ENGINE.view(ENGINE.load(deal.state), seat), [], rng_for(1, "test"))


def snapshot(deal: Deal) -> tuple:
    deal.refresh_from_db()
    return deal.version, deal.state, ActionRecord.objects.filter(deal=deal).count()


def suspend(user) -> None:
    Profile.objects.filter(user=user).update(suspended=True)


def test_a_suspended_account_cannot_move_and_is_told_so_in_german():
    anna = make_user("anna")
    deal = running_solo(anna)
    before = snapshot(deal)
    suspend(anna)
    with pytest.raises(services.Refused) as refused:
        services.submit_action(deal.pk, 0, arrangement(deal), "a1")
    assert refused.value.code == "suspended"
    with translation.override("de"):
        assert "Dein Konto ist gesperrt" in refused.value.message()
    assert snapshot(deal) == before


def test_a_suspended_account_cannot_open_or_join_a_table(alice):
    anna = make_user("anna")
    suspend(anna)
    room = services.open_room("chor_voli", alice, "Alice", computers={2, 3})
    for attempt in (lambda: services.open_solo("chor_voli", player_of(anna), user=anna),
                    lambda: services.open_room("chor_voli", player_of(anna), "", computers={1, 2, 3}, user=anna),
                    lambda: services.join(room, player_of(anna), "", user=anna)):
        with pytest.raises(services.Refused) as refused:
            attempt()
        assert refused.value.code == "suspended"
    client = browser()
    client.force_login(anna)
    response = client.post(reverse("rooms:play_solo", args=["chor_voli"]))
    assert response.status_code == 403 and "Dein Konto ist gesperrt" in response.content.decode()
    response = client.post(reverse("rooms:join", args=[room.token]), {"name": "x"})
    assert response.status_code == 400 and "Dein Konto ist gesperrt" in response.content.decode()


def test_a_suspension_counts_at_once_on_the_table_page():
    anna = make_user("anna")
    deal = running_solo(anna)
    client = browser()
    client.force_login(anna)
    client.get(reverse("accounts:profile"))  # the browser now carries the account's player id
    hand = ENGINE.view(ENGINE.load(deal.state), 0)["hand"]
    fields = {**arrangement_fields(hand, disjoint_groups(hand)), "version": deal.version, "action_id": "page-1",
              "intent": "arrange"}
    suspend(anna)
    response = client.post(reverse("rooms:act", args=[deal.room.token]), fields)
    assert response.status_code == 400 and "Dein Konto ist gesperrt" in response.content.decode()
    assert not ActionRecord.objects.filter(action_id="page-1").exists()
    Profile.objects.filter(user=anna).update(suspended=False)  # the same move counts once lifted
    assert client.post(reverse("rooms:act", args=[deal.room.token]), fields).status_code == 302
    assert ActionRecord.objects.filter(action_id="page-1").exists()


def test_a_computer_standing_in_for_a_suspended_person_finishes_the_deal_for_the_others(alice):
    anna = make_user("anna")
    room = services.open_room("chor_voli", alice, "Alice", computers={2, 3})
    services.join(room, player_of(anna), "", user=anna)
    suspend(anna)
    services.hand_to_computer(room, alice, 1)  # the creator lets a computer play Anna's seat
    deal = room.current_deal()
    if not deal.over:
        assert 1 not in ENGINE.actors(ENGINE.load(Deal.objects.get(pk=deal.pk).state))


def test_one_account_cannot_act_for_anothers_seat():
    anna, bert = make_user("anna"), make_user("bert")
    deal = running_solo(anna)
    before = snapshot(deal)
    client = browser(player_of(anna))  # even with Anna's old cookie in the browser
    client.force_login(bert)
    hand = ENGINE.view(ENGINE.load(deal.state), 0)["hand"]
    fields = {**arrangement_fields(hand, disjoint_groups(hand)), "version": deal.version, "action_id": "bert-1",
              "intent": "arrange"}
    response = client.post(reverse("rooms:act", args=[deal.room.token]), fields)
    assert response.status_code == 400 and "keinen Platz" in response.content.decode()
    assert snapshot(deal) == before
    page = client.get(reverse("rooms:room", args=[deal.room.token])).content.decode()
    assert 'name="card-' not in page  # Bert sees no hand: he watches at most


def test_a_closed_room_takes_no_moves_joins_or_new_deals(alice):
    anna, moderator = make_user("anna"), make_user("mod", is_staff=True)
    deal = running_solo(anna)
    open_room = services.open_room("chor_voli", player_of(anna), "", computers={2, 3}, user=anna)
    moderation.close_room(moderator, deal.room, "spam")
    moderation.close_room(moderator, open_room, "spam")
    deal.room.refresh_from_db()
    before = snapshot(deal)
    with pytest.raises(services.Refused) as refused:
        services.submit_action(deal.pk, 0, arrangement(deal), "a1")
    assert refused.value.code == "closed"
    with pytest.raises(services.Refused):
        services.join(open_room, alice, "Alice")
    assert services.computers_to_act(deal) == []
    assert snapshot(deal) == before


def test_guests_and_players_cannot_reach_the_admin():
    for client in (browser(), _logged_in(make_user("anna"))):
        response = client.get("/de/admin/")
        assert response.status_code == 302 and "/admin/login/" in response["Location"]
        response = client.get("/de/admin/accounts/profile/")
        assert response.status_code == 302 and "/admin/login/" in response["Location"]


def test_staff_without_the_moderators_group_sees_no_moderation():
    client = _logged_in(make_user("helper", is_staff=True))
    assert client.get("/de/admin/").status_code == 200
    for url in ("/de/admin/accounts/profile/", "/de/admin/rooms/room/", "/de/admin/accounts/auditlog/"):
        assert client.get(url).status_code == 403


def test_the_moderators_group_can_moderate_but_not_edit_the_audit_log():
    moderator = make_user("mod", is_staff=True)
    moderator.groups.add(Group.objects.get(name=moderation.MODERATORS))
    client = _logged_in(moderator)
    for url in ("/de/admin/accounts/profile/", "/de/admin/rooms/room/", "/de/admin/rooms/seat/",
                "/de/admin/accounts/auditlog/", "/de/admin/auth/user/", "/de/admin/axes/accessattempt/"):
        assert client.get(url).status_code == 200, url
    assert client.get("/de/admin/auth/user/add/").status_code == 403
    assert client.get("/de/admin/rooms/room/add/").status_code == 403


def _logged_in(user):
    client = browser()
    client.force_login(user)
    return client
