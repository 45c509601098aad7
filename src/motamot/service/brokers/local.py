"""In-process fan-out of a room's new events to its subscribers.

Each subscription has a bounded queue: a subscriber that falls too far behind
loses events rather than holding the room's memory hostage, and it sees the
gap in seq and reloads from the store (as the Broadcaster port asks).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence

from motamot.service.ports import StoredEvent

#: Events held for one slow subscriber before it starts missing some.
QUEUE_LIMIT = 1000


class LocalSubscription:
    """One follower of one room."""

    def __init__(self, broker: LocalBroadcaster, room: str) -> None:
        self._broker = broker
        self.room = room
        self._queue: asyncio.Queue[StoredEvent | None] = asyncio.Queue(QUEUE_LIMIT)
        self._closed = False

    def _offer(self, event: StoredEvent | None) -> None:
        if self._closed:
            return
        if event is None:
            self._closed = True
            if self._queue.full():
                self._queue.get_nowait()
        elif self._queue.full():
            return
        self._queue.put_nowait(event)

    async def __aiter__(self) -> AsyncIterator[StoredEvent]:
        while True:
            event = await self._queue.get()
            if event is None:
                return
            yield event

    async def batches(self) -> AsyncIterator[list[StoredEvent]]:
        """The events as `__aiter__` gives them, each time all those already here: the
        events published together (a batch of commands stored in one append) come as one
        list, so the room's sockets get them in one frame each. Nothing waits for more:
        this wakes when the first one comes, as `__aiter__` does (so a writer's answer,
        sent once its events are published, still comes after them)."""
        while True:
            event = await self._queue.get()
            batch: list[StoredEvent] = []
            while event is not None:
                batch.append(event)
                if self._queue.empty():
                    break
                event = self._queue.get_nowait()
            if batch:
                yield batch
            if event is None:
                return

    async def close(self) -> None:
        self._broker._drop(self)
        self._offer(None)


class LocalBroadcaster:
    """Subscribers by room, in one process and one event loop."""

    def __init__(self) -> None:
        self._followers: dict[str, list[LocalSubscription]] = {}

    async def publish(self, room: str, events: Sequence[StoredEvent]) -> None:
        for subscription in list(self._followers.get(room, ())):
            for event in events:
                subscription._offer(event)

    async def subscribe(self, room: str) -> LocalSubscription:
        subscription = LocalSubscription(self, room)
        self._followers.setdefault(room, []).append(subscription)
        return subscription

    def _drop(self, subscription: LocalSubscription) -> None:
        followers = self._followers.get(subscription.room, [])
        if subscription in followers:
            followers.remove(subscription)
        if not followers:
            self._followers.pop(subscription.room, None)

    async def close(self) -> None:
        for followers in list(self._followers.values()):
            for subscription in list(followers):
                await subscription.close()
