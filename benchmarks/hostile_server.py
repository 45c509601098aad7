"""The server's hostile table of `bench_hostile_inputs.py` (issue 26): each attack on a
fresh `motamot serve`, with the server's memory and a normal player's pings meanwhile.

Every case starts its own server (SQLite in a temporary folder) and a player seated in
a room of their own, pinging every 0.2 s from 127.0.0.1; the attacker's sockets come
from 127.0.0.2, as another machine's would. While the attack runs (and one second
after, so a stall it leaves behind counts) the server's resident memory is sampled
every 5 ms. Printed per case: what the server answered, the attack's seconds, the
server's memory before, at its peak and after, and the player's median and worst ping.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import statistics
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect as sync_connect

from tests.server import hostile
from tests.server.hostile import ATTACKER, PeakMemory, Pinger
from tests.server.live import LiveServer

#: Concurrent attacking connections of the floods of unknown ids.
FLOOD_CONNECTIONS = 32
#: Ids of unknown rooms asked for in one status request (the route reads at most 50).
STATUS_IDS = 50

#: An attack on a server (what it answered, in a few words), and the soft and hard
#: open-files limits that server starts with (None: as this process has them).
Case = tuple[Callable[[LiveServer], str], tuple[int, int] | None]


@dataclass(frozen=True)
class Row:
    label: str
    answered: str
    seconds: float
    before: float
    peak: float
    after: float
    median_ping: float
    worst_ping: float


def measure(label: str, folder: Path, case: Case) -> Row:
    """`case`'s attack on a fresh server; what it answered and what it cost."""
    attack, open_files = case
    db = folder / f"{len(list(folder.iterdir()))}.sqlite3"
    server = LiveServer(db, open_files=open_files).start()
    try:
        assert server.process is not None
        created = server.post("/api/rooms", {"name": "Ana", "duration": 600})
        with Pinger(server.url, created["room"], created["token"]) as pinger:
            time.sleep(0.5)
            quiet = len(pinger.rtts)
            with PeakMemory(server.process.pid) as memory:
                start = time.monotonic()
                answered = attack(server)
                seconds = time.monotonic() - start
                time.sleep(1.0)
            after = hostile.memory_kib(server.process.pid) / 1024
        rtts = pinger.rtts[quiet:] or [float("nan")]
        if pinger.failed:
            answered += f" (player: {pinger.failed[:40]})"
    finally:
        server.stop()
    return Row(
        label,
        answered,
        seconds,
        memory.before,
        memory.peak,
        after,
        statistics.median(rtts),
        max(rtts),
    )


def quiet(server: LiveServer) -> str:
    time.sleep(2.0)
    return "-"


def body(size: int, chunked: bool) -> Callable[[LiveServer], str]:
    return lambda server: hostile.huge_body(server.port, size, chunked).shown


def header_line(size: int) -> Callable[[LiveServer], str]:
    return lambda server: hostile.huge_header(server.port, size).shown


def headers(count: int) -> Callable[[LiveServer], str]:
    return lambda server: hostile.many_headers(server.port, count).shown


def slow_heads(count: int, hold: float) -> Callable[[LiveServer], str]:
    """`count` half-open connections held `hold` seconds; whether a new visitor from
    another address is served meanwhile, and how many the server still holds at the end."""

    def run(server: LiveServer) -> str:
        with hostile.half_open(server.port, count) as held:
            time.sleep(1.0)
            try:
                visitor = hostile.get(server.port, "/", timeout=5).shown
            except OSError as error:
                visitor = type(error).__name__
            time.sleep(max(0.0, hold - 1.0))
            left = hostile.still_open(held)
        return f"visitor {visitor}, {left} held"

    return run


def unknown_ids(kind: str, count: int) -> Callable[[LiveServer], str]:
    """`count` random room ids asked for through `kind` (page, status, join or ws)."""

    def run(server: LiveServer) -> str:
        statuses = asyncio.run(_flood(server.port, kind, count))
        return " ".join(f"{status}x{n}" for status, n in statuses.most_common(3))

    return run


def _requests(kind: str, count: int) -> Iterator[bytes]:
    host = b"Host: 127.0.0.1\r\n"
    if kind == "status":
        for _ in range(0, count, STATUS_IDS):
            ids = ",".join(secrets.token_urlsafe(12) for _ in range(STATUS_IDS))
            yield b"GET /api/tables/status?rooms=%s HTTP/1.1\r\n%s\r\n" % (ids.encode(), host)
        return
    body = b'{"name": "Eve"}'
    for _ in range(count):
        room = secrets.token_urlsafe(12).encode()
        if kind == "page":
            yield b"GET /r/%s HTTP/1.1\r\n%s\r\n" % (room, host)
        elif kind == "join":
            yield (
                b"POST /api/rooms/%s/join HTTP/1.1\r\n%scontent-type: application/json\r\n"
                b"content-length: %d\r\n\r\n%s" % (room, host, len(body), body)
            )
        else:
            yield (
                b"GET /ws/%s HTTP/1.1\r\n%sUpgrade: websocket\r\nConnection: Upgrade\r\n"
                b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13"
                b"\r\n\r\n" % (room, host)
            )


async def _flood(port: int, kind: str, count: int) -> Counter[str]:
    """Send every request of `kind`, FLOOD_CONNECTIONS at a time; the answers' statuses."""
    requests = _requests(kind, count)
    statuses: Counter[str] = Counter()

    async def worker() -> None:
        reader = writer = None
        for request in requests:
            if writer is None or kind == "ws":
                reader, writer = await asyncio.open_connection(
                    "127.0.0.1", port, local_addr=(ATTACKER, 0)
                )
            assert reader is not None
            writer.write(request)
            statuses[await _status(reader, kind)] += 1
            if kind == "ws":
                writer.close()
        if writer is not None:
            writer.close()

    await asyncio.gather(*(worker() for _ in range(FLOOD_CONNECTIONS)))
    return statuses


async def _status(reader: asyncio.StreamReader, kind: str) -> str:
    """The status of the answer on `reader` (its body read, so the next one follows)."""
    try:
        head = await reader.readuntil(b"\r\n\r\n")
    except (asyncio.IncompleteReadError, ConnectionError):
        return "closed"
    status = head.split(b" ", 2)[1].decode()
    if kind != "ws":
        length = next(
            (
                int(line.split(b":")[1])
                for line in head.split(b"\r\n")
                if line.lower().startswith(b"content-length:")
            ),
            0,
        )
        await reader.readexactly(length)
    return status


def one_seat(sockets: int, seconds: float) -> Callable[[LiveServer], str]:
    """`sockets` sockets of one seat in a round, each writing words at its own credit rate
    (7 a second) for `seconds`; the words acknowledged per second, and how the server
    closed the sockets it closed."""

    def run(server: LiveServer) -> str:
        created = server.post("/api/rooms", {"name": "Eve", "duration": 600})
        with sync_connect(f"ws://127.0.0.1:{server.port}/ws/{created['room']}") as host:
            host.send(json.dumps({"type": "hello", "token": created["token"]}))
            host.send(json.dumps({"type": "start", "id": 1}))
            hostile.receive_until(host, "ack", 30)  # the round runs
        seat = _Seat(server.port, created["room"], created["token"])
        asyncio.run(seat.play(sockets, seconds))
        closes = " ".join(f"{code}x{n}" for code, n in seat.closes.most_common(2))
        return f"{seat.acked / seconds:.0f} words/s acked, closed {closes or 'none'}"

    return run


@dataclass
class _Seat:
    port: int
    room: str
    token: str
    acked: int = 0
    closes: Counter[int] = field(default_factory=Counter)

    async def play(self, sockets: int, seconds: float) -> None:
        await asyncio.gather(*(self.socket(seconds) for _ in range(sockets)))

    async def socket(self, seconds: float) -> None:
        address = f"ws://127.0.0.1:{self.port}/ws/{self.room}"
        async with connect(address, local_addr=(ATTACKER, 0)) as socket:
            reader = asyncio.create_task(self.read(socket))
            try:
                await socket.send(json.dumps({"type": "hello", "token": self.token}))
                deadline = time.monotonic() + seconds
                sent = 10
                while time.monotonic() < deadline and not reader.done():
                    word = "".join(secrets.choice("AEILNORSTU") for _ in range(5))
                    await socket.send(json.dumps({"type": "word", "text": word, "id": sent}))
                    sent += 1
                    await asyncio.sleep(1 / 7)
            except ConnectionClosed:
                pass
            finally:
                reader.cancel()
            if socket.close_code is not None:
                self.closes[socket.close_code] += 1

    async def read(self, socket: ClientConnection) -> None:
        """Count the acknowledged words among every frame the socket gets."""
        with contextlib.suppress(ConnectionClosed):
            async for text in socket:
                frame = json.loads(text)
                if frame.get("type") == "ack" and frame.get("id", 0) >= 10:
                    self.acked += 1


def cases(ids: int) -> dict[str, Case]:
    """Each case's attack and the open-files limits its server starts with (None: ours)."""
    small = (1024, 1024)
    return {
        "baseline: no attack, 2 s": (quiet, None),
        "body 500 MB, Content-Length": (body(500_000_000, False), None),
        "body 500 MB, chunked": (body(500_000_000, True), None),
        "header line of 100 MB": (header_line(100_000_000), None),
        "20,000 headers": (headers(20_000), None),
        "1,100 slow heads, ulimit -n 1024": (slow_heads(1100, 12.0), small),
        f"/r/ID, {ids:,} unknown ids": (unknown_ids("page", ids), None),
        f"/api/tables/status, {ids:,} ids": (unknown_ids("status", ids), None),
        f"/api/rooms/ID/join, {ids:,} ids": (unknown_ids("join", ids), None),
        f"/ws/ID, {ids:,} unknown ids": (unknown_ids("ws", ids), None),
        "40 sockets of one seat, 10 s": (one_seat(40, 10.0), None),
    }


def print_table(rows: Iterator[Row]) -> None:
    print(
        f"{'server case':34} {'answered':44} {'seconds':>7} {'MB before':>9} {'peak':>7}"
        f" {'after':>7} {'ping ms median':>14} {'worst':>7}"
    )
    for row in rows:
        print(
            f"{row.label:34} {row.answered[:44]:44} {row.seconds:7.1f} {row.before:9.1f}"
            f" {row.peak:7.1f} {row.after:7.1f} {row.median_ping * 1000:14.1f}"
            f" {row.worst_ping * 1000:7.1f}",
            flush=True,
        )


def server_table(folder: Path, ids: int) -> None:
    """Run every case and print its row as it ends."""
    print_table(measure(label, folder, case) for label, case in cases(ids).items())
