"""Where `rooms` finds the games: `get("chor_voli")` returns the engine of `games.chor_voli`."""

from __future__ import annotations

import importlib
import importlib.util
from functools import cache

from games.core.protocol import Engine

KEYS = ("chor_voli", "chan", "dou_dizhu", "chuo_pai", "kowah")


def available() -> tuple[str, ...]:
    """The keys whose engines exist in this checkout (games land one by one)."""
    return tuple(key for key in KEYS if _has_engine(key))


def _has_engine(key: str) -> bool:
    try:
        return importlib.util.find_spec(f"games.{key}.rules") is not None
    except ModuleNotFoundError:
        return False


@cache
def get(key: str) -> Engine:
    if key not in KEYS:
        raise KeyError(f"unknown game {key!r}; known: {', '.join(KEYS)}")
    return importlib.import_module(f"games.{key}").ENGINE


def bot(key: str):
    """The game's computer player: an object with `choose(view, legal_actions, rng) -> action`."""
    return importlib.import_module(f"games.{key}.bots").BOT
