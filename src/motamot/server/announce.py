"""Who is connected, told to a room's sockets only when it changes (docs/rules.md, F20).

A room's presence is the seats with a socket open, over every process
(`service.rooms.presence`). A socket that arrives is told it at once, alone; the
others are told only when a seat's presence changed (a spectator, or a seat's second
socket, changes nothing), and the changes of one short window (`WINDOW_SECONDS`) are
told together: a thousand spectators coming in cost a frame each, not a thousand each,
and a room filling up with players one frame per window to each socket. Another
process's change is read once per burst, and told only if it changes what was told.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from motamot.server.feed import Listener, RoomFeed
from motamot.server.frames import Presence as PresenceFrame
from motamot.server.protocol import encode
from motamot.service.rooms.presence import Presence
from motamot.service.tasks import stopped

#: Changes within this long are told together.
WINDOW_SECONDS = 0.25


class Announcer:
    """The presence of this process's feeds: shared with the other processes, told to
    their sockets when it changes."""

    def __init__(self, presence: Presence, feeds: Callable[[str], RoomFeed | None]) -> None:
        self.presence = presence
        self._feeds = feeds
        #: per room: this process's seats as last shared, the seats last told, and the
        #: telling to come (one per window)
        self._shared: dict[str, list[str]] = {}
        self._told: dict[str, list[str]] = {}
        self._pending: dict[str, asyncio.TimerHandle] = {}
        self._reading: set[asyncio.Task[None]] = set()
        #: per room: the last read begun (a read that answers after a later one is stale),
        #: numbered over every room
        self._reads: dict[str, int] = {}
        self._read_count = 0

    async def arrived(self, room: str, feed: RoomFeed, listener: Listener) -> None:
        """A socket joined the room here: it is told the presence now, the others when
        its seat changed it."""
        if not feed.presence_shown:
            return
        seats = await self._share(room, feed)
        if seats is None:  # nothing changed: what was told (or read, the first time)
            seats = self._told.get(room)
            if seats is None:
                seats = self._told[room] = await self.presence.seats(room)
        listener.push(encode(PresenceFrame(seats)))

    async def left(self, room: str, feed: RoomFeed) -> None:
        if feed.presence_shown:
            await self._share(room, feed)

    async def _share(self, room: str, feed: RoomFeed) -> list[str] | None:
        """This process's seats in the room, shared if they changed, and a telling of
        everybody's planned; everybody's seats (None: unchanged, nothing shared)."""
        here = feed.presence()
        if self._shared.get(room, []) == here:
            return None
        self._shared[room] = here
        try:
            seats = await self.presence.update(room, here)
        except BaseException:  # cut short: the next change shares it again
            self._shared.pop(room, None)
            raise
        self._plan(room)
        return seats

    def changed_elsewhere(self, room: str) -> None:
        """Another process's seats in the room changed."""
        if self._feeds(room) is not None:
            self._plan(room)

    def _plan(self, room: str) -> None:
        if room not in self._pending:
            loop = asyncio.get_running_loop()
            self._pending[room] = loop.call_later(WINDOW_SECONDS, self._due, room)

    def _due(self, room: str) -> None:
        self._pending.pop(room, None)
        task = asyncio.create_task(self._tell(room))
        self._reading.add(task)
        task.add_done_callback(self._reading.discard)

    async def _tell(self, room: str) -> None:
        """Everybody's seats read once, told to the room's sockets here if they changed
        and no later read began meanwhile (its answer may come first on a busy process)."""
        self._read_count += 1
        ticket = self._reads[room] = self._read_count
        seats = await self.presence.seats(room)
        if self._reads.get(room) != ticket:
            return  # a later read began: its answer is the one told
        del self._reads[room]
        feed = self._feeds(room)
        if feed is None or not feed.listeners or not feed.presence_shown:
            self._forget(room)
            return
        if seats != self._told.get(room):
            self._told[room] = seats
            feed.announce_presence(seats)

    def _forget(self, room: str) -> None:
        self._shared.pop(room, None)
        self._told.pop(room, None)
        self._reads.pop(room, None)

    async def close(self) -> None:
        for handle in self._pending.values():
            handle.cancel()
        self._pending.clear()
        await stopped(*self._reading)
