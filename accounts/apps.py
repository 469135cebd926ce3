from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Konten und Moderation"

    def ready(self) -> None:
        from django.db.models.signals import post_migrate

        from accounts import signals  # connects the log-in, log-out and new-user handlers

        post_migrate.connect(signals.moderators_group, sender=self)
