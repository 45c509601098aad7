"""Simulated arena pages for `bench_arena.py`: one socket per player on its round's room,
words at Poisson times, pings, a reconnect for a few; and the client process that runs a
share of them on its own event loop.

A page says hello with its seat's token and takes the round's frames as arena.js does:
numbers with holes, each newer event taken as it comes (never a resync). While the round
runs it writes a word at Poisson times (mean `gap` seconds): mostly words of the grid it
has not written yet, some letters that are no word, a few repeats of its own (the
`people` model's shares). Every answer is timed from the word's sending to its `ack` or
`refused`. A player picked to reconnect drops its socket once mid-round (no close
handshake, as a Wi-Fi drop) and opens a new one a moment later, saying the last event
it holds. The round's end frame is the results: when it came, and the player's place.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import random
import time
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

import msgspec
from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from load.browser import open_socket
from load.model import Model, Sheet
from load.worker import _lag

_decode = msgspec.json.Decoder().decode
_encode = msgspec.json.Encoder().encode

#: A page's ping, and how long the client processes wait for the last answers.
PING_EVERY = 5.0
DRAIN_SECONDS = 3.0


@dataclass(frozen=True)
class ArenaSeat:
    """A seat taken over HTTP in the measured round, and how its page behaves."""

    room: str
    token: str
    base: str
    #: the loopback address its socket comes from (each player is its own machine)
    source: str
    #: seconds after the round's start when the page drops its socket (None: never)
    drop_after: float | None = None


@dataclass
class ArenaRecord:
    """What one page saw (picklable, sent back to the coordinator)."""

    #: (sent epoch, seconds to the answer, outcome, kind meant)
    words: list[tuple[float, float, str, str]] = field(default_factory=list)
    #: words whose answer never came (socket dropped, or the run ended)
    unanswered: int = 0
    pings: list[float] = field(default_factory=list)
    welcomed_at: float | None = None
    start: float | None = None
    deadline: float | None = None
    results_at: float | None = None
    place: dict[str, Any] | None = None
    players: int = 0
    activity: int = 0
    reconnects: int = 0
    caught_up: int = 0
    closes: list[tuple[int, str]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    open_failures: list[str] = field(default_factory=list)
    #: the server process its socket went to
    base: str = ""


class ArenaPage:
    """One player's arena page on the measured round's room."""

    def __init__(
        self, seat: ArenaSeat, model: Model, grid_words: Any, opening: asyncio.Semaphore
    ) -> None:
        self.seat = seat
        self.model = model
        self.grid_words = grid_words
        self.opening = opening
        self.rng = random.Random(seat.token)
        self.record = ArenaRecord(base=seat.base)
        self.ws: ClientConnection | None = None
        self.last_seq = 0
        self.sheet: Sheet | None = None
        self.started = asyncio.Event()
        self.ended = asyncio.Event()
        self._ids = 0
        self._pending: dict[int, tuple[float, float, str]] = {}
        self._pings: dict[float, float] = {}
        #: the socket was just opened again: its first frame is what the page missed
        self._back = False
        #: the page dropped its socket itself (not a close of the server's)
        self._dropping = False

    async def run(self) -> None:
        """Open the socket (again after a drop) until the round's results are in."""
        writer = asyncio.create_task(self._write())
        dropper = asyncio.create_task(self._drop())
        pinger = asyncio.create_task(self._ping())
        try:
            while not self.ended.is_set():
                if await self._open():
                    await self._read()
                if not self.ended.is_set():
                    self._lose_pending()
                    await asyncio.sleep(1.0)
                    self.record.reconnects += 1
                    self._back = True
        finally:
            for task in (writer, dropper, pinger):
                task.cancel()

    async def _open(self) -> bool:
        url = self.seat.base.replace("http://", "ws://") + f"/ws/{self.seat.room}"
        async with self.opening:
            try:
                self.ws = await open_socket(url, self.seat.source)
            except (OSError, InvalidHandshake, TimeoutError) as error:
                self.record.open_failures.append(type(error).__name__)
                return False
        hello = {"type": "hello", "token": self.seat.token, "last_seq": self.last_seq}
        return await self._send(hello)

    async def _read(self) -> None:
        assert self.ws is not None
        try:
            async for frame in self.ws:
                self._handle(_decode(frame), time.time())
        except ConnectionClosed as closed:
            rcvd = closed.rcvd
            if not self._dropping:
                self.record.closes.append((rcvd.code, rcvd.reason) if rcvd else (1006, "lost"))
            self._dropping = False

    async def _send(self, message: dict[str, Any]) -> bool:
        if self.ws is None:
            return False
        try:
            await self.ws.send(_encode(message).decode())
        except ConnectionClosed:
            return False
        return True

    def _lose_pending(self) -> None:
        self.record.unanswered += len(self._pending)
        self._pending.clear()
        self._pings.clear()

    # --- frames -------------------------------------------------------------------------

    def _handle(self, message: dict[str, Any], at: float) -> None:
        kind = message.get("type")
        if self._back and kind in ("welcome", "events"):
            self.record.caught_up += 1  # what it missed, or its whole view
            self._back = False
        if kind == "welcome":
            self._welcome(message["view"], at)
        elif kind in ("events", "ack"):
            self._take(message["events"], at)
            if kind == "ack":
                events = message["events"] or [{}]
                self._answered(message["id"], str(events[-1].get("feedback", "stored")), at)
        elif kind == "refused":
            self._answered(message["id"], str(message.get("code")), at)
        elif kind == "pong":
            sent = self._pings.pop(message["c"], None)
            if sent is not None:
                self.record.pings.append(time.perf_counter() - sent)
        elif kind == "arena.activity":
            self.record.activity += 1
        elif kind == "error":
            self.record.errors.append(str(message.get("code")))

    def _welcome(self, view: dict[str, Any], at: float) -> None:
        self.last_seq = view["seq"]
        if self.record.welcomed_at is None:
            self.record.welcomed_at = at
        self.record.start, self.record.deadline = view["settings"]["start"], view["deadline"]
        if view["phase"] == "running" or view["phase"] == "ended":
            self._grid(view["grid"])
        if view["phase"] == "ended":
            self._results(view["result"], at)

    def _take(self, events: list[dict[str, Any]], at: float) -> None:
        for event in events:
            if event["seq"] <= self.last_seq:
                continue
            self.last_seq = event["seq"]
            if event["type"] == "arena.round_started":
                self.record.deadline = event["deadline"]
                self._grid(event["grid"])
            elif event["type"] == "arena.round_ended":
                self._results(event["result"], at)

    def _grid(self, grid: str) -> None:
        if self.sheet is None:
            self.sheet = Sheet(self.model, self.grid_words(grid), self.rng)
        self.started.set()

    def _results(self, result: dict[str, Any], at: float) -> None:
        if self.record.results_at is None:
            self.record.results_at = at
            self.record.place = result.get("you")
            self.record.players = result["players"]
        self.ended.set()

    def _answered(self, request: int, outcome: str, at: float) -> None:
        pending = self._pending.pop(request, None)
        if pending is not None:
            sent, clock, kind = pending
            self.record.words.append((sent, time.perf_counter() - clock, outcome, kind))

    # --- what the player does -------------------------------------------------------

    async def _write(self) -> None:
        await self.started.wait()
        deadline = self.record.deadline or 0.0
        gap = self.model.first_gap(self.rng)
        while time.time() + gap < deadline and not self.ended.is_set():
            await asyncio.sleep(gap)
            assert self.sheet is not None
            kind, text = self.sheet.next_word()
            self._ids += 1
            self._pending[self._ids] = (time.time(), time.perf_counter(), kind)
            if not await self._send({"type": "word", "text": text, "id": self._ids}):
                self._pending.pop(self._ids, None)
            gap = self.model.next_gap(self.rng)

    async def _ping(self) -> None:
        while True:
            await asyncio.sleep(PING_EVERY * (0.5 + self.rng.random()))
            sent = time.time() * 1000
            self._pings[sent] = time.perf_counter()
            if not await self._send({"type": "ping", "c": sent}):
                self._pings.pop(sent, None)

    async def _drop(self) -> None:
        """Once mid-round: the socket lost without a close (a Wi-Fi drop)."""
        if self.seat.drop_after is None:
            return
        await self.started.wait()
        start = self.record.start or time.time()
        await asyncio.sleep(max(0.0, start + self.seat.drop_after - time.time()))
        if self.ws is not None and not self.ended.is_set():
            self._dropping = True
            self.ws.transport.abort()


def client_main(pipe: Connection, model: Model, opening: int) -> None:
    """A client process: its pages on one event loop (uvloop if it is there). It says
    `ready` once its word list is loaded, then takes (`play`, its seats, when to stop)."""
    try:
        import uvloop
    except ImportError:
        asyncio.run(_client(pipe, model, opening))
    else:
        uvloop.run(_client(pipe, model, opening))


async def _client(pipe: Connection, model: Model, opening: int) -> None:
    from motamot.boggle import get_preset, parse_grid, solve
    from motamot.lexicon import load_lexicon

    gc.disable()  # a client makes almost no cyclic garbage; a collection stalls 1,000 pages
    rules, lexicon = get_preset("classic-fr"), load_lexicon("fr")
    solved: dict[str, list[str]] = {}

    def grid_words(grid: str) -> list[str]:
        if grid not in solved:
            solved[grid] = [w.word for w in solve(parse_grid(grid), rules, lexicon).words]
        return solved[grid]

    gate = asyncio.Semaphore(opening)
    pipe.send(("ready",))
    loop = asyncio.get_running_loop()
    _, seats, stop_at = await loop.run_in_executor(None, pipe.recv)
    pages = [ArenaPage(seat, model, grid_words, gate) for seat in seats]
    lags: list[tuple[float, float]] = []  # (epoch, seconds the loop woke late)
    probe = asyncio.create_task(_lag(lags))
    running = [asyncio.create_task(page.run()) for page in pages]
    cpu_at_start = time.process_time()
    while time.time() < stop_at and not all(page.ended.is_set() for page in pages):
        await asyncio.sleep(0.25)
    await asyncio.sleep(DRAIN_SECONDS)
    for task in [*running, probe]:
        task.cancel()
    with contextlib.suppress(Exception):
        await asyncio.gather(*running, return_exceptions=True)
    for page in pages:
        page.record.unanswered += len(page._pending)
    cpu = time.process_time() - cpu_at_start
    pipe.send(("done", [page.record for page in pages], cpu, lags))
