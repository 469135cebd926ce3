"""Kowah (Cheki): Chinese money cards, two triples and an identical pair, then wait (rules §3)."""

from games.kowah.rules import ENGINE

__all__ = ["ENGINE"]
