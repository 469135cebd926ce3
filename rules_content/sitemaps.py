"""sitemap.xml: every reading page in German and English, each listing its other language."""

from __future__ import annotations

from django.contrib.sitemaps import Sitemap
from django.urls import reverse

from rules_content.games import GAMES, Game
from rules_content.traditions import TRADITIONS, Tradition


class _Bilingual(Sitemap):
    i18n = True  # one <url> per language, located under /de/ and /en/
    alternates = True  # each with <xhtml:link hreflang> to the other


class PagesSitemap(_Bilingual):
    priority = 1.0

    def items(self) -> list[str]:
        return ["rules_content:home", "rules_content:traditions"]

    def location(self, item: str) -> str:
        return reverse(item)


class GamesSitemap(_Bilingual):
    priority = 0.9

    def items(self) -> tuple[Game, ...]:
        return GAMES

    def location(self, item: Game) -> str:
        return reverse("rules_content:game", args=[item.slug])


class TraditionsSitemap(_Bilingual):
    priority = 0.7

    def items(self) -> tuple[Tradition, ...]:
        return TRADITIONS

    def location(self, item: Tradition) -> str:
        return reverse("rules_content:tradition", args=[item.slug])


SITEMAPS = {"pages": PagesSitemap, "games": GamesSitemap, "traditions": TraditionsSitemap}
