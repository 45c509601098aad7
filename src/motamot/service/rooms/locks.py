"""One lock per room in use, held while a room's commands or timers run."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable


class RoomLocks:
    """One lock per room in use: a room's commands run one at a time.

    A lock lasts only while somebody holds or waits for it, or while its room is in
    memory: looking up ids that name no room (or rooms since unloaded) leaves nothing
    behind, however many there are.
    """

    def __init__(self, loaded: Callable[[str], bool]) -> None:
        self._loaded = loaded
        self._locks: dict[str, asyncio.Lock] = {}
        self._users: dict[str, int] = {}

    @contextlib.asynccontextmanager
    async def hold(self, room_id: str) -> AsyncIterator[None]:
        lock = self._locks.get(room_id)
        if lock is None:
            lock = self._locks[room_id] = asyncio.Lock()
        self._users[room_id] = self._users.get(room_id, 0) + 1
        try:
            async with lock:
                yield
        finally:
            users = self._users[room_id] - 1
            if users:
                self._users[room_id] = users
            else:
                del self._users[room_id]
                if not self._loaded(room_id):
                    del self._locks[room_id]

    def __len__(self) -> int:
        return len(self._locks)
