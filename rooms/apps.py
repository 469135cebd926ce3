from django.apps import AppConfig


class RoomsConfig(AppConfig):
    name = "rooms"
    verbose_name = "Räume und Spieltische"

    def ready(self) -> None:
        from rooms.tables import TABLES
        from rules_content.games import register_table

        for key in TABLES:
            register_table(key)
