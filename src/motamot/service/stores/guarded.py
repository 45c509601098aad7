"""The store with bounded waits, and whether it can write now.

A store that is away (PostgreSQL stopped, a full disk) must not hold a player's action
for half a minute nor raise whatever its driver raises: every append and load through
`GuardedStore` waits at most `wait` seconds and fails as `StoreUnavailable` (a conflict
stays a `SeqConflict`: the store answered). What an append timed out on goes on in the
background and may still be written: the room is rebuilt from the store before its next
command, and the action's key (`rooms.keys`) makes its resend count once.

`StoreHealth` is what the appends say: down from the first that fails, up again with the
first that works or with a probe (`GuardedStore.probe`, run in the background by the
server: a write where the store has one, `writable`, else a read), and each change is
told to its watchers (the server's `status` frame, `/readyz`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from typing import Any, TypeVar

from motamot.service.ports import EventStore, SeqConflict, StoredEvent, StoreUnavailable
from motamot.service.tasks import within

log = logging.getLogger(__name__)

T = TypeVar("T")

#: Longest an append or a load waits for the store (a player's action is refused after).
STORE_WAIT_SECONDS = 4.0
#: Longest a probe waits (`/readyz` answers from the last one, never waiting for it).
PROBE_SECONDS = 0.5
#: A room id no room has (ids are 16 characters): loading it asks the store a question
#: that needs its connection and its index, and nothing else.
PROBE_ROOM = "-ready-"


class StoreHealth:
    """Whether the store writes now (`down` is None) or why not, and who is told."""

    def __init__(self) -> None:
        self.down: str | None = None
        self._watchers: list[Callable[[str | None], None]] = []

    def watch(self, watcher: Callable[[str | None], None]) -> None:
        """`watcher(down)` on every change (None: it writes again)."""
        self._watchers.append(watcher)

    def failed(self, reason: str) -> None:
        if self.down is None:
            log.warning("the store cannot write (%s)", reason)
            self._tell(reason)

    def worked(self) -> None:
        if self.down is not None:
            log.warning("the store writes again")
            self._tell(None)

    def _tell(self, down: str | None) -> None:
        self.down = down
        for watcher in self._watchers:
            watcher(down)


class GuardedStore:
    """`inner` with every wait bounded and its failures as `StoreUnavailable`."""

    def __init__(
        self,
        inner: EventStore,
        wait: float = STORE_WAIT_SECONDS,
        writable: Callable[[], Awaitable[None]] | None = None,
    ) -> None:
        self.inner = inner
        self.wait = wait
        self.health = StoreHealth()
        self._writable = writable or _write_probe(inner)

    async def _bounded(self, work: Coroutine[Any, Any, T], seconds: float) -> T:
        """`work`'s result within `seconds`, else StoreUnavailable; the work itself is not
        cancelled (an append in a group commit is settled by its writer, whoever waits)."""
        task = asyncio.ensure_future(work)
        try:
            return await within(asyncio.shield(task), seconds)
        except SeqConflict:
            raise
        except TimeoutError:
            task.add_done_callback(_quiet)
            raise StoreUnavailable("store_slow") from None
        except Exception as error:
            raise StoreUnavailable("store_failed") from error

    async def append(self, room: str, expected_seq: int, events: Sequence[StoredEvent]) -> None:
        try:
            await self._bounded(self.inner.append(room, expected_seq, events), self.wait)
        except StoreUnavailable as error:
            self.health.failed(error.reason)
            raise
        except SeqConflict:
            self.health.worked()
            raise
        self.health.worked()

    async def load(self, room: str, after: int = 0) -> list[StoredEvent]:
        return await self._bounded(self.inner.load(room, after), self.wait)

    async def probe(self) -> str | None:
        """Ask the store now (a write while it is down, where it has one; a read while it
        is up); why it cannot write, or None. The health follows."""
        down = self.health.down
        work = self._writable() if down is not None and self._writable else None
        try:
            await self._bounded(_awaited(work or self.inner.load(PROBE_ROOM)), PROBE_SECONDS)
        except (StoreUnavailable, SeqConflict) as error:
            self.health.failed(getattr(error, "reason", "store_failed"))
            return self.health.down
        self.health.worked()
        return None

    async def rooms(self) -> list[str]:
        return await self.inner.rooms()

    async def idle_rooms(self, before: float) -> list[str]:
        return await self.inner.idle_rooms(before)

    async def remove(self, room: str, before: float) -> bool:
        return await self.inner.remove(room, before)

    async def close(self) -> None:
        await self.inner.close()


def guarded(store: EventStore) -> GuardedStore:
    """`store` with its waits bounded (itself if it is already)."""
    return store if isinstance(store, GuardedStore) else GuardedStore(store)


def _write_probe(store: object) -> Callable[[], Awaitable[None]] | None:
    """The store's own write probe (`writable`), through the wrappers that keep the store
    they wrap as `inner` (the metrics' timing)."""
    while store is not None:
        probe: Callable[[], Awaitable[None]] | None = getattr(store, "writable", None)
        if probe is not None:
            return probe
        store = getattr(store, "inner", None)
    return None


async def _awaited(work: Awaitable[T]) -> T:
    return await work


def _quiet(task: asyncio.Future[Any]) -> None:
    """Read a late result so that its error is not logged as never retrieved."""
    if not task.cancelled():
        task.exception()
