"""Hints on the channel layer: only the room and the new version, never cards or state."""

from __future__ import annotations

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer


def group(room_id: int) -> str:
    return f"room.{room_id}"


def deal_changed(room_id: int, version: int) -> None:
    layer = get_channel_layer()
    if layer is not None:
        async_to_sync(layer.group_send)(group(room_id), {"type": "deal.changed", "version": version})


def room_changed(room_id: int) -> None:
    """Seats changed (someone joined, left, or handed a seat to a computer)."""
    layer = get_channel_layer()
    if layer is not None:
        async_to_sync(layer.group_send)(group(room_id), {"type": "room.changed"})
