"""Simulated duplicate pages for `bench_duplicate.py`: one socket per player at one live
duplicate table, each player's moves in the last seconds of every turn; and the client
process that runs a share of them on its own event loop.

A page says hello with its seat's token and follows the room's events. When a turn starts
it plans what its player does in the turn's last `window` seconds, at random times: a
move picked among every legal move of the common rack on the board it sees (the
engine's generator, once per turn and process), of any strength (the top now and then,
mostly a good one, sometimes a weak one); some players first ask the referee's preview
of a move or two, some submit a weaker move and then replace it, some first type a move
the referee will refuse at the turn's end (a word that is none) or lay tiles that make
no move (refused at once), a few submit nothing. A move is sent as its notation or as its
tiles on their cells (as a drag does). Every answer (`ack`, `refused`, `preview`) is
timed from the sending; the turn's end (`duplicate.turn_ended`) is timed from the turn's
deadline, both on this machine's clock (the server's too).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

import msgspec
from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from load.browser import open_socket

_decode = msgspec.json.Decoder().decode
_encode = msgspec.json.Encoder().encode

#: The last submission is planned at least this long before the deadline.
LAST_MARGIN = 0.3
#: Shares of the players' behaviours in a turn (the rest: one legal move).
PREVIEWS, REPLACED, ILLEGAL_FIRST, BAD_TILES, NOTHING = 0.30, 0.15, 0.08, 0.04, 0.03
#: Share of the moves sent as tiles on cells (the rest as typed notation).
PLACED = 0.5
#: A page pings every 5 s on average, as the room page does (the server closes a socket
#: silent for 90 s).
PING_EVERY = 5.0


@dataclass(frozen=True)
class DuplicateSeat:
    room: str
    token: str
    base: str
    #: the loopback address its socket comes from (each player is its own machine)
    source: str
    host: bool = False
    #: False: the room's arbiter (D7), who starts the game and plays no move
    plays: bool = True


@dataclass
class DuplicateRecord:
    """What one page saw (picklable, sent back to the coordinator)."""

    #: (turn, what was sent, seconds to the answer, the answer)
    answers: list[tuple[int, str, float, str]] = field(default_factory=list)
    #: actions whose answer never came (socket closed, or the run ended)
    unanswered: int = 0
    #: turn number → seconds from its deadline to this page holding its results
    results: dict[int, float] = field(default_factory=dict)
    #: turn number → its deadline (epoch seconds)
    deadlines: dict[int, float] = field(default_factory=dict)
    welcomed_at: float | None = None
    #: events seen out of order (a hole in the seqs)
    gaps: int = 0
    frames: int = 0
    pongs: int = 0
    ended: str | None = None
    closes: list[tuple[int, str]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    open_failures: list[str] = field(default_factory=list)


#: (position, rack labels) → every legal move, the top first, as the page needs them.
Moves = Callable[[str, tuple[str, ...]], list[Any]]


class DuplicatePage:
    """One player's page at the table, for `turns` turns."""

    def __init__(
        self, seat: DuplicateSeat, moves: Moves, turns: int, window: float, gate: Any
    ) -> None:
        self.seat = seat
        self.moves = moves
        self.turns = turns
        self.window = window
        self.gate = gate
        self.rng = random.Random(seat.token)
        self.record = DuplicateRecord()
        self.ws: ClientConnection | None = None
        self.last_seq = 0
        self.position = ""
        self.deadlines: dict[int, float] = {}
        self.welcomed = asyncio.Event()
        self.done = asyncio.Event()
        self._ids = 0
        self._pending: dict[int, tuple[int, str, float]] = {}
        self._plans: list[asyncio.Task[None]] = []
        self._stopping = False

    async def run(self) -> None:
        url = self.seat.base.replace("http://", "ws://") + f"/ws/{self.seat.room}"
        async with self.gate:
            try:
                self.ws = await open_socket(url, self.seat.source)
            except (OSError, InvalidHandshake, TimeoutError) as error:
                self.record.open_failures.append(type(error).__name__)
                self.welcomed.set()
                self.done.set()
                return
        await self._send({"type": "hello", "token": self.seat.token, "last_seq": 0})
        pinger = asyncio.create_task(self._ping())
        try:
            async for frame in self.ws:
                self._handle(_decode(frame), time.time())
        except ConnectionClosed:
            pass
        finally:
            pinger.cancel()
            if not (self.done.is_set() or self._stopping):  # closed by the server
                code, reason = self.ws.close_code, self.ws.close_reason
                self.record.closes.append((code or 1006, reason or "lost"))
            self.welcomed.set()
            self.done.set()

    async def _ping(self) -> None:
        while True:
            await asyncio.sleep(PING_EVERY * (0.5 + self.rng.random()))
            await self._send({"type": "ping", "c": time.time() * 1000})

    async def start(self) -> None:
        """The host starts the game (the first rack is dealt)."""
        await self._ask({"type": "start"}, 0, "start")

    async def stop(self) -> None:
        self._stopping = True
        for task in self._plans:
            task.cancel()
        self.record.unanswered += len(self._pending)
        self._pending.clear()
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.ws.close(), 5)

    async def _send(self, message: dict[str, Any]) -> bool:
        if self.ws is None:
            return False
        try:
            await self.ws.send(_encode(message).decode())
        except ConnectionClosed:
            return False
        return True

    async def _ask(self, message: dict[str, Any], turn: int, kind: str) -> None:
        self._ids += 1
        self._pending[self._ids] = (turn, kind, time.perf_counter())
        if not await self._send({**message, "id": self._ids}):
            self._pending.pop(self._ids, None)
            self.record.unanswered += 1

    # --- frames -------------------------------------------------------------------------

    def _handle(self, message: dict[str, Any], at: float) -> None:
        self.record.frames += 1
        kind = message.get("type")
        if kind == "welcome":
            self._welcome(message["view"], at)
        elif kind == "events":
            self._take(message["events"], at)
        elif kind == "ack":
            self._take(message["events"], at)
            events = message["events"] or [{}]
            self._answered(message["id"], str(events[-1].get("type", "ack")))
        elif kind in ("refused", "preview"):
            verdict = message.get("verdict") or {}
            outcome = str(message.get("code") or ("legal" if verdict.get("legal") else "illegal"))
            self._answered(message["id"], outcome)
        elif kind == "pong":
            self.record.pongs += 1
        elif kind == "error":
            self.record.errors.append(str(message.get("code")))

    def _welcome(self, view: dict[str, Any], at: float) -> None:
        self.last_seq = view["seq"]
        self.record.welcomed_at = self.record.welcomed_at or at
        game = view.get("game")
        if game is not None:
            self.position = game["board"]["position"]
        self.welcomed.set()

    def _take(self, events: list[dict[str, Any]], at: float) -> None:
        for event in events:
            seq = event["seq"]
            if seq <= self.last_seq:
                continue
            if seq != self.last_seq + 1:
                self.record.gaps += 1
            self.last_seq = seq
            kind = event["type"]
            if kind == "duplicate.turn_started":
                number, deadline = event["number"], event["deadline"]
                self.deadlines[number] = self.record.deadlines[number] = deadline
                if number <= self.turns and self.seat.plays:
                    rack = tuple(event["rack"])
                    self._plans.append(asyncio.create_task(self._turn(number, rack, deadline)))
            elif kind == "duplicate.turn_ended":
                number = event["number"]
                self.position = event["board"]["position"]
                if number in self.deadlines and number not in self.record.results:
                    self.record.results[number] = at - self.deadlines[number]
                if number >= self.turns:
                    self.done.set()
            elif kind == "duplicate.ended":
                self.record.ended = event["reason"]
                self.done.set()

    def _answered(self, request: int, outcome: str) -> None:
        pending = self._pending.pop(request, None)
        if pending is not None:
            turn, kind, clock = pending
            self.record.answers.append((turn, kind, time.perf_counter() - clock, outcome))

    # --- what the player does -------------------------------------------------------

    async def _turn(self, number: int, rack: tuple[str, ...], deadline: float) -> None:
        position = self.position
        moves = await asyncio.to_thread(self.moves, position, rack)
        plan = self._plan(moves, rack, deadline)
        for when, message, kind in sorted(plan, key=lambda step: step[0]):
            await asyncio.sleep(max(0.0, when - time.time()))
            await self._ask(message, number, kind)

    def _plan(
        self, moves: list[Any], rack: tuple[str, ...], deadline: float
    ) -> list[tuple[float, dict[str, Any], str]]:
        """(when, message, kind) of the player's actions in the turn's last seconds."""
        rng = self.rng
        first = max(time.time(), deadline - self.window)
        last = deadline - LAST_MARGIN
        if not moves or rng.random() < NOTHING or last <= first:
            return []
        steps: list[tuple[float, dict[str, Any], str]] = []
        submit_at = rng.uniform(first, last)
        chosen = self._pick(moves)
        roll = rng.random()
        if roll < PREVIEWS:
            for _ in range(rng.randint(1, 3)):
                steps.append(
                    (rng.uniform(first, submit_at), self._move(moves, "preview"), "preview")
                )
        elif roll < PREVIEWS + REPLACED:
            weaker = moves[min(len(moves) - 1, moves.index(chosen) + rng.randint(1, 20))]
            steps.append((rng.uniform(first, submit_at), self._play(weaker), "replaced"))
        elif roll < PREVIEWS + REPLACED + ILLEGAL_FIRST:
            steps.append((rng.uniform(first, submit_at), self._illegal(chosen), "illegal"))
        elif roll < PREVIEWS + REPLACED + ILLEGAL_FIRST + BAD_TILES:
            steps.append((rng.uniform(first, submit_at), self._bad_tiles(rack), "bad_tiles"))
        steps.append((submit_at, self._play(chosen), "move"))
        return steps

    def _pick(self, moves: list[Any]) -> Any:
        """The top now and then, mostly a good move, sometimes a weak one."""
        if self.rng.random() < 0.15:
            return moves[0]
        return moves[int(len(moves) * self.rng.random() ** 3)]

    def _move(self, moves: list[Any], kind: str) -> dict[str, Any]:
        return {"type": kind, **self._fields(self._pick(moves))}

    def _play(self, move: Any) -> dict[str, Any]:
        return {"type": "play", **self._fields(move)}

    def _fields(self, move: Any) -> dict[str, Any]:
        from motamot.topword.tiles import tile_label

        if self.rng.random() < PLACED:
            placed: dict[str, Any] = {
                "placements": [[cell, tile_label(tile)] for cell, tile in move.placements]
            }
            if len(move.placements) == 1:
                placed["across"] = move.across
            return placed
        return {"move": move.notation}

    def _illegal(self, move: Any) -> dict[str, Any]:
        """Where a move goes, with letters that read no word (stored, 0 at the end)."""
        from motamot.topword.move import Move, format_move, word_tiles

        letters = "".join(self.rng.choices("BCDFGHJKLMNPRSTVWXZ", k=max(2, len(move.word))))
        typed = format_move(Move(move.row, move.col, move.across, word_tiles(letters)))
        return {"type": "play", "move": typed}

    def _bad_tiles(self, rack: tuple[str, ...]) -> dict[str, Any]:
        """Two of the rack's tiles on far-apart cells: no move (refused at once)."""
        tiles = list(rack[:2]) if len(rack) >= 2 else ["E", "E"]
        return {"type": "play", "placements": [[0, tiles[0]], [99, tiles[1]]]}


def client_main(pipe: Connection, turns: int, window: float, opening: int) -> None:
    """A client process: its pages on one event loop (uvloop if it is there). It says
    `ready` once its word list is loaded, takes (`open`, its seats), says `opened`, takes
    (`play`, when to stop) and answers `done` with its records and CPU seconds."""
    try:
        import uvloop
    except ImportError:
        asyncio.run(_client(pipe, turns, window, opening))
    else:
        uvloop.run(_client(pipe, turns, window, opening))


async def _client(pipe: Connection, turns: int, window: float, opening: int) -> None:
    from motamot.lexicon import load_lexicon
    from motamot.topword.board import Board
    from motamot.topword.duplicate import top_key
    from motamot.topword.movegen import legal_moves
    from motamot.topword.tiles import TOPWORD_FR, parse_rack

    gc.disable()  # a client makes almost no cyclic garbage; a collection stalls 250 pages
    lexicon = load_lexicon("fr")
    known: dict[tuple[str, tuple[str, ...]], list[Any]] = {}

    def moves(position: str, rack: tuple[str, ...]) -> list[Any]:
        """Every legal move, the top first (D4): once a turn for the whole process."""
        key = (position, rack)
        if key not in known:
            board = Board.from_position(position) if position else Board()
            tiles = parse_rack("".join(label[0] for label in rack), TOPWORD_FR)
            known[key] = sorted(legal_moves(board, tiles, TOPWORD_FR, lexicon), key=top_key)
        return known[key]

    moves("", ())  # the generator's first call (its kernel) before any turn
    gate = asyncio.Semaphore(opening)
    pipe.send(("ready",))
    loop = asyncio.get_running_loop()
    _, seats = await loop.run_in_executor(None, pipe.recv)
    pages = [DuplicatePage(seat, moves, turns, window, gate) for seat in seats]
    running = [asyncio.create_task(page.run()) for page in pages]
    await asyncio.gather(*(page.welcomed.wait() for page in pages))
    pipe.send(("opened", sum(page.record.welcomed_at is not None for page in pages)))
    _, stop_at = await loop.run_in_executor(None, pipe.recv)
    cpu_at_start = time.process_time()
    for page in pages:
        if page.seat.host:
            await page.start()
    while time.time() < stop_at and not all(page.done.is_set() for page in pages):
        await asyncio.sleep(0.25)
    await asyncio.sleep(1.0)  # the last answers on their way
    await asyncio.gather(*(page.stop() for page in pages))
    await asyncio.wait(running, timeout=10)
    for task in running:
        task.cancel()
    pipe.send(("done", [page.record for page in pages], time.process_time() - cpu_at_start))
