"""Moderation in Django's admin (staff only): player profiles (rename, suspend), users, rooms (close),
seats (remove a person) and the audit log. Every moderator action asks for a reason and goes through
accounts.moderation, which writes the audit log; rooms and seats are otherwise read-only here."""

from __future__ import annotations

from collections.abc import Callable

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from accounts import moderation
from accounts.forms import clean_display_name
from accounts.models import AuditLog, Profile
from rooms.models import ChatMessage, Room, Seat

User = get_user_model()
admin.site.site_header = admin.site.site_title = _("Cardavia moderation")


class ReasonForm(forms.Form):
    reason = forms.CharField(label=_("Reason"), max_length=2000, widget=forms.Textarea(attrs={"rows": 3, "cols": 60}),
                             help_text=_("Written to the audit log with your name and the time."))


def reason_action(name: str, description: str, perform: Callable, target: Callable = lambda obj: obj,
                  permission: str = "change") -> Callable:
    """An admin action that first asks why (an intermediate page), then performs and logs per object."""

    def action(modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet):
        form = ReasonForm(request.POST if "apply" in request.POST else None)
        if form.is_valid():
            done = sum(bool(perform(request.user, target(obj), form.cleaned_data["reason"])) for obj in queryset)
            modeladmin.message_user(request, ngettext("%(count)d changed.", "%(count)d changed.", done)
                                    % {"count": done}, messages.SUCCESS)
            return None
        context = {
            **modeladmin.admin_site.each_context(request), "title": description, "form": form,
            "queryset": queryset, "action": name, "opts": modeladmin.model._meta,
            "action_checkbox_name": ACTION_CHECKBOX_NAME,
        }
        return TemplateResponse(request, "admin/accounts/reason.html", context)

    action.__name__ = name
    return admin.action(description=description, permissions=[permission])(action)


suspend = reason_action("suspend", _("Suspend the selected accounts"), moderation.suspend)
unsuspend = reason_action("unsuspend", _("Lift the suspension of the selected accounts"), moderation.unsuspend)


class ProfileModerationForm(forms.ModelForm):
    reason = forms.CharField(label=_("Reason"), required=False, max_length=2000,
                             widget=forms.Textarea(attrs={"rows": 3, "cols": 60}),
                             help_text=_("Needed for any change; written to the audit log."))

    class Meta:
        model = Profile
        fields = ("display_name", "suspended")

    def clean_display_name(self) -> str:
        return clean_display_name(self.cleaned_data["display_name"], self.instance)

    def clean(self) -> dict:
        cleaned = super().clean()
        if set(self.changed_data) - {"reason"} and not (cleaned.get("reason") or "").strip():
            self.add_error("reason", _("Please say why: the audit log keeps the reason of every moderator action."))
        return cleaned


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    form = ProfileModerationForm
    list_display = ("display_name", "username", "email", "suspended", "name_locked", "created")
    list_filter = ("suspended", "name_locked", "created")
    search_fields = ("display_name", "user__username", "user__email")
    readonly_fields = ("user", "name_locked", "created", "audit")
    fields = ("user", "display_name", "suspended", "reason", "name_locked", "created", "audit")
    actions = (suspend, unsuspend)
    list_select_related = ("user",)

    @admin.display(description=_("user name"), ordering="user__username")
    def username(self, profile: Profile) -> str:
        return profile.user.get_username()

    @admin.display(description=_("e-mail"), ordering="user__email")
    def email(self, profile: Profile) -> str:
        return profile.user.email

    @admin.display(description=_("audit log"))
    def audit(self, profile: Profile) -> str:
        url = reverse("admin:accounts_auditlog_changelist") + f"?target_type=profile&target_id={profile.pk}"
        return format_html('<a href="{}">{}</a>', url, _("Moderator actions on this profile"))

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # a profile comes with its user

    def has_delete_permission(self, request: HttpRequest, obj: Profile | None = None) -> bool:
        return False

    def save_model(self, request: HttpRequest, obj: Profile, form: ProfileModerationForm, change: bool) -> None:
        """Each change goes through accounts.moderation with the reason, never a plain save."""
        reason = form.cleaned_data.get("reason", "")
        if "display_name" in form.changed_data:
            moderation.rename(request.user, obj, form.cleaned_data["display_name"], reason)
        if "suspended" in form.changed_data:
            (moderation.suspend if form.cleaned_data["suspended"] else moderation.unsuspend)(request.user, obj, reason)


# Users: Django's own admin, plus the profile's name and suspension, and the same two actions.
admin.site.unregister(User)


@admin.register(User)
class ModeratedUserAdmin(UserAdmin):
    list_display = ("username", "display_name", "email", "is_suspended", "is_staff", "date_joined", "last_login")
    list_filter = ("profile__suspended", "is_staff", "is_superuser", "is_active", "date_joined")
    search_fields = ("username", "email", "profile__display_name")
    list_select_related = ("profile",)
    actions = (
        reason_action("suspend_users", _("Suspend the selected accounts"), moderation.suspend, lambda u: u.profile,
                      "moderate"),
        reason_action("unsuspend_users", _("Lift the suspension of the selected accounts"), moderation.unsuspend,
                      lambda u: u.profile, "moderate"),
    )

    def has_moderate_permission(self, request: HttpRequest) -> bool:
        """Suspending is a profile change: moderators may do it here without the right to edit users."""
        return request.user.has_perm("accounts.change_profile")

    @admin.display(description=_("display name"), ordering="profile__display_name")
    def display_name(self, user) -> str:
        return getattr(getattr(user, "profile", None), "display_name", "")

    @admin.display(description=_("suspended"), boolean=True, ordering="profile__suspended")
    def is_suspended(self, user) -> bool:
        return bool(getattr(getattr(user, "profile", None), "suspended", False))


class SeatInline(admin.TabularInline):
    model = Seat
    fields = ("number", "kind", "name", "user", "stand_in", "moderate")
    readonly_fields = fields
    extra = 0
    can_delete = False

    @admin.display(description=_("seat"))
    def number(self, seat: Seat) -> int:
        return seat.index + 1

    @admin.display(description=_("moderate"))
    def moderate(self, seat: Seat) -> str:
        if seat.kind != Seat.Kind.PERSON or not seat.player:
            return "–"
        url = reverse("admin:rooms_seat_changelist") + f"?id__exact={seat.pk}"
        return format_html('<a href="{}">{}</a>', url, _("remove this person…"))

    def has_add_permission(self, request: HttpRequest, obj: Room | None = None) -> bool:
        return False


def _readonly_fields(model) -> list[str]:
    return [f.name for f in model._meta.fields]


@admin.register(Room)
class RoomAdmin(admin.ModelAdmin):
    list_display = ("short_token", "game", "solo", "closed", "people", "deals", "created")
    list_filter = ("game", "closed", "solo", "created")
    search_fields = ("token", "seats__name", "seats__user__username", "seats__user__profile__display_name")
    date_hierarchy = "created"
    inlines = (SeatInline,)
    actions = (
        reason_action("close_rooms", _("Close the selected rooms"), moderation.close_room),
        reason_action("reopen_rooms", _("Reopen the selected rooms"), moderation.reopen_room),
    )

    def get_readonly_fields(self, request: HttpRequest, obj: Room | None = None) -> list[str]:
        return _readonly_fields(Room)

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        return super().get_queryset(request).prefetch_related("seats")

    def view_on_site(self, room: Room) -> str:
        return reverse("rooms:room", args=[room.token])

    @admin.display(description=_("room"), ordering="token")
    def short_token(self, room: Room) -> str:
        return room.token[:8]

    @admin.display(description=_("people"))
    def people(self, room: Room) -> str:
        return format_html_join(", ", "{}", ((s.name or "?",) for s in room.seats.all() if s.player))

    @admin.display(description=_("deals"))
    def deals(self, room: Room) -> int:
        return room.deals.count()

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Room | None = None) -> bool:
        return False  # its ledger is the players' history


class HasAccount(admin.SimpleListFilter):
    title = _("account")
    parameter_name = "account"

    def lookups(self, request: HttpRequest, model_admin: admin.ModelAdmin) -> list[tuple[str, str]]:
        return [("yes", _("with an account")), ("no", _("guest or computer"))]

    def queryset(self, request: HttpRequest, queryset: QuerySet) -> QuerySet:
        if self.value() in ("yes", "no"):
            return queryset.filter(user__isnull=self.value() == "no")
        return queryset


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ("room", "number", "kind", "name", "user", "stand_in")
    list_filter = ("kind", HasAccount, "stand_in", "room__game", "room__closed")
    search_fields = ("name", "user__username", "user__profile__display_name", "room__token")
    list_select_related = ("room", "user")
    ordering = ("-room__created", "index")
    actions = (reason_action("remove_people", _("Remove the person from the selected seats"),
                             moderation.remove_from_seat),)

    @admin.display(description=_("seat"), ordering="index")
    def number(self, seat: Seat) -> int:
        return seat.index + 1

    def get_readonly_fields(self, request: HttpRequest, obj: Seat | None = None) -> list[str]:
        return [name for name in _readonly_fields(Seat) if name != "draft"]

    def get_fields(self, request: HttpRequest, obj: Seat | None = None) -> list[str]:
        return self.get_readonly_fields(request, obj)  # the private draft stays private

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Seat | None = None) -> bool:
        return False


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    list_display = ("created", "room", "name", "text", "hidden")
    list_filter = ("hidden", "created", "room__game")
    search_fields = ("text", "name", "room__token", "user__username")
    list_select_related = ("room", "user")
    date_hierarchy = "created"
    actions = (reason_action("hide_messages", _("Hide the selected chat messages"), moderation.hide_chat_message),)

    def get_readonly_fields(self, request: HttpRequest, obj: ChatMessage | None = None) -> list[str]:
        return _readonly_fields(ChatMessage)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: ChatMessage | None = None) -> bool:
        return False  # hidden, never deleted: the audit log refers to it


@admin.register(AuditLog)
class AuditLogAdmin(admin.ModelAdmin):
    list_display = ("created", "moderator_name", "action", "target", "reason")
    list_filter = ("action", "created", "target_type")
    search_fields = ("moderator_name", "target", "target_id", "reason")
    date_hierarchy = "created"

    def get_readonly_fields(self, request: HttpRequest, obj: AuditLog | None = None) -> list[str]:
        return _readonly_fields(AuditLog)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: AuditLog | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: AuditLog | None = None) -> bool:
        return False
