"""Accounts beside Django's User: the player profile (display name, the account's player id, suspension)
and the moderators' audit log. Results are not stored here: they are sums over rooms.LedgerEntry."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _


class Profile(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile",
                                verbose_name=_("user"))
    display_name = models.CharField(_("display name"), max_length=24)
    # Every device signed in to this account carries this player id in its cookie, so the account's
    # seats are the same everywhere (see accounts.middleware).
    player = models.CharField(max_length=64, unique=True, editable=False)
    suspended = models.BooleanField(
        _("suspended"), default=False, help_text=_("A suspended account cannot play and is hidden from leaderboards.")
    )
    name_locked = models.BooleanField(
        _("name set by a moderator"), default=False,
        help_text=_("The person cannot change a display name that a moderator has set."),
    )
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("player profile")
        verbose_name_plural = _("player profiles")
        ordering = ["display_name"]
        constraints = [models.UniqueConstraint(Lower("display_name"), name="unique_display_name")]

    def __str__(self) -> str:
        return self.display_name


class AuditLog(models.Model):
    """One moderator action: who did what to whom, when and why. Append-only (the admin cannot edit it)."""

    class Action(models.TextChoices):
        SUSPEND = "suspend", _("suspend account")
        UNSUSPEND = "unsuspend", _("lift suspension")
        RENAME = "rename", _("rename display name")
        CLOSE_ROOM = "close_room", _("close room")
        REOPEN_ROOM = "reopen_room", _("reopen room")
        REMOVE_SEAT = "remove_seat", _("remove person from seat")
        HIDE_CHAT = "hide_chat", _("hide chat message")

    moderator = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="moderation_actions",
        verbose_name=_("moderator"),
    )
    moderator_name = models.CharField(_("moderator"), max_length=150,
                                      help_text=_("Kept if the moderator's account is deleted."))
    action = models.CharField(_("action"), max_length=20, choices=Action.choices)
    target_type = models.CharField(_("kind of target"), max_length=40)
    target_id = models.CharField(_("target id"), max_length=64)
    target = models.CharField(_("target"), max_length=200, help_text=_("What the action applied to, as it was then."))
    details = models.JSONField(_("details"), default=dict, blank=True)
    reason = models.TextField(_("reason"))
    created = models.DateTimeField(_("when"), auto_now_add=True, db_index=True)

    class Meta:
        verbose_name = _("audit log entry")
        verbose_name_plural = _("audit log")
        ordering = ["-created", "-pk"]

    def __str__(self) -> str:
        return f"{self.created:%Y-%m-%d %H:%M} {self.moderator_name}: {self.get_action_display()} {self.target}"
