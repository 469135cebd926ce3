from django.apps import AppConfig


class RulesContentConfig(AppConfig):
    name = "rules_content"
    verbose_name = "Regeln und Kartentraditionen"
