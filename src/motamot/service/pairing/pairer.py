"""« Partie rapide »: seekers paired into a table with both seated, on any process.

A seek goes to the store, which pairs it at once with the one that fits best or keeps
it waiting (`store.seek`, one transaction that has the seeks to itself). A task on each
process pairs, every `every` seconds, the seeks that came to fit meanwhile (the rating
windows widen), renews the live seeks whose sockets are open here (a live seek whose
process died runs out) and checks that its waiters' seeks still wait. Once two seeks are
paired, the pairer that took them opens the table (`open_table`), keeps the result and
tells every process (a notice on `TOPIC` naming the seeks); the process holding a
seeker's socket tells it where to sit. A notice lost is found by the next check.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Protocol

from motamot.service.notices import Notices
from motamot.service.pairing.seeks import Pairing, Seek
from motamot.service.pairing.store import FAILED, OPEN, OPENING, PairingStore, Result, Sought
from motamot.service.ports import Clock
from motamot.service.stores.outages import failed
from motamot.service.tasks import stopped

log = logging.getLogger(__name__)

#: The notices' topic: these seeks (their ids, comma-separated) have their result.
TOPIC = "pairing"
#: Seconds between two rounds of pairing, renewing and checking.
EVERY_SECONDS = 2.0
#: A live seek counts this long past its last renewal (its process renews it every round).
ALIVE_SECONDS = 15.0

#: Opens the table of a pairing: its players' link's room part and each seek's seat (by
#: seek id), or why not (a refusal's code).
OpenTable = Callable[[Pairing], Awaitable[tuple[str, dict[str, str]] | str]]


class Waiter(Protocol):
    """A seeker's socket on this process, told how its seek ends."""

    def paired(self, room: str, seat: str) -> None: ...

    def ended(self, reason: str) -> None:
        """The seek is over without a table (`failed`, `replaced`, `expired`, `cancelled`)."""
        ...


class Pairer:
    """The quick pairing as this process takes part in it."""

    def __init__(
        self,
        store: PairingStore,
        notices: Notices,
        clock: Clock,
        open_table: OpenTable,
        *,
        every: float = EVERY_SECONDS,
    ) -> None:
        self.store = store
        self.notices = notices
        self.clock = clock
        self.open_table = open_table
        self.every = every
        #: The seeks whose sockets are here, by seek id.
        self.waiters: dict[str, Waiter] = {}
        #: Which of them are live (renewed while their socket is open).
        self._live: set[str] = set()
        self._task: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Future[object]] = set()
        notices.listen(TOPIC, self._heard)

    async def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="pairer")

    # --- a seeker's socket ----------------------------------------------------------------

    async def seek(self, seek: Seek, waiter: Waiter) -> Sought:
        """Seek a game for `waiter`: paired at once (the waiter is told), waiting, or refused."""
        sought = await self.store.seek(seek, self.clock.now())
        if sought.replaced is not None:
            self._end(sought.replaced.id, "replaced")
        if sought.refused is not None:
            return sought
        # from here on a notice or a round may tell it (a pairing made elsewhere meanwhile
        # is found by the next round: its seek is gone, its result kept)
        self.watch(seek, waiter)
        if sought.pairing is not None:
            await self.settle([sought.pairing])
        return sought

    def watch(self, seek: Seek, waiter: Waiter) -> None:
        """A seeker's socket came back to a seek that waits: it is told how it ends."""
        self.waiters[seek.id] = waiter
        if seek.live:
            self._live.add(seek.id)

    async def cancel(self, player: str, seek_id: str) -> bool:
        """The seeker takes the seek back (False: it was not waiting any more)."""
        taken = await self.store.cancel(player, seek_id)
        self._drop(seek_id)
        return taken is not None

    async def gone(self, player: str, seek_id: str, live: bool) -> None:
        """The seeker's socket closed: a live seek dies with it; a correspondence seek
        waits on (its player finds the game in « Mes parties »)."""
        self._drop(seek_id)
        if live:
            await self.store.cancel(player, seek_id)

    def _drop(self, seek_id: str) -> None:
        self.waiters.pop(seek_id, None)
        self._live.discard(seek_id)

    def _end(self, seek_id: str, reason: str) -> None:
        waiter = self.waiters.pop(seek_id, None)
        self._live.discard(seek_id)
        if waiter is not None:
            waiter.ended(reason)

    # --- pairings -------------------------------------------------------------------------

    async def settle(self, pairings: Sequence[Pairing]) -> None:
        """Open each pairing's table, keep its result, tell every process."""
        found: list[Result] = []
        now = self.clock.now()
        for pairing in pairings:
            seeks = (pairing.first, pairing.second)
            try:
                opened = await self.open_table(pairing)
            except Exception as error:
                failed(log, error, "pairing: a table could not be opened")
                opened = "failed"
            for seek in seeks:
                if isinstance(opened, str):
                    found.append(Result(seek.id, seek.player, FAILED, "", "", now))
                else:
                    room, seats = opened
                    found.append(Result(seek.id, seek.player, OPEN, room, seats[seek.id], now))
        if not found:
            return
        await self.store.record(found)
        ids = [result.seek for result in found]
        await self.notices.publish(TOPIC, ",".join(ids))

    def _heard(self, text: str) -> None:
        mine = [seek_id for seek_id in text.split(",") if seek_id in self.waiters]
        if mine:
            self._spawn(self._deliver(mine))

    def _spawn(self, work: Awaitable[object]) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _deliver(self, seek_ids: Sequence[str]) -> list[str]:
        """Tell the waiters of `seek_ids` their results (a table still opening: not yet);
        the seeks that have a result, settled or not."""
        found = await self.store.results(seek_ids)
        now = self.clock.now()
        for seek_id, result in found.items():
            state = result.settled(now)
            if state == OPENING:
                continue
            waiter = self.waiters.pop(seek_id, None)
            self._live.discard(seek_id)
            if waiter is None:
                continue
            if state == OPEN:
                waiter.paired(result.room, result.seat)
            else:
                waiter.ended("failed")
        return list(found)

    # --- every round ----------------------------------------------------------------------

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.every)
            try:
                await self.round()
            except Exception as error:
                failed(log, error, "pairing: a round failed")

    async def round(self) -> None:
        """Renew the live seeks here, pair what fits now, check the waiters."""
        now = self.clock.now()
        await self.store.renew(sorted(self._live), now + ALIVE_SECONDS)
        swept = await self.store.sweep(now)
        if swept.pairings:
            await self.settle(swept.pairings)
        for seek_id in swept.expired:
            self._end(seek_id, "expired")
        mine = sorted(self.waiters)
        if not mine:
            return
        waiting = await self.store.still_waiting(mine)
        over = [seek_id for seek_id in mine if seek_id not in waiting]
        if not over:
            return
        paired = set(await self._deliver(over))
        for seek_id in over:
            if seek_id not in paired:  # gone without a pairing: cancelled elsewhere
                self._end(seek_id, "cancelled")

    async def close(self) -> None:
        tasks: list[asyncio.Future[object] | asyncio.Task[None]] = [*self._tasks]
        if self._task is not None:
            tasks.append(self._task)
        await stopped(*tasks, errors_too=True)
        self.waiters.clear()
        self._live.clear()
