"""A real `motamot serve` under hostile HTTP clients (issue 26 items 2 and 3): what each
attack costs the server in memory, and a normal player of another room meanwhile.

Before these limits a 500 MB POST cost +451 MiB (and up to +950 MiB) before its
413, a 100 MB header line +122 MiB and a 9 s stall of every room before a 200,
20,000 headers were served, and 1,100 half-open connections from one client
locked everyone out of a server under `ulimit -n 1024`. The bounds below are
far from those figures and far from what a busy machine adds.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from websockets.sync.client import connect

from motamot.server.connections import HEAD_SECONDS, MAX_HEAD_BYTES, MAX_HEADERS
from tests.server import hostile
from tests.server.hostile import ATTACKER, Answer, PeakMemory, Pinger
from tests.server.live import LiveServer

#: What an attack may add to the server's memory (the old server: +122 to +950 MiB).
MEMORY_BOUND_MIB = 30.0
#: A normal player's worst ping during an attack (the old server: 9 s for a 100 MB header).
PING_BOUND_SECONDS = 3.0


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path / "rooms.sqlite3").start()
    try:
        yield live
    finally:
        live.stop()


def player(server: LiveServer) -> Pinger:
    created = server.post("/api/rooms", {"name": "Ana", "duration": 600})
    return Pinger(server.url, created["room"], created["token"])


def under_attack(
    server: LiveServer, run: Callable[[], Answer]
) -> tuple[Answer, PeakMemory, Pinger]:
    """Run the attack `run()` while the memory is sampled and a player pings; the player
    keeps pinging a second after it, so a stall it left behind is counted."""
    assert server.process is not None
    with player(server) as pinger, PeakMemory(server.process.pid) as memory:
        answer = run()
        time.sleep(1.0)
        pinger.played(4)
    assert len(pinger.rtts) >= 4, pinger.rtts  # the player really played meanwhile
    assert pinger.failed is None, pinger.failed
    return answer, memory, pinger


@pytest.mark.parametrize("chunked", [False, True], ids=["content-length", "chunked"])
def test_a_500_mb_post_is_refused_reading_kilobytes(server: LiveServer, chunked: bool) -> None:
    size = 500_000_000
    answer, memory, pinger = under_attack(
        server, lambda: hostile.huge_body(server.port, size, chunked)
    )
    assert (answer.status, answer.error) == (413, "too_big")
    assert answer.sent < size // 10  # the server stopped reading (loopback buffers a few MB)
    assert memory.grown < MEMORY_BOUND_MIB, memory.grown
    assert pinger.worst() < PING_BOUND_SECONDS, pinger.worst()


def test_a_100_mb_header_line_is_refused_with_431(server: LiveServer) -> None:
    answer, memory, pinger = under_attack(
        server, lambda: hostile.huge_header(server.port, 100_000_000)
    )
    assert (answer.status, answer.error) == (431, "head_too_big")
    assert answer.sent < 10_000_000
    assert memory.grown < MEMORY_BOUND_MIB, memory.grown
    assert pinger.worst() < PING_BOUND_SECONDS, pinger.worst()


def test_20000_headers_are_refused_with_431(server: LiveServer) -> None:
    answer, memory, pinger = under_attack(server, lambda: hostile.many_headers(server.port, 20_000))
    assert (answer.status, answer.error) == (431, "too_many_headers")
    assert memory.grown < MEMORY_BOUND_MIB, memory.grown
    assert pinger.worst() < PING_BOUND_SECONDS, pinger.worst()


def test_heads_within_the_limits_are_served(server: LiveServer) -> None:
    filler = b"a" * (MAX_HEAD_BYTES // 2)
    head = b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + filler + b"\r\n\r\n"
    assert hostile.attack(server.port, head).status == 200
    lines = b"".join(b"X-H%d: v\r\n" % n for n in range(MAX_HEADERS - 1))
    answer = hostile.attack(server.port, b"GET / HTTP/1.1\r\nHost: x\r\n" + lines + b"\r\n")
    assert answer.status == 200
    big = hostile.attack(
        server.port, b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + filler * 3 + b"\r\n\r\n"
    )
    assert (big.status, big.error) == (431, "head_too_big")


def upgrade_head(room: str, extra: bytes = b"") -> bytes:
    return (
        f"GET /ws/{room} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
        "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        "Sec-WebSocket-Version: 13\r\n"
    ).encode() + extra


def test_a_websocket_upgrade_is_held_to_the_same_head_limits(server: LiveServer) -> None:
    room = server.post("/api/rooms", {"name": "Ana"})["room"]
    served = hostile.attack(server.port, upgrade_head(room, b"\r\n"))
    assert served.status == 101
    many = b"".join(b"X-H%d: v\r\n" % n for n in range(20_000))
    answer = hostile.attack(server.port, upgrade_head(room, many + b"\r\n"))
    assert (answer.status, answer.error) == (431, "too_many_headers")
    line = upgrade_head(room, b"X-Big: ")
    answer = hostile.attack(server.port, line, hostile.zeros(50_000_000, 1 << 16))
    assert (answer.status, answer.error) == (431, "head_too_big")


@pytest.mark.slow
def test_slow_heads_time_out_and_one_address_cannot_hold_every_descriptor(
    tmp_path: Path,
) -> None:
    """1,100 half-open connections from one address of a server limited to 1,024 open
    files: a new visitor is still served, the player still plays, the address holds at
    most its share and every unfinished head is closed after HEAD_SECONDS."""
    server = LiveServer(tmp_path / "rooms.sqlite3", open_files=(1024, 1024)).start()
    try:
        assert server.process is not None
        with player(server) as pinger, PeakMemory(server.process.pid) as memory:
            with hostile.half_open(server.port, 1100) as held:
                assert len(held) == 1100
                assert hostile.get(server.port, "/", timeout=10).status == 200
                deadline = time.monotonic() + 30  # the server answers the backlog at its pace
                while hostile.still_open(held) > 256 and time.monotonic() < deadline:
                    time.sleep(0.2)
                assert hostile.still_open(held) <= 256
                answers = [hostile.read_answer(c, timeout=1) for c in held[-20:]]
                assert (429, "too_many_connections") in {_coded(a) for a in answers}
                deadline = time.monotonic() + HEAD_SECONDS + 30
                while hostile.still_open(held) and time.monotonic() < deadline:
                    time.sleep(0.5)
                assert hostile.still_open(held) == 0
                first = hostile.read_answer(held[0], timeout=1)
                assert _coded(first) == (408, "slow_request")
            assert hostile.get(server.port, "/", source=ATTACKER).status == 200
    finally:
        server.stop()
    assert memory.grown < MEMORY_BOUND_MIB, memory.grown
    assert pinger.failed is None and pinger.worst() < PING_BOUND_SECONDS, pinger.worst()


def _coded(answer: tuple[int | None, bytes]) -> tuple[int | None, str | None]:
    coded = hostile.answer_of(answer[0], answer[1], 0)
    return coded.status, coded.error


def test_upgraded_sockets_give_their_address_place_back(tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "rooms.sqlite3", args=["--connections-per-address", "5"])
    server.start()
    try:
        room = server.post("/api/rooms", {"name": "Ana"})["room"]
        address = f"ws://127.0.0.1:{server.port}/ws/{room}"
        with contextlib.ExitStack() as sockets:
            for _ in range(5):
                sockets.enter_context(connect(address, sock=hostile.open_socket(server.port)))
            refused = hostile.get(server.port, "/", source=ATTACKER)
            assert (refused.status, refused.error) == (429, "too_many_connections")
            assert hostile.get(server.port, "/").status == 200  # another address is served
        deadline = time.monotonic() + 30
        while hostile.get(server.port, "/", source=ATTACKER).status != 200:
            assert time.monotonic() < deadline, "the closed sockets kept their places"
            time.sleep(0.2)
    finally:
        server.stop()


def test_serve_raises_its_soft_open_files_limit_to_the_hard_one(tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "rooms.sqlite3", open_files=(1024, 4096)).start()
    try:
        assert server.process is not None
        limits = Path(f"/proc/{server.process.pid}/limits").read_text()
    finally:
        server.stop()
    (line,) = [line for line in limits.splitlines() if line.startswith("Max open files")]
    assert line.split()[3:5] == ["4096", "4096"], line


@pytest.mark.slow
def test_every_unfinished_head_is_timed_out_whenever_it_starts(server: LiveServer) -> None:
    """A connection that sends nothing, one that trickles a head a byte a second, and a
    kept-alive one whose second head stops halfway: each gets 408 once HEAD_SECONDS
    have passed since its head began (the keep-alive timer alone never closed them)."""
    idle = hostile.open_socket(server.port)
    trickle = hostile.open_socket(server.port)
    kept = hostile.open_socket(server.port)
    kept.sendall(b"GET /favicon.ico HTTP/1.1\r\nHost: x\r\n\r\n")
    assert hostile.read_answer(kept)[0] == 204
    started = time.monotonic()
    kept.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
    head = iter(b"GET / HTTP/1.1\r\nHost: x\r\n" + b"X: y\r\n" * 100)
    while hostile.still_open([trickle]) and time.monotonic() - started < HEAD_SECONDS + 30:
        with contextlib.suppress(OSError, StopIteration):
            trickle.sendall(bytes([next(head)]))
        time.sleep(1.0)
    for connection in (idle, trickle, kept):
        with connection:
            assert _coded(hostile.read_answer(connection)) == (408, "slow_request")
    assert time.monotonic() - started >= HEAD_SECONDS - 1


def test_a_websocket_handshake_from_another_site_gets_403_from_the_real_server(
    server: LiveServer,
) -> None:
    room = server.post("/api/rooms", {"name": "Ana"})["room"]
    foreign = hostile.attack(
        server.port, upgrade_head(room, b"Origin: https://evil.example\r\n\r\n")
    )
    assert (foreign.status, foreign.error) == (403, "bad_origin")
    page = f"http://127.0.0.1:{server.port}"  # what a browser on the room's page sends
    own = upgrade_head(room, f"Origin: {page}\r\n\r\n".encode())
    own = own.replace(b"Host: 127.0.0.1\r\n", f"Host: 127.0.0.1:{server.port}\r\n".encode())
    assert hostile.attack(server.port, own).status == 101
