"""One simulated browser, playing as static/connection.js and room.js do.

It says hello with its token and the last seq it holds, takes numbered
events in order and asks for a resync on a gap, pings every few seconds
(the clock offset), and when its socket closes it reconnects after a
back-off (0.5 s doubling to 8 s, reset once open) with hello last_seq, unless
the close says not to (FINAL_CLOSES). Like the page, it never sends again a
word whose answer it did not get: such a word is counted as lost to the
close. Each player's socket comes from an address of its own (Seat.source):
the server counts credits per address too. The host starts each round when
the plan says. Everything is recorded, for the figures, not judged here.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import msgspec
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from load.model import Model, Sheet

ROUND_STARTED = "boggle.round_started"
ROUND_ENDED = "boggle.round_ended"
#: connection.js's back-off: first wait, ceiling (seconds).
RETRY_FIRST, RETRY_MAX = 0.5, 8.0
#: Close code recorded when the socket ended without a close frame from the server.
NO_CLOSE_FRAME = 1006
#: Closes after which the page does not reconnect (connection.js): no such room, not this
#: room's token, this seat opened elsewhere.
FINAL_CLOSES = (4404, 4403, 4409)

_decode = msgspec.json.Decoder().decode
_encode = msgspec.json.Encoder().encode


async def open_socket(url: str, source: str) -> ClientConnection:
    """A page's websocket from its own loopback address: no pings of its own (a browser
    answers the server's and sends none), no compression, no size or queue limit."""
    return await connect(
        url,
        open_timeout=60,
        ping_interval=None,
        max_queue=None,
        max_size=None,
        compression=None,
        proxy=None,
        local_addr=(source, 0),
    )


@dataclass(frozen=True)
class Seat:
    """A seat taken over HTTP: where its socket goes and which group of rooms it is in."""

    room: str
    token: str
    host: bool
    base: str
    #: 0: rooms started first; 1: rooms started later (they play through the others' end)
    group: int
    #: the loopback address its socket comes from (each player is its own machine)
    source: str = "127.0.0.1"


@dataclass(frozen=True)
class Plan:
    """When the hosts start rounds (epoch seconds), how many, and when everybody stops."""

    starts: tuple[float, float]
    rounds: int
    pause: float
    stop_at: float


@dataclass
class RoundSeen:
    number: int
    start: float
    deadline: float
    #: epoch when this browser held the round's results (None: never)
    results_at: float | None = None
    #: how they came: `events` (the live frame) or `welcome` (a view after a reconnect)
    via: str = ""


@dataclass
class Record:
    """What one browser saw: picklable, sent back to the coordinator."""

    room: str
    group: int
    host: bool
    #: (sent epoch, seconds to the answer or waited so far, outcome, kind meant)
    words: list[tuple[float, float, str, str]] = field(default_factory=list)
    #: (sent epoch, round trip seconds)
    pings: list[tuple[float, float]] = field(default_factory=list)
    pings_unanswered: int = 0
    rounds: dict[int, RoundSeen] = field(default_factory=dict)
    #: first connection: (attempt epoch, welcome epoch or None)
    first_open: tuple[float, float | None] = (0.0, None)
    reconnects: int = 0
    #: (epoch, code, reason) of each close the browser did not ask for
    closes: list[tuple[float, int, str]] = field(default_factory=list)
    #: the last event number it held, and how many events frames it got
    last_seq: int = 0
    event_frames: int = 0
    #: failed attempts to open the socket (each followed by the back-off)
    open_failures: list[str] = field(default_factory=list)
    #: words the player wrote while its socket was closed (the page sends nothing then)
    unsent: int = 0
    resyncs: int = 0
    errors: list[str] = field(default_factory=list)
    start_refusals: list[str] = field(default_factory=list)


@dataclass
class _Pending:
    sent: float
    clock: float
    kind: str


class Browser:
    """One seat's page: its socket (reopened after a close), its writer, its pinger."""

    def __init__(
        self,
        seat: Seat,
        model: Model,
        grid_words: Callable[[str], list[str]],
        opening: asyncio.Semaphore,
    ) -> None:
        self.seat = seat
        self.model = model
        self.grid_words = grid_words
        self.opening = opening
        self.record = Record(seat.room, seat.group, seat.host)
        self.rng = random.Random(seat.token)
        self.last_seq = 0
        self.ws: ClientConnection | None = None
        self.current: RoundSeen | None = None
        self.round_changed = asyncio.Event()
        self.welcomed = asyncio.Event()
        self.stopping = False
        self._ids = 0
        self._words: dict[int, _Pending] = {}
        self._starts: dict[int, asyncio.Future[dict[str, Any]]] = {}
        #: the `c` of each ping whose pong has not come
        self._pings: set[float] = set()
        self._pinger: asyncio.Task[None] | None = None
        self.hushed = False
        self._tasks: set[asyncio.Task[bool]] = set()
        self.sheet = Sheet(model, [], self.rng)
        self.writer: asyncio.Task[None] | None = None

    # --- the socket ---------------------------------------------------------------------

    async def run(self) -> None:
        """Open the socket and keep it open (back-off after each close) until stopped."""
        self.writer = asyncio.create_task(self._write())
        retry, opens = RETRY_FIRST, 0
        try:
            while not self.stopping:
                opened = await self._open()
                if opened:
                    retry = RETRY_FIRST
                    self.record.reconnects += opens > 0  # every open after the first
                    opens += 1
                    if not self.hushed:
                        self._pinger = asyncio.create_task(self._ping())
                    await self._read()
                    if self._pinger is not None:
                        self._pinger.cancel()
                if self.stopping or self._closed_for_good():
                    break
                self._lose_pending()
                await asyncio.sleep(retry)
                retry = min(retry * 2, RETRY_MAX)
        finally:
            self.hush()

    def _closed_for_good(self) -> bool:
        return bool(self.record.closes) and self.record.closes[-1][1] in FINAL_CLOSES

    def hush(self) -> None:
        """The player stops writing and pinging (its socket stays open for the answers on
        their way)."""
        self.hushed = True
        for task in (self.writer, self._pinger):
            if task is not None:
                task.cancel()

    def waiting(self) -> int:
        """Words and pings sent whose answer has not come yet."""
        return len(self._words) + len(self._pings)

    def rounds_done(self) -> int:
        """Rounds whose results this browser holds."""
        return sum(1 for seen in self.record.rounds.values() if seen.results_at is not None)

    async def _open(self) -> bool:
        url = self.seat.base.replace("http://", "ws://") + f"/ws/{self.seat.room}"
        async with self.opening:  # a few handshakes at a time (--opening)
            if self.record.first_open == (0.0, None):
                self.record.first_open = (time.time(), None)
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
            code, reason = self._close_of(self.ws)
        except ConnectionClosed as closed:
            rcvd = closed.rcvd
            code = rcvd.code if rcvd is not None else NO_CLOSE_FRAME
            reason = rcvd.reason if rcvd is not None else "no close frame"
        if not self.stopping:
            self.record.closes.append((time.time(), code, reason))

    @staticmethod
    def _close_of(ws: ClientConnection) -> tuple[int, str]:
        rcvd = ws.protocol.close_rcvd
        if rcvd is None:
            return NO_CLOSE_FRAME, "no close frame"
        return rcvd.code, rcvd.reason

    async def _send(self, message: dict[str, Any]) -> bool:
        if self.ws is None:
            return False
        try:
            await self.ws.send(_encode(message).decode())
        except ConnectionClosed:
            return False
        return True

    def _lose_pending(self) -> None:
        """The page keeps no answer it did not get: those words are lost to the close."""
        clock = time.perf_counter()
        for pending in self._words.values():
            self.record.words.append((pending.sent, clock - pending.clock, "closed", pending.kind))
        self._words.clear()
        self.record.pings_unanswered += len(self._pings)
        self._pings.clear()

    async def stop(self) -> None:
        """Count what is still unanswered, then close without reconnecting."""
        self.stopping = True
        self.record.last_seq = self.last_seq
        clock = time.perf_counter()
        for pending in self._words.values():
            self.record.words.append(
                (pending.sent, clock - pending.clock, "unanswered", pending.kind)
            )
        self._words.clear()
        self.record.pings_unanswered += len(self._pings)
        self._pings.clear()
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.ws.close(), 5)

    # --- frames -------------------------------------------------------------------------

    def _handle(self, message: dict[str, Any], at: float) -> None:
        kind = message.get("type")
        if kind == "events":
            self.record.event_frames += 1
            self._take(message["events"], at)
        elif kind == "ack":
            self._answered(message, at)
            self._take(message["events"], at)
        elif kind == "refused":
            self._answered(message, at)
        elif kind == "pong":
            self._pings.discard(message["c"])
            self.record.pings.append((message["c"] / 1000, at - message["c"] / 1000))
        elif kind == "welcome":
            self._welcome(message["view"], at)
        elif kind == "error":
            self.record.errors.append(str(message.get("code")))

    def _answered(self, message: dict[str, Any], at: float) -> None:
        request = message.get("id", -1)
        pending = self._words.pop(request, None)
        if pending is not None:
            outcome = message.get("code", "stored")
            if message["type"] == "ack":
                events = message.get("events") or [{}]
                outcome = str(events[-1].get("feedback", "stored"))
            latency = time.perf_counter() - pending.clock
            self.record.words.append((pending.sent, latency, outcome, pending.kind))
            return
        start = self._starts.pop(request, None)
        if start is not None and not start.done():
            start.set_result(message)

    def _welcome(self, view: dict[str, Any], at: float) -> None:
        self.last_seq = view["seq"]
        self.welcomed.set()
        if self.record.first_open[1] is None:
            self.record.first_open = (self.record.first_open[0], at)
        shown = view.get("round")
        if shown is None:
            return
        seen = self._round(shown["number"], shown["start"], shown["deadline"], shown["grid"])
        if not shown["running"] and seen.results_at is None:
            seen.results_at, seen.via = at, "welcome"
            self._ended(seen)

    def _take(self, events: list[dict[str, Any]], at: float) -> None:
        """Events in order, as connection.js takes them: a gap asks for what is missing."""
        for event in events:
            seq = event["seq"]
            if seq <= self.last_seq:
                continue
            if seq != self.last_seq + 1:
                self.record.resyncs += 1
                resync = {"type": "resync", "last_seq": self.last_seq}
                task = asyncio.create_task(self._send(resync))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)
                return
            self.last_seq = seq
            kind = event.get("type")
            if kind == ROUND_STARTED:
                self._round(event["number"], event["start"], event["deadline"], event["grid"])
            elif kind == ROUND_ENDED:
                seen = self.record.rounds.get(event["number"])
                if seen is not None and seen.results_at is None:
                    seen.results_at, seen.via = at, "events"
                    self._ended(seen)

    def _round(self, number: int, start: float, deadline: float, grid: str) -> RoundSeen:
        seen = self.record.rounds.get(number)
        if seen is None:
            seen = self.record.rounds[number] = RoundSeen(number, start, deadline)
        if self.current is None or self.current.number < number:
            self.current = seen
            self.sheet = Sheet(self.model, self.grid_words(grid), self.rng)
            self.round_changed.set()
        return seen

    def _ended(self, seen: RoundSeen) -> None:
        if self.current is seen:
            self.round_changed.set()

    # --- what the player does -----------------------------------------------------------

    async def _ping(self) -> None:
        every = self.model.ping_every
        if every is None:
            return
        while True:
            sent = time.time() * 1000
            self._pings.add(sent)
            if not await self._send({"type": "ping", "c": sent}):
                self._pings.discard(sent)
            await asyncio.sleep(every)

    async def _write(self) -> None:
        """Words at the model's times while a round runs (none after its deadline)."""
        while not self.stopping:
            seen = self.current
            if seen is None or seen.results_at is not None or time.time() >= seen.deadline:
                self.round_changed.clear()
                await self.round_changed.wait()
                continue
            gap = self.model.first_gap(self.rng)
            while self.current is seen and time.time() + gap < seen.deadline:
                await asyncio.sleep(gap)
                if self.current is seen and seen.results_at is None:
                    await self._write_one()
                gap = self.model.next_gap(self.rng)
            if self.current is seen:
                self.round_changed.clear()
                await self.round_changed.wait()

    async def _write_one(self) -> None:
        kind, text = self.sheet.next_word()
        self._ids += 1
        request = self._ids
        self._words[request] = _Pending(time.time(), time.perf_counter(), kind)
        if not await self._send({"type": "word", "text": text, "id": request}):
            self._words.pop(request, None)  # the page sends nothing while it reconnects
            self.record.unsent += 1

    async def host(self, plan: Plan) -> None:
        """Start round 1 at the group's time, each next one `pause` s after the results."""
        await asyncio.sleep(max(0.0, plan.starts[self.seat.group] - time.time()))
        for number in range(1, plan.rounds + 1):
            while not self.stopping:
                await self.welcomed.wait()
                if number in self.record.rounds or await self._start():
                    break
                await asyncio.sleep(1.0)
            seen = self.record.rounds.get(number)
            while seen is None or seen.results_at is None:
                self.round_changed.clear()
                await self.round_changed.wait()
                seen = self.record.rounds.get(number)
            await asyncio.sleep(plan.pause)

    async def _start(self) -> bool:
        self._ids += 1
        request = self._ids
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._starts[request] = future
        if not await self._send({"type": "start", "id": request}):
            return False
        try:
            answer = await asyncio.wait_for(future, 30)
        except TimeoutError:
            self.record.start_refusals.append("no answer")
            return False
        finally:
            self._starts.pop(request, None)
        if answer["type"] != "ack":
            self.record.start_refusals.append(str(answer.get("code")))
            return answer.get("code") == "round_running"
        return True
