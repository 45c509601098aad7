"""A player who types words and keeps each until the server answers it, as a page does
(issue 34), counting what happened to each: for the outage tests.

Each word gets a key and is sent, with that key, until an `ack` or a refusal that is
not retryable; a retryable refusal keeps it, to go again half a second later or when
the server says its store is back (`status`). The socket is watched as the page's
is: a ping a second, and a socket with nothing back for 3 s is dropped and opened again,
after which every word not answered goes again. Closes the server sends are counted.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import math
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

#: Words in flight at once, and the share of the socket's credits words may spend (a
#: burst, then so many a second): the page's outbox's (`outbox.js`).
IN_FLIGHT = 16
BURST, PER_SECOND = 16.0, 6.0
#: A socket with nothing back for this long is dead (the page: 2.5 s, then a ping).
SILENT_SECONDS = 3.0


@dataclass
class Typed:
    key: str
    text: str
    typed: float
    sent: float | None = None
    #: when it was first sent, and the seconds its answer took after its last send
    sent_first: float | None = None
    latency: float | None = None
    #: `ack`, or the code of a refusal that is not retryable (None: not answered yet).
    answer: str | None = None
    answered: float | None = None
    retry_at: float = 0.0
    retries: int = 0


@dataclass
class Typist:
    name: str
    address: str
    room: str
    token: str
    words: list[str]
    typed: dict[str, Typed] = field(default_factory=dict)
    closed_by_server: list[int] = field(default_factory=list)
    dropped: int = 0
    #: the codes of the `error` frames the server sent (a flood, a bad message)
    errors: list[str] = field(default_factory=list)
    grid: str | None = None
    store_down: bool = False
    _ws: ClientConnection | None = None
    _ids: itertools.count[int] = field(default_factory=lambda: itertools.count(1))
    _requests: dict[int, str] = field(default_factory=dict)
    _heard: float = 0.0
    _stopping: bool = False
    _connected: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def url(self) -> str:
        return self.address.replace("http://", "ws://") + f"/ws/{self.room}"

    async def connect(self) -> None:
        """Open a socket (again, until one opens) and say hello."""
        while not self._stopping:
            try:
                self._ws = await connect(self.url, open_timeout=2, max_queue=None)
                await self._ws.send(json.dumps({"type": "hello", "token": self.token}))
                self._heard = time.monotonic()
                self._connected.set()
                return
            except (OSError, TimeoutError, InvalidHandshake, ConnectionClosed):
                await asyncio.sleep(0.2)

    async def start_round(self) -> None:
        """As the room's host: start its round, and learn its grid."""
        assert self._ws is not None
        await self._ws.send(json.dumps({"type": "start", "id": 0}))
        while self.grid is None:
            self._frame(json.loads(await self._ws.recv()))

    def _frame(self, message: dict[str, Any]) -> None:
        self._heard = time.monotonic()
        kind = message.get("type")
        events = message.get("events") if kind in ("ack", "events") else None
        for event in events or ():
            if event.get("type") == "boggle.round_started":
                self.grid = event["grid"]
        if kind == "welcome":
            current = message["view"].get("round")
            if current is not None:
                self.grid = current["grid"]
        elif kind == "status":
            self.store_down = message["store"] == "down"
            if not self.store_down:
                for typed in self.typed.values():
                    typed.retry_at = 0.0
        elif kind in ("ack", "refused"):
            self._answered(message)
        elif kind == "error":
            self.errors.append(str(message.get("code")))

    def _answered(self, message: dict[str, Any]) -> None:
        key = self._requests.pop(message.get("id", -1), None)
        typed = self.typed.get(key) if key is not None else None
        if typed is None or typed.answer is not None:
            return
        now = time.monotonic()
        if message["type"] == "refused" and message.get("retryable"):
            typed.sent = None
            typed.retries += 1
            typed.retry_at = math.inf if self.store_down else now + 0.5
            return
        typed.answer = "ack" if message["type"] == "ack" else str(message["code"])
        typed.answered = now
        typed.latency = None if typed.sent is None else now - typed.sent

    async def play(self, typing: asyncio.Event, pace: float) -> None:
        """Type a word every `pace` s while `typing` is set, until `stop`."""
        tasks = [self._read(), self._type(typing, pace), self._send(), self._watch()]
        await asyncio.gather(*(asyncio.create_task(t) for t in tasks))

    async def _type(self, typing: asyncio.Event, pace: float) -> None:
        for number in itertools.count():
            if self._stopping:
                return
            if typing.is_set():
                key = f"{self.name}-{number}-{secrets.token_hex(3)}"
                text = self.words[number % len(self.words)]
                self.typed[key] = Typed(key, text, time.monotonic())
            await asyncio.sleep(pace)

    def pending(self) -> list[Typed]:
        return [t for t in self.typed.values() if t.answer is None]

    async def _send(self) -> None:
        credits, refilled = BURST, time.monotonic()
        while not self._stopping:
            await self._connected.wait()
            now = time.monotonic()
            credits, refilled = min(BURST, credits + (now - refilled) * PER_SECOND), now
            flying = sum(1 for t in self.pending() if t.sent is not None)
            for typed in self.pending():
                if flying >= IN_FLIGHT or credits < 1:
                    break
                if typed.sent is not None or typed.retry_at > now:
                    continue
                request = next(self._ids)
                self._requests[request] = typed.key
                typed.sent = now
                typed.sent_first = typed.sent_first or now
                flying += 1
                credits -= 1
                message = {"type": "word", "text": typed.text, "id": request, "key": typed.key}
                assert self._ws is not None
                with contextlib.suppress(ConnectionClosed):
                    await self._ws.send(json.dumps(message))
            await asyncio.sleep(0.05)

    async def _read(self) -> None:
        while not self._stopping:
            await self._connected.wait()
            assert self._ws is not None
            socket = self._ws
            try:
                async for text in socket:
                    self._frame(json.loads(text))
            except ConnectionClosed:
                pass
            if self._stopping:
                return
            if socket.close_code is not None and socket.protocol.close_rcvd is not None:
                self.closed_by_server.append(socket.close_code)
            await self._reopen(socket)

    async def _reopen(self, socket: ClientConnection) -> None:
        """The socket is gone: open another; every word not answered goes again."""
        if self._ws is not socket:
            return
        self._connected.clear()
        for typed in self.pending():
            typed.sent = None
            if typed.retry_at == math.inf:
                typed.retry_at = 0.0
        self._requests.clear()
        await self.connect()

    async def _watch(self) -> None:
        """Ping every second; drop a socket silent for SILENT_SECONDS (as the page does)."""
        while not self._stopping:
            await asyncio.sleep(1.0)
            socket = self._ws
            if socket is None or not self._connected.is_set():
                continue
            if time.monotonic() - self._heard > SILENT_SECONDS:
                self.dropped += 1
                self._connected.clear()
                asyncio.get_running_loop().call_soon(_abort, socket)
                continue
            with contextlib.suppress(ConnectionClosed):
                await socket.send(json.dumps({"type": "ping", "c": time.time() * 1000}))

    async def drain(self, seconds: float) -> None:
        """Wait (at most `seconds`) until every word typed is answered."""
        give_up = time.monotonic() + seconds
        while self.pending() and time.monotonic() < give_up:
            for typed in self.pending():  # no more waiting for a status frame
                typed.retry_at = min(typed.retry_at, time.monotonic() + 0.5)
            await asyncio.sleep(0.1)

    async def stop(self) -> None:
        self._stopping = True
        self._connected.set()
        if self._ws is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._ws.close(), 2)


def _abort(socket: ClientConnection) -> None:
    """Drop the TCP connection at once (a half-open socket answers no close)."""
    transport = socket.transport
    if transport is not None:
        transport.abort()
