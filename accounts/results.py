"""Results of accounts, computed from the append-only ledger (rooms.LedgerEntry), never stored.

A ledger row is one seat's settlement of one deal; it belongs to the account of that seat (Seat.user),
so room standings, profile totals and leaderboards are sums of the same rows. Money games settle in
chips or points (Chor Voli chips, Dou Dizhu and Chắn points); Chuo Pai and Kowah are not money games:
their rows are scores (pile size, win multiplier), so accounts see wins, draws and losses there.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db.models import Count, F, IntegerField, Max, OuterRef, QuerySet, Subquery, Sum
from django.utils import timezone

from accounts.models import Profile
from rooms.models import LedgerEntry
from rules_content.games import BY_KEY

MONEY_GAMES = ("chor_voli", "dou_dizhu", "chan")
SCORE_GAMES = ("chuo_pai", "kowah")
RECENT_DAYS = 30
BOARD_SIZE = 100


SEAT = "deal__room__seats"  # the seat a ledger row belongs to: same room, same index


def entries(game: str | None = None, days: int | None = None, include_suspended: bool = False,
            user=None) -> QuerySet:
    """Ledger rows joined to their seat's account (`account` = user id); guests' and computers' never count."""
    seat = {f"{SEAT}__index": F("seat"), f"{SEAT}__user__isnull": False}
    if user is not None:
        seat[f"{SEAT}__user"] = user
    if not include_suspended:
        seat.update({f"{SEAT}__user__is_active": True, f"{SEAT}__user__profile__suspended": False})
    rows = LedgerEntry.objects.filter(**seat)  # one filter(): every condition is on the same seat
    if game is not None:
        rows = rows.filter(deal__room__game=game)
    if days is not None:
        rows = rows.filter(created__gte=timezone.now() - timedelta(days=days))
    return rows.annotate(account=F(f"{SEAT}__user"))


@dataclass(frozen=True)
class Row:
    rank: int
    user_id: int
    name: str
    net: int
    deals: int


def leaderboard(game: str, days: int | None = None, min_deals: int | None = None,
                limit: int = BOARD_SIZE) -> list[Row]:
    """Accounts by net chips (or points) in a money game, with at least `min_deals` settled deals.

    Suspended accounts are left out; equal nets share a rank (1, 2, 2, 4)."""
    if game not in MONEY_GAMES:
        raise ValueError(f"{game} is not a money game")
    min_deals = settings.LEADERBOARD_MIN_DEALS if min_deals is None else min_deals
    totals = list(
        entries(game, days).values("account").annotate(net=Sum("amount"), deals=Count("pk"))
        .filter(deals__gte=min_deals).order_by("-net", "deals", "account")[:limit]
    )
    names = dict(Profile.objects.filter(user__in=[t["account"] for t in totals]).values_list("user", "display_name"))
    rows: list[Row] = []
    for position, total in enumerate(totals, start=1):
        rank = rows[-1].rank if rows and rows[-1].net == total["net"] else position
        rows.append(Row(rank, total["account"], names.get(total["account"], "?"), total["net"], total["deals"]))
    return rows


@dataclass(frozen=True)
class GameResult:
    game: str
    name: str
    money: bool
    deals: int = 0
    net: int = 0  # money games
    net_recent: int = 0
    deals_recent: int = 0
    wins: int = 0  # score games
    draws: int = 0
    losses: int = 0


def profile_results(user) -> list[GameResult]:
    """Per game, the account's results: net totals in money games, wins/draws/losses in the others.

    Counted even while the account is suspended (the profile is its own record); leaderboards hide it."""
    mine = entries(include_suspended=True, user=user)
    since = timezone.now() - timedelta(days=RECENT_DAYS)
    results = []
    for game in (*MONEY_GAMES, *SCORE_GAMES):
        rows = mine.filter(deal__room__game=game)
        if game in MONEY_GAMES:
            total = rows.aggregate(net=Sum("amount"), deals=Count("pk"))
            recent = rows.filter(created__gte=since).aggregate(net=Sum("amount"), deals=Count("pk"))
            results.append(GameResult(game, BY_KEY[game].name, True, total["deals"], total["net"] or 0,
                                      recent["net"] or 0, recent["deals"]))
        else:
            results.append(_wins_draws_losses(game, rows))
    return results


def _wins_draws_losses(game: str, rows: QuerySet) -> GameResult:
    """The top score of a deal wins; equal top scores draw (Chuo Pai's rule, and Kowah's drawn deal,
    where every seat scores 0); see each engine's outcome()."""
    deal_rows = LedgerEntry.objects.filter(deal=OuterRef("deal"))
    top = deal_rows.values("deal").annotate(top=Max("amount")).values("top")
    rows = rows.annotate(top=Subquery(top, output_field=IntegerField()))
    at_top = deal_rows.filter(amount=OuterRef("top")).values("deal").annotate(n=Count("pk")).values("n")
    rows = rows.annotate(at_top=Subquery(at_top, output_field=IntegerField()))
    wins = draws = losses = 0
    for amount, best, sharing in rows.values_list("amount", "top", "at_top"):
        if amount < best:
            losses += 1
        elif sharing > 1:
            draws += 1
        else:
            wins += 1
    return GameResult(game, BY_KEY[game].name, False, wins + draws + losses, wins=wins, draws=draws, losses=losses)
