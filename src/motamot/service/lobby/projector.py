"""The lobby's projector: each room's row kept up with its events, by the process that
stores them.

Live, the host tells it of every room's stored events (`observe`, inside the room's
actor): the room's entry is made there and queued only if it differs from the last one
this process wrote (a word written in a round changes nothing the lobby shows). A task
writes the queue in batches, off the event loop, then tells every process (a notice on
`TOPIC`) that the lobby changed. On start (`catch_up`) the rooms the lobby shows or
waits for, and those this process holds, are checked against the events: a crash
between an append and its row is mended then.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from motamot.service.lobby.rows import Entry, entry_of
from motamot.service.lobby.store import LobbyStore
from motamot.service.notices import Notices
from motamot.service.ports import Clock
from motamot.service.rooms.events import Event
from motamot.service.rooms.listing import Listing
from motamot.service.rooms.observer import QueuedObserver
from motamot.service.stores.outages import failed

log = logging.getLogger(__name__)

#: The notices' topic: the lobby's rows changed (the text: how many).
TOPIC = "lobby"
#: Rooms whose last written row this process remembers (others are written again).
REMEMBERED = 10_000
#: A failed batch is tried again after this many seconds.
RETRY_SECONDS = 1.0


class LobbyProjector(QueuedObserver):
    """The lobby's rows of the rooms this process stores events for."""

    TASK_NAME = "lobby-projector"

    def __init__(self, store: LobbyStore, notices: Notices, clock: Clock) -> None:
        super().__init__()
        self.store = store
        self.notices = notices
        self.clock = clock
        self._pending: dict[str, Entry] = {}
        self._written: OrderedDict[str, tuple[Listing, bool]] = OrderedDict()

    def observe(self, room: Any, events: Sequence[Event]) -> None:
        """The host's observer: queue the room's entry if what it shows changed."""
        del events  # the room as it stands says it all
        entry = entry_of(room, self.clock.now())
        if entry is not None:
            self._queue(entry)

    def _queue(self, entry: Entry) -> None:
        shown = (entry.listing, entry.listed)
        if self._written.get(entry.room) == shown:
            self._written.move_to_end(entry.room)
            return
        self._written[entry.room] = shown
        self._written.move_to_end(entry.room)
        while len(self._written) > REMEMBERED:
            self._written.popitem(last=False)
        self._pending[entry.room] = entry
        self._wake()

    def _queued(self) -> bool:
        return bool(self._pending)

    async def _work(self) -> None:
        """Write the queued rows in one batch, and tell every process."""
        batch = list(self._pending.values())
        self._pending.clear()
        try:
            changed = await self.store.write(batch)
        except Exception as error:
            failed(log, error, "lobby: a batch of %d rows failed; tried again", len(batch))
            for entry in batch:
                self._pending.setdefault(entry.room, entry)
            await asyncio.sleep(RETRY_SECONDS)
            return
        if changed:
            await self.notices.publish(TOPIC, str(len(changed)))

    async def catch_up(self, host: Any) -> int:
        """Check against the events the rooms the lobby shows or waits for, and every
        room `host` (a RoomHost) holds in memory; write those whose row is not what the
        room says now. How many were written."""
        kept = set(await self.store.kept())
        rooms = [
            room_id
            for room_id in await host.store.rooms()
            if room_id in kept or host.loaded(room_id) is not None
        ]
        stored = await self.store.entries(rooms)
        now = self.clock.now()
        fresh: list[Entry] = []
        for room_id in rooms:
            room = host.loaded(room_id) or await _folded(host, room_id)
            entry = None if room is None else entry_of(room, now)
            if entry is None:
                continue
            known = stored.get(room_id)
            if known is None or (known.listing, known.listed) != (entry.listing, entry.listed):
                fresh.append(entry)
            self._written[room_id] = (entry.listing, entry.listed)
        changed = await self.store.write(fresh) if fresh else []
        if changed:
            await self.notices.publish(TOPIC, str(len(changed)))
        return len(changed)


async def _folded(host: Any, room_id: str) -> Any:
    """The room as the store has it, folded off the event loop (None: no such room)."""
    rows = await host.store.load(room_id)
    if not rows:
        return None
    return await asyncio.to_thread(host.kinds.rebuild, rows, host.lexicons)
