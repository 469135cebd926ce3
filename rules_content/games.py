"""The games as the site presents them: URL slug, display name, seats, pack. German and English
text lives in the templates; engines know none of it."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import Http404
from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class Game:
    key: str
    slug: str
    name: str
    origin: object
    seats: int
    deck: str


GAMES = (
    Game("chor_voli", "chor-voli", "Chor Voli", _("Afghanistan"), 4, "french"),
    Game("chan", "chan", "Chắn", _("Vietnam"), 4, "to_tom"),
    Game("dou_dizhu", "dou-dizhu", "Dou Dizhu", _("China"), 3, "french"),
    Game("chuo_pai", "chuo-pai", "Chuo Pai", _("China"), 3, "domino"),
    Game("kowah", "kowah", "Kowah", _("Java (Indonesia)"), 3, "money"),
)
BY_KEY = {game.key: game for game in GAMES}


def game_or_404(slug: str) -> Game:
    for game in GAMES:
        if game.slug == slug:
            return game
    raise Http404
