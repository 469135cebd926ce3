"""The one door: every move is applied once, checked by the engine, and refused with a reason."""

from __future__ import annotations

import itertools
import random
import re

import pytest

from games.chor_voli.bots import BOT
from games.core import registry
from games.core.rng import rng_for
from rooms import services
from rooms.models import ActionRecord, Deal, LedgerEntry, Room
from tests.helpers import regions_now, room_of_people

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


def test_a_move_on_a_version_before_the_seats_decision_began_is_refused_as_stale(alice):
    """Dou Dizhu's bidding: the second bidder's page still shows the version before the first bid, when it
    was not yet its turn; its bid is refused as stale and changes nothing."""
    engine, room = registry.get("dou_dizhu"), room_of_people("dou_dizhu", alice)
    deal = room.current_deal()
    first = min(engine.actors(engine.load(deal.state)))
    services.submit_action(deal.pk, first, {"type": "pass"}, "first-bid", expected_version=deal.version)
    deal.refresh_from_db()
    second = min(engine.actors(engine.load(deal.state)))
    before = snapshot(deal)
    with pytest.raises(services.Refused) as refused:
        services.submit_action(deal.pk, second, {"type": "pass"}, "stale", expected_version=deal.version - 1)
    assert refused.value.code == "stale"
    assert snapshot(deal) == before


def test_an_answer_to_the_same_offer_after_another_seats_answer_is_not_stale(alice):
    """Chắn: two seats answer one card on offer. The first answer makes a new version; the second seat's page
    still shows the offer, as it still is for that seat, so its answer is applied, not refused as stale."""
    engine, rng = registry.get("chan"), random.Random(3)
    room = room_of_people("chan", alice)
    for step in itertools.count():
        deal = room.current_deal()
        state = engine.load(deal.state)
        if deal.over:
            services.start_deal(room)
        elif len(engine.actors(state)) >= 2:
            break
        else:
            seat = min(engine.actors(state))
            services.submit_action(deal.pk, seat, engine.random_action(state, seat, rng), f"r{step}", deal.version)
    first, second = sorted(engine.actors(state))[:2]
    shown, action_id = deal.version, page_action_id(room, second)
    answer = engine.legal_actions(state, second)[-1]
    services.submit_action(deal.pk, first, engine.legal_actions(state, first)[-1], "first-answer", shown)
    deal.refresh_from_db()
    if second not in engine.actors(engine.load(deal.state)):
        pytest.skip("the first answer ended the offer for the second seat")  # not with this seed
    assert page_action_id(room, second) == action_id  # the same decision: its page names it as before
    done = services.submit_action(deal.pk, second, answer, action_id, expected_version=shown)
    assert done.version == shown + 2
    # The page of the version in between still asked; sent from there too, the answer applies once.
    again = services.submit_action(deal.pk, second, answer, action_id, expected_version=shown + 1)
    assert again.version == shown + 2 and ActionRecord.objects.filter(deal=deal, action_id=action_id).count() == 1


def page_action_id(room: Room, seat: int) -> str:
    """The id of the decision the seat's page sends its move with."""
    return re.search(r'name="action_id" value="([^"]+)"', regions_now(room, seat)["decision"]).group(1)


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
