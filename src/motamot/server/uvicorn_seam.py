"""The one place motamot hooks into uvicorn's internals: its HTTP (httptools) and
websocket protocol classes, subclassed to hold every connection to `connections`' limits.

What is relied on is small and named in `RELIED_ON`: the asyncio protocol's own methods,
httptools' parser callbacks, and of uvicorn's own only `send_400_response` (where a
parse error is answered: a head that broke a limit stopped the parser by raising, and is
answered with its refusal instead), its `cycle` (the answer under way) and the
`client`, `transport` and `loop` it keeps. `check` runs when a server's protocols are
made, so an upgrade that renames one of them stops `motamot serve` at start, saying
which, instead of serving without limits; tests/server/test_uvicorn_seam.py drives the
protocol with a fake transport against whichever uvicorn is installed (the CI runs it
against the pinned one and the latest).
"""

from __future__ import annotations

import asyncio
from typing import Any, ClassVar, cast

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from motamot.server.connections import (
    Addresses,
    ConnectionLimits,
    HeadGuard,
    HeadRefused,
    refusal,
)

#: The methods of uvicorn's classes the subclasses override or call.
RELIED_ON: dict[type, tuple[str, ...]] = {
    HttpToolsProtocol: (
        "connection_made",
        "connection_lost",
        "data_received",
        "send_400_response",
        "on_message_begin",
        "on_url",
        "on_header",
        "on_headers_complete",
        "on_message_complete",
    ),
    WebSocketsSansIOProtocol: ("connection_lost",),
}
#: What a connected HTTP protocol keeps and the subclass reads.
RELIED_ON_STATE = ("client", "transport", "loop", "cycle")


def check() -> None:
    """RuntimeError naming what the installed uvicorn no longer has."""
    missing = [
        f"{cls.__name__}.{name}"
        for cls, names in RELIED_ON.items()
        for name in names
        if not callable(getattr(cls, name, None))
    ]
    if missing:
        raise RuntimeError(
            "this uvicorn's protocols changed (no " + ", ".join(missing) + "): motamot's "
            "connection limits would not hold; install the version pyproject.toml pins"
        )


class GuardedHttpProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol within `limits`, counting connections in `addresses`."""

    limits: ClassVar[ConnectionLimits]
    addresses: ClassVar[Addresses]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.guard = HeadGuard(self.limits)
        self._refused: HeadRefused | None = None
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
        self.guard.received(len(data))
        if self.guard.in_head and self._head_timer is None:
            self._arm()
        super().data_received(data)
        try:
            self.guard.check_received()  # a line still growing inside the parser
        except HeadRefused as refused:
            self._refuse(refused.status, refused.code)

    def send_400_response(self, msg: str) -> None:
        """A parse error: a limit's refusal if a callback stopped the parser for one."""
        if self._refused is not None:
            self._refuse(self._refused.status, self._refused.code)
        else:
            super().send_400_response(msg)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self.guard.message_begins()

    def on_url(self, url: bytes) -> None:
        self._guarded(self.guard.url, len(url))
        super().on_url(url)

    def on_header(self, name: bytes, value: bytes) -> None:
        self._guarded(self.guard.header, len(name) + len(value))
        super().on_header(name, value)

    def on_headers_complete(self) -> None:
        self.guard.head_ends()
        self._disarm()
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self.guard.message_ends()

    def _guarded(self, count: Any, size: int) -> None:
        """Count; a limit broken is kept for `send_400_response` and stops the parser."""
        try:
            count(size)
        except HeadRefused as refused:
            self._refused = refused
            raise

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
    sharing one count of connections per address; RuntimeError if uvicorn changed."""
    check()
    addresses = Addresses(limits.per_address, frozenset(limits.proxies))
    http = type("MotamotHttp", (GuardedHttpProtocol,), {"limits": limits, "addresses": addresses})
    ws = type("MotamotWebSocket", (GuardedWebSocketProtocol,), {"addresses": addresses})
    return cast(type[asyncio.Protocol], http), cast(type[asyncio.Protocol], ws)
