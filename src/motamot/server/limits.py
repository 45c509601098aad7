"""What one HTTP request may send once its head is read: a body of bounded size, in
bounded time (the head's own limits are the connection's: `server.connections`).

A request whose `Content-Length` is over the limit is refused before any of its body
is read; a chunked body is counted as it arrives and refused as soon as it passes the
limit, so a 500 MB POST costs the server what it reads before the refusal (a few
kilobytes and uvicorn's flow-control buffer), not its size. Every refusal is coded
JSON with the player's text, and closes the connection: what the client still sends
is never read.
"""

from __future__ import annotations

import asyncio

from starlette.datastructures import Headers
from starlette.requests import ClientDisconnect, HTTPConnection
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from motamot.server.protocol import MAX_MESSAGE_BYTES
from motamot.server.texts import request_language, server_error_text

#: Largest request body (every JSON body is a small form: a name, settings).
MAX_BODY_BYTES = MAX_MESSAGE_BYTES
#: Seconds a client has to send its whole body once its head is in.
BODY_SECONDS = 10.0


class BodyRefused(Exception):
    """The body broke a limit: the status and error code to answer."""

    def __init__(self, status: int, code: str) -> None:
        super().__init__(code)
        self.status = status
        self.code = code


def error_response(scope: Scope, status: int, code: str) -> JSONResponse:
    """A coded error in the request's language; the connection closes after it."""
    lang = request_language(HTTPConnection(scope))
    return JSONResponse(
        {"error": code, "text": server_error_text(code, lang)},
        status,
        headers={"connection": "close"},
    )


def declared_length(scope: Scope) -> int | None:
    """The request's `Content-Length` (None: not given, or not a number; the HTTP
    parser has already refused malformed ones)."""
    value = Headers(scope=scope).get("content-length", "")
    return int(value) if value.isdigit() else None


class BodyLimit:
    """ASGI middleware: every HTTP request's body within `max_bytes` and `seconds`."""

    def __init__(
        self, app: ASGIApp, max_bytes: int | None = None, seconds: float | None = None
    ) -> None:
        """`max_bytes` and `seconds`: MAX_BODY_BYTES and BODY_SECONDS unless given."""
        self.app = app
        self.max_bytes = MAX_BODY_BYTES if max_bytes is None else max_bytes
        self.seconds = BODY_SECONDS if seconds is None else seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = declared_length(scope)
        if length is not None and length > self.max_bytes:
            await error_response(scope, 413, "too_big")(scope, receive, send)
            return
        body = _CountedBody(receive, self.max_bytes, self.seconds)
        started = False

        async def watched_send(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, body, watched_send)
        except BodyRefused as refused:
            if started:
                raise
            await error_response(scope, refused.status, refused.code)(scope, receive, send)
        except ClientDisconnect:
            if started:
                raise  # the client left mid-body: nobody to answer


class _CountedBody:
    """The request's `receive`, refusing a body past its size or its time."""

    def __init__(self, receive: Receive, max_bytes: int, seconds: float) -> None:
        self._receive = receive
        self._max_bytes = max_bytes
        self._deadline = asyncio.get_running_loop().time() + seconds
        self._size = 0
        self._done = False

    async def __call__(self) -> Message:
        if self._done:  # the body is in: what follows is the disconnect, whenever it comes
            return await self._receive()
        try:
            async with asyncio.timeout_at(self._deadline):
                message = await self._receive()
        except TimeoutError:
            raise BodyRefused(408, "slow_request") from None
        if message["type"] != "http.request":
            self._done = True
            return message
        self._size += len(message.get("body", b""))
        if self._size > self._max_bytes:
            raise BodyRefused(413, "too_big")
        self._done = not message.get("more_body", False)
        return message
