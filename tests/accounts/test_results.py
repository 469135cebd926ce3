"""One ledger, three views: room standings, profile totals and leaderboards are sums of the same
append-only rows, and only accounts' seats count on profiles and leaderboards."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import override_settings
from django.urls import reverse
from django.utils import timezone

from accounts import results
from accounts.models import Profile
from games.core import registry
from rooms import services
from rooms.models import LedgerEntry, Seat
from tests.accounts.conftest import browser, chips, make_user, play_deals, player_of

pytestmark = pytest.mark.django_db(transaction=True)


def net(user, game: str) -> results.GameResult:
    return next(r for r in results.profile_results(user) if r.game == game)


def board(game: str, **kwargs) -> dict[int, results.Row]:
    return {row.user_id: row for row in results.leaderboard(game, min_deals=kwargs.pop("min_deals", 1), **kwargs)}


@pytest.mark.parametrize("game", ["chor_voli", "dou_dizhu", "chan"])
def test_room_standings_profile_totals_and_leaderboards_agree(game, alice):
    """Two accounts, a guest and a computer share a room; a second room adds to one account."""
    anna, bert = make_user("anna", "Anna"), make_user("bert", "Bert")
    seats = registry.get(game).seats
    room = services.open_room(game, player_of(anna), "", computers={seats - 1}, user=anna)
    services.join(room, player_of(bert), "", user=bert)
    if seats == 4:
        services.join(room, alice, "Guest")
    solo = services.open_solo(game, player_of(anna), user=anna)
    play_deals(room, 3)
    play_deals(solo, 2)

    standings, solo_standings = services.standings(room), services.standings(solo)
    deals = {anna: 5, bert: 3}
    totals = {anna: standings[0] + solo_standings[0], bert: standings[1]}
    leaders = board(game)
    for user in (anna, bert):
        assert (net(user, game).net, net(user, game).deals) == (totals[user], deals[user])
        assert (leaders[user.pk].net, leaders[user.pk].deals) == (totals[user], deals[user])
    assert set(leaders) == {anna.pk, bert.pk}  # neither the guest nor the computer
    # Every ledger row of the room is in the standings; the accounts' rows are exactly theirs.
    assert sum(standings) == sum(LedgerEntry.objects.filter(deal__room=room).values_list("amount", flat=True))
    assert [r.rank for r in results.leaderboard(game, min_deals=1)] == sorted(r.rank for r in leaders.values())


def test_the_leaderboard_needs_the_minimum_number_of_deals():
    anna, bert = make_user("anna"), make_user("bert")
    play_deals(services.open_solo("chor_voli", player_of(anna), user=anna), 3)
    play_deals(services.open_solo("chor_voli", player_of(bert), user=bert), 1)
    assert set(board("chor_voli", min_deals=3)) == {anna.pk}
    with override_settings(LEADERBOARD_MIN_DEALS=2):
        assert [r.user_id for r in results.leaderboard("chor_voli")] == [anna.pk]


def test_the_last_30_days_count_only_recent_deals():
    anna = make_user("anna")
    room = services.open_solo("chor_voli", player_of(anna), user=anna)
    play_deals(room, 3)
    old = LedgerEntry.objects.filter(deal__room=room, seat=0).order_by("deal__number").first()
    LedgerEntry.objects.filter(deal=old.deal).update(created=timezone.now() - timedelta(days=31))
    total = services.standings(room)[0]
    recent = board("chor_voli", days=30)[anna.pk]
    assert (recent.net, recent.deals) == (total - old.amount, 2)
    assert (net(anna, "chor_voli").net_recent, net(anna, "chor_voli").deals_recent) == (total - old.amount, 2)
    assert board("chor_voli")[anna.pk].deals == 3


def test_suspended_accounts_are_hidden_from_leaderboards_but_keep_their_record():
    anna, bert = make_user("anna", "Anna"), make_user("bert", "Bert")
    for user in (anna, bert):
        play_deals(services.open_solo("chor_voli", player_of(user), user=user), 1)
    Profile.objects.filter(user=bert).update(suspended=True)
    assert set(board("chor_voli")) == {anna.pk}
    assert net(bert, "chor_voli").deals == 1
    assert browser().get(reverse("accounts:player", args=[bert.pk])).status_code == 404


def test_equal_nets_share_a_rank():
    users = [make_user(f"user{i}") for i in range(3)]
    for user in users:
        play_deals(services.open_solo("dou_dizhu", player_of(user), user=user), 1)
    LedgerEntry.objects.filter(seat=0).update(amount=0)
    LedgerEntry.objects.filter(deal__room__seats__user=users[2], seat=0).update(amount=5)
    assert [(r.rank, r.net) for r in results.leaderboard("dou_dizhu", min_deals=1)] == [(1, 5), (2, 0), (2, 0)]


@pytest.mark.parametrize(("game", "deals"), [("chuo_pai", 3), ("kowah", 1)])  # a Kowah deal is ~300 moves
def test_games_without_money_count_wins_draws_and_losses_as_the_engine_decides(game, deals, alice, bob):
    anna = make_user("anna")
    room = services.open_room(game, player_of(anna), "", computers=set(), user=anna)
    services.join(room, alice, "Alice")
    services.join(room, bob, "Bob")  # people only: random legal play, no computer thinking
    play_deals(room, deals)
    engine = registry.get(game)
    expected = {"win": 0, "draw": 0, "loss": 0}
    for deal in room.deals.filter(over=True):
        outcome = engine.outcome(engine.load(deal.state))
        if 0 not in outcome["winners"] and not (outcome["draw"] and not outcome["winners"]):
            expected["loss"] += 1
        elif outcome["draw"]:
            expected["draw"] += 1
        else:
            expected["win"] += 1
    mine = net(anna, game)
    assert (mine.wins, mine.draws, mine.losses) == (expected["win"], expected["draw"], expected["loss"])
    assert not mine.money and mine.deals == deals
    with pytest.raises(ValueError, match="not a money game"):
        results.leaderboard(game)


def test_a_seat_counts_for_whoever_sits_there_after_attaching(alice):
    """Guests' seats count for nobody until the guest signs up; then the whole history counts."""
    room = services.open_solo("chor_voli", alice)
    play_deals(room, 2)
    assert board("chor_voli") == {}
    anna = make_user("anna")
    services.attach_seats(alice, anna, player_of(anna))
    assert board("chor_voli")[anna.pk].net == services.standings(room)[0]
    assert Seat.objects.get(room=room, index=0).player == player_of(anna)


def test_the_leaderboard_pages_show_names_nets_and_the_viewer():
    anna = make_user("anna", "Anna <b>")
    play_deals(services.open_solo("chor_voli", player_of(anna), user=anna), 2)
    total = services.standings(anna.seats.get().room)[0]
    client = browser()
    client.force_login(anna)
    with override_settings(LEADERBOARD_MIN_DEALS=2):
        for url in (reverse("accounts:leaderboards"), reverse("accounts:leaderboard", args=["chor-voli"]),
                    reverse("accounts:leaderboard_recent", args=["chor-voli"])):
            page = client.get(url).content.decode()
            assert "Anna &lt;b&gt;" in page and chips(total) in page and 'class="is-me"' in page
    assert client.get(reverse("accounts:leaderboard", args=["kowah"])).status_code == 404
    assert client.get(reverse("accounts:leaderboard", args=["nope"])).status_code == 404


@pytest.mark.parametrize(("game", "scores", "expected"), [
    ("chuo_pai", [[9, 5, 4], [6, 6, 2], [3, 7, 5]], (1, 1, 1)),  # most cards wins; equal tops draw
    ("kowah", [[3, 0, 0], [0, 0, 0], [0, 2, 0]], (1, 1, 1)),  # the winner's multiplier; no winner: a drawn deal
])
def test_wins_draws_and_losses_from_crafted_ledgers(game, scores, expected, alice, bob):
    from rooms.models import Deal

    anna = make_user("anna")
    room = services.open_room(game, player_of(anna), "", computers=set(), user=anna)
    services.join(room, alice, "Alice")
    services.join(room, bob, "Bob")
    room.deals.all().delete()
    for number, amounts in enumerate(scores, start=1):
        deal = Deal.objects.create(room=room, number=number, state={}, over=True)
        LedgerEntry.objects.bulk_create(LedgerEntry(deal=deal, seat=s, amount=a) for s, a in enumerate(amounts))
    mine = net(anna, game)
    assert (mine.wins, mine.draws, mine.losses) == expected
