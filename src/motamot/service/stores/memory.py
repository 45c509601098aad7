"""The event store in memory: for tests and rooms nobody needs to keep."""

from __future__ import annotations

import time
from collections.abc import Sequence

from motamot.service.ports import SeqConflict, StoredEvent


def check_batch(room: str, expected_seq: int, events: Sequence[StoredEvent]) -> None:
    """ValueError unless `events` are room's, numbered expected_seq + 1, + 2, ..."""
    for offset, stored in enumerate(events, 1):
        if stored.room != room or stored.seq != expected_seq + offset:
            wanted = expected_seq + offset
            raise ValueError(f"room {room}: event {stored.room}/{stored.seq} is not {wanted}")


class MemoryStore:
    """Every room's events in lists; append is atomic because nothing awaits inside it."""

    def __init__(self) -> None:
        self._rooms: dict[str, list[StoredEvent]] = {}
        #: When each room's last event was stored (the machine's clock).
        self._stored_at: dict[str, float] = {}

    async def append(self, room: str, expected_seq: int, events: Sequence[StoredEvent]) -> None:
        check_batch(room, expected_seq, events)
        stored = self._rooms.get(room, [])
        if len(stored) != expected_seq:
            raise SeqConflict(room, expected_seq, len(stored))
        if events:
            self._rooms[room] = [*stored, *events]
            self._stored_at[room] = time.time()

    async def load(self, room: str, after: int = 0) -> list[StoredEvent]:
        return list(self._rooms.get(room, ())[max(after, 0) :])

    async def rooms(self) -> list[str]:
        return sorted(self._rooms)

    async def idle_rooms(self, before: float) -> list[str]:
        return sorted(room for room, at in self._stored_at.items() if at < before)

    async def remove(self, room: str, before: float) -> bool:
        if self._stored_at.get(room, before) >= before:
            return False
        del self._rooms[room], self._stored_at[room]
        return True

    async def close(self) -> None:
        pass
