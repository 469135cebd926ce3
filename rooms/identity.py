"""Who a browser is, without an account: a random player id in a signed, HttpOnly cookie.

The same cookie is read by views (from the request) and by the websocket consumer (from the scope),
so a reload or a new tab of the same browser gets its seats back.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.http import HttpRequest, HttpResponse

COOKIE = "cardavia_player"
SALT = "cardavia.player"
MAX_AGE = 400 * 24 * 3600  # the longest lifetime browsers accept for a cookie


def new_player() -> str:
    return secrets.token_urlsafe(18)


def player_from_request(request: HttpRequest) -> str | None:
    return request.get_signed_cookie(COOKIE, default=None, salt=SALT, max_age=MAX_AGE)


def request_from_cookies(cookies: dict[str, str]) -> HttpRequest:
    """A stand-in request for a websocket, so that its renders use Django's own cookie handling:
    the signed player cookie, and the browser's CSRF secret for `{% csrf_token %}` in its forms."""
    request = HttpRequest()
    request.COOKIES = cookies
    if settings.CSRF_COOKIE_NAME in cookies:
        request.META["CSRF_COOKIE"] = cookies[settings.CSRF_COOKIE_NAME]
    return request


def remember(response: HttpResponse, player: str) -> HttpResponse:
    response.set_signed_cookie(
        COOKIE, player, salt=SALT, max_age=MAX_AGE, httponly=True, samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,
    )
    return response
