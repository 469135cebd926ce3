"""Dou Dizhu (Fight the Landlord): three players, one landlord against two farmers (rules §2)."""

from games.dou_dizhu.rules import ENGINE

__all__ = ["ENGINE"]
