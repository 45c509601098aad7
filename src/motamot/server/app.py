"""The ASGI app: the pages and routes every room has, each kind's own, one socket per player.

The routes here are the same for every kind of room: the home page (each kind's form),
`/r/{room}` and its other pages (the room's kind draws them), joining a room, its socket
and the static files. A kind adds its own routes (creating its rooms, records, replays).
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Iterable
from pathlib import Path
from typing import Annotated, Any

import msgspec
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.websockets import WebSocket

from motamot.names import MAX_NAME_LENGTH
from motamot.server.assets import Assets
from motamot.server.headers import SecurityHeaders
from motamot.server.health import health_routes
from motamot.server.http import decode_body, refused
from motamot.server.limits import BodyLimit
from motamot.server.logs import RequestLog
from motamot.server.metrics import Metrics
from motamot.server.origins import OriginCheck
from motamot.server.pages import Pages
from motamot.server.players.routes import PLAYER_STATIC, player_routes
from motamot.server.players.seats import remembered_name, seated, who_sits
from motamot.server.players.visitors import Players
from motamot.server.quotas import QuotaCheck, Quotas
from motamot.server.rooms import Rooms
from motamot.server.texts import request_language
from motamot.server.ws import room_socket
from motamot.service.rooms.outcomes import Refusal

STATIC = Path(__file__).parent / "static"

Name = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_NAME_LENGTH)]


class JoinRequest(msgspec.Struct, forbid_unknown_fields=True):
    name: Name


def create_app(
    rooms: Rooms,
    lifespan_hooks: list[Any],
    players: Players,
    origins: Iterable[str] = (),
    metrics: Metrics | None = None,
    metrics_here: bool = True,
    quotas: Quotas | None = None,
) -> Starlette:
    """The app over `rooms` (whose host the caller starts and stops: see `serve`) and
    the lasting `players` (their store opened by the caller too); pages of `origins` may
    act besides the Host's (`server.origins`). `metrics`: kept (None: not), and served
    at `/metrics` when `metrics_here` (else on a port of their own); `quotas`: what each
    client address may do (`server.quotas`, the defaults if None)."""
    kinds = rooms.kinds
    rooms.metrics = metrics
    rooms.quotas = quotas or Quotas()
    assets = Assets(
        [
            ("", STATIC),
            ("players", PLAYER_STATIC),
            *((kind.name, kind.static) for kind in kinds if kind.static is not None),
        ]
    )
    pages = Pages(kinds, assets)

    async def home(request: Request) -> Response:
        lang = request_language(request)
        query = dict(request.query_params)
        sections = [kind.home(lang, rooms.shelf.names(), query) for kind in kinds]
        data: dict[str, Any] = {}
        for kind in kinds:
            data.update(kind.home_data(rooms.shelf.names(), query))
        shown = [s for s in sections if s is not None]
        return pages.home(request, lang, shown, data, await remembered_name(request))

    async def room(request: Request) -> Response:
        lang = request_language(request)
        room_id = request.path_params["room"]
        mode = request.path_params.get("mode", "play")
        kind = await rooms.kind(room_id)
        if kind is None:
            return pages.message(request, lang, "no_room", 404)
        if mode not in ("play", "watch", *kind.page_modes):
            return pages.message(request, lang, "not_found", 404)
        return pages.room(request, lang, kind.page(lang, room_id, mode), room_id, mode)

    async def join(request: Request) -> Response:
        lang = request_language(request)
        room_id = request.path_params["room"]
        if not await rooms.exists(room_id):
            return refused(Refusal("no_room"), lang, 404)
        form = await decode_body(request, JoinRequest)
        if isinstance(form, Response):
            return form
        who = await who_sits(request)
        name = form.name.strip()
        joined = await rooms.join(room_id, name, who.player, who.account is not None)
        if isinstance(joined, Refusal):
            return who.keep(request, refused(joined, lang))
        seat, token = joined
        answer = JSONResponse({"room": room_id, "seat": seat, "token": token})
        return await seated(request, who, name, answer)

    async def socket(websocket: WebSocket) -> None:
        await room_socket(websocket, rooms, websocket.path_params["room"])

    async def not_found(request: Request, exc: Exception) -> Response:
        del exc
        return pages.message(request, request_language(request), "not_found", 404)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        del app
        async with contextlib.AsyncExitStack() as stack:
            if metrics is not None:
                await stack.enter_async_context(metrics.running())
            for hook in lifespan_hooks:
                await stack.enter_async_context(hook())
            yield
            await rooms.close()

    async def no_icon(request: Request) -> Response:
        del request
        return Response(status_code=204)

    routes: list[BaseRoute] = [
        Route("/", home),
        Route("/favicon.ico", no_icon),
        *health_routes(rooms, metrics if metrics_here else None),
        *(route for kind in kinds for route in kind.routes(rooms)),
        *player_routes(pages, rooms),
        Route("/r/{room}", room),
        Route("/r/{room}/{mode}", room),
        Route("/api/rooms/{room}/join", join, methods=["POST"]),
        WebSocketRoute("/ws/{room}", socket),
        *assets.routes(),
    ]
    app = Starlette(
        routes=routes,
        middleware=[
            Middleware(RequestLog),
            Middleware(SecurityHeaders),
            Middleware(OriginCheck, allowed=origins),
            Middleware(BodyLimit),
            Middleware(QuotaCheck),
        ],
        exception_handlers={404: not_found},
        lifespan=lifespan,
    )
    app.state.rooms = rooms  # for the operator's tools and the tests: what this app serves
    app.state.players = players  # the routes find the lasting players here (`players_of`)
    if metrics is not None:
        metrics.watch(lambda: rooms.host if rooms.started else None)
    return app
