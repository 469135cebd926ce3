"""Chor Voli (Afghanistan): four players, up to four secret groups of three cards, a chip a comparison."""

from games.chor_voli.rules import ENGINE

__all__ = ["ENGINE"]
