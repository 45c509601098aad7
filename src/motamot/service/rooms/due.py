"""Rooms whose timers fall due at once, ticked together in groups.

Rounds of hundreds of rooms end in the same second. Each room's timer, once due, joins
the others due then; one task ticks them `size` at a time (`RoomHost.tick_together`:
their events stored in one group commit, their results built in one job of the
worker thread), and the event loop answers the rooms still playing between two groups.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Sequence

from motamot.service.rooms.events import Event
from motamot.service.stores.outages import failed
from motamot.service.tasks import stopped

log = logging.getLogger(__name__)

TickTogether = Callable[[Sequence[str]], Awaitable[list[list[Event]]]]


#: After a burst of more than one group, how long `done` still waits: the last groups'
#: results are then out before the work that waited for the burst begins.
QUIET_AFTER_BURST = 1.5


class DueRooms:
    """The rooms whose timers are due, waiting for the task that ticks them together."""

    def __init__(self, tick_together: TickTogether, size: int) -> None:
        self._tick_together = tick_together
        self.size = size
        self._due: list[tuple[str, asyncio.Future[list[Event]]]] = []
        self._ender: asyncio.Task[None] | None = None
        #: The loop's time until which `done` still waits after a burst (0: none).
        self._quiet_until = 0.0

    async def tick(self, room_id: str) -> list[Event]:
        """What fired in the room, ticked with the others due now."""
        future: asyncio.Future[list[Event]] = asyncio.get_running_loop().create_future()
        self._due.append((room_id, future))
        if self._ender is None:
            self._ender = asyncio.create_task(self._end_due())
        return await future

    async def done(self) -> None:
        """Return once no room is due, and QUIET_AFTER_BURST after a burst of more than one
        group ended (at once when none is due and none was lately)."""
        loop = asyncio.get_running_loop()
        while True:
            if self._ender is not None:  # its end, whatever it is (a failure is logged there)
                await asyncio.wait({self._ender})
                continue
            rest = self._quiet_until - loop.time()
            if rest <= 0:
                return
            await asyncio.sleep(rest)

    async def _end_due(self) -> None:
        ticked = 0
        try:
            while self._due:
                batch, self._due = self._due[: self.size], self._due[self.size :]
                ticked += len(batch)
                try:
                    fired = await self._tick_together([room_id for room_id, _ in batch])
                except Exception as error:
                    failed(log, error, "rooms' timers failed")
                    fired = [[] for _ in batch]
                for (_, future), events in zip(batch, fired, strict=True):
                    if not future.done():
                        future.set_result(events)
        finally:
            self._ender = None
            if ticked > self.size:
                self._quiet_until = asyncio.get_running_loop().time() + QUIET_AFTER_BURST
            for _, future in self._due:  # cancelled: nobody ticks them now
                future.cancel()
            self._due = []

    async def close(self) -> None:
        """Stop ticking (the timers waiting are cancelled)."""
        ender = self._ender
        await stopped(ender)


#: How long the worker thread rests after a room's work ahead, the GIL left to the event
#: loop: rounds of hundreds of rooms start together, and their work ahead (a grid solved
#: and encoded) held the loop for 0.2 s in the rounds' first second (bench_server: the
#: first second's word p99 224 ms, 28 ms without it).
AHEAD_PAUSE = 0.002


def ahead_job(work: Callable[[], None], room_id: str) -> Callable[[], None]:
    """A room's work ahead as the worker runs it: its failure logged (a worker thread's
    exception is otherwise kept unseen), then a rest (`AHEAD_PAUSE`)."""

    def run() -> None:
        try:
            work()
        except Exception:
            log.exception("room %s: work ahead failed", room_id)
        time.sleep(AHEAD_PAUSE)

    return run


def in_turn(works: list[Callable[[], None]]) -> Callable[[], None]:
    """One job doing each of `works` in turn."""

    def run() -> None:
        for work in works:
            work()

    return run
