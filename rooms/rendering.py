"""One renderer for the page, the htmx responses and the websocket: a table in regions.

A table is a skeleton (`rooms/_table.html`) holding regions with stable ids. Public regions — the
head, every seat's box, the middle of the table, the standings — show only what everyone may see;
they are rendered once per deal version, room version and language from the snapshot's public view
and shared by every page (a viewer's own name becomes "You" by a plain text substitution of its
`who` span). Private regions — the hand, the actions, the room bar, the status — are rendered from the
seat's own view, once per version, seat and draft. Regions that seldom change (the head, a hand, the
status…) are taken from this process's cache when what their template reads is unchanged (`_shown`,
rooms/reads.py). The websocket sends only the regions whose HTML changed since it last sent them
(rooms/consumers.py), as htmx out-of-band swaps, each as what changed in it when that is shorter
(rooms/patches.py); the log grows by its new lines.

Nothing here queries the database except `room_info` and `log_lines_from_db`, which the callers run
in a worker thread when a room or deal changed.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, cached_property

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpRequest
from django.middleware.csrf import get_token
from django.template.loader import get_template, render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.core import registry
from games.core.protocol import visible_events
from rooms import chat, livecache, presence, reads, services, snapshots
from rooms.models import LEVELS, ActionRecord, Deal, Room, Seat, level_choices
from rooms.tables import adapter
from rooms.templatetags.table import slot
from rules_content.games import BY_KEY
from rules_content.passport import rule_url

# Where each seat sits on screen, counted from the viewer (at the bottom) in the engine's seat order.
# Counter-clockwise games put the next seat on the right; clockwise games on the left.
PLACES = {
    (4, False): ("bottom", "right", "top", "left"),
    (3, False): ("bottom", "right", "left"),
    (4, True): ("bottom", "left", "top", "right"),
    (3, True): ("bottom", "left", "right"),
}
CHART_W, CHART_H = 240, 90
CHART_LINE = 2.5  # a line's width in the chart's units (static/css/cardavia.css, .chart polyline)
PUBLIC = ("head", "center", "standings")  # besides one box per seat, "seat-<index>"


@dataclass(frozen=True)
class SeatInfo:
    index: int
    kind: str
    name: str
    player: str
    stand_in: bool
    presence: str | None  # presence.HERE / AWAY / GONE for a seated person, else None
    level: str  # how strong the seat plays when it is a computer's (games.core.registry.LEVELS)

    @property
    def is_computer(self) -> bool:
        return self.kind == Seat.Kind.COMPUTER

    @property
    def played_by_computer(self) -> bool:
        return self.is_computer or self.stand_in

    @property
    def is_free(self) -> bool:
        return self.kind == Seat.Kind.PERSON and not self.player

    @property
    def level_name(self) -> str:
        return dict(LEVELS)[self.level]


@dataclass(frozen=True)
class RoomInfo:
    """What a page needs to know of its room besides the deal: read once per room version."""

    pk: int
    token: str
    game: str
    solo: bool
    closed: bool
    closed_by: str
    creator: str
    clock: int
    version: int
    seats: tuple[SeatInfo, ...]
    watchers: int
    totals: tuple[int, ...]
    history: tuple[tuple[int, ...], ...]
    deal: int | None  # the current deal's id

    def seat_of(self, player: str | None) -> int | None:
        return next((s.index for s in self.seats if player and s.player == player), None)

    @cached_property
    def urls(self) -> dict[str, str]:
        names = ("room", "act", "draft", "next_deal", "hint")
        urls = {name: reverse(f"rooms:{name}", args=[self.token]) for name in names}
        # The invite link without the inviter's language: the site sends the invited person on in theirs.
        urls["invite"] = without_language(urls["room"])
        return urls

    @property
    def computers(self) -> frozenset[int]:
        return frozenset(s.index for s in self.seats if s.played_by_computer)


def without_language(path: str) -> str:
    """'/de/raum/x/' → '/raum/x/': Django's LocaleMiddleware redirects such a path to the language the
    browser chose (its language cookie, else its Accept-Language)."""
    _, first, rest = path.split("/", 2)
    return f"/{rest}" if first in dict(settings.LANGUAGES) else path


def room_info(room: Room | int) -> RoomInfo:
    """The room as it is now in the database (a handful of queries)."""
    room = Room.objects.get(pk=room.pk if isinstance(room, Room) else room)
    states, watchers = presence.states(room.pk)
    seats = tuple(
        SeatInfo(s.index, s.kind, s.name, s.player, s.stand_in, states.get(s.index), s.level)
        for s in Seat.objects.filter(room=room).order_by("index")
    )
    deal = Deal.objects.filter(room=room).order_by("-number").values_list("pk", flat=True).first()
    history = tuple(tuple(series) for series in services.history(room.pk, len(seats)))
    return RoomInfo(
        room.pk, room.token, room.game, room.solo, room.closed, room.closed_by, room.creator, room.clock, room.version,
        seats, watchers, tuple(series[-1] for series in history), history, deal,
    )


def seat_of(room: Room, player: str | None) -> int | None:
    if not player:
        return None
    return room.seats.filter(player=player).values_list("index", flat=True).first()


# --- names -----------------------------------------------------------------------------------------


def public_label(seat: SeatInfo) -> str:
    if seat.is_computer:
        return _("Computer {number}").format(number=seat.index + 1)
    if not seat.player:
        return _("Free seat {number}").format(number=seat.index + 1)
    return seat.name or _("Player {number}").format(number=seat.index + 1)


def label(seat: SeatInfo, me: int | None) -> str:
    return _("You") if seat.index == me else public_label(seat)


def who(index: int, text: str) -> SafeString:
    """A seat's name in a public region; a viewer's own name is replaced by "You" (`personal`)."""
    return format_html('<span class="who" data-seat="{}">{}</span>', index, text)


def personal(info: RoomInfo, me: int | None) -> list[tuple[str, str]]:
    """How a public region becomes this viewer's: each `@place<seat>` marker (in a class or attribute)
    names where that seat sits from their chair (a spectator sits at seat 1's), and their own name is
    "You". The replacements, worked out once for all of a page's regions (`personalised`)."""
    engine = registry.get(info.game)
    places = PLACES[(len(info.seats), getattr(engine, "clockwise", False))]
    pairs = [(f"@place{index}", places[(index - (me or 0)) % len(info.seats)]) for index in range(len(info.seats))]
    if me is not None:
        pairs.append((who(me, public_label(info.seats[me])), who(me, _("You"))))
    return pairs


def personalised(html: str, pairs: Sequence[tuple[str, str]]) -> str:
    for marker, replacement in pairs:
        html = html.replace(marker, replacement)
    return html


# --- contexts --------------------------------------------------------------------------------------


def _deal(snapshot: dict) -> dict:
    return {"id": snapshot["deal"], "number": snapshot["number"], "version": snapshot["version"],
            "over": snapshot["over"], "commitment": snapshot["commitment"], "seed": snapshot["seed"]}


def _common(snapshot: dict, info: RoomInfo, labels: dict[int, str]) -> dict:
    engine = registry.get(info.game)
    places = PLACES[(len(info.seats), getattr(engine, "clockwise", False))]
    shown = set(snapshot["shown_actors"])
    return {
        "room": info,
        "deal": _deal(snapshot),
        "labels": labels,
        "game": BY_KEY[info.game],
        "places": places,
        "computers_acting": bool(shown & info.computers),
        "shown_actors": shown,
    }


def public_context(snapshot: dict, info: RoomInfo) -> dict:
    labels = {s.index: public_label(s) for s in info.seats}
    view = snapshot["public"]
    context = _common(snapshot, info, labels)
    whos = {i: who(i, text) for i, text in labels.items()}
    deadlines = snapshot["deadlines"]
    context.update(
        view=view, seat=None, whos=whos,
        seats=[
            {"seat": s, "label": labels[s.index], "who": whos[s.index], "total": info.totals[s.index],
             # A hidden claim must not show: only public actors' clocks run on their boxes.
             "deadline": deadlines.get(str(s.index)) if s.index in context["shown_actors"] else None}
            for s in info.seats
        ],
        chart=standings_chart(info.history),
        deal_results=deal_results(info.history),
    )
    context.update(adapter(info.game).context(view, {}, labels))
    return context


def private_context(snapshot: dict, info: RoomInfo, seat: int, draft: dict,
                    error: services.Refused | None = None) -> dict:
    labels = {s.index: label(s, seat) for s in info.seats}
    view = snapshot["views"][seat]
    context = _common(snapshot, info, labels)
    mine = info.seats[seat]
    context.update(
        view=view, seat=seat, me=mine, **refusal(info.game, error),
        my_turn=seat in snapshot["actors"],
        deadline=snapshot["deadlines"].get(str(seat)),
        # One id per decision, by the version it began at: sending it twice applies it once, also from the
        # pages of two versions (a Chắn seat answers an offer while another seat's answer comes in).
        action_id=f"{snapshot['deal']}-{snapshot.get('decisions', {}).get(str(seat), snapshot['version'])}-{seat}",
        levels=level_choices(info.game) if any(s.is_computer for s in info.seats) else None,
    )
    context.update(adapter(info.game).context(view, draft, labels))
    return context


def tip(game: str, snapshot: dict, seat: int, draft: dict) -> dict | None:
    """The "Tipp" this seat asked for its decision shown: its sentence (cards in the page's words where the
    game's adapter respells them, `hint_words`), and its action (as canonical JSON, by which the page marks the
    button that makes it)."""
    given = draft.get("hint")
    if not services.hint_open(given, snapshot["deal"], snapshot["version"], snapshot.get("decisions", {}), seat):
        return None
    words = getattr(adapter(game), "hint_words", None)
    params = words(dict(given["params"]), given["action"]) if words else given["params"]
    return {"text": _(given["template"]).format(**params),
            "action": json.dumps(given["action"], sort_keys=True, separators=(",", ":"), ensure_ascii=False)}


def refusal(game: str, error: services.Refused | None) -> dict:
    """A refused move for the page: the reason, its kind (`Refused.code`), and the rule that decides it
    (rules_content.passport). Its cards in the page's words where the game's adapter respells them (`refusal_words`)."""
    if error is None:
        return {"error": None, "error_code": None, "error_rule": None}
    text = error.message(getattr(adapter(game), "refusal_words", None))
    return {"error": text, "error_code": error.code, "error_rule": rule_url(game, error.code)}


# --- regions ---------------------------------------------------------------------------------------


_rendered = livecache.RENDERED


def compact(html: str) -> str:
    """A rendered region without its template's indentation: a run of white space with a line break is
    one line break (which HTML shows as the one space any run of white space is). Line by line rather
    than by a regular expression, whose `\\s*` tried every position: a twentieth of a live move's CPU."""
    return "\n".join(filter(None, map(str.strip, html.split("\n"))))


def _render(template: str, context: dict, request: HttpRequest | None = None) -> str:
    if request is not None:
        context = {**context, "csrf_token": _csrf_token(request)}
    return compact(_template(template).render(context, request))


def _csrf_token(request: HttpRequest) -> str:
    """The CSRF token of a request's forms, masked once per request (a socket keeps one for its life),
    so that a region carrying a form is the same string from render to render and is sent again only
    when what it shows changed. (A fresh mask per render guards compressed HTTP responses against
    BREACH; a socket's frames are not compressed.)"""
    if CSRF_TOKEN not in request.META:
        request.META[CSRF_TOKEN] = get_token(request)
    return request.META[CSRF_TOKEN]


CSRF_TOKEN = "cardavia.csrf_token"  # where a request keeps its masked token (`_csrf_token`)


@cache
def _template(name: str):
    """Templates looked up once per process (the loader's own cache still resolves the name each time)."""
    return get_template(name)


@cache
def _partials(game: str) -> frozenset[str]:
    """The regions a game's table template draws itself (the rest come from rooms/)."""
    return frozenset(get_template(f"games/{game}/table.html").template.extra_data.get("partials", {}))


@cache
def felt_regions(game: str) -> tuple[str, ...]:
    """A game's further public regions on the felt besides its center (partials named `felt_…`), for
    parts that change at another pace (Dou Dizhu's bottom cards and stakes)."""
    return tuple(sorted(name for name in _partials(game) if name.startswith("felt_")))


@cache
def inner_regions(game: str) -> tuple[str, ...]:
    """A game's public regions that sit inside another region (partials named `inner_…`, placed there by
    `{% slot %}`): a list that grows through a deal, such as Kowah's older discards, is sent on its own and
    then only by what changed in it (rooms/patches.py), not again with the region around it at every move."""
    return tuple(sorted(name for name in _partials(game) if name.startswith("inner_")))


def _inner_id(name: str) -> str:
    return name.removeprefix("inner_").replace("_", "-")


def _partial(game: str, name: str, default: str) -> str:
    return f"games/{game}/table.html#{name}" if name in _partials(game) else default


def public_regions(snapshot: dict, info: RoomInfo, lang: str) -> dict[str, str]:
    key = ("public", snapshot["stamp"], info.version, lang)
    regions = _rendered.get(key)
    if regions is None:
        with translation.override(lang):
            context = public_context(snapshot, info)
            # The middle changes with nearly every move; the head and the felt's other parts seldom do.
            regions = {name.replace("_", "-"): (_render if name == "center" else _shown)(
                f"games/{info.game}/table.html#{name}", context)
                for name in ("head", "center", *felt_regions(info.game))}
            regions.update((_inner_id(name), _shown(f"games/{info.game}/table.html#{name}", context))
                           for name in inner_regions(info.game))
            # Parts that change at their own pace are rendered again only when what they show changed.
            regions["standings"] = _once(("standings", info.pk, info.version, lang), _partial(
                info.game, "standings", "rooms/_standings.html"), context)
            regions["fairness"] = _once(("fairness", snapshot["deal"], snapshot["over"], info.version, lang),
                                        "rooms/_fairness.html", context)
            seat_template = _partial(info.game, "seat", "rooms/_seat.html")
            for row in context["seats"]:
                index = row["seat"].index
                regions[f"seat-{index}"] = _once(("seat", info.pk, index, _seat_facts(context, row), lang),
                                                 seat_template, {**context, "s": row})
        _rendered.put(key, regions)
    return regions


def _shown(template: str, context: dict) -> str:
    """A region rendered again only when something its template reads changed (rooms/reads.py): after a
    move, most seats' hands, the bottom cards, the head and a seat's status read the same values. A
    template with a tag `reads` does not know is rendered every time."""
    wanted = reads.lookups(template)
    if wanted is None:
        return _render(template, context)
    try:
        fingerprint = reads.fingerprint(wanted, context)
    except reads.Opaque:
        return _render(template, context)
    return _once(("shown", template, translation.get_language(), fingerprint), template, context)


def _once(key: tuple, template: str, context: dict) -> str:
    html = _rendered.get(key)
    if html is None:
        html = _render(template, context)
        _rendered.put(key, html)
    return html


def _seat_facts(context: dict, row: dict) -> str:
    """Everything a seat's box shows (rooms/_seat.html and the games' own `seat` partials): its row, and
    what the game's context says of this seat."""
    index, view, result = row["seat"].index, context["view"], context.get("result")
    facts = (row, view.get("dealer") == index, view.get("turn") == index, view.get("phase"),
             context.get("seat_notes", {}).get(index), context.get("backs", {}).get(index),
             context.get("fronts", {}).get(index), isinstance(result, dict) and result.get("winner") == index)
    return repr(facts)


def private_regions(snapshot: dict, info: RoomInfo, seat: int | None, draft: dict, lang: str,
                    error: services.Refused | None = None) -> dict[str, str]:
    """The regions only this seat sees; a spectator's status and announcement."""
    key = ("private", snapshot["stamp"], info.version, seat, draft.get("rev", 0), lang)
    regions = None if error else _rendered.get(key)
    if regions is None:
        with translation.override(lang):
            if seat is None:
                context = {**public_context(snapshot, info), **refusal(info.game, error)}
                regions = {}
            else:
                context = private_context(snapshot, info, seat, draft.get("fields", {}), error)
                # The hand and the Tipp stay the same while the other seats move; the actions and the
                # decision (its version and id) change with every move.
                regions = {"hand": _shown(f"games/{info.game}/table.html#hand", context),
                           "actions": _render(f"games/{info.game}/table.html#actions", context)}
                regions["tip"] = _shown("rooms/_tip.html", {**context, "tip": tip(info.game, snapshot, seat, draft)})
            if seat is not None:
                regions["decision"] = _render("rooms/_decision.html", context)
            regions["status"] = _shown("rooms/_status.html", context)
            # What the others read when a person keeps them waiting: the page counts the minutes itself.
            regions["long-wait"] = _once(("long-wait", info.pk, info.version, seat, lang), "rooms/_long_wait.html",
                                         context)
            regions["announce"] = str(context.get("announcement", ""))
        if not error:
            _rendered.put(key, regions)
    return regions


def viewer_regions(info: RoomInfo, seat: int | None, lang: str, request: HttpRequest | None) -> dict[str, str]:
    """The room bar: what this browser may do in the room (its forms carry the browser's CSRF token,
    so it is rendered for each page, when the room changes)."""
    with translation.override(lang):
        return {"roombar": _render("rooms/_roombar.html", _viewer(info, seat), request)}


def _viewer(info: RoomInfo, seat: int | None) -> dict:
    return {
        "room": info,
        "seat": seat,
        "me": info.seats[seat] if seat is not None else None,
        "is_creator": seat is not None and info.seats[seat].player == info.creator,
        "room_seats": [{"seat": s, "label": label(s, seat)} for s in info.seats],
        "free_seats": sum(1 for s in info.seats if s.is_free),
        "name_max": services.NAME_MAX,
    }


def regions(snapshot: dict, info: RoomInfo, seat: int | None, draft: dict, lang: str,
            error: services.Refused | None = None) -> dict[str, str]:
    """Every region of the deal this viewer's page shows, personalised (the same strings for every page
    of a seat, so that a page's comparison with what it last sent is mostly an identity check)."""
    draft = of_deal(draft, snapshot["deal"])
    key = ("seat", snapshot["stamp"], info.version, seat, draft.get("rev", 0), lang)
    shown = None if error else _rendered.get(key)
    if shown is None:
        shown = {name: personalised(html, pairs) for name, (html, pairs) in sources(snapshot, info, seat, lang).items()}
        shown.update(private_regions(snapshot, info, seat, draft, lang, error))
        if not error:
            _rendered.put(key, shown)
    return dict(shown)


def sources(snapshot: dict, info: RoomInfo, seat: int | None, lang: str) -> dict[str, tuple[str, tuple]]:
    """The public regions this viewer's are personalised from, each with the viewer's replacements: a frame
    works out what changed in a public region once for all its viewers, and personalises that
    (rooms/consumers.py `swaps`). The viewer's own seat box is private (`private_regions`)."""
    pairs, own = _personal(info, seat, lang), f"seat-{seat}"
    return {name: (html, pairs) for name, html in public_regions(snapshot, info, lang).items() if name != own}


def _personal(info: RoomInfo, seat: int | None, lang: str) -> tuple:
    key = ("personal", info.pk, info.version, seat, lang)
    pairs = _rendered.get(key)
    if pairs is None:
        with translation.override(lang):
            pairs = tuple(personal(info, seat))
        _rendered.put(key, pairs)
    return pairs


def log_lines(game: str, events: list[dict], info: RoomInfo, seat: int | None, lang: str) -> list[str]:
    """The log's lines for these events as this seat may see them (its own deeds as "you"); the first line
    of each move a computer made for a person says so (`stand_in_note`)."""
    texts = adapter(game)
    noted: set[int] = set()  # the moves (by version) whose line says who made them
    lines = []
    with translation.override(lang):
        # The names in the page's language too ("You"): the socket that asks for a page's new lines runs in none.
        labels = {s.index: label(s, seat) for s in info.seats}
        for e in visible_events(events, seat):
            if not (text := texts.event_text(e, labels, seat)):
                continue
            note = stand_in_note(e, info, seat, noted)
            lines.append(format_html('<li data-seat="{}" data-event="{}"{}>{}</li>', e.get("seat", ""),
                                     e.get("code", ""), mark_safe(' data-stand-in="true"') if note else "",
                                     with_stand_in_mark(text, note)))
    return lines


def with_stand_in_mark(text: str, note: str) -> str:
    """A log line's text followed by its `stand_in_note` in the mark's style (the table's log, a replay's)."""
    return format_html('{} <span class="stand-in-mark">{}</span>', text, note) if note else text


def stand_in_note(event: dict, info: RoomInfo, me: int | None, noted: set[int]) -> str:
    """"(Computer für Bob)" after the first line of a move a computer made in a person's seat (a stand-in:
    the person was idle past the clock, gone, or the creator let a computer play; rooms/snapshots.py
    `by_computer` marks its events), so that everyone can tell it from the person's own moves; "" else."""
    actor, version = event.get("computer") or (None, None)
    if actor is None or event.get("seat") != actor or version in noted or not 0 <= actor < len(info.seats):
        return ""
    person = info.seats[actor]
    if person.is_computer:
        return ""
    noted.add(version)
    if actor == me:
        return _("(computer for you)")
    if not person.player:  # the person left the seat
        return _("(computer)")
    return _("(computer for {who})").format(who=public_label(person))


def log_lines_from_db(deal_id: int, game: str, info: RoomInfo, seat: int | None, lang: str,
                      upto: int) -> list[str]:
    """The whole log of a deal up to version `upto`, read from the database (a move a computer made, by its
    action id, marked as the live path's snapshot marks it: rooms/snapshots.py)."""
    deal = Deal.objects.get(pk=deal_id)
    recorded = ActionRecord.objects.filter(deal=deal, version__lte=upto).values_list(
        "events", "seat", "version", "action_id")
    events = [*deal.opening_events, *(e for record in recorded for e in snapshots.marked(*record))]
    return log_lines(game, events, info, seat, lang)


def _waiting_since(snapshot: dict) -> str:
    """`seat:Unix seconds` for each seat everyone sees acting: since when its decision waits for it."""
    waiting = snapshot.get("waiting", {})
    return " ".join(f"{seat}:{int(waiting.get(str(seat), snapshot['at']))}" for seat in snapshot["shown_actors"])


def freshness(snapshot: dict | None, info: RoomInfo, seat: int | None, draft: dict) -> SafeString:
    """Which deal version (and room version) this render shows, what the page's own state is, which
    seats the table waits for (`data-acting`: static/css marks their boxes, so that a seat's box is not
    sent again each time the turn passes) and since when each of them (`data-since`, `seat:Unix seconds`
    pairs, from the start of the seat's decision, or this version's time in a deal older than that record:
    static/js/table.js counts the minutes a person keeps the others waiting; `data-now`, the server's time
    of this render, by which it counts them and the turn clock's seconds), and which of the page's drafts it shows
    (`data-draft-seq`, 0 for none of this deal). Every frame of a deal carries it, so static/js/table.js can
    hold back the seat's own parts of any frame rendered from an older draft than the page's last, not only
    of a frame that happens to resend the decision."""
    if snapshot is None:
        return format_html('<span id="freshness" hidden data-deal="0" data-version="-1" data-room="{}" '
                           'data-phase="waiting" data-my-turn="false"></span>', info.version)
    view = snapshot["public"]
    return format_html(
        '<span id="freshness" hidden data-deal="{}" data-version="{}" data-room="{}" data-phase="{}" '
        'data-my-turn="{}" data-acting="{}" data-now="{}"{}{}{}></span>',
        snapshot["number"], snapshot["version"], info.version, view.get("phase", ""),
        "true" if seat is not None and seat in snapshot["actors"] else "false",
        " ".join(str(index) for index in snapshot["shown_actors"]),
        f"{time.time():.1f}",  # the server's clock: the page counts deadlines and waits by it, not the device's
        # Since when the table waits for each seat it shows acting, where a person can keep others waiting
        # without a clock: the page says so after a minute (rooms/_long_wait.html).
        format_html(' data-since="{}"', _waiting_since(snapshot))
        if "at" in snapshot and not (info.solo or info.clock or info.closed) else "",
        format_html(' data-deadline="{}"', snapshot["deadlines"][str(seat)])
        if seat is not None and str(seat) in snapshot["deadlines"] else "",
        format_html(' data-draft-seq="{}"',
                    of_deal(draft, snapshot["deal"]).get("fields", {}).get(services.DRAFT_SEQ, "0"))
        if seat is not None else "",
    )


# --- the whole table --------------------------------------------------------------------------------


def table(snapshot: dict | None, info: RoomInfo, seat: int | None, draft: dict, lang: str, log: list[str],
          error: services.Refused | None = None, request: HttpRequest | None = None, talk: str = "") -> str:
    """The #table element for this viewer: the lobby while seats are missing, else the skeleton with
    every region; then the live region's announcement and the freshness marker (both outside #table)."""
    with translation.override(lang):
        context = {**_viewer(info, seat), "game": BY_KEY[info.game], **refusal(info.game, error),
                   "chat": mark_safe(talk),
                   "roombar": mark_safe(viewer_regions(info, seat, lang, request)["roombar"])}
        if snapshot is None:
            html = render_to_string("rooms/_lobby.html", context, request=request)
            free = context["free_seats"]
            announcement = ngettext("Waiting for one more player.", "Waiting for {count} more players.",
                                    free).format(count=free)
        else:
            shown = _placed(info.game, regions(snapshot, info, seat, draft, lang, error))
            engine = registry.get(info.game)
            places = PLACES[(len(info.seats), getattr(engine, "clockwise", False))]
            context.update(
                deal=_deal(snapshot), regions=shown, phase=snapshot["public"].get("phase", ""),
                my_turn=seat is not None and seat in snapshot["actors"],
                places=[{"name": places[(s.index - (seat or 0)) % len(info.seats)], "html": shown[f"seat_{s.index}"]}
                        for s in info.seats if s.index != seat],
                felt=[shown[name.replace("-", "_")] for name in felt_regions(info.game)],
                log=mark_safe("".join(log)),
                aside=aside(info.game, lang),
                game_class=info.game.replace("_", "-"), deck=adapter(info.game).DECK,
            )
            html = render_to_string("rooms/_table.html", context, request=request)
            announcement = shown["announce"]
    return html + render_to_string("rooms/_announce.html", {"announcement": announcement}) + freshness(
        snapshot, info, seat, draft)


def _placed(game: str, shown: dict[str, str]) -> dict[str, SafeString]:
    """The regions for the skeleton (by names with "_"), each inner region put in its slot."""
    for name in inner_regions(game):
        inner = _inner_id(name)
        place = slot(inner)
        outer = next(key for key, html in shown.items() if place in html)
        shown = {**shown, outer: shown[outer].replace(place, shown[inner])}
    return {name.replace("-", "_"): mark_safe(html) for name, html in shown.items()}


def standings_chart(history: tuple[tuple[int, ...], ...]) -> dict:
    """Polylines of each seat's running net total over the deals, scaled into a small SVG.

    Seats level after a deal (Dou Dizhu's farmers always are) are drawn side by side there, one line's width
    apart, so that no line hides another; a seat alone at its total is drawn exactly. While every total is the
    same (drawn deals so far), the lines run across the middle, not along the bottom edge."""
    rounds = max(len(series) for series in history) - 1
    values = [v for series in history for v in series]
    low, high = min(values), max(values)
    if low == high:
        low, high = low - 1, high + 1
    span = high - low

    def point(seat: int, i: int, v: int) -> str:
        level = [s for s, series in enumerate(history) if i < len(series) and series[i] == v]
        x = CHART_W * i / max(rounds, 1)
        y = CHART_H - CHART_H * (v - low) / span + CHART_LINE * (level.index(seat) - (len(level) - 1) / 2)
        return f"{x:.1f},{y:.1f}"

    return {
        "width": CHART_W, "height": CHART_H, "rounds": rounds,
        "zero": f"{CHART_H - CHART_H * (0 - low) / span:.1f}",
        "lines": [
            {"seat": seat, "points": " ".join(point(seat, i, v) for i, v in enumerate(series))}
            for seat, series in enumerate(history)
        ],
    }


def deal_results(history: tuple[tuple[int, ...], ...]) -> list[dict]:
    """Each finished deal's settlement by seat, from the running totals, with its best-scoring seat
    (None when nobody scored: Kowah's drawn deals)."""
    results = []
    for number in range(1, len(history[0])):
        amounts = [series[number] - series[number - 1] for series in history]
        best = max(range(len(amounts)), key=amounts.__getitem__)
        results.append({"number": number, "amounts": amounts, "winner": best if amounts[best] > 0 else None,
                        "amount": amounts[best]})
    return results


@cache
def aside(game: str, lang: str) -> SafeString:
    """The game's help beside the table: the same for every page and version."""
    if "aside" not in _partials(game):
        return mark_safe("")
    module = adapter(game)
    context = {"game": BY_KEY[game], "deck": module.DECK, **getattr(module, "aside_context", dict)()}
    with translation.override(lang):
        return mark_safe(render_to_string(f"games/{game}/table.html#aside", context))


def game_css(game: str) -> str | None:
    """A game's own table styles, `static/css/games/<key>.css`, where the game has them."""
    path = f"css/games/{game}.css"
    return path if finders.find(path) else None


# --- pages and htmx responses -----------------------------------------------------------------------


def page(room: Room, player: str | None, lang: str, fields: dict | None = None, error: services.Refused | None = None,
         request: HttpRequest | None = None) -> dict:
    """What the room page (and an htmx response) shows this browser, read from the database."""
    info = room_info(room)
    seat = info.seat_of(player)
    snapshot = None
    if info.deal is not None:  # the database is the truth: a page read from it shows what it holds
        snapshot = snapshots.current(Deal.objects.select_related("room").get(pk=info.deal))
    draft = _draft(room, seat, info.deal, fields)
    log = log_lines_from_db(info.deal, info.game, info, seat, lang, snapshot["version"]) if snapshot else []
    talk, chat_upto = ("", 0) if info.solo else chat.render(info.pk, seat, None, lang, None, request)
    return {"info": info, "seat": seat, "snapshot": snapshot, "chat_upto": chat_upto, "draft": draft,
            "html": table(snapshot, info, seat, draft, lang, log, error, request, talk)}


def render_room(room: Room, player: str | None, fields: dict | None = None, error: services.Refused | None = None,
                request: HttpRequest | None = None) -> str:
    """The table for an htmx response or a test: #table, the announcement and the freshness marker."""
    return page(room, player, translation.get_language() or "de", fields, error, request)["html"]


def _draft(room: Room, seat: int | None, deal_id: int | None, fields: dict | None) -> dict:
    """The seat's unconfirmed choices: the posted fields of a refused move, else the saved draft."""
    if fields is not None:
        return {"deal": deal_id, "fields": fields, "rev": -1}
    if seat is None:
        return {}
    return Seat.objects.filter(room=room, index=seat).values_list("draft", flat=True).first() or {}


def of_deal(draft: dict, deal_id: int | None) -> dict:
    """A seat's draft as a render of this deal uses it: the choices (and the Tipp) of an earlier deal are
    not this deal's, which starts with nothing ticked. A socket keeps the draft it last read across deals."""
    return draft if draft.get("deal") == deal_id else {"rev": draft.get("rev", 0)}
