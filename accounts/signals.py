"""Every account has a profile; logging in attaches the browser's guest seats; logging out forgets them."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission
from django.contrib.auth.signals import user_logged_in, user_logged_out
from django.db.models.signals import post_save
from django.dispatch import receiver

from accounts import moderation, players


@receiver(post_save, sender=get_user_model())
def create_profile(sender, instance, created: bool, raw: bool = False, **kwargs) -> None:
    if created and not raw:
        players.ensure_profile(instance)


@receiver(user_logged_in)
def attach_on_login(sender, request, user, **kwargs) -> None:
    if request is not None:
        players.logged_in(request, user)


@receiver(user_logged_out)
def forget_on_logout(sender, request, user, **kwargs) -> None:
    if request is not None:
        players.logged_out(request)


def moderators_group(using: str = "default", **kwargs) -> None:
    """After every migrate: the moderators' group exists with its permissions (make a person staff and
    put them in it). Connected in AccountsConfig.ready for this app's post_migrate, after Django's own
    handler has created the permissions."""
    group, _ = Group.objects.using(using).get_or_create(name=moderation.MODERATORS)
    for name in moderation.MODERATOR_PERMISSIONS:
        app, code = name.split(".")
        permission = Permission.objects.using(using).filter(content_type__app_label=app, codename=code).first()
        if permission is not None:
            group.permissions.add(permission)
