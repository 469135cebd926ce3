"""Rooms, seats, deals and their append-only logs. The deal row is the truth about a running game."""

from __future__ import annotations

import secrets
from functools import cache

from django.conf import settings
from django.db import models
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from games.core import registry
from rooms.fairplay import new_seed

GAME_CHOICES = [(key, key) for key in registry.KEYS]
# The computers' strengths, as the new-room form and the seats name them.
LEVELS = list(zip(registry.LEVELS, (_("beginner"), _("advanced"), _("master")), strict=True))


@cache
def level_choices(game: str) -> list[tuple[str, object]]:
    """LEVELS as the forms offer them for `game`. A level that plays with the same computer as the level below
    it says so, so that nobody picks it expecting a stronger player (Kowah's Meister is its Fortgeschritten
    until a stronger Kowah player is found: games/kowah/bots.py, docs/decisions.md)."""
    choices: list[tuple[str, object]] = []
    for (key, name), below in zip(LEVELS, [None, *LEVELS[:-1]], strict=True):
        if below and registry.bot(game, key) is registry.bot(game, below[0]):
            name = format_lazy(_("{level} (plays like {other})"), level=name, other=below[1])
        choices.append((key, name))
    return choices


def new_token() -> str:
    """An unguessable invite token: 192 random bits, URL-safe, never beginning with "-" (a console command
    such as `manage.py verify_deal <token> 1` would read it as an option; one token in 64 did)."""
    token = secrets.token_urlsafe(24)
    return new_token() if token.startswith("-") else token


class Room(models.Model):
    CLOCKS = (0, 30, 60, 120)  # seconds per decision; 0: no clock

    token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    game = models.CharField(max_length=20, choices=GAME_CHOICES)
    solo = models.BooleanField(default=False, help_text=_("One person against computers, opened in one click."))
    creator = models.CharField(max_length=64, blank=True, help_text=_("Player id of the browser that opened it."))
    created = models.DateTimeField(auto_now_add=True)
    closed = models.BooleanField(default=False)
    closed_by = models.CharField(
        max_length=10, blank=True, choices=[("creator", _("its creator")), ("moderator", _("a moderator"))]
    )
    clock = models.PositiveSmallIntegerField(
        default=0, choices=[(c, c) for c in CLOCKS], help_text=_("Seconds per decision; 0 means no clock.")
    )
    # Counts every change of the seats, their people's presence and the room's state, so that live
    # pages can tell (and cache by) which room they show.
    version = models.PositiveIntegerField(default=0)
    barred = models.JSONField(default=list, blank=True, help_text=_("Player ids the creator removed from the room."))

    class Meta:
        ordering = ["-created"]
        verbose_name, verbose_name_plural = _("room"), _("rooms")  # for the moderators' admin

    def __str__(self) -> str:
        return f"{self.game} {self.token[:8]}"

    def current_deal(self) -> Deal | None:
        return self.deals.order_by("-number").first()


class Seat(models.Model):
    class Kind(models.TextChoices):
        PERSON = "person", _("person")
        COMPUTER = "computer", _("computer")

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=10, choices=Kind.choices)
    player = models.CharField(max_length=64, blank=True, db_index=True, help_text=_("Player id of the seated browser."))
    name = models.CharField(max_length=24, blank=True)
    # The account of the seated person, where they have one: their results count on their profile and
    # the leaderboards. Set on join/open_room and when a browser's guest seats are attached at log-in.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="seats"
    )
    stand_in = models.BooleanField(
        default=False, help_text=_("A computer plays this person's seat until the person takes it back.")
    )
    left_at = models.DateTimeField(null=True, blank=True, help_text=_("When the person's last connection closed."))
    draft = models.JSONField(default=dict, blank=True, help_text=_("Unconfirmed choices, private to the seat."))
    # How strong a computer seat plays (games.core.registry.LEVELS); a stand-in plays at the default.
    level = models.CharField(max_length=16, choices=LEVELS, default=registry.DEFAULT_LEVEL)

    class Meta:
        ordering = ["index"]
        verbose_name, verbose_name_plural = _("seat"), _("seats")  # for the moderators' admin
        constraints = [models.UniqueConstraint(fields=["room", "index"], name="one_seat_per_index")]

    def __str__(self) -> str:
        return f"{self.room} seat {self.index}"

    @property
    def is_computer(self) -> bool:
        return self.kind == self.Kind.COMPUTER

    @property
    def played_by_computer(self) -> bool:
        return self.is_computer or self.stand_in

    @property
    def is_free(self) -> bool:
        return self.kind == self.Kind.PERSON and not self.player


class Deal(models.Model):
    """One deal (a round in Chor Voli) of a room: the engine state and its version."""

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveIntegerField()
    # Fair play (rooms/fairplay.py): the secret seed deals the cards and seeds the computers; it stays on
    # the server until the deal is over. The commitment (SHA-256) to it is shown from the first render.
    seed = models.CharField(max_length=64, default=new_seed, help_text=_("Secret until the deal is over."))
    commitment = models.CharField(max_length=64, blank=True, help_text=_("SHA-256 of the seed, room and number."))
    options = models.JSONField(null=True, blank=True, help_text=_("The engine's new_game options of this deal."))
    start = models.JSONField(null=True, blank=True, help_text=_("The state as dealt, before any move."))
    shared = models.BooleanField(default=False, help_text=_("The room's creator shares the replay by a link."))
    version = models.PositiveIntegerField(default=0)
    state = models.JSONField()
    opening_events = models.JSONField(default=list, help_text=_("What happened at the deal itself (antes, cards)."))
    over = models.BooleanField(default=False)
    # The turn clock: per seat that must decide, the time (Unix seconds) its decision is due.
    deadlines = models.JSONField(default=dict, blank=True)
    # Per seat that must decide, the version at which its current decision began (rooms/clock.py): a
    # "Tipp" stays valid while the decision it was asked for is open, also across other seats' moves.
    decisions = models.JSONField(default=dict, blank=True)
    # Per seat that must decide, since when (Unix seconds) its current decision waits for it (rooms/clock.py):
    # the other pages count a long wait from it.
    waiting = models.JSONField(default=dict, blank=True)
    # The seats whose person asked for a "Tipp" during the deal: a deal played with hints is marked.
    hinted = models.JSONField(default=list, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["room", "number"], name="one_deal_per_number")]

    def __str__(self) -> str:
        return f"{self.room} deal {self.number}"


class ActionRecord(models.Model):
    """What one seat did to one deal, and the events it caused: append-only, replayable."""

    deal = models.ForeignKey(Deal, on_delete=models.CASCADE, related_name="actions")
    version = models.PositiveIntegerField(help_text=_("The deal's version after this action."))
    seat = models.PositiveSmallIntegerField()
    action = models.JSONField()
    action_id = models.CharField(max_length=64)
    events = models.JSONField(default=list)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["version"]
        constraints = [
            models.UniqueConstraint(fields=["deal", "version"], name="one_action_per_version"),
            models.UniqueConstraint(fields=["deal", "action_id"], name="one_action_per_id"),
        ]

    def __str__(self) -> str:
        return f"{self.deal} v{self.version} seat {self.seat}"


class LedgerEntry(models.Model):
    """A seat's settlement of one deal (chips or points): append-only; standings are sums of it."""

    deal = models.ForeignKey(Deal, on_delete=models.PROTECT, related_name="ledger")
    seat = models.PositiveSmallIntegerField()
    amount = models.IntegerField()
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["deal", "seat"], name="one_entry_per_seat_and_deal")]

    def __str__(self) -> str:
        return f"{self.deal} seat {self.seat}: {self.amount:+d}"


class Connection(models.Model):
    """One open websocket of a room's page: who is here. A process refreshes `seen` for all of its
    connections at once; rows of a process that stopped refreshing (killed) count as closed."""

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="connections")
    seat = models.PositiveSmallIntegerField(null=True, blank=True, help_text=_("None: a spectator."))
    channel = models.CharField(max_length=120, unique=True)
    process = models.CharField(max_length=64, db_index=True)
    opened = models.DateTimeField(auto_now_add=True)
    seen = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"{self.room} seat {self.seat}: {self.channel}"


class ChatMessage(models.Model):
    """A line of a room's chat, written by a seated person; a moderator may hide it."""

    MAX_LENGTH = 200

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="chat")
    seat = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=24, help_text=_("The writer's name as it was shown then."))
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True)
    text = models.CharField(max_length=MAX_LENGTH)
    hidden = models.BooleanField(default=False, help_text=_("Hidden by a moderator."))
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]
        verbose_name, verbose_name_plural = _("chat message"), _("chat messages")

    def __str__(self) -> str:
        return f"{self.room} {self.name}: {self.text[:40]}"
