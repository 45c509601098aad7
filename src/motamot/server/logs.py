"""The server's logs: one line per event, JSON for a machine or plain text for a person,
each with the request's id and the room it concerns.

Nothing secret is ever written: a request's path is logged with the room's id only (a
player's link adds the room's invitation, which is cut off), never its query string,
its headers or its cookies, and a socket's hello (which holds the seat's token) is never
logged at all. `--log-format json` gives one JSON object a line (for a log collector);
the default is plain text on a terminal and JSON otherwise.
"""

from __future__ import annotations

import contextvars
import json
import logging
import re
import secrets
import sys
import time
from typing import TYPE_CHECKING, Literal

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from motamot.server.links import room_of

if TYPE_CHECKING:
    from motamot.server.metrics import Metrics

LogFormat = Literal["auto", "json", "text"]  # server.defaults.LOG_FORMATS

#: The request being served (its id, and the room it names, if any).
REQUEST_ID: contextvars.ContextVar[str | None] = contextvars.ContextVar("request", default=None)
ROOM_ID: contextvars.ContextVar[str | None] = contextvars.ContextVar("room", default=None)
#: A request id a proxy sent (`X-Request-ID`) is kept only when it looks like one.
_GIVEN_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")
#: The paths that name a room: `/r/{room}`, `/ws/{room}`, `/api/rooms/{room}/...`.
_ROOM_PATH = re.compile(r"^/(?:r|ws|api/rooms|api/tables)/([A-Za-z0-9_-]{16,})")
#: What a log line may say besides its message (`extra=`), in this order.
FIELDS = (
    "method", "path", "status", "ms", "client", "code", "seat", "store", "schema", "migrations",
)  # fmt: skip

log = logging.getLogger("motamot.access")


class _Context(logging.Filter):
    """Every record gets the request's id and the room's, from the context."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = REQUEST_ID.get()
        if not hasattr(record, "room"):
            record.room = ROOM_ID.get()
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object a line: time, level, logger, message, request, room, then the
    fields given (`FIELDS`) and a traceback if there is one."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, object] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
            + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        for name in ("request_id", "room", *FIELDS):
            value = getattr(record, name, None)
            if value is not None:
                line[name] = value
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


class TextFormatter(logging.Formatter):
    """A line a person reads: time, level, message, then `key=value` for the rest."""

    def format(self, record: logging.LogRecord) -> str:
        when = time.strftime("%H:%M:%S", time.localtime(record.created))
        parts = [f"{when} {record.levelname.lower():7} {record.getMessage()}"]
        for name in ("room", *FIELDS, "request_id"):
            value = getattr(record, name, None)
            if value is not None:
                parts.append(f"{name}={value}")
        text = " ".join(parts)
        if record.exc_info:
            text += "\n" + self.formatException(record.exc_info)
        return text


def configure(form: LogFormat = "auto", level: str = "info") -> None:
    """Send every log (motamot's and uvicorn's) to standard error in `form` at `level`."""
    if form == "auto":
        form = "text" if sys.stderr.isatty() else "json"
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter() if form == "json" else TextFormatter())
    handler.addFilter(_Context())
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level.upper())
    for name in ("uvicorn", "uvicorn.error"):
        logging.getLogger(name).handlers.clear()
        logging.getLogger(name).propagate = True


def logged_path(path: str) -> str:
    """`path` as it may be logged: a room's link reduced to the room's id (the
    invitation a player's link adds is a secret of the room's players)."""
    found = _ROOM_PATH.match(path)
    if found is None:
        return path
    link = found.group(1)
    return path[: found.start(1)] + room_of(link) + path[found.end(1) :]


def room_in(path: str) -> str | None:
    found = _ROOM_PATH.match(path)
    return room_of(found.group(1)) if found is not None else None


class RequestLog:
    """ASGI middleware: each request gets an id (a proxy's `X-Request-ID`, else a new
    one), said back in `X-Request-ID`, set in the context of everything it logs with the
    room its path names; each HTTP request is logged once it is answered, each socket
    when it opens and when it closes (with its close code, whichever side closed it).
    With `metrics`, each is counted there as it is logged."""

    def __init__(self, app: ASGIApp, metrics: Metrics | None = None) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        given = Headers(scope=scope).get("x-request-id", "")
        request_id = given if _GIVEN_ID.fullmatch(given) else secrets.token_hex(8)
        path = logged_path(scope.get("path", ""))
        REQUEST_ID.set(request_id)
        ROOM_ID.set(room_in(scope.get("path", "")))
        client = scope.get("client")
        fields: dict[str, object] = {"path": path, "client": client[0] if client else None}
        if scope["type"] == "websocket":
            await self._socket(scope, receive, send, fields)
            return
        fields["method"] = scope.get("method")
        status = 500
        started = time.perf_counter()

        async def answered(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                headers = [*message.get("headers", ()), (b"x-request-id", request_id.encode())]
                message = {**message, "headers": headers}
            await send(message)

        try:
            await self.app(scope, receive, answered)
        finally:
            seconds = time.perf_counter() - started
            log.info("request", extra={**fields, "status": status, "ms": round(seconds * 1000, 2)})
            if self.metrics is not None:
                self.metrics.answered(scope.get("path", ""), status, seconds)

    async def _socket(
        self, scope: Scope, receive: Receive, send: Send, fields: dict[str, object]
    ) -> None:
        code: object = None

        async def watched(message: Message) -> None:
            nonlocal code
            if message["type"] == "websocket.close" and code is None:
                code = message.get("code", 1000)
            elif message["type"] == "websocket.accept":
                log.info("socket opened", extra=fields)
            await send(message)

        async def heard() -> Message:
            nonlocal code
            message = await receive()
            if message["type"] == "websocket.disconnect" and code is None:
                code = message.get("code", 1005)  # the page (or its network) closed it
            return message

        started = time.perf_counter()
        try:
            await self.app(scope, heard, watched)
        finally:
            ms = round((time.perf_counter() - started) * 1000, 2)
            log.info("socket closed", extra={**fields, "code": code, "ms": ms})
            if self.metrics is not None:
                self.metrics.closed(code)
