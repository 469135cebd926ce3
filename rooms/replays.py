"""Finished deals again: a room's list of deals, the replay, the shuffle check and the JSON download.

Who may see them: the room's people (a browser with a seat in the room, or the room's creator) under
the room's URL, and anyone the creator shares a deal with by its signed link (`/partie/<key>/`),
which names neither the room's invite token nor any other deal; the creator can stop sharing, and
the link then answers 404. A deal still being played has no replay, check or download: its seed is
secret until it is over (rooms/fairplay.py).

Every step is recomputed: the engine replays the recorded actions from the deal's recorded start, so
no state is stored per step. The replay shows every hand face up and the public log sentences of the
live table (each game's `event_text`, as a spectator reads them).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from django.core import signing
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from games.core import registry
from games.core.errors import IllegalAction
from games.core.protocol import visible_events
from rooms import fairplay, identity, rendering, snapshots
from rooms.models import Deal, Room, Seat
from rooms.tables import adapter
from rules_content.games import BY_KEY

SHARE_SALT = "cardavia.replay"
FORMAT = "cardavia-deal/1"  # the JSON download's format name


# --- who may see a deal, and under which links ---------------------------------------------------------


@dataclass(frozen=True)
class Access:
    """A deal as this request may see it, with the links of its pages under the same door."""

    deal: Deal
    viewer: int | None  # the viewer's seat at the deal's table, if any
    member: bool  # one of the room's people (not only someone with a shared link)
    creator: bool
    replay_url: str
    check_url: str
    json_url: str


def is_member(room: Room, player: str | None) -> bool:
    """The room's people: browsers with a seat in it, and its creator."""
    return bool(player) and (player == room.creator or room.seats.filter(player=player).exists())


def share_key(deal: Deal) -> str:
    """The same key for a deal every time (no timestamp: a link shared once keeps working)."""
    return signing.Signer(salt=SHARE_SALT).sign_object(deal.pk)


def _by_room(request: HttpRequest, token: str, number: int) -> Access:
    room = get_object_or_404(Room, token=token)
    player = identity.player_from_request(request)
    if not is_member(room, player):
        raise PermissionDenied(_("Only the people at this table can see its deals."))
    deal = get_object_or_404(Deal.objects.select_related("room"), room=room, number=number)
    args = [token, number]
    return Access(deal, rendering.seat_of(room, player), True, player == room.creator,
                  reverse("rooms:replay", args=args), reverse("rooms:shuffle_check", args=args),
                  reverse("rooms:deal_json", args=args))


def _by_key(request: HttpRequest, key: str) -> Access:
    try:
        pk = signing.Signer(salt=SHARE_SALT).unsign_object(key)
    except signing.BadSignature as exc:
        raise Http404 from exc
    deal = get_object_or_404(Deal.objects.select_related("room"), pk=pk, shared=True)
    player = identity.player_from_request(request)
    return Access(deal, rendering.seat_of(deal.room, player), False, player == deal.room.creator,
                  reverse("rooms:shared_replay", args=[key]), reverse("rooms:shared_check", args=[key]),
                  reverse("rooms:shared_json", args=[key]))


def _finished(request: HttpRequest, access: Access) -> HttpResponse | None:
    """A page that says why there is nothing to watch yet (or any more), or None when there is."""
    deal = access.deal
    if not deal.over:
        text = _("Deal {number} is still being played: its replay, its seed and its shuffle check open when it is "
                 "over.").format(number=deal.number)
    elif not fairplay.checkable(deal):
        text = _("Deal {number} was played before Cardavia recorded deals for replays and sealed their shuffles: "
                 "there is nothing to replay or check.").format(number=deal.number)
    else:
        return None
    return _unavailable(request, access, text)


def _unavailable(request: HttpRequest, access: Access, text: str) -> HttpResponse:
    context = {"deal": access.deal, "game": BY_KEY[access.deal.room.game], "access": access, "text": text}
    return render(request, "rooms/replay/unavailable.html", context, status=404)


# --- the replay: every step recomputed by the engine -------------------------------------------------


def labels(room: Room) -> dict[int, str]:
    """Names as a spectator reads them: display names, "Player 2", "Computer 3"."""
    return {seat.index: rendering.public_label(seat) for seat in room.seats.all()}


@dataclass(frozen=True)
class Step:
    number: int  # 0: as dealt; n: after the deal's n-th action
    seat: int | None  # who acted (None for the deal itself)
    lines: list[str]  # the step's log sentences (a stand-in's first one with its mark, safe HTML)
    groups: list[dict]  # the cards it put on the table (played, discarded, shown, arranged): {"who", "cards"}


def steps(deal: Deal, names: dict[int, str]) -> list[Step]:
    """The deal as it unfolded: its opening, then one step per recorded action, as spectators read them (a
    move a computer made in a person's seat marked as the table's log marks it: rooms/rendering.py
    `stand_in_note`, by the recorded action's id, rooms/snapshots.py `marked`)."""
    game = adapter(deal.room.game)
    info = rendering.room_info(deal.room)
    noted: set[int] = set()

    def step(number: int, seat: int | None, events: list[dict], action: dict) -> Step:
        public = visible_events(events, None)
        lines = [rendering.with_stand_in_mark(text, rendering.stand_in_note(e, info, None, noted))
                 for e in public if (text := game.event_text(e, names, None))]
        groups = _event_cards(public) or [(seat, cards) for cards in _arranged(action)]
        return Step(number, seat, lines, [{"who": names.get(who, ""), "cards": cards} for who, cards in groups])

    return [step(0, None, deal.opening_events, {})] + [
        step(record.version, record.seat, snapshots.marked(record.events, record.seat, record.version,
                                                           record.action_id), record.action)
        for record in deal.actions.order_by("version")
    ]


def _event_cards(events: list[dict]) -> list[tuple[int | None, list[str]]]:
    groups = []
    for event in events:
        data = event.get("data") or {}
        if isinstance(data.get("cards"), list) and data["cards"]:
            groups.append((event.get("seat"), [c for c in data["cards"] if isinstance(c, str)]))
        elif isinstance(data.get("card"), str):
            groups.append((event.get("seat"), [data["card"]]))
    return groups


def _arranged(action: dict) -> list[list[str]]:
    """Groups formed in secret (Chor Voli's arrangement): face up in a replay."""
    groups = action.get("groups")
    return [list(g) for g in groups if isinstance(g, list)] if isinstance(groups, list) else []


def state_at(deal: Deal, number: int) -> object:
    """The engine state after the deal's first `number` actions, replayed from the recorded start."""
    engine = registry.get(deal.room.game)
    state = engine.load(deal.start)
    for record in deal.actions.order_by("version")[:number]:
        state, _events = engine.apply(state, record.seat, record.action)
    return state


def step_context(access: Access, number: int) -> dict:
    deal = access.deal
    room = deal.room
    engine, game = registry.get(room.game), adapter(room.game)
    names = labels(room)
    all_steps = steps(deal, names)
    last = len(all_steps) - 1
    number = min(max(number, 0), last)
    state = state_at(deal, number)
    public = engine.view(state, None)
    notes = game.seat_notes(public)
    outcome = engine.outcome(state) if number == last else None
    current = all_steps[number]
    return {
        "deal": deal,
        "room": room,
        "game": BY_KEY[room.game],
        "deck": game.DECK,
        "access": access,
        "step": current,
        "steps": all_steps,
        "last": last,
        "nav": {"first": 0 if number else None, "prev": number - 1 if number else None,
                "next": number + 1 if number < last else None, "last": last if number < last else None},
        "actor": names.get(current.seat, ""),
        "situation": game.announcement(public, names),
        "seats": [
            {"index": s, "label": names[s], "is_viewer": s == access.viewer, "acted": s == current.seat,
             "note": notes.get(s, ""), "hand": engine.view(state, s)["hand"] or [],
             "amount": outcome["scores"][s] if outcome else None}
            for s in range(engine.seats)
        ],
        "outcome": outcome,
        "hinted": [names[seat] for seat in deal.hinted],
    }


def _replay(request: HttpRequest, access: Access) -> HttpResponse:
    unavailable = _finished(request, access)
    if unavailable:
        return unavailable
    try:
        context = step_context(access, _int(request.GET.get("schritt"), 0))
    except IllegalAction:
        return _unavailable(request, access, _(
            "Deal {number} can no longer be replayed: today's rules engine refuses one of its recorded moves. Its "
            "shuffle can still be checked.").format(number=access.deal.number))
    context.update(_share_context(request, access))
    template = "rooms/replay/replay.html#step" if request.htmx else "rooms/replay/replay.html"
    return render(request, template, context)


def _share_context(request: HttpRequest, access: Access) -> dict:
    if not (access.member and access.creator):
        return {}
    url = reverse("rooms:shared_replay", args=[share_key(access.deal)])
    return {"share": {"url": request.build_absolute_uri(url), "on": access.deal.shared,
                      "action": reverse("rooms:share_deal", args=[access.deal.room.token, access.deal.number])}}


def _int(value: object, default: int) -> int:
    try:
        return int(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return default


@require_GET
def replay(request: HttpRequest, token: str, number: int) -> HttpResponse:
    return _replay(request, _by_room(request, token, number))


@require_GET
def shared_replay(request: HttpRequest, key: str) -> HttpResponse:
    return _replay(request, _by_key(request, key))


@require_POST
def share(request: HttpRequest, token: str, number: int) -> HttpResponse:
    """The room's creator shares a finished deal's replay by its link, or stops sharing it."""
    access = _by_room(request, token, number)
    if not access.creator:
        raise PermissionDenied(_("Only the person who opened the room can share its deals."))
    if access.deal.over:
        Deal.objects.filter(pk=access.deal.pk).update(shared=request.POST.get("share") == "1")
    return redirect(access.replay_url)


# --- the shuffle check ("Mischung prüfen") -------------------------------------------------------------


def _check(request: HttpRequest, access: Access) -> HttpResponse:
    unavailable = _finished(request, access)
    if unavailable:
        return unavailable
    deal = access.deal
    names = labels(deal.room)
    result = fairplay.check_deal(deal)
    engine = registry.get(deal.room.game)
    context = {
        "deal": deal, "game": BY_KEY[deal.room.game], "deck": adapter(deal.room.game).DECK, "access": access,
        "check": result, "options_json": json.dumps(deal.options or {}),
        "seats": engine.seats, "hands": [{"label": names[h.seat], "hand": h} for h in result.hands],
    }
    return render(request, "rooms/replay/check.html", context)


@require_GET
def shuffle_check(request: HttpRequest, token: str, number: int) -> HttpResponse:
    return _check(request, _by_room(request, token, number))


@require_GET
def shared_check(request: HttpRequest, key: str) -> HttpResponse:
    return _check(request, _by_key(request, key))


# --- the JSON download ---------------------------------------------------------------------------------


def deal_record(deal: Deal) -> dict:
    """A finished deal for others to analyse, in the card codes of DESIGN.md ("Card codes")."""
    engine = registry.get(deal.room.game)
    return {
        "format": FORMAT,
        "game": deal.room.game,
        "room": deal.room_id,
        "deal": deal.number,
        "seed": deal.seed,
        "commitment": deal.commitment,
        "commitment_input": fairplay.commitment_input(deal.room_id, deal.number, deal.seed),
        "options": deal.options or {},
        "seats": [{"seat": s.index, "kind": s.kind, **({"level": s.level} if s.is_computer else {})}
                  for s in deal.room.seats.all()],
        "hinted": deal.hinted,  # the seats whose person asked for a "Tipp"
        "hands": fairplay.hands(deal.room.game, engine.load(deal.start)),
        "actions": [{"version": r.version, "seat": r.seat, "action": r.action}
                    for r in deal.actions.order_by("version")],
        "settlement": engine.outcome(engine.load(deal.state)),
    }


def _download(request: HttpRequest, access: Access) -> HttpResponse:
    unavailable = _finished(request, access)
    if unavailable:
        return unavailable
    deal = access.deal
    response = HttpResponse(json.dumps(deal_record(deal), ensure_ascii=False, indent=1),
                            content_type="application/json; charset=utf-8")
    name = f"cardavia-{deal.room.game}-{deal.room_id}-{deal.number}.json"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@require_GET
def deal_json(request: HttpRequest, token: str, number: int) -> HttpResponse:
    return _download(request, _by_room(request, token, number))


@require_GET
def shared_json(request: HttpRequest, key: str) -> HttpResponse:
    return _download(request, _by_key(request, key))


# --- a room's deals, and the deals an account played ---------------------------------------------------


@require_GET
def room_deals(request: HttpRequest, token: str) -> HttpResponse:
    room = get_object_or_404(Room, token=token)
    if not is_member(room, identity.player_from_request(request)):
        raise PermissionDenied(_("Only the people at this table can see its deals."))
    names = labels(room)
    deals = list(room.deals.order_by("-number").prefetch_related("ledger"))
    rows = [{"deal": d, "ready": fairplay.checkable(d), "hinted": [names[seat] for seat in d.hinted],
             "results": [(names[e.seat], e.amount) for e in sorted(d.ledger.all(), key=lambda e: e.seat)]}
            for d in deals]
    return render(request, "rooms/replay/deals.html", {"room": room, "game": BY_KEY[room.game], "rows": rows})


def account_deals(user, viewer_player: str | None, limit: int = 20) -> list[dict]:
    """The finished deals an account sat at that this viewer may watch: at tables the viewer sits at
    (or opened), or shared by their room's creator. Newest first, each with its replay's link."""
    seats = Seat.objects.filter(user=user).values("room")
    deals = Deal.objects.filter(room__in=seats, over=True, start__isnull=False).select_related("room")
    rooms = set(Seat.objects.filter(player=viewer_player).values_list("room", flat=True)) if viewer_player else set()
    found = []
    for deal in deals.order_by("-created")[: limit * 5]:
        member = deal.room_id in rooms or (viewer_player and deal.room.creator == viewer_player)
        if member:
            url = reverse("rooms:replay", args=[deal.room.token, deal.number])
        elif deal.shared:
            url = reverse("rooms:shared_replay", args=[share_key(deal)])
        else:
            continue
        found.append({"deal": deal, "game": BY_KEY[deal.room.game], "url": url, "shared": deal.shared})
        if len(found) == limit:
            break
    return found
