"""A simulated browser: one player's websocket, as the fault test and the benchmark drive it.

It keeps what a browser keeps (its token, the last seq it holds, its words),
resyncs on a gap, and when its server goes away it reconnects to the next
address in its list, says hello with its last seq and sends again the words
whose acknowledgement it never got (a word already stored comes back as
`duplicate_entry`: it counts as acknowledged, it is in the store).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import time
from collections.abc import Coroutine, Sequence
from dataclasses import dataclass, field
from typing import Any

import httpx2
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

ROUND_ENDED = "boggle.round_ended"
ROUND_STARTED = "boggle.round_started"


@dataclass
class Word:
    text: str
    sent: float
    acked: float | None = None
    seq: int | None = None
    refused: str | None = None


@dataclass
class Player:
    """One seat, connected to one server of `servers` at a time."""

    name: str
    servers: Sequence[str]
    room: str
    token: str
    seat: str
    server: int = 0
    last_seq: int = 0
    words: dict[int, Word] = field(default_factory=dict)
    reconnects: int = 0
    resyncs: int = 0
    close_codes: list[int | None] = field(default_factory=list)
    round_ended: dict[str, Any] | None = None
    round_ended_seen: float | None = None
    deadline: float | None = None
    grid: str | None = None
    _ids: itertools.count[int] = field(default_factory=lambda: itertools.count(1))
    _waiting: dict[int, asyncio.Future[dict[str, Any]]] = field(default_factory=dict)
    _ws: ClientConnection | None = None
    _reader: asyncio.Task[None] | None = None
    _connected: asyncio.Event = field(default_factory=asyncio.Event)
    _stopping: bool = False
    _tasks: set[asyncio.Task[None]] = field(default_factory=set)

    @property
    def address(self) -> str:
        return self.servers[self.server % len(self.servers)]

    async def start(self) -> None:
        await self._connect()
        self._reader = asyncio.create_task(self._read_forever())

    async def _connect(self) -> None:
        url = self.address.replace("http://", "ws://") + f"/ws/{self.room}"
        self._ws = await connect(url, open_timeout=5, max_queue=None)
        await self._ws.send(
            json.dumps({"type": "hello", "token": self.token, "last_seq": self.last_seq})
        )
        self._connected.set()

    async def _read_forever(self) -> None:
        while not self._stopping:
            assert self._ws is not None
            try:
                async for frame in self._ws:
                    self._handle(json.loads(frame))
                code = self._ws.close_code
            except ConnectionClosed as closed:
                code = closed.rcvd.code if closed.rcvd is not None else None
            except OSError:
                code = None
            if self._stopping:
                return
            self.close_codes.append(code)
            self._connected.clear()
            await self._reconnect()

    async def _reconnect(self) -> None:
        """The next server, until one answers; then the words never acknowledged, again."""
        for attempt in range(200):
            self.server += 1
            try:
                await self._connect()
                break
            except (OSError, ConnectionClosed, TimeoutError):
                await asyncio.sleep(min(0.05 * (attempt + 1), 0.5))
        else:
            raise RuntimeError(f"{self.name}: no server answers")
        self.reconnects += 1
        for request, future in list(self._waiting.items()):
            if not future.done():
                self._spawn(self._resend(request))

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _resend(self, request: int) -> None:
        word = self.words[request]
        assert self._ws is not None
        with contextlib.suppress(ConnectionClosed):
            await self._ws.send(json.dumps({"type": "word", "text": word.text, "id": request}))

    def _handle(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "welcome":
            view = message["view"]
            self.last_seq = view["seq"]
            current = view.get("round")
            if current is not None:
                self.deadline = current["deadline"]
                self.grid = current["grid"]
                if not current["running"] and self.round_ended is None:
                    self.round_ended = current["result"]
                    self.round_ended_seen = time.time()
        elif kind == "events":
            for frame in message["events"]:
                self._event(frame)
        elif kind in ("ack", "refused"):
            future = self._waiting.get(message.get("id", -1))
            if future is not None and not future.done():
                future.set_result(message)

    def _event(self, frame: dict[str, Any]) -> None:
        seq = frame["seq"]
        if seq <= self.last_seq:
            return
        if seq > self.last_seq + 1:
            self.resyncs += 1
            self._spawn(self._send({"type": "resync", "last_seq": self.last_seq}))
            return
        self.last_seq = seq
        if frame.get("type") == ROUND_STARTED:
            self.deadline = frame["deadline"]
            self.grid = frame["grid"]
        elif frame.get("type") == ROUND_ENDED:
            self.round_ended = frame
            self.round_ended_seen = time.time()

    async def _send(self, message: dict[str, Any]) -> None:
        await self._connected.wait()
        assert self._ws is not None
        with contextlib.suppress(ConnectionClosed):
            await self._ws.send(json.dumps(message))

    async def request(self, message: dict[str, Any], timeout: float = 30) -> dict[str, Any]:
        """Send a seat action; its ack or refusal."""
        return await self._ask(next(self._ids), message, timeout)

    async def _ask(self, request: int, message: dict[str, Any], timeout: float) -> dict[str, Any]:
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[request] = future
        try:
            await self._send({**message, "id": request})
            return await asyncio.wait_for(future, timeout)
        finally:
            self._waiting.pop(request, None)

    async def write(self, text: str, timeout: float = 30) -> Word:
        """Write a word; acknowledged (seq), refused (code), resent after a reconnect."""
        request = next(self._ids)
        word = self.words[request] = Word(text, time.perf_counter())
        answer = await self._ask(request, {"type": "word", "text": text}, timeout)
        word.acked = time.perf_counter()
        if answer["type"] == "ack":
            word.seq = answer["seq"]
        else:
            word.refused = answer["code"]
        return word

    def stored_words(self) -> list[str]:
        """Words acknowledged as stored: acks, and resent words the room already had."""
        return [
            w.text
            for w in self.words.values()
            if w.seq is not None or (w.refused == "duplicate_entry")
        ]

    async def stop(self) -> None:
        self._stopping = True
        if self._ws is not None:
            await self._ws.close()
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, ConnectionClosed):
                await self._reader


async def create_room(server: str, name: str, **settings: Any) -> tuple[str, str, str]:
    """(room, seat, token) of a new room created on `server` by `name`."""
    async with httpx2.AsyncClient(timeout=10) as http:
        answer = await http.post(f"{server}/api/rooms", json={"name": name, **settings})
        answer.raise_for_status()
        data = answer.json()
    return data["room"], data["seat"], data["token"]


async def join_room(server: str, room: str, name: str) -> tuple[str, str]:
    """(seat, token) of `name` joining `room` through `server`."""
    async with httpx2.AsyncClient(timeout=10) as http:
        answer = await http.post(f"{server}/api/rooms/{room}/join", json={"name": name})
        answer.raise_for_status()
        data = answer.json()
    return data["seat"], data["token"]
