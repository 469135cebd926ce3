"""One renderer for the page, the htmx responses and the websocket: a seat's own view, never more."""

from __future__ import annotations

import uuid

from django.contrib.staticfiles import finders
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from games.core import registry
from games.core.protocol import visible_events
from rooms import services
from rooms.models import Deal, Room, Seat
from rooms.tables import adapter
from rules_content.games import BY_KEY

# Where each seat sits on screen, counted from the viewer (at the bottom) in the engine's seat order.
# Counter-clockwise games put the next seat on the right; clockwise games on the left.
PLACES = {
    (4, False): ("bottom", "right", "top", "left"),
    (3, False): ("bottom", "right", "left"),
    (4, True): ("bottom", "left", "top", "right"),
    (3, True): ("bottom", "left", "right"),
}
CHART_W, CHART_H = 240, 90


def seat_of(room: Room, player: str | None) -> int | None:
    if not player:
        return None
    return room.seats.filter(player=player).values_list("index", flat=True).first()


def label(seat: Seat, me: int | None) -> str:
    if seat.index == me:
        return _("You")
    if seat.is_computer:
        return _("Computer {number}").format(number=seat.index + 1)
    if not seat.player:
        return _("Free seat {number}").format(number=seat.index + 1)
    name = seat.name or _("Player {number}").format(number=seat.index + 1)
    return _("{name} (a computer stands in)").format(name=name) if seat.stand_in else name


def table_context(room: Room, deal: Deal, seats: list[Seat], seat: int | None, fields: dict | None) -> dict:
    """The game table: the seat's own view, the seats around it, standings, log; the game adds its part."""
    engine = registry.get(room.game)
    state = engine.load(deal.state)
    view = engine.view(state, seat)
    places = PLACES[(len(seats), getattr(engine, "clockwise", False))]
    actors = engine.actors(state)
    # Only what everyone may know is highlighted: a hidden claim must not light up a seat.
    shown_actors = getattr(engine, "public_actors", engine.actors)(state)
    totals = services.standings(room)
    labels = {s.index: label(s, seat) for s in seats}
    game = adapter(room.game)
    recorded = [e for record in deal.actions.all() for e in record.events]
    events = visible_events([*deal.opening_events, *recorded], seat)
    context = {
        "deal": deal,
        "view": view,
        "labels": labels,
        "seats": [
            {"seat": s, "label": labels[s.index], "place": places[(s.index - (seat or 0)) % len(seats)],
             "total": totals[s.index], "is_me": s.index == seat, "acting": s.index in shown_actors}
            for s in seats
        ],
        "my_turn": seat is not None and seat in actors,
        "computers_acting": bool(shown_actors & set(services.computers_to_act(deal))),
        "chart": standings_chart(services.history(room), labels),
        "log": [text for e in events if (text := game.event_text(e, labels, seat))],
        "action_id": uuid.uuid4().hex,
        "table_template": f"games/{room.game}/table.html#table",
        "game": BY_KEY[room.game],
    }
    draft = fields if fields is not None else _draft(seats, seat, deal)
    context.update(game.context(view, draft, labels))
    return context


def room_context(room: Room, player: str | None, fields: dict | None = None, error: str | None = None) -> dict:
    """Everything the room page shows this browser: the lobby while seats are missing, else the table."""
    seats = list(room.seats.all())
    mine = next((s for s in seats if player and s.player == player), None)
    seat = mine.index if mine else None
    deal = room.current_deal()
    context = {
        "room": room,
        "seat": seat,
        "game_css": _game_css(room.game),
        "is_creator": bool(player) and player == room.creator,
        "room_seats": [{"seat": s, "label": label(s, seat)} for s in seats],
        "free_seats": sum(1 for s in seats if s.is_free),
        "name_max": services.NAME_MAX,
        "error": error,
        # Read before the rest: this render shows at least this deal version and draft revision.
        "freshness": {"version": deal.version if deal else -1, "draft": mine.draft.get("rev", 0) if mine else 0},
    }
    if deal is None:
        waiting = [label(s, seat) for s in seats if s.is_free]
        context.update(table_template="rooms/_lobby.html", game=BY_KEY[room.game],
                       announcement=_("Waiting for {count} more player(s).").format(count=len(waiting)))
    else:
        context.update(table_context(room, deal, seats, seat, fields))
    return context


def render_room(room: Room, player: str | None, fields: dict | None = None, error: str | None = None,
                request: HttpRequest | None = None) -> str:
    """The #table fragment and, swapped into the page's persistent live region, the announcement.

    Both carry the render's freshness (deal version, draft revision), with which the page drops a
    websocket render that was made before something it already shows (static/js/table.js)."""
    context = room_context(room, player, fields, error)
    return render_to_string(context["table_template"], context, request=request) + render_to_string(
        "rooms/_announce.html", context
    )


def standings_chart(history: list[list[int]], labels: dict[int, str]) -> dict:
    """Polylines of each seat's running net total over the deals, scaled into a small SVG."""
    rounds = max(len(series) for series in history) - 1
    values = [v for series in history for v in series]
    low, high = min(values), max(values)
    span = max(high - low, 1)

    def point(i: int, v: int) -> str:
        x = CHART_W * i / max(rounds, 1)
        y = CHART_H - CHART_H * (v - low) / span
        return f"{x:.1f},{y:.1f}"

    return {
        "width": CHART_W, "height": CHART_H, "rounds": rounds,
        "zero": f"{CHART_H - CHART_H * (0 - low) / span:.1f}",
        "lines": [
            {"seat": seat, "label": labels[seat], "points": " ".join(point(i, v) for i, v in enumerate(series))}
            for seat, series in enumerate(history)
        ],
    }


def _draft(seats: list[Seat], seat: int | None, deal: Deal) -> dict:
    mine = next((s for s in seats if s.index == seat), None)
    if mine is None or mine.draft.get("deal") != deal.pk:
        return {}
    return mine.draft["fields"]


def _game_css(game: str) -> str | None:
    """A game's own table styles, `static/css/games/<key>.css`, where the game has them."""
    path = f"css/games/{game}.css"
    return path if finders.find(path) else None
