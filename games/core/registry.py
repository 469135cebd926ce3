"""Where `rooms` finds the games: `get("chor_voli")` returns the engine of `games.chor_voli`."""

from __future__ import annotations

import importlib
import importlib.util
from functools import cache

from games.core.hints import Hint
from games.core.protocol import JSON, Engine
from games.core.rng import Rng

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


# The computers' levels, weakest first: a beginner who makes human mistakes, today's decent player,
# and the strongest the game has (search within a time budget). Solo tables open at the middle one.
LEVELS = ("einsteiger", "fortgeschritten", "meister")
DEFAULT_LEVEL = "fortgeschritten"


def bot(key: str, level: str = DEFAULT_LEVEL):
    """The game's computer player at `level`: an object with `choose(view, legal_actions, rng) -> action`."""
    if level not in LEVELS:
        raise KeyError(f"unknown level {level!r}; known: {', '.join(LEVELS)}")
    return importlib.import_module(f"games.{key}.bots").LEVELS[level]


def hint(key: str, view: JSON, legal_actions: list[JSON], rng: Rng) -> Hint:
    """What the Meister would do for the seat whose `view` this is, and why (`games.core.hints`)."""
    return importlib.import_module(f"games.{key}.bots").hint(view, legal_actions, rng)
