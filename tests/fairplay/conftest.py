"""Finished deals for the fair-play tests: solo rooms played to the end through the one door."""

from __future__ import annotations

from django.test import Client

from rooms import services
from rooms.models import Deal
from tests.accounts.conftest import browser, finish_deal


def finished(game: str, player: str) -> Deal:
    """A solo room of `game` for `player`, its first deal played to the end."""
    return finish_deal(services.open_solo(game, player))


def running(game: str, player: str) -> Deal:
    """A solo room whose current deal waits for moves (a Chor Voli deal can end as it is dealt)."""
    room = services.open_solo(game, player)
    while room.current_deal().over:
        services.start_deal(room)
    return room.current_deal()


def client(player: str | None = None) -> Client:
    return browser(player)


def url(deal: Deal, page: str = "") -> str:
    """/de/raum/<token>/partien/<n>/ and its sub-pages ("mischung/", "partie.json")."""
    return f"/de/raum/{deal.room.token}/partien/{deal.number}/{page}"

