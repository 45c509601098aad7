"""What one client address may do in a while: rooms created per hour, rooms joined per
minute, games open at once (sockets). Past a quota the request is refused with 429, a
`Retry-After` and the text in the player's language; nothing is created or joined.

The connection's own limits (bytes, heads, connections at once) come before, in
`server.limits` and `server.connections`. A quota is a bucket per address that fills
back steadily (a whole hour's rooms are not lost for an hour by a burst), kept for the
addresses seen lately only. The address is the client's as uvicorn gives it: behind a
proxy listed with `--proxy`, the player's own (`X-Forwarded-For`); a proxy's own address
(a request it sent without saying whose) is many players' and has no quota, as it has
no cap on its connections. Each process counts
its own clients: with several processes behind a proxy that spreads requests, an
address may do as much on each (limit it at the proxy too: nginx `limit_req`).
"""

from __future__ import annotations

import contextvars
import math
import time
from collections.abc import Iterable
from dataclasses import dataclass

from starlette.requests import HTTPConnection
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from motamot.server.defaults import QUOTAS
from motamot.server.texts import request_language
from motamot.text.web import quota_text

#: The address of the client whose request is being served (set by `QuotaCheck`).
CLIENT: contextvars.ContextVar[str | None] = contextvars.ContextVar("client", default=None)
#: Addresses remembered at most per bucket; past it, those back to full are forgotten.
ADDRESSES_KEPT = 10_000


@dataclass(frozen=True)
class QuotaLimits:
    """Per client address (0: no quota). A school behind one address creates a few rooms
    and joins them together: the defaults leave room for a class."""

    rooms_per_hour: int = QUOTAS.rooms_per_hour
    joins_per_minute: int = QUOTAS.joins_per_minute
    sockets_at_once: int = QUOTAS.sockets_at_once
    #: Names reported (`server.moderation`; each reporter is held to as many too).
    reports_per_hour: int = QUOTAS.reports_per_hour


class OverQuota(Exception):
    """An address went past a quota: the code and the seconds until it may again."""

    def __init__(self, code: str, retry_after: int) -> None:
        super().__init__(code)
        self.code = code
        self.retry_after = retry_after


class Bucket:
    """`size` actions per `period` seconds for each address, refilled steadily."""

    def __init__(self, code: str, size: int, period: float) -> None:
        self.code = code
        self.size = size
        self.rate = size / period
        self._levels: dict[str, tuple[float, float]] = {}

    def take(self, address: str, now: float) -> None:
        """One action of `address` at `now`, or OverQuota (nothing taken)."""
        if self.size <= 0:
            return
        level = self._level(address, now)
        if level < 1.0:
            wait = math.ceil(round((1.0 - level) / self.rate, 6))  # 1200.0000001 is 1200
            raise OverQuota(self.code, max(1, wait))
        if address not in self._levels and len(self._levels) >= ADDRESSES_KEPT:
            self._forget_full(now)
        self._levels[address] = (level - 1.0, now)

    def _level(self, address: str, now: float) -> float:
        level, at = self._levels.get(address, (float(self.size), now))
        return min(float(self.size), level + max(0.0, now - at) * self.rate)

    def _forget_full(self, now: float) -> None:
        self._levels = {
            address: kept
            for address, kept in self._levels.items()
            if self._level(address, now) < self.size
        }


class Quotas:
    """The quotas of one process's clients."""

    def __init__(self, limits: QuotaLimits | None = None, proxies: Iterable[str] = ()) -> None:
        """`proxies`: addresses that are many clients' (no quota)."""
        self.limits = limits = limits or QuotaLimits()
        self.proxies = frozenset(proxies)
        self.rooms = Bucket("too_many_rooms", limits.rooms_per_hour, 3600.0)
        self.joins = Bucket("too_many_joins", limits.joins_per_minute, 60.0)
        self.reports = Bucket("too_many_reports", limits.reports_per_hour, 3600.0)
        self._sockets: dict[str, int] = {}

    def charge(self, bucket: Bucket) -> None:
        """One action of the client being served (none outside a request: the terminal,
        the tests' own calls), or OverQuota."""
        address = CLIENT.get()
        if address is not None and address not in self.proxies:
            bucket.take(address, time.monotonic())

    def charge_address(self, bucket: Bucket, address: str) -> None:
        """One action of `address` (a socket's: no request context), or OverQuota."""
        if address and address not in self.proxies:
            bucket.take(address, time.monotonic())

    def socket_opened(self, address: str) -> bool:
        """Whether `address` may open one more socket (then counted until closed)."""
        held = self._sockets.get(address, 0)
        if 0 < self.limits.sockets_at_once <= held and address not in self.proxies:
            return False
        self._sockets[address] = held + 1
        return True

    def held(self, address: str) -> int:
        """The sockets `address` holds now."""
        return self._sockets.get(address, 0)

    def socket_closed(self, address: str) -> None:
        held = self._sockets.get(address, 0) - 1
        if held > 0:
            self._sockets[address] = held
        else:
            self._sockets.pop(address, None)


def quota_response(scope: Scope, over: OverQuota) -> JSONResponse:
    """429: the code, the text in the request's language, and when to come back."""
    lang = request_language(HTTPConnection(scope))
    return JSONResponse(
        {
            "error": over.code,
            "text": quota_text(over.code, lang, over.retry_after),
            "retry_after": over.retry_after,
        },
        429,
        headers={"retry-after": str(over.retry_after)},
    )


class QuotaCheck:
    """ASGI middleware: the client's address in the context of its request (for
    `Quotas.charge`), and a quota passed answered 429 whatever route went past it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        CLIENT.set(client[0] if client else "")
        started = False

        async def watched(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, watched)
        except OverQuota as over:
            if started:
                raise
            await quota_response(scope, over)(scope, receive, send)
