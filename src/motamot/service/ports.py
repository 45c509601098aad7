"""The ports the rooms stand on: a clock, an event store, a broadcaster.

Small on purpose, so that one process (memory, SQLite, in-process fan-out) and
many (PostgreSQL, Redis) implement the same three things. Several processes need a few
more, each beside what uses it: a room's owner (`rooms.leases`), who is connected
(`rooms.presence`), notices between processes (`notices`), and the players' and the
lobby's own tables (`players.db`). Stores and
broadcasters are asynchronous: the server awaits them in its event loop; the
terminal drives them with its own `asyncio.Runner`.

A stored event is the JSON text of one event with its room and number: the
store never interprets it, so any store holds any game.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from typing import Protocol


class Clock(Protocol):
    """Referee time: seconds since the Unix epoch, as a float.

    Deadlines are stored as referee times, so they must mean the same thing
    after a restart and in another process: hence the epoch, not a
    per-process monotonic counter.
    """

    def now(self) -> float: ...


class SystemClock:
    """The machine's clock, never going backwards within a process."""

    def __init__(self) -> None:
        self._last = 0.0

    def now(self) -> float:
        self._last = max(self._last, time.time())
        return self._last


class ManualClock:
    """A clock that moves only when told (tests, simulations, replays)."""

    def __init__(self, start: float = 1_700_000_000.0) -> None:
        self._now = start

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> None:
        if seconds < 0:
            raise ValueError("a clock does not go back")
        self._now += seconds


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """One event as a store keeps it: room id, number in the room (1, 2, 3...), JSON text."""

    room: str
    seq: int
    data: str


class SeqConflict(Exception):
    """An append whose expected sequence number is not the room's last one.

    Another writer got there first (or the room was rebuilt from a stale
    copy): nothing was written, and the caller must reload the room.
    """

    def __init__(self, room: str, expected: int, actual: int) -> None:
        super().__init__(f"room {room}: expected last seq {expected}, store has {actual}")
        self.room = room
        self.expected = expected
        self.actual = actual


class StoreUnavailable(Exception):
    """The store did not answer in time, or failed (not a conflict): nothing is known to be
    written, and the caller may try again later (`stores.guarded`)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        #: `store_slow` (no answer in time), `store_failed` (it answered with an error).
        self.reason = reason


class EventStore(Protocol):
    """The store of record: every room's events, in order, without holes."""

    async def append(self, room: str, expected_seq: int, events: Sequence[StoredEvent]) -> None:
        """Append `events` (numbered expected_seq + 1, + 2, ...) atomically and durably.

        Raises SeqConflict, writing nothing, when the room's last stored seq is
        not `expected_seq`. Returns only once the events would survive a crash.
        """
        ...

    async def load(self, room: str, after: int = 0) -> list[StoredEvent]:
        """The room's events with seq > `after`, in order (empty for an unknown room)."""
        ...

    async def rooms(self) -> list[str]:
        """Every room that has at least one event."""
        ...

    async def idle_rooms(self, before: float) -> list[str]:
        """The rooms whose last event was stored before `before` (seconds since the
        epoch, the machine's clock): candidates for retention."""
        ...

    async def remove(self, room: str, before: float) -> bool:
        """Delete every event of `room` if its last one is still older than `before`
        (an event stored since keeps it); whether it was removed."""
        ...

    async def close(self) -> None: ...


class Subscription(Protocol):
    """The new events of one room, as they are published, until closed."""

    def __aiter__(self) -> AsyncIterator[StoredEvent]: ...

    async def close(self) -> None: ...


class Broadcaster(Protocol):
    """Fan-out of a room's newly stored events to everyone following the room.

    Publish only what the store has accepted. A subscriber that sees a gap in
    seq reloads the missing events from the store (no event may be lost).
    """

    async def publish(self, room: str, events: Sequence[StoredEvent]) -> None: ...

    async def subscribe(self, room: str) -> Subscription: ...

    async def close(self) -> None: ...
