"""Chuo Pai: a three-player trick game with the 84-card Chinese domino pack (rules §2)."""

from games.chuo_pai.rules import ENGINE

__all__ = ["ENGINE"]
