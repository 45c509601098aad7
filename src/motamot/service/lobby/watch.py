"""What this process shows of the lobby, and who follows it.

The watch holds the rows the lobby shows (read from the lobby's tables, so the same on
every process) and tells its followers what changed: the rows new or changed, and the
rooms gone. It reads again when a notice says the rows changed (from any process), and
every `every` seconds besides (a notice lost while Redis reconnected, a row whose time
ran out), but never more than once per `gap` seconds: a burst of changes costs one
read and one message per follower, so the feed cannot flood anyone.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass, field

from motamot.service.lobby.projector import TOPIC
from motamot.service.lobby.rows import LobbyRow
from motamot.service.lobby.store import MAX_LISTED, LobbyStore
from motamot.service.notices import Notices
from motamot.service.ports import Clock
from motamot.service.stores.outages import failed
from motamot.service.tasks import stopped, within

log = logging.getLogger(__name__)

#: Least time between two reads (and two messages to a follower), in seconds.
GAP_SECONDS = 0.5
#: A read at least this often, notices or not.
EVERY_SECONDS = 15.0


@dataclass(frozen=True)
class Changes:
    """What a follower is told: rows new or changed (in the lobby's order) and the rooms
    no longer shown."""

    rows: list[LobbyRow]
    gone: list[str]
    #: The lobby's rooms in order after the change.
    order: list[str] = field(default_factory=list)


Follower = Callable[[Changes], None]


class LobbyWatch:
    """The lobby as this process shows it."""

    def __init__(
        self,
        store: LobbyStore,
        notices: Notices,
        clock: Clock,
        *,
        limit: int = MAX_LISTED,
        gap: float = GAP_SECONDS,
        every: float = EVERY_SECONDS,
    ) -> None:
        self.store = store
        self.clock = clock
        self.limit = limit
        self.gap = gap
        self.every = every
        self.rows: dict[str, LobbyRow] = {}
        self.followers: set[Follower] = set()
        #: Reads done (the tests count them).
        self.reads = 0
        self._dirty = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        notices.listen(TOPIC, lambda text: self.poke())

    async def start(self) -> None:
        await self.refresh()
        self._task = asyncio.create_task(self._run(), name="lobby-watch")

    def poke(self) -> None:
        """The rows changed somewhere: read them again soon."""
        self._dirty.set()

    def snapshot(self) -> list[LobbyRow]:
        return list(self.rows.values())

    def follow(self, follower: Follower) -> list[LobbyRow]:
        """Tell `follower` every change from now on; the rows as they stand."""
        self.followers.add(follower)
        return self.snapshot()

    def unfollow(self, follower: Follower) -> None:
        self.followers.discard(follower)

    async def _run(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await within(self._dirty.wait(), self.every)
            self._dirty.clear()
            try:
                await self.refresh()
            except Exception as error:
                failed(log, error, "lobby: its rows could not be read")
            await asyncio.sleep(self.gap)

    async def refresh(self) -> Changes:
        """Read the rows and tell every follower what changed (nothing: nobody is told)."""
        fresh = await self.store.listed(self.clock.now(), self.limit)
        self.reads += 1
        rows = {row.room: row for row in fresh}
        changes = diff(self.rows, rows)
        self.rows = rows
        if changes.rows or changes.gone:
            for follower in list(self.followers):
                follower(changes)
        return changes

    async def close(self) -> None:
        await stopped(self._task)
        self.followers.clear()


def diff(before: dict[str, LobbyRow], after: dict[str, LobbyRow]) -> Changes:
    """What changed from `before` to `after` (both by room, in the lobby's order)."""
    changed = [row for room, row in after.items() if before.get(room) != row]
    gone = [room for room in before if room not in after]
    return Changes(changed, gone, list(after))
