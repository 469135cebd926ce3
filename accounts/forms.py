"""Sign-up and display-name forms: the display name follows the tables' rules (rooms.services.clean_name)
and is unique regardless of case, so that no one can pass for someone else on a leaderboard."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _

from accounts.models import Profile
from rooms import services


def clean_display_name(raw: str, profile: Profile | None = None) -> str:
    try:
        name = services.clean_name(raw)
    except services.Refused as exc:
        raise forms.ValidationError(exc.message(), code=exc.code) from exc
    taken = Profile.objects.filter(display_name__iexact=name)
    if profile is not None:
        taken = taken.exclude(pk=profile.pk)
    if taken.exists():
        raise forms.ValidationError(_("This display name is already taken; please choose another."), code="taken")
    return name


class SignupForm(UserCreationForm):
    display_name = forms.CharField(
        label=_("Display name"), max_length=services.NAME_MAX,
        help_text=_("Shown at the tables and on the leaderboards."),
        widget=forms.TextInput(attrs={"autocomplete": "nickname"}),
    )
    email = forms.EmailField(
        label=_("E-mail address"), help_text=_("Only for resetting a forgotten password."),
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "display_name", "email")

    def clean_display_name(self) -> str:
        return clean_display_name(self.cleaned_data["display_name"])

    def clean_email(self) -> str:
        email = self.cleaned_data["email"]
        if get_user_model().objects.filter(email__iexact=email).exists():
            raise forms.ValidationError(_("An account with this e-mail address exists already."), code="email_taken")
        return email


class DisplayNameForm(forms.ModelForm):
    class Meta:
        model = Profile
        fields = ("display_name",)
        widgets = {"display_name": forms.TextInput(attrs={"autocomplete": "nickname"})}

    def clean_display_name(self) -> str:
        return clean_display_name(self.cleaned_data["display_name"], self.instance)
