"""Limits on a connection before any request reaches the app: the request head's size,
its number of headers and its time, and how many connections one address may hold.

uvicorn's httptools protocol has none of these: it reads a header line of any length
(httptools gathers it whole before the callback), any number of headers, and never
times out a head that does not end, so a few hundred half-open connections from one
client hold every file descriptor. ASGI middleware cannot help (it runs once the head
is parsed), so `protocols` gives uvicorn its own protocol classes: the HTTP one counts
the head's bytes as they arrive and its headers as they are parsed, arms a timer from
the connection's first byte (or a request's) to the end of its head, and admits a
connection only while its address holds fewer than the limit; the websocket one gives
the address's place back when an upgraded connection closes (an upgrade's head is read
by the HTTP protocol first, under the same limits). Each refusal is an HTTP answer with
a JSON error code and the text, then the connection closes.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any, ClassVar, cast

import httptools
from uvicorn.protocols.http.httptools_impl import STATUS_LINE, HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from motamot.server.defaults import PER_ADDRESS, PROXIES
from motamot.server.texts import server_error_text
from motamot.text.i18n import Language

#: A request head's largest size: its request line and headers (a browser's is about 1 KiB).
MAX_HEAD_BYTES = 16 * 1024
#: Most headers in one request (a browser sends about 15).
MAX_HEADERS = 64
#: Seconds from a head's first byte (or the connection's start) to its end.
HEAD_SECONDS = 10.0


@dataclass(frozen=True)
class ConnectionLimits:
    """The limits every connection is held to, and the language of their refusals (the
    server's: nothing of the request is read yet)."""

    head_bytes: int = MAX_HEAD_BYTES
    headers: int = MAX_HEADERS
    head_seconds: float = HEAD_SECONDS
    #: 0: no cap.
    per_address: int = PER_ADDRESS
    proxies: tuple[str, ...] = PROXIES
    lang: Language = "fr"


@dataclass
class Addresses:
    """The open connections of each client address, within `limit` each."""

    limit: int
    unlimited: frozenset[str]
    _open: dict[str, set[object]] = field(default_factory=dict)
    _address_of: dict[object, str] = field(default_factory=dict)

    def admit(self, address: str | None, connection: object) -> bool:
        """Count `connection` for `address`; False (nothing counted) if it has its limit."""
        if address is None or self.limit <= 0 or address in self.unlimited:
            return True
        held = self._open.setdefault(address, set())
        if len(held) >= self.limit:
            return False
        held.add(connection)
        self._address_of[connection] = address
        return True

    def release(self, connection: object) -> None:
        """`connection` closed (nothing if it was not counted, or already released)."""
        address = self._address_of.pop(connection, None)
        if address is None:
            return
        held = self._open[address]
        held.discard(connection)
        if not held:
            del self._open[address]

    def held(self, address: str) -> int:
        return len(self._open.get(address, ()))


def refusal(status: int, code: str, lang: Language) -> bytes:
    """A whole HTTP answer: `status`, the JSON error `code` with its text, then close."""
    body = json.dumps({"error": code, "text": server_error_text(code, lang)}).encode()
    head = b"content-type: application/json\r\ncontent-length: %d\r\nconnection: close\r\n"
    return STATUS_LINE[status] + head % len(body) + b"\r\n" + body


class _HeadRefused(Exception):
    """Raised in a parser callback: the head broke a limit."""

    def __init__(self, status: int, code: str) -> None:
        super().__init__(code)
        self.status = status
        self.code = code


class GuardedHttpProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol within `limits`, counting connections in `addresses`."""

    limits: ClassVar[ConnectionLimits]
    addresses: ClassVar[Addresses]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._in_head = True
        self._received = 0  # bytes received since this head began (a chunk may hold more)
        self._parsed = 0  # bytes of the head the parser has given (request line, headers)
        self._header_count = 0
        self._head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        address = self.client[0] if self.client else None
        if not self.addresses.admit(address, transport):
            self._refuse(429, "too_many_connections")
            return
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        try:
            super().connection_lost(exc)
        finally:
            self.addresses.release(self.transport)

    def data_received(self, data: bytes) -> None:
        self._unset_keepalive_if_required()
        if self._in_head:
            self._received += len(data)
            if self._head_timer is None:
                self._arm()
        try:
            self.parser.feed_data(data)
        except httptools.HttpParserUpgrade:
            if self._should_upgrade():
                self.handle_websocket_upgrade()
            else:
                self._unsupported_upgrade_warning()
            return
        except httptools.HttpParserError as error:
            if isinstance(error.__context__, _HeadRefused):
                self._refuse(error.__context__.status, error.__context__.code)
            else:
                self.logger.warning("Invalid HTTP request received.")
                self.send_400_response("Invalid HTTP request received.")
            return
        if self._in_head and self._received > self.limits.head_bytes:
            self._refuse(431, "head_too_big")  # a line still growing inside the parser

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._parsed = self._header_count = 0

    def on_url(self, url: bytes) -> None:
        self._count(len(url))
        super().on_url(url)

    def on_header(self, name: bytes, value: bytes) -> None:
        self._header_count += 1
        if self._header_count > self.limits.headers:
            raise _HeadRefused(431, "too_many_headers")
        self._count(len(name) + len(value) + 4)  # ": " and the line's end
        super().on_header(name, value)

    def on_headers_complete(self) -> None:
        self._in_head = False
        self._disarm()
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self._in_head = True  # the next request's head: its timer starts with its first byte
        self._received = 0

    def _count(self, size: int) -> None:
        self._parsed += size
        if self._parsed > self.limits.head_bytes:
            raise _HeadRefused(431, "head_too_big")

    def _arm(self) -> None:
        self._disarm()
        self._head_timer = self.loop.call_later(self.limits.head_seconds, self._head_timeout)

    def _disarm(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_timeout(self) -> None:
        self._head_timer = None
        if self.cycle is not None and not self.cycle.response_complete:
            self.cycle.keep_alive = False  # a pipelined head too slow: close after this answer
            return
        self._refuse(408, "slow_request")

    def _refuse(self, status: int, code: str) -> None:
        """Answer the refusal (unless an answer is under way: then only close) and close."""
        self._disarm()
        if self.transport.is_closing():
            return
        if self.cycle is None or self.cycle.response_complete:
            self.transport.write(refusal(status, code, self.limits.lang))
        self.transport.close()


class GuardedWebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's websocket protocol, giving the address's place back when it closes."""

    addresses: ClassVar[Addresses]

    def connection_lost(self, exc: Exception | None) -> None:
        try:
            super().connection_lost(exc)
        finally:
            self.addresses.release(self.transport)


def protocols(limits: ConnectionLimits) -> tuple[type[asyncio.Protocol], type[asyncio.Protocol]]:
    """The HTTP and websocket protocol classes for one server (`uvicorn.run(http=, ws=)`),
    sharing one count of connections per address."""
    addresses = Addresses(limits.per_address, frozenset(limits.proxies))
    http = type("MotamotHttp", (GuardedHttpProtocol,), {"limits": limits, "addresses": addresses})
    ws = type("MotamotWebSocket", (GuardedWebSocketProtocol,), {"addresses": addresses})
    return cast(type[asyncio.Protocol], http), cast(type[asyncio.Protocol], ws)


def raise_open_files() -> int:
    """Raise the process's soft limit of open files to its hard limit (each socket is one:
    a usual soft limit of 1,024 is a few hundred players); the soft limit now."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft < hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        except (ValueError, OSError):
            return soft
        return hard
    return soft
