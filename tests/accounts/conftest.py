"""Accounts: people with a user, a profile and a browser; deals played to their end through the one door."""

from __future__ import annotations

import itertools
import uuid

import pytest
from django.contrib.auth import get_user_model
from django.http import HttpResponse
from django.test import Client
from django.utils import translation

from accounts.models import Profile
from accounts.templatetags.accounts import amount
from games.core import registry
from games.core.rng import rng_for
from rooms import identity, services
from rooms.models import Deal, LedgerEntry, Room

PASSWORD = "Karten-spielen-2024"
_seeds = itertools.count(1)


@pytest.fixture(autouse=True)
def fresh_limits(settings):
    """Rate-limit counters live in the cache: every test gets an empty one of its own (never a shared
    Redis, which a clear() would wipe together with the Celery queue)."""
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                                   "LOCATION": uuid.uuid4().hex}}


def chips(value: int) -> str:
    """A Chor Voli net as the German pages show it: "+3 Chips", "-1 Chip", "0 Chips"."""
    with translation.override("de"):
        return amount(value, "chor_voli")


def make_user(username: str, display_name: str | None = None, **extra) -> object:
    user = get_user_model().objects.create_user(username, f"{username}@example.org", PASSWORD, **extra)
    if display_name:
        Profile.objects.filter(user=user).update(display_name=display_name)
        user.refresh_from_db()
    return user


def player_of(user) -> str:
    return Profile.objects.get(user=user).player


def browser(player: str | None = None) -> Client:
    """A browser, optionally already carrying a guest's player cookie."""
    client = Client()
    if player:
        client.cookies[identity.COOKIE] = identity.remember(HttpResponse(), player).cookies[identity.COOKIE].value
    return client


def cookie_player(client: Client) -> str | None:
    """The player id the browser now carries (what the site set last)."""
    from django.http import HttpRequest

    request = HttpRequest()
    request.COOKIES = {k: m.value for k, m in client.cookies.items()}
    return identity.player_from_request(request)


def finish_deal(room: Room) -> Deal:
    """Every person acting seat plays random legal moves until the current deal is over (computers
    act by themselves through eager Celery)."""
    engine = registry.get(room.game)
    persons = set(room.seats.filter(kind="person", stand_in=False).values_list("index", flat=True))
    deal = room.current_deal()
    for step in range(3000):
        deal.refresh_from_db()
        if deal.over:
            return deal
        state = engine.load(deal.state)
        seat = min(engine.actors(state) & persons)
        action = engine.random_action(state, seat, rng_for(deal.seed, step, next(_seeds)))
        services.submit_action(deal.pk, seat, action, uuid.uuid4().hex)
    raise AssertionError("the deal did not end")


def settled(room: Room) -> int:
    return LedgerEntry.objects.filter(deal__room=room).values("deal").distinct().count()


def play_deals(room: Room, count: int) -> None:
    """Play until the room has `count` settled deals (a Chor Voli deal may end at once by four of a kind)."""
    while settled(room) < count:
        if room.current_deal().over:
            services.start_deal(room)
        else:
            finish_deal(room)
