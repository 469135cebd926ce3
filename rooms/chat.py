"""A room's chat: short lines from the seated people, read by everyone at the table (spectators too).

Lines are kept with the room. Writing is refused for spectators, suspended accounts and closed rooms,
for text that is empty, too long or holds control characters, and beyond RATE lines per WINDOW
seconds per seat. A moderator hides a line from the admin (accounts/admin.py, written to the audit
log); hidden lines are not shown to anyone. Everything is escaped by the templates.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from django.core.cache import cache
from django.db import transaction
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils import translation

from games.core.errors import gettext_noop
from rooms import broadcast, inputs, services
from rooms.models import ChatMessage, Room

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser as User

SHOWN = 50  # the newest lines a page shows
RATE, WINDOW = 5, 15
TOO_FAST = gettext_noop("You are writing very fast: wait a few seconds before the next line.")
EMPTY = gettext_noop("Write something first.")
TOO_LONG = gettext_noop("A chat line has at most {max} characters.")
SPECTATOR = gettext_noop("Only the people seated at the table can write in its chat.")


def post(room: Room, player: str, user: User | None, text: object) -> ChatMessage:
    seat = room.seats.filter(player=player).first() if player else None
    if seat is None:
        raise services.Refused(SPECTATOR, "chat_spectator")
    services.check_account(user)
    if room.closed:
        raise services.Refused(services.CLOSED, "closed")
    if not isinstance(text, str) or inputs.has_control(text):
        raise services.Refused(services.MALFORMED, "malformed")
    line = " ".join(text.split())
    if not line:
        raise services.Refused(EMPTY, "chat_empty")
    if len(line) > ChatMessage.MAX_LENGTH:
        raise services.Refused(TOO_LONG, "chat_too_long", {"max": ChatMessage.MAX_LENGTH})
    key = f"chat-rate:{room.pk}:{seat.index}"
    cache.add(key, 0, WINDOW)
    if cache.incr(key) > RATE:
        raise services.Refused(TOO_FAST, "chat_too_fast")
    with transaction.atomic():
        message = ChatMessage.objects.create(room=room, seat=seat.index, name=seat.name, user=user, text=line)
        transaction.on_commit(partial(broadcast.chat_changed, room.pk))
    return message


def hide(message: ChatMessage) -> None:
    """Hide a line everywhere (the moderators' admin action calls this and writes the audit log)."""
    with transaction.atomic():
        ChatMessage.objects.filter(pk=message.pk).update(hidden=True)
        transaction.on_commit(partial(broadcast.chat_changed, message.room_id, True))


def render(room_id: int, seat: int | None, user: User | None, lang: str, since: int | None,
           request: HttpRequest | None) -> tuple[str, int]:
    """The chat for a page: the whole region (`since` None), or the lines written after line `since`
    to append. Returns the HTML and the newest line's id."""
    visible = ChatMessage.objects.filter(room=room_id, hidden=False)
    if since is not None:
        lines = list(visible.filter(pk__gt=since).order_by("pk"))
        if not lines:
            return "", since
        with translation.override(lang):
            html = render_to_string("rooms/_chat_lines.html", {"lines": lines})
        return f'<ol hx-swap-oob="beforeend:#chat-lines">{html}</ol>', lines[-1].pk
    lines = list(visible.order_by("-pk")[:SHOWN])[::-1]
    room = Room.objects.get(pk=room_id)
    with translation.override(lang):
        html = render_to_string("rooms/_chat.html", {
            "lines": lines, "room": room, "seat": seat, "max_length": ChatMessage.MAX_LENGTH,
        }, request=request)
    return html, lines[-1].pk if lines else 0
