"""Limits on a connection before any request reaches the app: the request head's size,
its number of headers and its time, and how many connections one address may hold.

uvicorn's httptools protocol has none of these: it reads a header line of any length
(httptools gathers it whole before the callback), any number of headers, and never
times out a head that does not end, so a few hundred half-open connections from one
client hold every file descriptor. ASGI middleware cannot help (it runs once the head
is parsed), so the limits are kept at the protocol level, in two parts: this module
decides (the count of connections per address, a head's `HeadGuard`, the refusal's
bytes) and knows nothing of uvicorn; `server.uvicorn_seam` is the one place that hooks
them into uvicorn's protocol classes, and says which of uvicorn's names it relies on
(checked when a server starts, and by the tests against the pinned and the latest
uvicorn). Each refusal is an HTTP answer with a JSON error code and the text, then the
connection closes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from http import HTTPStatus

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
    line = b"HTTP/1.1 %d %s\r\n" % (status, HTTPStatus(status).phrase.encode())
    head = b"content-type: application/json\r\ncontent-length: %d\r\nconnection: close\r\n"
    return line + head % len(body) + b"\r\n" + body


class HeadRefused(Exception):
    """A head broke a limit: the status and error code of its refusal."""

    def __init__(self, status: int, code: str) -> None:
        super().__init__(code)
        self.status = status
        self.code = code


class HeadGuard:
    """One connection's current request head, counted against `limits` as it arrives:
    the bytes received (a line still growing inside the parser counts), the bytes and
    headers the parser has given. Each method raises HeadRefused at the limit; the
    protocol arms the head's timer while `in_head`."""

    def __init__(self, limits: ConnectionLimits) -> None:
        self.limits = limits
        self.in_head = True
        self._received = 0  # bytes received since this head began (a chunk may hold more)
        self._parsed = 0  # bytes of the head the parser has given (request line, headers)
        self._headers = 0

    def received(self, size: int) -> None:
        """`size` bytes came (before the parser reads them)."""
        if self.in_head:
            self._received += size

    def check_received(self) -> None:
        """After the parser read them: the head is not over and already too big."""
        if self.in_head and self._received > self.limits.head_bytes:
            raise HeadRefused(431, "head_too_big")

    def message_begins(self) -> None:
        self._parsed = self._headers = 0

    def url(self, size: int) -> None:
        self._count(size)

    def header(self, size: int) -> None:
        """A header of `size` bytes (its name and value) was parsed."""
        self._headers += 1
        if self._headers > self.limits.headers:
            raise HeadRefused(431, "too_many_headers")
        self._count(size + 4)  # ": " and the line's end

    def head_ends(self) -> None:
        self.in_head = False

    def message_ends(self) -> None:
        """The next request's head begins (its timer starts with its first byte)."""
        self.in_head = True
        self._received = 0

    def _count(self, size: int) -> None:
        self._parsed += size
        if self._parsed > self.limits.head_bytes:
            raise HeadRefused(431, "head_too_big")


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
