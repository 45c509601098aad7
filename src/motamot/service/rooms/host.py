"""The host: rooms over the ports, store before acknowledge.

A command goes: the room's due timers are fired (`tick`), the room handles
the command, its events are appended to the store, and only then are they
published and acknowledged. Commands of one room are serialised by a lock;
rooms run side by side. When the store refuses an append (another writer got
there first, or it failed) the room is rebuilt from the store and the sender
gets a retryable refusal: the room never runs ahead of what is stored. A
player's action whose key the room has seen applied (`rooms.keys`: the page
sent it again, its answer lost) is acknowledged again and not handled.

Timers: one task per live room sleeps until `next_wakeup`, then ticks. On
start every stored room is loaded and ticked at once: a deadline that passed
while the process was down ends its round at the deadline, not at the restart.

Computer players that need thinking (Topword) are asked for by the room
(`pending_bot()`): the host computes the decision in a worker thread, outside
the room's lock, waits out the bot's thinking time, and submits the decision
as the bot seat's command, like any player's.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from typing import Any, TypeVar

from motamot.lexicon import load_lexicon
from motamot.service.ports import (
    Broadcaster,
    Clock,
    EventStore,
    SeqConflict,
    StoredEvent,
    StoreUnavailable,
)
from motamot.service.rooms.actor import Actor, Lexicons, PendingTurn
from motamot.service.rooms.due import DueRooms, ahead_job, in_turn
from motamot.service.rooms.events import Event
from motamot.service.rooms.kinds import Kinds
from motamot.service.rooms.locks import RoomLocks
from motamot.service.rooms.outcomes import Ack, Refusal
from motamot.service.rooms.settings import pin_dictionary
from motamot.service.rooms.shown import frame_json
from motamot.service.rooms.waiting import StoreFailed, Waiting
from motamot.service.stores.guarded import guarded
from motamot.service.stores.outages import failed
from motamot.service.tasks import stopped, within

#: Any kind's room, as the host holds it.
Room = Actor[Any]

log = logging.getLogger(__name__)

#: How long a readiness question may take before the part is called down.
READY_SECONDS = 0.5
#: Rooms whose timers fire together are ticked together, this many at a time: their
#: events are stored in one group commit and their results built in one trip to the
#: worker thread, and the event loop answers the rooms still playing between two groups.
#: (bench_server, 2,000 players ending together: each room ticked on its own, 8 at a
#: time, results p99 0.77 s; in groups, see docs/architecture.md.)
ENDS_AT_ONCE = 32


def draw_seed() -> int:
    """A fresh seed for a round or a game (the room never draws randomness itself)."""
    return secrets.randbits(63)


def cached_lexicons() -> Lexicons:
    """Word lists by name, each loaded once."""
    return cache(load_lexicon)


T = TypeVar("T")


class RoomHost:
    """Every room of one process, over an event store, a broadcaster and a clock."""

    def __init__(
        self,
        store: EventStore,
        broadcaster: Broadcaster,
        clock: Clock,
        lexicons: Lexicons,
        kinds: Kinds,
    ) -> None:
        #: Every wait on the store bounded, and whether it writes (`stores.guarded`).
        self.store = guarded(store)
        self.broadcaster = broadcaster
        self.clock = clock
        self.lexicons = lexicons
        self.kinds = kinds
        self._rooms: dict[str, Room] = {}
        self._locks = RoomLocks(lambda room_id: room_id in self._rooms)
        self._wake: dict[str, asyncio.Event] = {}
        self._timers: dict[str, asyncio.Task[None]] = {}
        self._bots: dict[str, asyncio.Task[None]] = {}
        #: Every bot turn until its move is answered (the entries of `_bots` leave once
        #: the move is decided, so that the move's own submit may start the next turn).
        self._bot_turns: set[asyncio.Task[None]] = set()
        #: Rooms whose computer players wait (a record being played into them).
        self._bots_held: set[str] = set()
        #: Commands waiting for their room, and the task running them (by room).
        self._waiting: dict[str, list[Waiting]] = {}
        self._drains: dict[str, asyncio.Task[None]] = {}
        self._run_timers = False
        #: Longest a bot may think (wall clock, seconds) before it must answer.
        self.bot_think_limit = 5.0
        #: Told of every room's events once they are stored and published, inside the
        #: room's actor (so each must only hand them on): the players' projections.
        self.observers: list[Callable[[Room, Sequence[Event]], None]] = []
        #: What happened to rooms here, by name (`relayed_sent`, `claims`, `moves`...),
        #: plain counts the operator's metrics read when scraped (`server.metrics`).
        self.counts: collections.Counter[str] = collections.Counter()
        #: Rounds of many rooms end at once: their results are built one room after the
        #: other in one thread of their own (a pool of threads would only take the GIL from
        #: the event loop in turn), and at most ENDS_AT_ONCE rooms' timers fire together,
        #: so the rooms still playing are served between two ends.
        self._results: ThreadPoolExecutor | None = None
        #: Rooms whose timers are due, waiting to be ticked together.
        self._due = DueRooms(self.tick_together, ENDS_AT_ONCE)

    # --- rooms in memory ----------------------------------------------------------------

    async def _rebuild(self, room_id: str) -> Room | None:
        """The room as the store has it (None for an unknown room)."""
        rows = await self.store.load(room_id)
        if not rows:
            self._rooms.pop(room_id, None)
            return None
        room = self.kinds.rebuild(rows, self.lexicons)
        self._rooms[room_id] = room
        self._poke(room_id)  # its timer forgot it when it was dropped (a failed append)
        return room

    async def _room(self, room_id: str) -> Room | None:
        room = self._rooms.get(room_id)
        if room is None:
            room = await self._rebuild(room_id)
            if room is not None:
                self._follow(room_id)
        return room

    def room(self, room_id: str) -> Room:
        """A room in memory (KeyError if it is not loaded: `await view(...)` loads)."""
        return self._rooms[room_id]

    def census(self) -> tuple[int, int]:
        """(rooms in memory, rooms this process runs): one process runs all it holds."""
        return len(self._rooms), len(self._rooms)

    async def unready(self) -> str | None:
        """What this process cannot do now (`store`: write to its store, asked by a probe
        that writes while it is down), or None when it can serve."""
        return None if await self.store.probe() is None else "store"

    def in_memory(self) -> list[str]:
        """The ids of the rooms this process holds in memory now."""
        return list(self._rooms)

    def loaded(self, room_id: str) -> Room | None:
        """The room if this process has it in memory, as it is (no store read, no tick):
        enough to know what kind of room a command is for."""
        return self._rooms.get(room_id)

    async def retire(
        self, room_id: str, before: float, keep: Callable[[Room], Awaitable[None]]
    ) -> bool:
        """Remove a finished room whose last event is older than `before`, once `keep`
        has kept what is to be kept of it (`rooms.retention`); whether it was removed."""
        async with self._locks.hold(room_id):
            loaded = room_id in self._rooms
            room = self._rooms.get(room_id) or await self._rebuild(room_id)
            if room is None or not room.finished():
                if not loaded:
                    self._rooms.pop(room_id, None)
                return False
            await keep(room)
            if not await self.store.remove(room_id, before):
                return False
            self._forget(room_id)
        return True

    async def unload(self, room_id: str) -> bool:
        """Forget a room from memory, unless its clock has work to do (it stays stored: the
        next question about it rebuilds it): a long-running server gives back what old
        rooms hold (the arena's past rounds); whether it was unloaded."""
        async with self._locks.hold(room_id):
            room = self._rooms.get(room_id)
            busy = room is not None and room.next_wakeup() is not None and not room.closed
            if room is None or busy or room_id in self._drains:
                return False
            self._forget(room_id)
        return True

    def _forget(self, room_id: str) -> None:
        """A room gone from the store: out of memory, its timer and bot stopped."""
        self._rooms.pop(room_id, None)
        self._wake.pop(room_id, None)
        for tasks in (self._timers, self._bots):
            task = tasks.pop(room_id, None)
            if task is not None:
                task.cancel()

    # --- commands -----------------------------------------------------------------------

    async def create(
        self,
        setup: Any,
        seating: Sequence[Any] = (),
        invite: str | None = None,
        room_id: str | None = None,
    ) -> str | Refusal:
        """A new room (see `open`): its unguessable id, or a refusal."""
        room = await self.open(setup, seating, invite, room_id)
        return room if isinstance(room, Refusal) else room.room_id

    async def open(
        self,
        setup: Any,
        seating: Sequence[Any] = (),
        invite: str | None = None,
        room_id: str | None = None,
    ) -> Room | Refusal:
        """A new room for `setup` (a kind's settings) with its first seats taken by
        `seating` (commands from the system: the creator's Join, AddBots), sitting in it
        taking `invite` if given: the room as created, or a refusal. All of it is stored
        in one append, or nothing is: a room whose creator cannot sit is never stored.

        `room_id`: the id a scheduled room is known by (derived from the server's secret:
        every process opens the same one); a room of that id already stored is refused
        (`room_exists`, retryable: read it instead). By default an unguessable new id."""
        kind = self.kinds.for_settings(setup)
        if kind is None:
            return Refusal("unknown_game")
        if room_id is None:
            room_id = secrets.token_urlsafe(12)
        elif room_id in self._rooms:
            return Refusal("room_exists", retryable=True)
        now = self.clock.now()
        setup = pin_dictionary(setup, self.lexicons)
        room = kind.create(room_id, setup, now, self.lexicons, invite)
        if isinstance(room, Refusal):
            return room
        events: list[Event] = [room.created]
        for command in seating:
            outcome = room.handle(None, command, now)
            if isinstance(outcome, Refusal):
                return outcome
            events.extend(outcome)
        rows = [self.stored(room, event) for event in events]
        async with self._locks.hold(room_id):
            try:
                await self.store.append(room_id, 0, rows)
            except SeqConflict:
                return Refusal("room_exists", retryable=True)
            except Exception as error:
                failed(log, error, "room %s: its creation was not stored", room_id)
                return Refusal("store_failed", retryable=True)
            self._rooms[room_id] = room
            await self._publish(room_id, rows)
            self._observe(room, events)
        self._follow(room_id)
        return room

    async def submit(self, room_id: str, seat: str | None, command: Any) -> Ack | Refusal:
        """Handle `command` from `seat` in the room: stored, then published and acknowledged.

        The commands that reach a room while its last ones are being stored wait, then are
        decided together and stored in one append (a room of thousands of players writes
        one batch per disk flush, not one command per flush); each gets its own answer."""
        waiting = Waiting(seat, command, asyncio.get_running_loop().create_future())
        self._waiting.setdefault(room_id, []).append(waiting)
        if room_id not in self._drains:
            self._drains[room_id] = asyncio.create_task(self._drain(room_id))
        return await waiting.answer

    async def _drain(self, room_id: str) -> None:
        """Run the room's waiting commands, a batch at a time, until none is left."""
        batch: list[Waiting] = []
        try:
            while batch := self._waiting.pop(room_id, []):
                await self._run_batch(room_id, batch)
        except BaseException as error:  # nobody may wait for ever on a lost batch
            away = isinstance(error, StoreUnavailable)
            code = "store_failed" if away else "room_unavailable"
            for waiting in [*batch, *self._waiting.pop(room_id, [])]:
                waiting.settle(Refusal(code, retryable=True))
            if not isinstance(error, Exception):
                raise
            failed(log, error, "room %s: commands failed", room_id)
        finally:
            self._drains.pop(room_id, None)

    async def _run_batch(self, room_id: str, batch: list[Waiting]) -> None:
        async with self._locks.hold(room_id):
            room = await self._room(room_id)
            if room is None:
                for waiting in batch:
                    waiting.settle(Refusal("unknown_room"))
                return
            now = self.clock.now()
            events = [] if room.closed else room.tick(now)  # a closed room's clock stopped
            base = room.last_seq - len(events)
            decided: list[Ack | Refusal | tuple[int, int]] = []
            for waiting in batch:
                applied = room.applied(waiting.seat, waiting.command)
                if applied is not None:  # sent again (its answer was lost): nothing changes
                    decided.append(Ack(applied, ()))
                    continue
                outcome = room.handle(waiting.seat, waiting.command, now)
                if isinstance(outcome, Refusal):
                    decided.append(outcome)
                else:
                    decided.append((len(events), len(events) + len(outcome)))
                    events.extend(outcome)
            try:
                await self._commit(room, events)
            except StoreFailed as failure:  # nothing of the batch is stored: all may retry
                for waiting in batch:
                    waiting.settle(failure.refusal)
                return
            self._poke(room_id)
            self._kick_bot(room)
            for waiting, result in zip(batch, decided, strict=True):
                if isinstance(result, (Ack, Refusal)):
                    waiting.settle(result)
                    continue
                start, end = result
                shown = (room.visible(event, waiting.seat) for event in events[start:end])
                views = tuple(frame_json(view) for view in shown if view is not None)
                waiting.settle(Ack(base + end, views))

    async def _commit(self, room: Room, events: list[Event]) -> None:
        """Store `events` (already applied to `room`), then publish them; on failure the
        room is rebuilt from the store and StoreFailed carries the retryable refusal."""
        failure = (await self._commit_together([(room, events)]))[0] if events else None
        if failure is not None:
            raise failure

    async def _append_failed(self, room_id: str, error: Exception) -> StoreFailed:
        """A room's events were not stored: the room as the store has it, and the refusal."""
        if isinstance(error, SeqConflict):
            await self._rebuild(room_id)
            return StoreFailed(Refusal("conflict", retryable=True))
        failed(log, error, "room %s: append failed", room_id)
        self._rooms.pop(room_id, None)
        return StoreFailed(Refusal("store_failed", retryable=True))

    def _stored(self, room: Room, events: list[Event]) -> None:
        """`events` are stored and published: the projections, then the work ahead."""
        self._observe(room, events)
        ahead = room.ahead(events)
        if ahead is not None:  # nothing waits for it: a failure only costs the end its time
            self._worker().submit(ahead_job(ahead, room.room_id))

    async def _commit_together(
        self, fired: list[tuple[Room, list[Event]]]
    ) -> list[StoreFailed | None]:
        """Store each room's events (already applied to it), then publish them. The appends
        go to the store together (rooms whose timers fell due at once: one group commit)
        and what must be built before the events are shown (`Actor.preparing`: a round's
        results) to the worker thread in one job, while they are stored. Each room's
        failure, if any (its room rebuilt from the store)."""
        works = [work for room, events in fired if (work := room.preparing(events))]
        rows = [[self.stored(room, event) for event in events] for room, events in fired]
        appends = [
            self.store.append(room.room_id, events[0].seq - 1, stored)
            for (room, events), stored in zip(fired, rows, strict=True)
        ]
        built = None
        if works:
            built = asyncio.get_running_loop().run_in_executor(self._worker(), in_turn(works))
        outcomes = await asyncio.gather(*appends, return_exceptions=True)
        if built is not None:
            try:
                await built
            except Exception:  # built again where first asked, in the event loop
                log.exception("results built ahead of rooms' ends failed")
        failures: list[StoreFailed | None] = []
        for (room, events), stored, outcome in zip(fired, rows, outcomes, strict=True):
            if isinstance(outcome, Exception):
                failures.append(await self._append_failed(room.room_id, outcome))
                continue
            if isinstance(outcome, BaseException):
                raise outcome
            await self._publish(room.room_id, stored)
            self._stored(room, events)
            failures.append(None)
        return failures

    def _worker(self) -> ThreadPoolExecutor:
        if self._results is None:
            self._results = ThreadPoolExecutor(1, thread_name_prefix="results")
        return self._results

    def _observe(self, room: Room, events: Sequence[Event]) -> None:
        for observer in self.observers:
            try:
                observer(room, events)
            except Exception:  # stored is what counts: a projection catches up at start
                log.exception("room %s: an observer failed", room.room_id)

    def stored(self, room: Room, event: Event) -> StoredEvent:
        """`event` of `room` as the store keeps it (the room's kind encodes it)."""
        return self.kinds[room.KIND].codec.to_stored(room.room_id, event)

    def decoded(self, room: Room, row: StoredEvent) -> Event:
        """A stored event of `room`, by the room's kind."""
        return self.kinds[room.KIND].codec.from_stored(row)

    async def _publish(self, room_id: str, rows: Sequence[StoredEvent]) -> None:
        try:
            await self.broadcaster.publish(room_id, rows)
        except Exception:
            # Stored is what counts: followers see the gap and reload from the store.
            log.exception("room %s: publish failed", room_id)

    async def events_since(self, room_id: str, seq: int) -> list[Event]:
        """The room's events after `seq`, from the store (a follower's resync)."""
        room = self._rooms.get(room_id) or await self._room(room_id)
        if room is None:
            return []
        return [self.decoded(room, row) for row in await self.store.load(room_id, seq)]

    async def view(self, room_id: str, seat: str | None) -> Any:
        """The room as `seat` sees it, or None for an unknown room."""
        return await self.read(room_id, lambda room: room.view(seat))

    async def load(self, room_id: str) -> Room | None:
        """The room, loaded from the store if this process does not hold it yet."""
        return await self.read(room_id, lambda room: room)

    async def read(self, room_id: str, reader: Callable[[Room], T]) -> T | None:
        """`reader(room)` run inside the room's actor (no command runs meanwhile), for a
        question that changes nothing; None for an unknown room."""
        async with self._locks.hold(room_id):
            room = await self._room(room_id)
            return None if room is None else reader(room)

    # --- timers -------------------------------------------------------------------------

    async def tick(self, room_id: str) -> list[Event]:
        """Fire what is due in the room by now (stored and published)."""
        return (await self.tick_together([room_id]))[0]

    def ticks_here(self, room_id: str) -> bool:
        """Whether this process fires the room's timers (a cluster: the room's owner)."""
        return True

    async def ends_done(self) -> None:
        """Return once the rooms whose timers fell due together have all been ticked (the
        wait of observers whose work can come after: `QueuedObserver.after_ends`)."""
        await self._due.done()

    async def tick_together(self, room_ids: Sequence[str]) -> list[list[Event]]:
        """`tick` for rooms due at once, their events stored together: what fired in each
        (nothing for a room not here, unknown, or whose events the store refused)."""
        fired: dict[str, list[Event]] = {}
        async with contextlib.AsyncExitStack() as held:
            rooms: list[Room] = []
            for room_id in dict.fromkeys(room_ids):  # a lock is taken once
                if not self.ticks_here(room_id):
                    continue
                await held.enter_async_context(self._locks.hold(room_id))
                room = await self._room(room_id)
                if room is not None:
                    rooms.append(room)
            now = self.clock.now()
            due = [(room, [] if room.closed else room.tick(now)) for room in rooms]
            due = [(room, events) for room, events in due if events]
            failures = await self._commit_together(due) if due else []
            for (room, events), failure in zip(due, failures, strict=True):
                if failure is None:
                    fired[room.room_id] = events
            for room in rooms:
                self._kick_bot(room)
        return [fired.get(room_id, []) for room_id in room_ids]

    async def tick_all(self) -> None:
        """Tick every room in memory (tests with a manual clock; after a restart)."""
        for room_id in list(self._rooms):
            await self.tick(room_id)

    async def start(self, timers: bool = True) -> None:
        """Load every stored room, fire its overdue timers, and (with `timers`) keep a
        task per room that ticks at its next wakeup."""
        self._run_timers = timers
        for room_id in await self.store.rooms():
            if room_id not in self._rooms:
                await self._rebuild(room_id)
        await self.tick_all()
        for room_id in list(self._rooms):
            self._follow(room_id)

    def _follow(self, room_id: str) -> None:
        if self._run_timers and room_id not in self._timers:
            self._wake[room_id] = asyncio.Event()
            self._timers[room_id] = asyncio.create_task(self._timer(room_id))

    def _poke(self, room_id: str) -> None:
        wake = self._wake.get(room_id)
        if wake is not None:
            wake.set()

    async def _timer(self, room_id: str) -> None:
        wake = self._wake[room_id]
        while True:
            room = self._rooms.get(room_id)
            at = room.next_wakeup() if room is not None and not room.closed else None
            wake.clear()
            if at is None:
                await wake.wait()
                continue
            delay = at - self.clock.now()
            if delay > 0:
                with contextlib.suppress(TimeoutError):
                    await within(wake.wait(), delay)
                continue
            fired = await self._due.tick(room_id)
            if not fired:
                # Due but nothing fired (a word at the deadline still counts): look again soon.
                await asyncio.sleep(0.01)

    # --- computer players ---------------------------------------------------------------

    def hold_bots(self, room_id: str) -> None:
        """The room's computer players wait until `release_bots` (a saved game's turns are
        being played into the room: its bots' turns come from the record)."""
        self._bots_held.add(room_id)

    async def release_bots(self, room_id: str) -> None:
        """The room's computer players play again, from where the room stands."""
        self._bots_held.discard(room_id)
        async with self._locks.hold(room_id):
            room = await self._room(room_id)
        if room is not None:
            self._kick_bot(room)

    def _kick_bot(self, room: Room) -> None:
        """Start the bot's turn if the room waits for one and none is being computed."""
        if room.room_id in self._bots_held or room.closed:
            return
        task = self._bots.get(room.room_id)
        if task is not None and not task.done():
            return
        turn = room.pending_bot()
        if turn is not None:
            task = asyncio.create_task(self._bot_turn(room.room_id, turn))
            self._bots[room.room_id] = task
            self._bot_turns.add(task)
            task.add_done_callback(self._bot_turns.discard)

    async def _bot_turn(self, room_id: str, turn: PendingTurn) -> None:
        try:
            limit = time.monotonic() + self.bot_think_limit
            action = await asyncio.to_thread(turn.decide, lambda: time.monotonic() > limit)
            delay = turn.not_before - self.clock.now()
            if delay > 0:
                await asyncio.sleep(delay)
        finally:
            # This turn is decided (or failed): the submit below may start the next bot.
            if self._bots.get(room_id) is asyncio.current_task():
                del self._bots[room_id]
        outcome = await self.submit(room_id, turn.seat, action)
        if isinstance(outcome, Refusal):
            log.error("room %s: bot %s refused: %s", room_id, turn.seat, outcome)

    async def settle(self) -> None:
        """Wait until no computer player is thinking or playing (tests, the terminal's turn
        loop)."""
        while self._bot_turns:
            await asyncio.gather(*list(self._bot_turns), return_exceptions=True)

    async def close(self) -> None:
        """Stop the timers, bots and waiting commands (the store and broadcaster belong to
        the caller)."""
        await self._due.close()
        tasks = [*self._timers.values(), *self._bot_turns, *self._drains.values()]
        await stopped(*tasks)
        self._timers.clear()
        self._bots.clear()
        if self._results is not None:
            self._results.shutdown(wait=False)
            self._results = None
