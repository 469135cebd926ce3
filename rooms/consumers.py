"""The table's websocket: a transport adapter only. Hints in, the seat's own fragment out."""

from __future__ import annotations

import json

from channels.db import aclose_old_connections, database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from rooms import broadcast, identity, rendering, services
from rooms.models import Room
from rooms.tables import submit_form


class TableConsumer(AsyncWebsocketConsumer):
    async def connect(self) -> None:
        self.room = await Room.objects.filter(token=self.scope["url_route"]["kwargs"]["token"]).afirst()
        if self.room is None:
            await self.close(code=4404)
            return
        player = identity.player_from_cookies(self.scope.get("cookies", {}))
        self.seat = await database_sync_to_async(rendering.seat_of)(self.room, player)
        self.group = broadcast.group(self.room.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send_table()

    async def disconnect(self, code: int) -> None:
        if getattr(self, "group", None):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """htmx's ws-send: the form's fields as JSON; a move goes through the same door as a POST."""
        try:
            fields = json.loads(text_data or "")
            assert isinstance(fields, dict)
            fields.pop("HEADERS", None)
            await database_sync_to_async(submit_form)(self.room, self.seat, fields)
        except services.Refused as exc:
            await self.send_table(error=await database_sync_to_async(exc.message)())
        except (ValueError, AssertionError):
            await self.send_table(error=services.Refused(services.MALFORMED).message())

    async def deal_changed(self, event: dict) -> None:
        await aclose_old_connections()
        await self.send_table()

    async def send_table(self, error: str | None = None) -> None:
        html = await database_sync_to_async(rendering.render_table)(self.room, self.seat, None, error)
        await self.send(text_data=html)
