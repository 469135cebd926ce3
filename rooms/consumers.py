"""The table's websocket: a transport adapter only. Hints in, the seat's own fragment out."""

from __future__ import annotations

from urllib.parse import parse_qs

from channels.db import aclose_old_connections, database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.utils import translation

from rooms import broadcast, identity, inputs, rendering, services
from rooms.models import Room
from rooms.tables import submit_form


class TableConsumer(AsyncWebsocketConsumer):
    async def connect(self) -> None:
        self.room = await Room.objects.filter(token=self.scope["url_route"]["kwargs"]["token"]).afirst()
        if self.room is None:
            await self.close(code=4404)
            return
        self.request = identity.request_from_cookies(self.scope.get("cookies", {}))
        self.player = identity.player_from_request(self.request)
        self.language = _language(self.scope.get("query_string", b""))
        self.group = broadcast.group(self.room.pk)
        self.shown_version = -1
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send_table()
        # A page coming back after a restart also makes sure no computer turn was lost with it.
        await database_sync_to_async(services.resume_room)(self.room)

    async def disconnect(self, code: int) -> None:
        if getattr(self, "group", None):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """htmx's ws-send: the form's fields as JSON; a move goes through the same door as a POST."""
        try:
            fields = inputs.parse_json(text_data)
            if not isinstance(fields, dict):
                raise services.Refused(services.MALFORMED, "malformed")
            fields.pop("HEADERS", None)
            if fields == {"refresh": True}:  # the page skipped a render while it was busy: send one now
                await self.send_table()
                return
            await database_sync_to_async(self._submit)(fields)
        except (inputs.Malformed, services.Refused) as exc:
            refused = exc if isinstance(exc, services.Refused) else services.Refused(services.MALFORMED, "malformed")
            with translation.override(self.language):
                await self.send_table(error=refused.message())

    def _submit(self, fields: dict) -> None:
        submit_form(self.room, rendering.seat_of(self.room, self.player), fields)

    async def deal_changed(self, event: dict) -> None:
        if event["version"] <= self.shown_version:
            return  # a render since then already showed this version or a newer one
        await aclose_old_connections()
        await self.send_table()

    async def room_changed(self, event: dict) -> None:
        await aclose_old_connections()
        await self.send_table()

    async def send_table(self, error: str | None = None) -> None:
        await self.send(text_data=await database_sync_to_async(self._render)(error))

    def _render(self, error: str | None) -> str:
        deal = self.room.current_deal()
        # Read before rendering: the render shows this version or a newer one.
        self.shown_version = deal.version if deal else -1
        with translation.override(self.language):
            return rendering.render_room(self.room, self.player, error=error, request=self.request)


def _language(query_string: bytes) -> str:
    wanted = parse_qs(query_string.decode()).get("lang", [""])[0]
    return wanted if wanted in dict(settings.LANGUAGES) else settings.LANGUAGE_CODE
