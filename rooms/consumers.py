"""The table's websocket: a transport adapter. Hints in, the regions that changed out; moves, drafts and
chat lines in, through the same door as HTTP.

A page gets its whole table when it connects (and when its seat changes); after that each hint
(rooms/broadcast.py) makes the consumer render that version from its snapshot (rooms/snapshots.py)
and send only the regions whose HTML changed since it last sent them, as htmx out-of-band swaps,
plus the log's new lines. Messages of one page are handled one after another, so its frames never
overtake each other. A render that fails is logged and the page is sent its whole table afresh.
"""

from __future__ import annotations

import asyncio
import logging
import re
import weakref
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import parse_qs

from asgiref.sync import sync_to_async
from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.db import close_old_connections
from django.utils import translation

from rooms import (
    broadcast,
    chat,
    identity,
    inputs,
    livecache,
    patches,
    presence,
    rendering,
    services,
    snapshots,
    timers,
)
from rooms.models import Deal, Room, Seat
from rooms.tables import queue_hint, save_draft, submit_form

log = logging.getLogger(__name__)
OPENING_TAG = re.compile(r"<[a-zA-Z0-9]+")
# Sent when a render failed: the page asks for its whole table again a moment later (static/js/table.js).
PULL_LATER = '<div id="pull" hidden hx-swap-oob="true" data-after="2000"></div>'



# As many threads for the database work of the sockets as a process has database connections (its pool).
DATABASE_THREADS = ThreadPoolExecutor(max_workers=settings.DB_POOL, thread_name_prefix="table-db")


def db(function):
    """Run a function that reads or writes the database in a worker thread of its own, so that one
    room's work never queues behind another's on a single thread."""

    def run(*args, **kwargs):
        close_old_connections()
        try:
            return function(*args, **kwargs)
        finally:
            close_old_connections()

    return sync_to_async(run, thread_sensitive=False, executor=DATABASE_THREADS)


class _RoomLocks:
    """One asyncio lock per room, kept only while a coroutine holds it or waits for it (weakly): a process
    meets many rooms in its life, and a lock nobody uses any more is let go."""

    def __init__(self) -> None:
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    def __call__(self, room_id: int) -> asyncio.Lock:
        lock = self._locks.get(room_id)
        if lock is None:
            lock = self._locks[room_id] = asyncio.Lock()
        return lock


class _Rooms:
    """What this process knows of each room (rendering.RoomInfo), read once per room version; the rooms
    met longest ago are let go (a process meets many rooms in its life) and read again if they come back."""

    def __init__(self, size: int = 4096) -> None:
        self.infos = livecache.Bounded(size)
        self.lock = _RoomLocks()

    async def get(self, room_id: int, version: int = -1) -> rendering.RoomInfo:
        info = self.infos.get(room_id)
        if info is not None and info.version >= version:
            return info
        async with self.lock(room_id):
            info = self.infos.get(room_id)
            if info is None or info.version < version:
                info = self.keep(room_id, await db(rendering.room_info)(room_id))
        return info

    def keep(self, room_id: int, info: rendering.RoomInfo) -> rendering.RoomInfo:
        """Remember a room as read, unless a newer read of it is remembered already (a page's whole table reads
        the room on its own, and may read a newer version than a read that was under way); the newer one."""
        known = self.infos.get(room_id)
        if known is not None and known.version > info.version:
            return known
        self.infos.put(room_id, info)
        return info

    def forget(self, room_id: int) -> None:
        self.infos.discard(room_id)


ROOMS = _Rooms()


class _Snapshots:
    """A version's snapshot for this process's pages: from its memory on the event loop, else fetched once
    per room at a time off the loop (from Redis, which a worker's moves leave there, or the database),
    so that the other pages of the room find it in memory instead of fetching it again."""

    def __init__(self) -> None:
        self.lock = _RoomLocks()

    async def get(self, room_id: int, deal_id: int, version: int) -> dict | None:
        snapshot = snapshots.get(deal_id, version, remote=False)
        if snapshot is not None:
            return snapshot
        async with self.lock(room_id):
            return snapshots.get(deal_id, version, remote=False) or await db(_stored_snapshot)(
                room_id, deal_id, version
            )


SNAPSHOTS = _Snapshots()


class _Heartbeat:
    """While this process has open table sockets, it tells the database every few seconds that they live."""

    def __init__(self) -> None:
        self.sockets = 0
        self.task: asyncio.Task | None = None

    def opened(self) -> None:
        self.sockets += 1
        if self.task is None or self.task.done():
            self.task = asyncio.ensure_future(self._beat())

    def closed(self) -> None:
        self.sockets -= 1
        if self.sockets <= 0 and self.task is not None:
            self.task.cancel()
            self.task = None

    async def _beat(self) -> None:
        while True:
            await asyncio.sleep(presence.HEARTBEAT)
            try:
                await db(presence.heartbeat)()
            except Exception:
                log.exception("presence heartbeat failed")


HEARTBEAT = _Heartbeat()


class TableConsumer(AsyncWebsocketConsumer):
    async def dispatch(self, message: dict) -> None:
        """Channels' own dispatch, without its `aclose_old_connections()` before every message.

        That call hops onto asgiref's one thread-sensitive thread for each message of each page (a move
        in a room of three sends four), so every room's updates queued behind every other room's there,
        to close connections that thread never opens: this consumer reaches the database only through
        `db()`, which closes its own thread's old connections before and after each call."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def connect(self) -> None:
        room = await db(Room.objects.filter(token=self.scope["url_route"]["kwargs"]["token"]).first)()
        if room is None:
            await self.close(code=4404)
            return
        self.room, self.room_id = room, room.pk  # for the door, which reads everything it decides on afresh
        self.request = identity.request_from_cookies(self.scope.get("cookies", {}))
        self.player = identity.player_from_request(self.request)
        user = self.scope.get("user")
        self.user = user if user is not None and user.is_authenticated else None
        self.language = _language(self.scope.get("query_string", b""))
        self.group = broadcast.group(room.pk)
        self.seat: int | None = None
        self.info: rendering.RoomInfo | None = None
        self.snapshot: dict | None = None
        self.draft: dict = {}
        self.sent: dict[str, str] = {}  # region id -> the HTML the page shows
        self.origins: dict[str, tuple[str, tuple]] = {}  # public region id -> what it was personalised from
        self.log_at: tuple[int, int] = (0, -1)  # (deal id, version) up to which the page's log goes
        self.chat_upto = 0  # the newest chat line the page shows
        timers.bind(asyncio.get_running_loop())
        HEARTBEAT.opened()
        self.counted = True
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await db(presence.open_connection)(room.pk, self.player, self.channel_name)
        await self.send_table()
        # A page coming back after a restart also makes sure no computer turn or clock was lost with it.
        await db(services.resume_room)(room)

    async def disconnect(self, code: int) -> None:
        if getattr(self, "counted", False):
            HEARTBEAT.closed()
            self.counted = False
        if getattr(self, "group", None):
            await self.channel_layer.group_discard(self.group, self.channel_name)
            await db(presence.close_connection)(self.channel_name)

    # --- what the page sends ----------------------------------------------------------------------

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """A form of the table, as htmx's ws-send builds it; `command` says what it is (table.js)."""
        try:
            fields = inputs.parse_json(text_data)
            if not isinstance(fields, dict):
                raise inputs.Malformed("not a form")
            fields.pop("HEADERS", None)
            command = "refresh" if fields.pop("refresh", None) is True else fields.pop("command", "move")
            handler = COMMANDS.get(command) if isinstance(command, str) else None
            if handler is None:
                raise inputs.Malformed("unknown command")
            await handler(self, fields)
        except (inputs.Malformed, services.Refused) as exc:
            refused = exc if isinstance(exc, services.Refused) else services.Refused(services.MALFORMED, "malformed")
            with translation.override(self.language):
                await self.send_update(error=refused)
        except Exception:
            log.exception("table socket: handling a message failed")
            await self.send_table()

    async def move(self, fields: dict) -> None:
        await db(submit_form)(self.room, self.seat, fields, self.snapshot)

    async def save_draft(self, fields: dict) -> None:
        if self.seat is None:
            raise services.Refused(services.NO_SEAT, "no_seat")
        self.draft = await db(save_draft)(self.room, self.seat, fields)
        await db(broadcast.draft_changed)(self.room_id, self.seat, self.channel_name)
        await self.send_update()

    async def hint(self, fields: dict) -> None:
        # Searched where the computers play; the seat's pages (this one too) are told by draft_changed.
        await db(queue_hint)(await self._room(), self.seat)

    async def set_levels(self, fields: dict) -> None:
        await db(services.set_levels)(await self._room(), self.player or "", fields)

    async def next_deal(self, fields: dict) -> None:
        room = await self._room()
        await db(services.start_deal)(room, self.player or "", self.user)

    async def take_back(self, fields: dict) -> None:
        room = await self._room()
        await db(services.take_back)(room, self.player or "")

    async def write_chat(self, fields: dict) -> None:
        room = await self._room()
        await db(chat.post)(room, self.player or "", self.user, fields.get("text"))

    async def refresh(self, fields: dict) -> None:
        await self.send_table()

    async def _room(self) -> Room:
        return await db(Room.objects.get)(pk=self.room_id)

    # --- hints ------------------------------------------------------------------------------------

    async def deal_changed(self, event: dict) -> None:
        shown = (self.snapshot["number"], self.snapshot["version"]) if self.snapshot else (0, -1)
        if (event["number"], event["version"]) <= shown:
            # a render since then already showed this version or a newer one; the room, perhaps not
            if "room" in event:
                await self.room_changed({"version": event["room"]})
            return
        # Behind (hints queued while the process was busy)? Straight to the newest version this process holds:
        # the hints of the versions in between then find it shown, and nothing is rendered twice over.
        snapshot = snapshots.newest(event["deal"], event["version"]) or await SNAPSHOTS.get(
            self.room_id, event["deal"], event["version"])
        if snapshot is None or snapshot["room"] != self.room_id:
            log.warning("table socket: a hint for a deal not of this room, ignored: %r", event)
            return
        await self.send_update(snapshot=snapshot, room=event.get("room", -1))  # a deal's end: with its standings

    async def room_changed(self, event: dict) -> None:
        if self.info is not None and event["version"] <= self.info.version:
            return
        info = await ROOMS.get(self.room_id, event["version"])
        if info.seat_of(self.player) != self.seat or (info.deal is not None and self.snapshot is None):
            await self.send_table()  # this page's seat changed, or the lobby became a table
        else:
            await self.send_update(info=info)

    async def draft_changed(self, event: dict) -> None:
        # Another page of this seat chose something, or a Tipp came; the page that chose has answered itself.
        if event["seat"] == self.seat and event.get("source") != self.channel_name:
            self.draft = await db(_saved_draft)(self.room_id, self.seat)
            await self.send_update()

    async def chat_changed(self, event: dict) -> None:
        await self.send_chat(reset=event["reset"])

    # --- what goes out ----------------------------------------------------------------------------

    async def send_table(self) -> None:
        """The whole table, read from the database: on connecting, and whenever in doubt."""
        try:
            ROOMS.forget(self.room_id)
            info = await ROOMS.get(self.room_id)
            seat = info.seat_of(self.player)
            if seat != self.seat:
                await db(presence.reseat)(self.channel_name, seat)
            page = await db(rendering.page)(await self._room(), self.player, self.language, None, None, self.request)
        except Exception:
            log.exception("table socket: rendering the table failed")
            await self.send(text_data=PULL_LATER)  # the page asks again in a moment
            return
        self.info, self.seat, self.snapshot = page["info"], page["seat"], page["snapshot"]
        ROOMS.keep(self.room_id, self.info)  # newer than ROOMS' read above when the room changed in between
        self.draft, self.chat_upto = page["draft"], page["chat_upto"]
        if self.snapshot is not None:
            regions = rendering.regions(self.snapshot, self.info, self.seat, self.draft, self.language)
            regions.update(rendering.viewer_regions(self.info, self.seat, self.language, self.request))
            self.sent = regions
            self.origins = rendering.sources(self.snapshot, self.info, self.seat, self.language)
            self.log_at = (self.snapshot["deal"], self.snapshot["version"])
        else:
            self.sent, self.origins = {}, {}
        await self.send(text_data=page["html"])

    async def send_update(self, snapshot: dict | None = None, info: rendering.RoomInfo | None = None,
                          error: services.Refused | None = None, room: int = -1) -> None:
        """The regions that changed since the page's last frame, for this snapshot and room (without `info`, the
        room as this process knows it, at least at version `room`)."""
        try:
            if info is None:  # never an older room than the page shows (its whole table read the room on its own)
                info = await ROOMS.get(self.room_id, max(room, self.info.version if self.info is not None else -1))
            if self.snapshot is None or info.seat_of(self.player) != self.seat:
                await self.send_table()  # the page shows the lobby, or its seat changed: the whole table
                return
            snapshot = snapshot or self.snapshot
            frame = await self._frame(snapshot, info, error)
        except Exception:
            log.exception("table socket: rendering an update failed")
            await self.send_table()
            return
        self.snapshot, self.info = snapshot, info
        await self.send(text_data=frame)

    async def _frame(self, snapshot: dict, info: rendering.RoomInfo, error: services.Refused | None) -> str:
        regions = rendering.regions(snapshot, info, self.seat, self.draft, self.language, error)
        if error:
            self.sent.pop("status", None)  # the same refusal twice is still news
        if info is not self.info:
            regions.update(rendering.viewer_regions(info, self.seat, self.language, self.request))
        if snapshot["deal"] != self.snapshot["deal"]:
            # A new deal's regions go whole: patched from those of the deal the page shows, they would delete that
            # deal's cards by their ids (Kowah's `hand-7C-1`), naming cards the seat may no longer see.
            self.sent = {name: html for name, html in self.sent.items() if name not in regions}
            self.origins = {}
        parts = swaps(self.sent, regions, rendering.sources(snapshot, info, self.seat, self.language), self.origins)
        parts.append(await self._log(snapshot, info))
        parts.append(_oob(rendering.freshness(snapshot, info, self.seat, self.draft)))
        return "".join(parts)

    async def _log(self, snapshot: dict, info: rendering.RoomInfo) -> str:
        deal, version = self.log_at
        if (snapshot["deal"], snapshot["version"]) == (deal, version):
            return ""
        self.log_at = (snapshot["deal"], snapshot["version"])
        if snapshot["deal"] == deal and snapshot["version"] > version:
            # the new versions' lines, from the snapshots this process holds (all of them, or the log is read whole)
            between = [snapshots.get(deal, v, remote=False) for v in range(version + 1, snapshot["version"])]
            if None not in between:
                events = [e for s in (*between, snapshot) for e in s["events"]]
                return log_added(rendering.log_lines(info.game, events, info, self.seat, self.language))
        lines = await db(rendering.log_lines_from_db)(snapshot["deal"], info.game, info, self.seat, self.language,
                                                      snapshot["version"])
        # as templates/rooms/_table.html writes it: focusable, to be scrolled by keyboard
        return f'<ol id="log" tabindex="0" hx-swap-oob="true">{"".join(lines)}</ol>'

    async def send_chat(self, reset: bool) -> None:
        """New chat lines; after a moderator hid one, the whole chat again."""
        html, self.chat_upto = await db(chat.render)(self.room_id, self.seat, self.user, self.language,
                                                    None if reset else self.chat_upto, self.request)
        if html:
            await self.send(text_data=_oob(html) if reset else html)


COMMANDS = {
    "move": TableConsumer.move,
    "draft": TableConsumer.save_draft,
    "hint": TableConsumer.hint,
    "level": TableConsumer.set_levels,
    "next": TableConsumer.next_deal,
    "take_back": TableConsumer.take_back,
    "chat": TableConsumer.write_chat,
    "refresh": TableConsumer.refresh,
}


def _stored_snapshot(room_id: int, deal_id: int, version: int) -> dict | None:
    snapshot = snapshots.get(deal_id, version)
    if snapshot is not None:
        return snapshot
    deal = Deal.objects.select_related("room").filter(pk=deal_id, room=room_id).first()
    return snapshots.current(deal) if deal is not None else None


def _saved_draft(room_id: int, seat: int | None) -> dict:
    if seat is None:
        return {}
    return Seat.objects.filter(room=room_id, index=seat).values_list("draft", flat=True).first() or {}


def _oob(html: str) -> str:
    """The region as an out-of-band swap: `hx-swap-oob` on its element (replaced whole, by id)."""
    match = OPENING_TAG.match(html.lstrip())
    html = html.lstrip()
    return f'{match.group()} hx-swap-oob="true"{html[match.end():]}' if match else html


def swaps(sent: dict[str, str], regions: dict[str, str], sources: dict[str, tuple[str, tuple]] | None = None,
          origins: dict[str, tuple[str, tuple]] | None = None) -> list[str]:
    """The out-of-band swaps of the regions that differ from what the page was last sent (`sent`, which is
    brought up to date): a region as what changed in it (rooms/patches.py) when that is shorter, else whole.

    A public region (`sources`: its public source and the viewer's replacements, `rendering.sources`) that the
    page shows personalised from a public source (`origins`, brought up to date too) with the same
    replacements is patched from source to source, once for all the viewers of that version, and the patch
    is personalised: the replacements never cut through an element with an id, where patches cut."""
    parts = []
    for name, html in regions.items():
        before = sent.get(name)
        origin = origins.pop(name, None) if origins is not None else None
        source = sources.get(name) if sources is not None else None
        if source is not None and origins is not None:
            origins[name] = source
        if before == html:  # mostly the very same string: an identity check
            continue
        sent[name] = html
        if name == "announce":
            parts.append(f'<p id="announce" hx-swap-oob="innerHTML">{html}</p>')
        elif before is not None and origin is not None and source is not None and origin[1] == source[1]:
            parts.append(_public_patch(name, origin[0], source[0], source[1]) or _oob(html))
        else:
            parts.append((before is not None and patches.patch(name, before, html)) or _oob(html))
    return parts


# (region, public source before, after) -> the patch between them ("" to send the region whole): asked by the
# pages of one version within moments of each other, so a short memory does
_PUBLIC_PATCHES = livecache.Bounded(512)


def _public_patch(name: str, before: str, html: str, pairs: tuple) -> str | None:
    found = _PUBLIC_PATCHES.get((name, before, html))
    if found is None:
        found = patches.patch(name, before, html) or ""
        _PUBLIC_PATCHES.put((name, before, html), found)
    return rendering.personalised(found, pairs) if found else None


def log_added(lines: list[str]) -> str:
    """A version's new lines of the log, added at its end."""
    return f'<ol hx-swap-oob="beforeend:#log">{"".join(lines)}</ol>' if lines else ""


def _language(query_string: bytes) -> str:
    wanted = parse_qs(query_string.decode()).get("lang", [""])[0]
    return wanted if wanted in dict(settings.LANGUAGES) else settings.LANGUAGE_CODE
