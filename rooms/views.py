"""Function views: look up, check, call the service, render. Moves also arrive over the websocket."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_ratelimit.decorators import ratelimit

from games.core import registry
from rooms import chat, identity, rendering, services
from rooms.models import Room, Seat, level_choices
from rooms.tables import TABLES, ask_hint, save_draft, submit_form
from rules_content.games import BY_KEY


def _account(request: HttpRequest) -> AbstractBaseUser | None:
    """The signed-in account that opens or joins, so that its seats count for it (see accounts/)."""
    return request.user if request.user.is_authenticated else None


# Abuse limits per client address (django-ratelimit, on the configured cache; settings.RATE_LIMITS).
limit_opening = ratelimit(key="ip", rate=lambda group, request: settings.RATE_LIMITS["open"], group="rooms.open",
                          method="POST")
limit_joining = ratelimit(key="ip", rate=lambda group, request: settings.RATE_LIMITS["join"], group="rooms.join",
                          method="POST")


def _game_or_404(game: str) -> str:
    if game not in TABLES:
        raise Http404
    return game


@require_POST
@limit_opening
def play_solo(request: HttpRequest, game: str) -> HttpResponse:
    player = identity.player_from_request(request) or identity.new_player()
    try:
        room = services.open_solo(_game_or_404(game), player, user=_account(request))
    except services.Refused as exc:
        return render(request, "accounts/refused.html", {"error": exc.message()}, status=403)
    return identity.remember(redirect("rooms:room", token=room.token), player)


@require_http_methods(["GET", "POST"])
@limit_opening
def new_room(request: HttpRequest, game: str) -> HttpResponse:
    """Open a private room: the creator sits in seat 1 and chooses which other seats are computers."""
    seats = registry.get(_game_or_404(game)).seats
    error = None
    if request.method == "POST":
        player = identity.player_from_request(request) or identity.new_player()
        computers = {i for i in range(1, seats) if request.POST.get(f"seat-{i}") == "computer"}
        levels = {i: request.POST.get(f"level-{i}", registry.DEFAULT_LEVEL) for i in computers}
        try:
            room = services.open_room(game, player, request.POST.get("name", ""), computers, user=_account(request),
                                      clock=_int(request.POST.get("clock", 0)), levels=levels)
        except services.Refused as exc:
            error = exc.message()
        else:
            return identity.remember(redirect("rooms:room", token=room.token), player)
    context = {"game": BY_KEY[game], "other_seats": range(2, seats + 1), "error": error, "clocks": Room.CLOCKS,
               "levels": level_choices(game), "default_level": registry.DEFAULT_LEVEL,
               "name_max": services.NAME_MAX, "posted": request.POST}
    return render(request, "rooms/new_room.html", context, status=400 if error else 200)


@require_GET
def room_page(request: HttpRequest, token: str) -> HttpResponse:
    room = get_object_or_404(Room, token=token)
    return _page(request, room, identity.player_from_request(request))


def _page(request: HttpRequest, room: Room, player: str | None, fields: dict | None = None,
          error: services.Refused | None = None, status: int = 200) -> HttpResponse:
    table = rendering.page(room, player, get_language(), fields, error, request)["html"]
    context = {"token": room.token, "game": BY_KEY[room.game], "game_css": rendering.game_css(room.game),
               "table": mark_safe(table)}  # rendered by our own templates
    return render(request, "rooms/room.html", context, status=status)


@require_POST
@limit_joining
def join(request: HttpRequest, token: str) -> HttpResponse:
    room = get_object_or_404(Room, token=token)
    player = identity.player_from_request(request) or identity.new_player()
    try:
        services.join(room, player, request.POST.get("name", ""), user=_account(request))
    except services.Refused as exc:
        return identity.remember(_page(request, room, player, error=exc, status=400), player)
    return identity.remember(redirect("rooms:room", token=room.token), player)


SEAT_CHANGES = {
    "verlassen": lambda room, player, post: services.leave(room, player),
    "zuruecknehmen": lambda room, player, post: services.take_back(room, player),
    "computer": lambda room, player, post: services.hand_to_computer(room, player, _int(post.get("seat"))),
    "entfernen": lambda room, player, post: services.remove_person(room, player, _int(post.get("seat"))),
    "schliessen": lambda room, player, post: services.close_room(room, player),
    "staerke": lambda room, player, post: services.set_levels(room, player, post.dict()),
}


@require_POST
def seat_change(request: HttpRequest, token: str, change: str) -> HttpResponse:
    """Leave a seat or take it back from a stand-in computer; the creator hands a seat to a computer,
    removes a person or closes the room."""
    room = get_object_or_404(Room, token=token)
    player = identity.player_from_request(request)
    if change not in SEAT_CHANGES:
        raise Http404
    if not player:
        return _room_response(request, room, player, None, services.Refused(services.NO_SEAT, "no_seat"))
    return _answer(request, room, player, SEAT_CHANGES[change], room, player, request.POST)


@require_POST
def act(request: HttpRequest, token: str) -> HttpResponse:
    """A move posted from the table (htmx or a plain form): applied through the one door."""
    room = get_object_or_404(Room, token=token)
    player = identity.player_from_request(request)
    fields = request.POST.dict()
    error = _refusal(submit_form, room, rendering.seat_of(room, player), fields)
    return _room_response(request, room, player, fields if error else None, error)


@require_POST
def draft(request: HttpRequest, token: str) -> HttpResponse:
    """Keep the seat's unconfirmed choices and show them checked (e.g. Chor Voli's groups)."""
    room = get_object_or_404(Room, token=token)
    player = identity.player_from_request(request)
    seat = rendering.seat_of(room, player)
    if seat is None:
        return _room_response(request, room, player, None, None)
    return _answer(request, room, player, save_draft, room, seat, request.POST.dict())


@require_POST
def hint(request: HttpRequest, token: str) -> HttpResponse:
    """A "Tipp" for the seat's decision (pages with JavaScript ask over the websocket)."""
    room = get_object_or_404(Room, token=token)
    player = identity.player_from_request(request)
    return _answer(request, room, player, ask_hint, room, rendering.seat_of(room, player))


@require_POST
def write_chat(request: HttpRequest, token: str) -> HttpResponse:
    """A chat line from a page without JavaScript (pages with it send lines over the websocket)."""
    room = get_object_or_404(Room, token=token)
    player = identity.player_from_request(request)
    return _answer(request, room, player, chat.post, room, player or "", _account(request), request.POST.get("text"))


@require_POST
def next_deal(request: HttpRequest, token: str) -> HttpResponse:
    room = get_object_or_404(Room, token=token)
    player = identity.player_from_request(request)
    return _answer(request, room, player, services.start_deal, room, player or "", _account(request))


def _refusal(call: Callable[..., object], *args: object) -> services.Refused | None:
    """Call the door; its refusal, or None when it accepted."""
    try:
        call(*args)
    except services.Refused as exc:
        return exc
    return None


def _answer(request: HttpRequest, room: Room, player: str | None, call: Callable[..., object],
            *args: object) -> HttpResponse:
    """A form's change made through the door, answered with the room (and the refusal's reason, if any)."""
    return _room_response(request, room, player, None, _refusal(call, *args))


def _room_response(request: HttpRequest, room: Room, player: str | None, fields: dict | None,
                   error: services.Refused | None) -> HttpResponse:
    """After a form without JavaScript: back to the room, or the room with the reason; htmx gets the table."""
    if not request.htmx:
        if error:
            return _page(request, room, player, fields, error, status=400)
        return redirect("rooms:room", token=room.token)
    return HttpResponse(rendering.render_room(room, player, fields, error, request=request))


def _int(value: object) -> int:
    try:
        return int(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return -1


@require_GET
def my_rooms(request: HttpRequest) -> HttpResponse:
    player = identity.player_from_request(request)
    seats = Seat.objects.filter(player=player).select_related("room") if player else Seat.objects.none()
    return render(request, "rooms/my_rooms.html", {"seats": seats})
