"""Function views: look up, check, call the service, render. Moves also arrive over the websocket."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST

from games.core import registry
from rooms import identity, rendering, services
from rooms.models import Room, Seat
from rooms.tables import submit_form


@require_POST
def play_solo(request: HttpRequest, game: str) -> HttpResponse:
    if game not in registry.available():
        raise Http404
    player = identity.player_from_request(request) or identity.new_player()
    room = services.open_solo(game, player)
    return identity.remember(redirect("rooms:room", token=room.token), player)


@require_GET
def room_page(request: HttpRequest, token: str) -> HttpResponse:
    room = get_object_or_404(Room, token=token)
    seat = rendering.seat_of(room, identity.player_from_request(request))
    context = rendering.table_context(room, room.current_deal(), seat)
    return render(request, "rooms/room.html", context)


@require_POST
def act(request: HttpRequest, token: str) -> HttpResponse:
    """A move posted from the table (htmx or a plain form): applied through the one door."""
    room = get_object_or_404(Room, token=token)
    seat = rendering.seat_of(room, identity.player_from_request(request))
    fields = request.POST.dict()
    error = None
    try:
        submit_form(room, seat, fields)
    except services.Refused as exc:
        error = exc.message()
    return _table_response(request, room, seat, fields if error else None, error)


@require_POST
def draft(request: HttpRequest, token: str) -> HttpResponse:
    """Re-render the table with a draft (e.g. an unconfirmed arrangement) checked, nothing saved."""
    room = get_object_or_404(Room, token=token)
    seat = rendering.seat_of(room, identity.player_from_request(request))
    if seat is not None:
        services.save_draft(room, seat, request.POST.dict())
    return _table_response(request, room, seat, None, None)


@require_POST
def next_deal(request: HttpRequest, token: str) -> HttpResponse:
    room = get_object_or_404(Room, token=token)
    seat = rendering.seat_of(room, identity.player_from_request(request))
    if seat is not None:
        services.start_deal(room)
    return _table_response(request, room, seat, None, None)


def _table_response(request: HttpRequest, room: Room, seat: int | None, fields: dict | None,
                    error: str | None) -> HttpResponse:
    if not request.htmx:
        return redirect("rooms:room", token=room.token)
    return HttpResponse(rendering.render_table(room, seat, fields, error, request=request))


@require_GET
def my_rooms(request: HttpRequest) -> HttpResponse:
    player = identity.player_from_request(request)
    seats = Seat.objects.filter(player=player).select_related("room") if player else Seat.objects.none()
    return render(request, "rooms/my_rooms.html", {"seats": seats})

