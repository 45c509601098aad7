"""The arenas' live activity: every couple of seconds, one summary frame to every socket
of the round being played and of the one waiting to start, from this process's copy of
each room (its replica with several processes: every process counts the same events)."""

from __future__ import annotations

import asyncio
import time

from motamot.server.kinds import Rooms
from motamot.server.protocol import encode
from motamot.service.arena.keeper import ArenaKeeper
from motamot.service.arena.room import ArenaRoom
from motamot.web.arena.frames import ArenaActivity

#: Seconds between two summaries (A5: at most one every second or two).
EVERY = 2.0


class Activity:
    """The words counted at the last summary of each round, to say words per second."""

    def __init__(self, rooms: Rooms, keeper: ArenaKeeper) -> None:
        self.rooms = rooms
        self.keeper = keeper
        self._last: dict[str, tuple[float, int]] = {}

    def summary(self, room: ArenaRoom, at: float) -> ArenaActivity:
        """The round's activity now (`at`: a monotonic time), words per second since the
        last summary of it."""
        words = room.words_written
        then, before = self._last.get(room.room_id, (at, words))
        self._last[room.room_id] = (at, words)
        rate = (words - before) / (at - then) if at > then else 0.0
        state = room.round
        players = 0 if state is None else len(state.words)
        return ArenaActivity(room.settings.number, len(room.seats), players, round(rate, 1))

    def send(self) -> int:
        """A summary to every socket of each arena's rounds now and next; frames sent."""
        sent = 0
        at = time.monotonic()
        live: set[str] = set()
        for preset, schedule in self.keeper.schedules.items():
            number = schedule.number_at(self.rooms.now())
            for ahead in (number, number + 1):
                room_id = self.keeper.room_id(preset, ahead)
                room = self.rooms.host.loaded(room_id)
                if not isinstance(room, ArenaRoom) or room.ended:
                    continue
                live.add(room_id)
                sent += self.rooms.broadcast(room_id, encode(self.summary(room, at)))
        for gone in set(self._last) - live:
            del self._last[gone]
        return sent

    async def run(self, every: float = EVERY) -> None:
        while True:
            await asyncio.sleep(every)
            self.send()
