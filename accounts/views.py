"""Sign-up, profiles and leaderboards. Log-in, log-out and password reset are Django's own views
(see urls.py); django-axes guards the log-in, django-ratelimit the sign-up."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods
from django_ratelimit.decorators import ratelimit

from accounts import moderation, players, results
from accounts.forms import DisplayNameForm, SignupForm
from accounts.models import Profile
from rooms import identity, replays
from rules_content.games import BY_KEY, BY_SLUG


@require_http_methods(["GET", "POST"])
@ratelimit(key="ip", rate=lambda group, request: settings.RATE_LIMITS["signup"], method="POST")
def signup(request: HttpRequest) -> HttpResponse:
    """A new account; the seats this browser already holds become the account's (see players.py)."""
    if request.user.is_authenticated:
        return redirect("accounts:profile")
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        browser = identity.player_from_request(request)
        # The browser's guest id becomes the account's own, unless it is already another account's.
        player = browser if browser and not players.is_account_player(browser) else identity.new_player()
        with transaction.atomic():
            user = form.save()
            profile = user.profile  # made with the user (accounts.signals); the same object login() sees
            profile.display_name, profile.player = form.cleaned_data["display_name"], player
            profile.save(update_fields=["display_name", "player"])
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, _("Welcome, {name}! Your results now count on your profile and the leaderboards.")
                         .format(name=form.cleaned_data["display_name"]))
        return redirect("accounts:profile")
    return render(request, "accounts/signup.html", {"form": form}, status=400 if form.errors else 200)


@login_required
@require_http_methods(["GET", "POST"])
def profile(request: HttpRequest) -> HttpResponse:
    """The signed-in person's own page: display name (changeable unless a moderator set it), results."""
    me = players.ensure_profile(request.user)
    form = DisplayNameForm(request.POST or None, instance=me)
    if request.method == "POST" and not me.name_locked and form.is_valid():
        form.save()
        moderation.rename_seats(request.user, me.display_name)
        messages.success(request, _("Your display name is now {name}.").format(name=me.display_name))
        return redirect("accounts:profile")
    context = {"profile": me, "form": form, "results": results.profile_results(request.user), "own": True,
               "min_deals": settings.LEADERBOARD_MIN_DEALS,
               "deals": replays.account_deals(request.user, identity.player_from_request(request))}
    return render(request, "accounts/profile.html", context, status=400 if form.errors else 200)


@require_GET
def player(request: HttpRequest, pk: int) -> HttpResponse:
    """Someone's public results (linked from the leaderboards); suspended accounts are not shown."""
    someone = get_object_or_404(Profile.objects.select_related("user"), user__pk=pk, suspended=False,
                                user__is_active=True)
    context = {"profile": someone, "results": results.profile_results(someone.user),
               "own": request.user.pk == someone.user.pk,
               "deals": replays.account_deals(someone.user, identity.player_from_request(request))}
    return render(request, "accounts/player.html", context)


@require_GET
def leaderboards(request: HttpRequest) -> HttpResponse:
    """Every money game's top ten, all time."""
    boards = [{"game": BY_KEY[key], "rows": results.leaderboard(key, limit=10)}
              for key in results.MONEY_GAMES]
    return render(request, "accounts/leaderboards.html",
                  {"boards": boards, "min_deals": settings.LEADERBOARD_MIN_DEALS})


@require_GET
def leaderboard(request: HttpRequest, slug: str, recent: bool = False) -> HttpResponse:
    """One money game's leaderboard, all time or the last 30 days."""
    game = BY_SLUG.get(slug)
    if game is None or game.key not in results.MONEY_GAMES:
        raise Http404
    rows = results.leaderboard(game.key, days=results.RECENT_DAYS if recent else None)
    context = {"game": game, "rows": rows, "recent": recent,
               "days": results.RECENT_DAYS, "min_deals": settings.LEADERBOARD_MIN_DEALS,
               "games": [BY_KEY[key] for key in results.MONEY_GAMES]}
    return render(request, "accounts/leaderboard.html", context)


def rate_limited(request: HttpRequest, exception: Exception) -> HttpResponse:
    """django-ratelimit's answer (RATELIMIT_VIEW): too many rooms opened, joins or sign-ups from here."""
    return render(request, "accounts/rate_limited.html", status=429)

