"""A verifiable shuffle: each deal's secret seed, its commitment, and the check that recomputes the deal
from the revealed seed with the engine's own dealing (rooms/fairplay.py, manage.py verify_deal)."""

from __future__ import annotations

import hashlib
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from games.core import registry
from rooms import fairplay, models, services
from rooms.models import Deal, Room
from tests.fairplay.conftest import finished, running

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_commitment_is_the_sha256_of_the_documented_text(alice):
    deal = running("dou_dizhu", alice)
    assert len(deal.seed) == 64 and int(deal.seed, 16) >= 0  # 256 bits in hex
    text = f"cardavia-deal/v1/{deal.room_id}/{deal.number}/{deal.seed}"
    assert deal.commitment == hashlib.sha256(text.encode("utf-8")).hexdigest()


def test_every_deal_has_its_own_secret_seed_and_commitment(alice):
    first = finished("chor_voli", alice)
    second = services.start_deal(first.room)
    assert second.number == first.number + 1
    assert second.seed != first.seed and second.commitment != first.commitment


def test_the_deal_is_the_engines_own_deal_of_the_seed_with_the_recorded_options(alice):
    """A room's next deal carries options over (Chor Voli: the last winner deals, the pool carries):
    they are recorded, so that `new_game` can be redone exactly."""
    first = finished("chor_voli", alice)
    engine = registry.get("chor_voli")
    second = services.start_deal(first.room)
    assert second.options == engine.next_options(engine.outcome(engine.load(first.state)))
    assert "dealer" in second.options
    redone = engine.new_game(seed=int(second.seed, 16), seats=4, **second.options)
    assert engine.dump(redone) == second.start


def test_the_computers_play_from_the_deals_secret(alice, monkeypatch):
    """No second seed: the computers' randomness comes from the deal's own secret seed."""
    deal = running("dou_dizhu", alice)
    seeds = []
    real = services.rng_for
    monkeypatch.setattr(services, "rng_for", lambda *salt: seeds.append(salt[0]) or real(*salt))
    engine = registry.get("dou_dizhu")
    for move in range(50):  # the person passes (or plays) until a computer has acted after it
        deal.refresh_from_db()
        if seeds or deal.over:
            break
        legal = engine.legal_actions(engine.load(deal.state), 0)
        action = {"type": "pass"} if {"type": "pass"} in legal else legal[0]
        services.submit_action(deal.pk, 0, action, f"person-{move}")
    assert seeds and set(seeds) == {deal.seed}


@pytest.mark.parametrize("game", registry.KEYS)
def test_a_finished_deal_of_every_game_matches_its_revealed_seed(game, alice):
    check = fairplay.check_deal(finished(game, alice))
    assert check.commitment_ok and check.state_ok and check.moves_ok
    assert all(hand.ok and hand.recorded for hand in check.hands)
    assert check.ok


def test_a_changed_seed_fails_the_check(alice):
    deal = finished("kowah", alice)
    deal.seed = fairplay.new_seed()
    check = fairplay.check_deal(deal)
    assert not check.commitment_ok
    assert not check.ok


def test_a_seed_that_fits_the_commitment_of_another_deal_fails_the_check(alice):
    """The commitment binds room and deal number: a seed cannot be claimed for another deal."""
    deal = finished("kowah", alice)
    assert not fairplay.check("kowah", deal.room_id, deal.number + 1, deal.seed, deal.commitment,
                              {}, deal.start, [], deal.start).commitment_ok


def test_a_changed_hand_fails_the_check(alice):
    deal = finished("chor_voli", alice)
    hands = deal.start["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]  # one card swapped between two seats
    check = fairplay.check_deal(deal)
    assert check.commitment_ok  # the seed is the committed one …
    assert [h.ok for h in check.hands] == [False, False, True, True]  # … but not these hands
    assert not check.state_ok
    assert not check.ok


def test_a_changed_stock_fails_the_check(alice):
    deal = finished("kowah", alice)
    deal.start["stock"] = list(reversed(deal.start["stock"]))
    check = fairplay.check_deal(deal)
    assert all(h.ok for h in check.hands) and not check.state_ok and not check.ok


def test_moves_that_do_not_lead_to_the_recorded_end_fail_the_check(alice):
    deal = finished("dou_dizhu", alice)
    deal.actions.order_by("-version").first().delete()
    check = fairplay.check_deal(deal)
    assert check.commitment_ok and check.state_ok
    assert not check.moves_ok and not check.ok


def test_verify_deal_prints_each_part_and_confirms_a_true_deal(alice):
    deal = finished("chuo_pai", alice)
    out = StringIO()
    call_command("verify_deal", deal.room.token, str(deal.number), stdout=out)
    text = out.getvalue()
    assert deal.commitment in text and deal.seed in text
    assert "DIFFERS" not in text
    assert "the deal matches its revealed seed" in text


def test_verify_deal_fails_on_a_tampered_deal(alice):
    deal = finished("chuo_pai", alice)
    Deal.objects.filter(pk=deal.pk).update(commitment="0" * 64)
    out = StringIO()
    with pytest.raises(CommandError, match="does not match"):
        call_command("verify_deal", deal.room.token, str(deal.number), stdout=out)
    assert "DIFFERS" in out.getvalue()


def test_verify_deal_keeps_the_seed_of_a_running_deal_secret(alice):
    deal = running("dou_dizhu", alice)
    out = StringIO()
    with pytest.raises(CommandError, match="still being played") as refused:
        call_command("verify_deal", deal.room.token, str(deal.number), stdout=out)
    assert deal.seed not in out.getvalue() + str(refused.value)


def test_verify_deal_says_when_there_is_no_such_deal(alice):
    deal = running("dou_dizhu", alice)
    with pytest.raises(CommandError, match="no deal 9"):
        call_command("verify_deal", deal.room.token, "9")


def test_a_token_never_begins_with_a_dash_so_the_console_commands_take_it(alice, monkeypatch):
    deal = running("dou_dizhu", alice)
    drawn = iter(["-looks-like-an-option", "a-plain-token"])
    monkeypatch.setattr(models.secrets, "token_urlsafe", lambda nbytes: next(drawn))
    assert models.new_token() == "a-plain-token"
    Room.objects.filter(pk=deal.room.pk).update(token="-an-older-token")
    with pytest.raises(CommandError, match="no deal 9 in a room '-an-older-token'"):
        call_command("verify_deal", "--", "-an-older-token", "9")  # how an older token with a dash is given


def test_deals_from_before_keep_their_seed_as_the_same_number_and_have_no_commitment(alice):
    """Migration 0003: a deal dealt before (a 62-bit seed, no commitment) keeps working."""
    executor = MigrationExecutor(connection)
    executor.migrate([("rooms", "0002_seat_user")])
    old = executor.loader.project_state([("rooms", "0002_seat_user")]).apps
    room = old.get_model("rooms", "Room").objects.create(game="kowah", creator=alice)
    engine = registry.get("kowah")
    old.get_model("rooms", "Deal").objects.create(
        room=room, number=1, seed=123456789, state=engine.dump(engine.new_game(seed=123456789, seats=3)))
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
    deal = Deal.objects.get(room_id=room.pk)
    assert int(deal.seed, 16) == 123456789  # the computers' and the engine's number is unchanged
    assert deal.commitment == "" and deal.start is None
    assert not fairplay.checkable(deal)
