"""The ASGI app: the pages and routes every room has, each kind's own, one socket per player.

The routes are the same for every kind of room (`server.room_routes`: the home page,
`/r/{room}` and its other pages, joining a room, its socket), the players' pages, health
and the static files; a kind adds its own (creating its rooms, records, replays).
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Iterable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.routing import BaseRoute, Route, WebSocketRoute

from motamot.server.assets import Assets
from motamot.server.guides import guide_routes
from motamot.server.headers import SecurityHeaders
from motamot.server.health import Readiness, health_routes
from motamot.server.limits import BodyLimit
from motamot.server.lobby.routes import lobby_routes
from motamot.server.logs import RequestLog
from motamot.server.metrics import Metrics
from motamot.server.moderation import HANDLERS, Reporting
from motamot.server.origins import OriginCheck
from motamot.server.outage import OutageAnswer
from motamot.server.pages import Pages
from motamot.server.players.routes import PLAYER_STATIC, player_routes
from motamot.server.players.visitors import Players
from motamot.server.quotas import QuotaCheck, Quotas
from motamot.server.room_routes import RoomRoutes
from motamot.server.rooms import Rooms

STATIC = Path(__file__).parent / "static"


@contextlib.asynccontextmanager
async def running(
    rooms: Rooms, hooks: list[Any], metrics: Metrics | None, readiness: Readiness
) -> AsyncIterator[None]:
    """The app's life: its metrics' sampling, then the caller's parts (the host, the
    players' store), then the readiness probe and each kind's own work, and the rooms'
    sockets closed before those parts stop."""
    async with contextlib.AsyncExitStack() as stack:
        if metrics is not None:
            await stack.enter_async_context(metrics.running())
        for hook in hooks:
            await stack.enter_async_context(hook())
        await stack.enter_async_context(readiness.running())
        for kind in rooms.kinds:  # the rooms are started: each kind's own work (the arena's)
            work = kind.running(rooms)
            if work is not None:
                await stack.enter_async_context(work)
        yield
        await rooms.close()


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
        [("", STATIC), ("players", PLAYER_STATIC), *((k.name, k.static) for k in kinds if k.static)]
    )
    pages = Pages(kinds, assets)
    shared = RoomRoutes(rooms, pages)
    readiness = Readiness(rooms)

    routes: list[BaseRoute] = [
        Route("/", shared.home),
        Route("/favicon.ico", shared.no_icon),
        *health_routes(rooms, metrics if metrics_here else None, readiness),
        *(route for kind in kinds for route in kind.routes(rooms)),
        *(route for kind in kinds for route in kind.pages(rooms, pages)),
        *player_routes(pages, rooms),
        *guide_routes(pages),
        *lobby_routes(pages, rooms),
        *Reporting(rooms).routes(),
        Route("/r/{room}", shared.room),
        Route("/r/{room}/{mode}", shared.room),
        Route("/api/rooms/{room}/join", shared.join, methods=["POST"]),
        WebSocketRoute("/ws/{room}", shared.socket),
        *assets.routes(),
    ]
    app = Starlette(
        routes=routes,
        middleware=[
            Middleware(RequestLog, metrics=metrics),
            Middleware(SecurityHeaders),
            Middleware(OriginCheck, allowed=origins),
            Middleware(BodyLimit),
            Middleware(QuotaCheck),
            Middleware(OutageAnswer, pages=pages),
        ],
        exception_handlers={404: shared.not_found, **HANDLERS},
        lifespan=lambda app: running(rooms, lifespan_hooks, metrics, readiness),
    )
    app.state.rooms = rooms  # for the operator's tools and the tests: what this app serves
    app.state.players = players  # the routes find the lasting players here (`players_of`)
    players.bans.on_ban(rooms.dismiss)
    if metrics is not None:
        metrics.watch(lambda: rooms.host if rooms.started else None, rooms.in_play)
        metrics.serve_routes([getattr(route, "path", "") for route in routes])
    return app
