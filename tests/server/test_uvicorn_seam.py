"""The seam between motamot's connection limits and uvicorn (`server.uvicorn_seam`): the
installed uvicorn has every name the seam relies on, and its protocol, fed bytes through
a fake transport, serves a good head and refuses each broken limit with its answer. The
CI runs this file against the pinned uvicorn and against the latest one."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

import pytest
from uvicorn.config import Config
from uvicorn.server import ServerState

from motamot.server import uvicorn_seam
from motamot.server.connections import ConnectionLimits
from motamot.server.uvicorn_seam import RELIED_ON_STATE, check, protocols

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]
LIMITS = ConnectionLimits(head_bytes=512, headers=8, head_seconds=0.2, per_address=2, proxies=())


async def app(scope: Scope, receive: Receive, send: Send) -> None:
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"ok"})


class FakeTransport(asyncio.Transport):
    """What the protocol writes, and whether it closed."""

    def __init__(self, address: str = "1.2.3.4") -> None:
        super().__init__()
        self.address = address
        self.written = bytearray()
        self.closed = False

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        extra = {"peername": (self.address, 50_000), "sockname": ("127.0.0.1", 8000)}
        return extra.get(name, default)

    def write(self, data: bytes | bytearray | memoryview) -> None:
        self.written += data

    def close(self) -> None:
        self.closed = True

    def is_closing(self) -> bool:
        return self.closed

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass

    def status(self) -> int:
        return int(bytes(self.written).split(b" ", 2)[1])

    def error(self) -> str:
        return str(json.loads(bytes(self.written).partition(b"\r\n\r\n")[2])["error"])


class Server:
    """One server's protocol classes, connections made on the running loop."""

    def __init__(self, limits: ConnectionLimits = LIMITS) -> None:
        self.config = Config(app=app, lifespan="off", log_level="critical")
        self.config.load()
        self.state = ServerState()
        self.http, _ = protocols(limits)

    def connect(self, address: str = "1.2.3.4") -> tuple[Any, FakeTransport]:
        protocol: Any = self.http(  # type: ignore[call-arg]
            config=self.config, server_state=self.state, app_state={}
        )
        transport = FakeTransport(address)
        protocol.connection_made(transport)
        return protocol, transport


def run(body: Callable[[Server], Coroutine[Any, Any, None]]) -> None:
    asyncio.run(body(Server()))


def test_the_installed_uvicorn_has_what_the_seam_relies_on() -> None:
    check()

    async def body(server: Server) -> None:
        protocol, _ = server.connect()
        for name in RELIED_ON_STATE:
            assert hasattr(protocol, name), name

    run(body)


def test_check_names_what_a_changed_uvicorn_lacks(monkeypatch: pytest.MonkeyPatch) -> None:
    changed = {**uvicorn_seam.RELIED_ON, object: ("on_header",)}
    monkeypatch.setattr(uvicorn_seam, "RELIED_ON", changed)
    with pytest.raises(RuntimeError, match=r"object\.on_header"):
        check()


def test_a_head_within_the_limits_is_served() -> None:
    async def body(server: Server) -> None:
        protocol, transport = server.connect()
        protocol.data_received(b"GET / HTTP/1.1\r\nHost: x\r\nA: 1\r\n\r\n")
        for _ in range(50):
            await asyncio.sleep(0.01)
            if transport.written:
                break
        assert transport.status() == 200 and not transport.closed
        protocol.connection_lost(None)

    run(body)


@pytest.mark.parametrize(
    ("head", "code"),
    [
        (
            b"GET / HTTP/1.1\r\n" + b"".join(b"H%d: v\r\n" % n for n in range(10)),
            "too_many_headers",
        ),
        (b"GET / HTTP/1.1\r\nHost: x\r\nBig: " + b"v" * 600 + b"\r\n", "head_too_big"),
        (b"GET / HTTP/1.1\r\nHost: x\r\nGrowing: " + b"v" * 600, "head_too_big"),
        (b"GET /" + b"u" * 600 + b" HTTP/1.1\r\n", "head_too_big"),
    ],
)
def test_a_head_over_a_limit_gets_431_and_the_connection_closes(head: bytes, code: str) -> None:
    async def body(server: Server) -> None:
        protocol, transport = server.connect()
        for start in range(0, len(head), 100):  # as a slow client sends it
            protocol.data_received(head[start : start + 100])
        assert transport.closed and transport.status() == 431 and transport.error() == code

    run(body)


def test_a_head_that_does_not_end_in_time_gets_408() -> None:
    async def body(server: Server) -> None:
        protocol, transport = server.connect()
        protocol.data_received(b"GET / HTTP/1.1\r\nHost: x\r\n")
        await asyncio.sleep(LIMITS.head_seconds * 2)
        assert transport.closed and transport.status() == 408
        assert transport.error() == "slow_request"

    run(body)


def test_an_address_over_its_connections_gets_429_and_its_places_back() -> None:
    async def body(server: Server) -> None:
        first, _ = server.connect()
        server.connect()
        _, third = server.connect()
        assert third.closed and third.status() == 429 and third.error() == "too_many_connections"
        assert not server.connect("5.6.7.8")[1].closed  # another address has its own places
        first.connection_lost(None)
        assert not server.connect()[1].closed

    run(body)
