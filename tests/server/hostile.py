"""Hostile clients of a live `motamot serve`, and what they cost it (issue 26).

Each attack speaks raw HTTP over its own sockets (so nothing a client library
checks or adds stands in the way) and returns what the server answered. While
one runs, `PeakMemory` samples the server's resident memory and `Pinger` is a
normal player of another room whose pings measure how long the server takes
to answer anyone. The attacker may bind its sockets to another loopback
address (127.0.0.2) than the player's, as two machines would be.
"""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

#: Where an attacker's sockets come from (Linux routes all of 127/8 to loopback).
ATTACKER = "127.0.0.2"
#: A normal player's address.
PLAYER = "127.0.0.1"


def memory_kib(pid: int, key: str = "VmRSS") -> int:
    """A process's resident memory (`VmRSS`) or its peak (`VmHWM`), in KiB (Linux /proc)."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(key + ":"):
                return int(line.split()[1])
    raise LookupError(key)


class PeakMemory:
    """The server's resident memory sampled every few milliseconds while the block runs:
    its value before and its peak, in MiB."""

    def __init__(self, pid: int, every: float = 0.005) -> None:
        self.pid = pid
        self.every = every
        self.before = self.peak = memory_kib(pid) / 1024
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def _sample(self) -> None:
        while not self._stop.wait(self.every):
            with contextlib.suppress(OSError, LookupError):
                self.peak = max(self.peak, memory_kib(self.pid) / 1024)

    @property
    def grown(self) -> float:
        """MiB the peak rose over the memory before."""
        return self.peak - self.before

    def __enter__(self) -> PeakMemory:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        with contextlib.suppress(OSError, LookupError):
            self.peak = max(self.peak, memory_kib(self.pid) / 1024)


def receive_until(connection: ClientConnection, kind: str, timeout: float) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        message: dict[str, Any] = json.loads(connection.recv(deadline - time.monotonic()))
        if message["type"] == kind:
            return message


@dataclass
class Pinger:
    """A seated player of its own room pinging every `every` seconds; `worst` is the
    longest round trip (a ping unanswered for `timeout`, or a lost socket, counts as
    `timeout`)."""

    url: str
    room: str
    token: str
    #: within the socket's credits (8 a second)
    every: float = 0.2
    timeout: float = 30.0
    rtts: list[float] = field(default_factory=list)
    #: why the player lost its socket (None: it never did)
    failed: str | None = None
    _stop: threading.Event = field(default_factory=threading.Event)
    _thread: threading.Thread | None = None

    def _run(self) -> None:
        address = self.url.replace("http://", "ws://") + f"/ws/{self.room}"
        with connect(address, open_timeout=self.timeout) as connection:
            connection.send(json.dumps({"type": "hello", "token": self.token}))
            receive_until(connection, "welcome", self.timeout)
            self._ready.set()
            while not self._stop.wait(self.every):
                sent = time.monotonic()
                try:
                    connection.send(json.dumps({"type": "ping", "c": sent * 1000}))
                    receive_until(connection, "pong", self.timeout)
                except (TimeoutError, ConnectionClosed) as error:
                    self.failed = repr(error)  # counted as the worst ping there can be
                    self.rtts.append(self.timeout)
                    return
                self.rtts.append(time.monotonic() - sent)

    def played(self, pings: int) -> None:
        """Wait (a bounded time) until `pings` have been answered or the socket failed: a
        busy machine may let fewer than usual go by in a given second."""
        deadline = time.monotonic() + self.timeout
        while len(self.rtts) < pings and self.failed is None and time.monotonic() < deadline:
            time.sleep(self.every)

    def worst(self) -> float:
        return max(self.rtts, default=float("nan"))

    def __enter__(self) -> Pinger:
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        if not self._ready.wait(self.timeout):
            raise RuntimeError("the player could not connect")
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        assert self._thread is not None
        self._thread.join(self.timeout + 5)


def open_socket(port: int, source: str = ATTACKER, timeout: float = 30.0) -> socket.socket:
    connection = socket.create_connection(("127.0.0.1", port), timeout, (source, 0))
    connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return connection


def read_answer(connection: socket.socket, timeout: float = 30.0) -> tuple[int | None, bytes]:
    """The status and body of the answer on `connection` (None: closed without one)."""
    connection.settimeout(timeout)
    data = b""
    with contextlib.suppress(OSError):
        while chunk := connection.recv(65536):
            data += chunk
            head, end, body = data.partition(b"\r\n\r\n")
            length = _header(head, b"content-length")
            if length is not None and len(body) >= int(length):
                break
            if end and head[9:12] in (b"101", b"204", b"304"):
                break  # no body (after a 101, what follows are frames)
    if not data.startswith(b"HTTP/1."):
        return None, b""
    head, _, body = data.partition(b"\r\n\r\n")
    return int(head.split(b" ", 2)[1]), body


def _header(head: bytes, name: bytes) -> bytes | None:
    for line in head.split(b"\r\n")[1:]:
        key, _, value = line.partition(b":")
        if key.strip().lower() == name:
            return value.strip()
    return None


@dataclass(frozen=True)
class Answer:
    """What the server answered an attack: its status (None: none), its JSON error code,
    and how many bytes the attacker could send before the server stopped reading."""

    status: int | None
    error: str | None
    sent: int

    @property
    def shown(self) -> str:
        said = "closed" if self.status is None else str(self.status)
        return f"{said} {self.error}" if self.error else said


def answer_of(status: int | None, body: bytes, sent: int) -> Answer:
    try:
        error = json.loads(body).get("error") if body else None
    except (ValueError, AttributeError):
        error = None
    return Answer(status, error, sent)


def send_all(connection: socket.socket, parts: Iterable[bytes]) -> int:
    """Send `parts` until the server stops reading; the bytes it took."""
    sent = 0
    with contextlib.suppress(OSError):
        for part in parts:
            connection.sendall(part)
            sent += len(part)
    return sent


def attack(port: int, head: bytes, parts: Iterable[bytes] = ()) -> Answer:
    """Send `head` then `parts` on a new socket; what the server answered."""
    with open_socket(port) as connection:
        sent = send_all(connection, _then(head, parts))
        status, body = read_answer(connection)
    return answer_of(status, body, sent)


def _then(first: bytes, rest: Iterable[bytes]) -> Iterator[bytes]:
    yield first
    yield from rest


def zeros(total: int, block: int = 1 << 20) -> Iterator[bytes]:
    chunk = b"0" * block
    for start in range(0, total, block):
        yield chunk[: min(block, total - start)]


def huge_body(port: int, size: int, chunked: bool) -> Answer:
    """A POST of `size` bytes to create a room, declared or chunked."""
    head = b"POST /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\n"
    if not chunked:
        return attack(port, head + b"content-length: %d\r\n\r\n" % size, zeros(size))
    framed = (b"%x\r\n%s\r\n" % (len(part), part) for part in zeros(size))
    return attack(port, head + b"transfer-encoding: chunked\r\n\r\n", _then_end(framed))


def _then_end(framed: Iterator[bytes]) -> Iterator[bytes]:
    yield from framed
    yield b"0\r\n\r\n"


def huge_header(port: int, size: int) -> Answer:
    """A GET of the home page with one header line of `size` bytes."""
    head = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: "
    return attack(port, head, _then_end_head(zeros(size, 1 << 16)))


def _then_end_head(parts: Iterator[bytes]) -> Iterator[bytes]:
    yield from parts
    yield b"\r\n\r\n"


def many_headers(port: int, count: int) -> Answer:
    """A GET of the home page with `count` headers."""
    lines = b"".join(b"X-H%d: v\r\n" % number for number in range(count))
    return attack(port, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n" + lines + b"\r\n")


@contextlib.contextmanager
def half_open(port: int, count: int, source: str = ATTACKER) -> Iterator[list[socket.socket]]:
    """`count` connections that each send the start of a request head and nothing more
    (those the server refuses at once are closed on our side too)."""
    opened: list[socket.socket] = []
    try:
        for _ in range(count):
            try:
                connection = open_socket(port, source, timeout=5)
                connection.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            except OSError:
                continue
            opened.append(connection)
        yield opened
    finally:
        for connection in opened:
            connection.close()


def still_open(connections: Iterable[socket.socket]) -> int:
    """How many of `connections` the server has neither answered nor closed (a read would
    block; what it sent stays to be read)."""
    count = 0
    for connection in connections:
        connection.setblocking(False)
        try:
            connection.recv(1, socket.MSG_PEEK)
        except BlockingIOError:
            count += 1
        except OSError:
            pass
        finally:
            connection.setblocking(True)
    return count


def get(port: int, path: str, source: str = PLAYER, timeout: float = 30.0) -> Answer:
    """A plain GET from `source` (a normal visitor's page load)."""
    head = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode()
    with open_socket(port, source, timeout) as connection:
        send_all(connection, [head])
        status, body = read_answer(connection, timeout)
    return answer_of(status, body, len(head))
