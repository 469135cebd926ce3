"""The one door: every move is applied once, checked by the engine, and refused with a reason."""

from __future__ import annotations

import pytest

from games.chor_voli.bots import BOT
from games.core import registry
from games.core.rng import rng_for
from rooms import services
from rooms.models import ActionRecord, Deal, LedgerEntry, Room

pytestmark = pytest.mark.django_db(transaction=True)
ENGINE = registry.get("chor_voli")


def my_view(deal: Deal, seat: int = 0) -> dict:
    return ENGINE.view(ENGINE.load(deal.state), seat)


def good_arrangement(deal: Deal, seat: int = 0) -> dict:
    return BOT.choose(my_view(deal, seat), [], rng_for(1, "test"))


def snapshot(deal: Deal) -> tuple:
    deal.refresh_from_db()
    return deal.version, deal.state, ActionRecord.objects.filter(deal=deal).count()


def test_solo_room_deals_and_the_computers_arrange_at_once(alice):
    room = services.open_solo("chor_voli", alice)
    assert [s.kind for s in room.seats.all()] == ["person", "computer", "computer", "computer"]
    deal = room.current_deal()
    if deal.over:  # a four-of-a-kind round ends at the deal
        return
    assert ENGINE.actors(ENGINE.load(deal.state)) == {0}
    assert ActionRecord.objects.filter(deal=deal).count() == 3


def test_an_illegal_arrangement_is_refused_with_its_reason_and_changes_nothing(alice):
    deal = running_deal(alice)
    hand = my_view(deal)["hand"]
    before = snapshot(deal)
    with pytest.raises(services.Refused) as refused:
        services.submit_action(deal.pk, 0, {"type": "arrange", "groups": [hand[:2]], "discard": hand[2:]}, "a1")
    assert refused.value.code == "invalid_group"
    assert "Group 1" in str(refused.value)
    assert snapshot(deal) == before


@pytest.mark.parametrize("action", ["arrange", ["type"], {"type": "bogus"}, {"type": "arrange", "groups": 7}])
def test_malformed_input_is_refused_and_changes_nothing(alice, action):
    deal = running_deal(alice)
    before = snapshot(deal)
    with pytest.raises(services.Refused) as refused:
        services.submit_action(deal.pk, 0, action, "m1")
    assert refused.value.message()
    assert snapshot(deal) == before


def test_a_seat_cannot_act_for_another_seat(alice):
    deal = running_deal(alice)
    before = snapshot(deal)
    with pytest.raises(services.Refused):
        services.submit_action(deal.pk, 1, good_arrangement(deal, 1), "other-seat")
    assert snapshot(deal) == before


def test_a_repeated_action_id_applies_once(alice):
    deal = running_deal(alice)
    action = good_arrangement(deal)
    first = services.submit_action(deal.pk, 0, action, "same-id")
    second = services.submit_action(deal.pk, 0, action, "same-id")
    assert first.version == second.version
    assert ActionRecord.objects.filter(deal=deal, action_id="same-id").count() == 1


def test_a_stale_version_is_refused(alice):
    deal = running_deal(alice)
    before = snapshot(deal)
    with pytest.raises(services.Refused) as refused:
        services.submit_action(deal.pk, 0, good_arrangement(deal), "stale", expected_version=deal.version - 1)
    assert refused.value.code == "stale"
    assert snapshot(deal) == before


def test_a_finished_round_writes_the_ledger_and_the_next_round_carries_dealer_and_pool(alice):
    deal = running_deal(alice)
    deal = services.submit_action(deal.pk, 0, good_arrangement(deal), "confirm")
    assert deal.over
    outcome = ENGINE.outcome(ENGINE.load(deal.state))
    assert list(LedgerEntry.objects.filter(deal=deal).order_by("seat").values_list("amount", flat=True)) == (
        outcome["scores"]
    )
    following = services.start_deal(deal.room)
    assert following.number == deal.number + 1
    view = my_view(following)
    assert view["dealer"] == outcome["next_dealer"]
    assert view["pool_start"] == outcome["pool"]


def test_chips_are_conserved_over_many_rounds(alice):
    room = services.open_solo("chor_voli", alice)
    for _ in range(6):
        deal = room.current_deal()
        if not deal.over:
            services.submit_action(deal.pk, 0, good_arrangement(deal), f"r{deal.number}")
        services.start_deal(room)
    last = room.current_deal()
    finished_pool = my_view(last)["pool_start"]
    assert sum(services.standings(room)) + finished_pool == 0


def test_starting_the_next_deal_twice_deals_once(alice):
    deal = running_deal(alice)
    services.submit_action(deal.pk, 0, good_arrangement(deal), "confirm")
    first = services.start_deal(deal.room)
    again = services.start_deal(Room.objects.get(pk=deal.room.pk))
    if not first.over:
        assert again.pk == first.pk


def running_deal(player: str) -> Deal:
    """A solo Chor Voli room whose round waits for the person (re-dealt past four-of-a-kind rounds)."""
    room = services.open_solo("chor_voli", player)
    while room.current_deal().over:
        services.start_deal(room)
    return room.current_deal()
