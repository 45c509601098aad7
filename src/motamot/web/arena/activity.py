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
#: The parts each round's sockets are split into, one part's summaries sent at a time.
PARTS = 10


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

    def frames(self) -> dict[str, str]:
        """The summary of each arena's rounds now and next, encoded, by room."""
        at = time.monotonic()
        frames: dict[str, str] = {}
        for preset, schedule in self.keeper.schedules.items():
            number = schedule.number_at(self.rooms.now())
            for ahead in (number, number + 1):
                room_id = self.keeper.room_id(preset, ahead)
                room = self.rooms.host.loaded(room_id)
                if isinstance(room, ArenaRoom) and not room.ended:
                    frames[room_id] = encode(self.summary(room, at))
        for gone in set(self._last) - set(frames):
            del self._last[gone]
        return frames

    def send(self) -> int:
        """A summary to every socket of each arena's rounds now and next, all at once (a
        test's or an operator's "now"); frames sent."""
        frames = self.frames()
        return sum(self.rooms.broadcast(room, frame) for room, frame in frames.items())

    async def run(self, every: float = EVERY) -> None:
        """A summary to every socket every `every` seconds, sent in PARTS parts spread
        over those seconds: thousands of frames at once held the event loop for tens of
        milliseconds every two seconds, and the words of that moment waited."""
        while True:
            frames = self.frames()
            for part in range(PARTS):
                await asyncio.sleep(every / PARTS)
                for room_id, frame in frames.items():
                    self.rooms.broadcast(room_id, frame, (part, PARTS))
