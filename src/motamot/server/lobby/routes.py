"""The lobby's routes: its page (`/salon`) and its socket (`/salon/ws`)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict
from typing import Any

import msgspec
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.websockets import WebSocket

from motamot.server.kinds import Page, WebKind
from motamot.server.lobby.socket import lobby_socket
from motamot.server.pages import Pages
from motamot.server.texts import request_language
from motamot.service.lobby.store import MAX_LISTED


def _rows(kinds: Iterable[WebKind]) -> dict[str, dict[str, str]]:
    """How the page writes each kind's rows (`WebKind.lobby_row`), by kind."""
    return {kind.name: asdict(kind.lobby_row) for kind in kinds if kind.lobby_row is not None}


def lobby_routes(pages: Pages, rooms: Any) -> list[BaseRoute]:
    async def page(request: Request) -> Response:
        lang = request_language(request)
        lobby = rooms.lobby
        tables = [] if lobby is None else msgspec.to_builtins(lobby.watch.snapshot())
        data = {"tables": tables, "limit": MAX_LISTED, "rows": _rows(rooms.kinds)}
        found = [await kind.lobby_part(lang) for kind in rooms.kinds]
        parts = [pages.section(lang, part) for part in found if part is not None]
        page = Page("lobby.html", "lobby_title", "lobby.js", {"parts": parts})
        return pages.render(request, lang, page, "/salon", data)

    async def socket(websocket: WebSocket) -> None:
        await lobby_socket(websocket, rooms)

    return [Route("/salon", page), WebSocketRoute("/salon/ws", socket)]
