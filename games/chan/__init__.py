"""Chắn: four seats pair up Tổ Tôm cards into ten pairs, at least six of them identical (Chắn)."""

from games.chan.rules import ENGINE

__all__ = ["ENGINE"]
