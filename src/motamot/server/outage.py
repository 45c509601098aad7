"""A request the server cannot serve because a part is away: 503 with the reason, never 500.

Creating a room, joining one, signing up, starting the daily grid: each writes to a
store (the rooms' events, the players' tables) before it answers. When the disk is
full, PostgreSQL is stopped or Redis is away, the write raises whatever its driver
raises; `OutageAnswer` turns what `service.stores.outages` calls an outage into a 503 with
`Retry-After`: JSON for the API (`/api/...`, or a client that asks for JSON), a page
in the player's language for the pages, and a socket's into a close with 1013 (try
again later). Nothing was done: the client may try again.
Anything else still goes up as the bug it is.
"""

from __future__ import annotations

import contextlib
import logging

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from motamot.server.pages import Pages
from motamot.server.texts import request_language
from motamot.service.stores.outages import is_outage
from motamot.text.web import page_text

log = logging.getLogger(__name__)

#: Seconds a client is told to wait before trying again.
RETRY_AFTER = 5
#: Try again later (RFC 6455): a socket whose part is away.
CLOSE_TRY_LATER = 1013


def part_away(error: BaseException) -> str:
    """Which part an outage is of: `broker` (Redis) or `store` (the store, the disk)."""
    named = {kind.__module__.split(".")[0] for kind in type(error).__mro__}
    return "broker" if "redis" in named else "store"


class OutageAnswer:
    """ASGI middleware: an outage raised before the answer started becomes a 503."""

    def __init__(self, app: ASGIApp, pages: Pages) -> None:
        self.app = app
        self.pages = pages

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            await self._socket(scope, receive, send)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def sending(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, sending)
        except Exception as error:
            if started or not is_outage(error):
                raise
            part = part_away(error)
            log.warning(
                "%s %s: 503, the %s is away (%s: %s)",
                scope.get("method"), scope.get("path"), part, type(error).__name__, error,
            )  # fmt: skip
            await self.answer(Request(scope), part)(scope, receive, send)

    async def _socket(self, scope: Scope, receive: Receive, send: Send) -> None:
        """A socket (the lobby's, a kind's own) whose part went away: closed with 1013,
        try again later (the page reconnects), not torn down by an exception."""
        try:
            await self.app(scope, receive, send)
        except Exception as error:
            if not is_outage(error):
                raise
            log.warning(
                "socket %s: closed 1013, the %s is away (%s: %s)",
                scope.get("path"), part_away(error), type(error).__name__, error,
            )  # fmt: skip
            with contextlib.suppress(Exception):  # it may be closed already
                await send({"type": "websocket.close", "code": CLOSE_TRY_LATER})

    def answer(self, request: Request, part: str) -> Response:
        lang = request_language(request)
        headers = {"retry-after": str(RETRY_AFTER), "cache-control": "no-store"}
        if request.url.path.startswith("/api/") or "json" in request.headers.get("accept", ""):
            text = page_text(f"unavailable_{part}", lang)
            body = {"error": "unavailable", "reason": part, "text": text}
            return JSONResponse(body, 503, headers)
        response = self.pages.message(request, lang, f"unavailable_{part}", 503)
        response.headers.update(headers)
        return response
