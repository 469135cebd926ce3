"""An account is one player on every device.

Guests are known by the random player id in their browser's signed cookie (rooms.identity). An account
has its own player id (Profile.player). While signed in, a browser carries the account's id, so the
room pages, the moves and the websocket find the account's seats unchanged on any device. Logging in
attaches the seats this browser took as a guest (rooms.services.attach_seats); logging out gives the
browser a fresh guest id, so the next person at this browser cannot play the account's seats.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.core import signing
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse
from django.utils.translation import ngettext

from accounts.models import Profile
from rooms import identity, services

SESSION_KEY = "cardavia_account_player"
FRESH_GUEST = "_cardavia_fresh_guest"


def ensure_profile(user, display_name: str = "", player: str = "") -> Profile:
    """The user's profile, created with a free display name (the username's, numbered if taken)."""
    existing = Profile.objects.filter(user=user).first()
    if existing is not None:
        return existing
    base = " ".join((display_name or user.get_username()).split())[: services.NAME_MAX] or "Player"
    for number in range(1, 1000):
        suffix = "" if number == 1 else f" {number}"
        candidate = base[: services.NAME_MAX - len(suffix)] + suffix
        if Profile.objects.filter(display_name__iexact=candidate).exists():
            continue
        try:
            with transaction.atomic():
                return Profile.objects.create(user=user, display_name=candidate, player=player or identity.new_player())
        except IntegrityError:  # taken a moment ago
            continue
    raise RuntimeError("no free display name")


def is_account_player(player: str) -> bool:
    return Profile.objects.filter(player=player).exists()


def logged_in(request: HttpRequest, user) -> None:
    """Attach this browser's guest seats to the account and let the browser carry the account's id."""
    profile = ensure_profile(user)
    browser = identity.player_from_request(request)
    # A browser id that is another account's is never taken over (that account forgot to log out).
    if browser and (browser == profile.player or not is_account_player(browser)):
        attached = services.attach_seats(browser, user, profile.player)
        if attached:
            messages.success(request, ngettext(
                "The seat this browser held is now your account's.",
                "The {count} seats this browser held are now your account's.", attached,
            ).format(count=attached), fail_silently=True)
    request.session[SESSION_KEY] = profile.player


def logged_out(request: HttpRequest) -> None:
    _become_guest(request)


def _signed(player: str) -> str:
    """The cookie value Django's set_signed_cookie would write, for the request the view reads."""
    return signing.get_cookie_signer(salt=identity.COOKIE + identity.SALT).sign(player)


class AccountPlayerMiddleware:
    """Keeps a browser's player cookie in step with the account signed in on it (after the session and
    auth middleware): the view sees the account's id, and the response gives it to the browser."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        account = request.session.get(SESSION_KEY)
        browser = identity.player_from_request(request)
        if account and browser != account:
            request.COOKIES[identity.COOKIE] = _signed(account)
        elif not account and browser and is_account_player(browser):
            # The account's session ended (expired, or logged out elsewhere): this browser is a guest again.
            _become_guest(request)
        response = self.get_response(request)
        after = request.session.get(SESSION_KEY)  # logging in or out changes it
        if after:
            if after != browser:
                identity.remember(response, after)
        elif getattr(request, FRESH_GUEST, None) and identity.COOKIE not in response.cookies:
            identity.remember(response, getattr(request, FRESH_GUEST))
        return response


def _become_guest(request: HttpRequest) -> None:
    """A new guest id for this browser, which the view already sees and the response sets."""
    fresh = identity.new_player()
    request.COOKIES[identity.COOKIE] = _signed(fresh)
    setattr(request, FRESH_GUEST, fresh)
