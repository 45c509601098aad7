"""The routes every room has, whatever its kind: the home page (each kind's form), a
room's pages (its kind draws them), joining a room by its link, and its socket."""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.websockets import WebSocket

from motamot.names import MAX_NAME_LENGTH
from motamot.server.http import decode_body, refused
from motamot.server.lobby.awaited import awaited_games
from motamot.server.pages import Pages
from motamot.server.players.seats import remembered_name, seated, who_sits
from motamot.server.rooms import Rooms
from motamot.server.texts import request_language
from motamot.server.ws import room_socket
from motamot.service.rooms.outcomes import Refusal

Name = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_NAME_LENGTH)]


class JoinRequest(msgspec.Struct, forbid_unknown_fields=True):
    name: Name


class RoomRoutes:
    """The handlers of the shared routes, over one app's rooms and pages."""

    def __init__(self, rooms: Rooms, pages: Pages) -> None:
        self.rooms = rooms
        self.pages = pages

    async def home(self, request: Request) -> Response:
        lang = request_language(request)
        query = dict(request.query_params)
        names = self.rooms.shelf.names()
        kinds = self.rooms.kinds
        sections = [kind.home(lang, names, query) for kind in kinds]
        data: dict[str, Any] = {}
        for kind in kinds:
            data.update(kind.home_data(names, query))
        shown = [s for s in sections if s is not None]
        awaiting = await awaited_games(request, self.rooms, lang)
        remembered = await remembered_name(request)
        return self.pages.home(request, lang, shown, data, remembered, awaiting)

    async def room(self, request: Request) -> Response:
        lang = request_language(request)
        room_id = request.path_params["room"]
        mode = request.path_params.get("mode", "play")
        kind = await self.rooms.kind(room_id)
        if kind is None:
            return self.pages.message(request, lang, "no_room", 404)
        if mode not in ("play", "watch", *kind.page_modes):
            return self.pages.message(request, lang, "not_found", 404)
        return self.pages.room(request, lang, kind.page(lang, room_id, mode), room_id, mode)

    async def join(self, request: Request) -> Response:
        lang = request_language(request)
        room_id = request.path_params["room"]
        if not await self.rooms.exists(room_id):
            return refused(Refusal("no_room"), lang, 404)
        form = await decode_body(request, JoinRequest)
        if isinstance(form, Response):
            return form
        name = form.name.strip()
        who = await who_sits(request, name)
        joined = await self.rooms.join(room_id, name, who.player, who.account is not None, who.kin)
        if isinstance(joined, Refusal):
            return who.keep(request, refused(joined, lang))
        seat, token = joined
        answer = JSONResponse({"room": room_id, "seat": seat, "token": token})
        return await seated(request, who, name, answer)

    async def socket(self, websocket: WebSocket) -> None:
        await room_socket(websocket, self.rooms, websocket.path_params["room"])

    async def not_found(self, request: Request, exc: Exception) -> Response:
        del exc
        return self.pages.message(request, request_language(request), "not_found", 404)

    async def no_icon(self, request: Request) -> Response:
        del request
        return Response(status_code=204)
