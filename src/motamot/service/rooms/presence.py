"""Who has a socket open in a room, whichever server process the socket is on.

Each process says which of a room's seats it holds sockets for (`update`);
the room's presence is the union over the processes (`seats`). In one
process that is a dict. Over several, it is a Redis hash per room, one field
per process, each with a time after which it no longer counts: a killed
process's seats fade out by themselves while a live one refreshes its own.
A change is announced on one channel, so the other processes re-read the
room and tell their sockets (`brokers.redis_presence`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

Changed = Callable[[str], None]


class Presence(Protocol):
    """The seats with a socket open in a room, over every process."""

    async def update(self, room: str, seats: Sequence[str]) -> list[str]:
        """The seats this process holds sockets for in `room` (empty: none any more);
        returns every process's seats in the room, sorted."""
        ...

    async def seats(self, room: str) -> list[str]:
        """Every process's seats in `room`, sorted."""
        ...

    def on_change(self, changed: Changed) -> None:
        """Call `changed(room)` when another process's seats in a room change."""
        ...

    async def close(self) -> None: ...


class LocalPresence:
    """Presence when this process is the only one."""

    def __init__(self) -> None:
        self._here: dict[str, list[str]] = {}

    async def update(self, room: str, seats: Sequence[str]) -> list[str]:
        if seats:
            self._here[room] = sorted(seats)
        else:
            self._here.pop(room, None)
        return await self.seats(room)

    async def seats(self, room: str) -> list[str]:
        return list(self._here.get(room, []))

    def on_change(self, changed: Changed) -> None:
        """Nobody else changes anything."""

    async def close(self) -> None:
        self._here.clear()
