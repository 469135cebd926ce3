"""What moderators do, each written to the audit log with who, what, when and why.

The admin (accounts/admin.py) calls only these. A change a table shows (a name, a closed room, a freed
seat) is hinted on the room's channel after commit, so open pages show it at once.
"""

from __future__ import annotations

from typing import TypeVar

from django.db import models, transaction

from accounts.models import AuditLog, Profile
from rooms import chat, services
from rooms.models import ChatMessage, Room, Seat

M = TypeVar("M", bound=models.Model)
MODERATORS = "Moderatoren"
# What a staff member of the moderators' group may do in the admin (accounts.signals keeps the group so).
MODERATOR_PERMISSIONS = (
    "accounts.view_profile", "accounts.change_profile", "accounts.view_auditlog", "auth.view_user",
    "rooms.view_room", "rooms.change_room", "rooms.view_seat", "rooms.change_seat",
    "rooms.view_chatmessage", "rooms.change_chatmessage",
    "axes.view_accessattempt", "axes.delete_accessattempt",  # see and lift log-in locks
)


def _log(moderator, action: str, target: models.Model, reason: str, **details: object) -> AuditLog:
    """The audit row; `target` as it was before the action (a renamed profile under its old name)."""
    if not reason.strip():
        raise ValueError("a moderator action needs a reason")
    described = f"{target} ({target.user.get_username()})" if isinstance(target, Profile) else str(target)
    return AuditLog.objects.create(
        moderator=moderator, moderator_name=moderator.get_username(), action=action,
        target_type=type(target).__name__.lower(), target_id=str(target.pk), target=described[:200],
        details=details, reason=reason.strip(),
    )


def _fresh(obj: M) -> M:
    """The row as it is now, locked until commit: the admin's object may already carry the form's values."""
    return type(obj).objects.select_for_update().get(pk=obj.pk)


def _hint_rooms(room_ids: set[int]) -> None:
    for room_id in room_ids:
        services.room_changed(room_id)


def rename_seats(user, name: str) -> None:
    """The account's seats show its new display name; open tables redraw."""
    seats = Seat.objects.filter(user=user).exclude(player="")
    rooms = set(seats.values_list("room", flat=True))
    seats.update(name=name)
    _hint_rooms(rooms)


@transaction.atomic
def suspend(moderator, profile: Profile, reason: str) -> bool:
    current = _fresh(profile)
    if current.suspended:
        return False
    Profile.objects.filter(pk=profile.pk).update(suspended=True)
    profile.suspended = True
    _log(moderator, AuditLog.Action.SUSPEND, current, reason)
    return True


@transaction.atomic
def unsuspend(moderator, profile: Profile, reason: str) -> bool:
    current = _fresh(profile)
    if not current.suspended:
        return False
    Profile.objects.filter(pk=profile.pk).update(suspended=False)
    profile.suspended = False
    _log(moderator, AuditLog.Action.UNSUSPEND, current, reason)
    return True


@transaction.atomic
def rename(moderator, profile: Profile, new_name: str, reason: str) -> bool:
    """Replace a display name; the person cannot change it back themselves (name_locked)."""
    current = _fresh(profile)
    old = current.display_name
    if new_name == old and current.name_locked:
        return False
    Profile.objects.filter(pk=profile.pk).update(display_name=new_name, name_locked=True)
    profile.display_name, profile.name_locked = new_name, True
    rename_seats(profile.user, new_name)
    _log(moderator, AuditLog.Action.RENAME, current, reason, old=old, new=new_name)
    return True


@transaction.atomic
def close_room(moderator, room: Room, reason: str) -> bool:
    """No more moves, joins or deals in the room (rooms.services refuses them); its history stays."""
    if _fresh(room).closed:
        return False
    Room.objects.filter(pk=room.pk).update(closed=True, closed_by="moderator")
    room.closed = True
    _log(moderator, AuditLog.Action.CLOSE_ROOM, room, reason, game=room.game, token=room.token)
    _hint_rooms({room.pk})
    return True


@transaction.atomic
def reopen_room(moderator, room: Room, reason: str) -> bool:
    if not _fresh(room).closed:
        return False
    Room.objects.filter(pk=room.pk).update(closed=False, closed_by="")
    room.closed = False
    _log(moderator, AuditLog.Action.REOPEN_ROOM, room, reason, game=room.game, token=room.token)
    _hint_rooms({room.pk})
    return True


@transaction.atomic
def remove_from_seat(moderator, seat: Seat, reason: str) -> bool:
    """Free a person's seat (as if they had left, through rooms.services.leave); the invite link may
    then seat someone else, or the room's creator lets a computer play it."""
    seat = Seat.objects.select_related("room", "user").get(pk=seat.pk)
    if seat.kind != Seat.Kind.PERSON or not seat.player:
        return False
    who = seat.name or (seat.user.get_username() if seat.user else "")
    services.leave(seat.room, seat.player)
    _log(moderator, AuditLog.Action.REMOVE_SEAT, seat, reason, room=seat.room.token, index=seat.index, name=who,
         user=seat.user.get_username() if seat.user else None)
    return True


@transaction.atomic
def hide_chat_message(moderator, message: ChatMessage, reason: str) -> bool:
    """A chat line disappears from every page of its room; the audit log keeps what it said."""
    if _fresh(message).hidden:
        return False
    chat.hide(message)
    _log(moderator, AuditLog.Action.HIDE_CHAT, message, reason, room=message.room.token, seat=message.seat,
         name=message.name, text=message.text)
    return True
