"""Keeping the arenas going on one process: the next round opened ahead of time while
people play, every round run by an owner, sessions carried from round to round, past
rounds put away (A2, A4).

A round's room is made when the first player comes for it (`round_room`, from the join
route), or ahead of time by the keeper while the round before has players: so a player
always finds the next round waiting, and an arena nobody visits stores nothing. Each
`step` does what the schedule says is due at the clock's time, and each part is
idempotent, so every process of a server may step, as often as it likes, and a restart
only steps again:

- the round now and the next, where they exist, are read, which gives each an owner if it
  has none (with several processes the first to ask takes the lease and runs its clock:
  the start, the deadline); while the round now has players the next is opened, with the
  id and seed the schedule derives from the secret (a round already stored, by another
  process or before a restart, is refused `room_exists`, and that is fine);
- once a round is over, its players' sessions are carried into the next round (a second
  carry is refused `already_carried`);
- two rounds back, a round is out of memory, and out of the store if nobody sat in it.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Sequence
from typing import Any

from motamot.service.arena.commands import CarrySessions
from motamot.service.arena.events import SessionTotals
from motamot.service.arena.room import ArenaRoom
from motamot.service.arena.schedule import ArenaSchedule
from motamot.service.ports import Clock
from motamot.service.rooms.host import Room, RoomHost
from motamot.service.rooms.outcomes import Refusal
from motamot.service.server_secret import ServerSecret
from motamot.service.stores.outages import failed

log = logging.getLogger(__name__)

#: Seconds between two steps (a round's start and end are the rooms' own timers).
STEP_SECONDS = 1.0
#: What `step` is told by a refusal that only says the work is done already.
DONE = ("room_exists", "already_carried", "round_over")


class ArenaKeeper:
    """The arenas of `schedules` on `host`, their rooms named and seeded by `secret`."""

    def __init__(
        self,
        host: RoomHost,
        secret: ServerSecret,
        schedules: Sequence[ArenaSchedule],
        clock: Clock,
    ) -> None:
        self.host = host
        self.secret = secret
        self.schedules = {schedule.preset: schedule for schedule in schedules}
        self.clock = clock
        #: Rounds known to be stored, carried into, and put away (by room id).
        self._opened: set[str] = set()
        self._carried: set[str] = set()
        self._away: set[str] = set()

    def room_id(self, preset: str, number: int) -> str:
        return self.schedules[preset].room_id(self.secret, number)

    async def round_room(self, preset: str, number: int) -> str | Refusal:
        """Round `number`'s room id, the room opened first if this process has not seen
        it stored yet (a refusal only if it cannot be stored)."""
        room_id = self.room_id(preset, number)
        if room_id in self._opened:
            return room_id
        settings = self.schedules[preset].settings(self.secret, number)
        opened = await self.host.open(settings, room_id=room_id)
        if isinstance(opened, Refusal) and opened.code not in DONE:
            return opened
        self._opened.add(room_id)
        return room_id

    async def exists(self, preset: str, number: int) -> bool:
        """Whether round `number` is stored (known here, or found in the store)."""
        room_id = self.room_id(preset, number)
        if room_id in self._opened or self.host.loaded(room_id) is not None:
            return True
        if await self.host.store.load(room_id):
            self._opened.add(room_id)
            return True
        return False

    async def step(self) -> None:
        """What is due now in every arena (see the module's docstring)."""
        numbers: dict[str, int] = {}
        for preset, schedule in self.schedules.items():
            number = numbers[preset] = schedule.number_at(self.clock.now())
            if await self.exists(preset, number):
                # read: an owner for its clock; seated: people play, the next round waits
                seated = await self.host.read(self.room_id(preset, number), _seated)
                if seated:
                    await self.round_room(preset, number + 1)
            if await self.exists(preset, number + 1):
                await self.host.read(self.room_id(preset, number + 1), _nothing)
            await self._carry(preset, number - 1)
            await self._carry(preset, number)
        await self._put_away(numbers)

    async def _carry(self, preset: str, number: int) -> None:
        """Once round `number` is over, its players' sessions into round `number + 1`."""
        schedule = self.schedules[preset]
        target = self.room_id(preset, number + 1)
        if number < 0 or target in self._carried or self.clock.now() <= schedule.deadline(number):
            return
        if not (await self.exists(preset, number) and await self.exists(preset, number + 1)):
            return
        totals = await self.host.read(self.room_id(preset, number), _sessions)
        if totals is None:
            return  # not over yet here: its owner ends it, carry after
        answer = await self.host.submit(target, None, CarrySessions(totals))
        if not isinstance(answer, Refusal) or answer.code in DONE:
            self._carried.add(target)

    async def _put_away(self, numbers: dict[str, int]) -> None:
        """Rounds two or more back out of memory, and out of the store if nobody sat in
        them (`numbers`: each arena's round now)."""
        for room_id in self.host.in_memory():
            room = self.host.loaded(room_id)
            if not isinstance(room, ArenaRoom) or room_id in self._away:
                continue
            settings = room.settings
            schedule = self.schedules.get(settings.preset)
            current = schedule is not None and (settings.seconds, settings.pause) == (
                schedule.round_seconds,
                schedule.pause,
            )
            if current and settings.number > numbers[settings.preset] - 2:
                continue
            if not current and not room.ended:
                continue  # a round of another timing (an earlier run's): once it is over
            if not room.seats:
                # its last event is whatever age: an empty round keeps nothing anybody did
                await self.host.retire(room_id, time.time() + 3600, _keep_nothing)
            await self.host.unload(room_id)
            self._away.add(room_id)
            self._opened.discard(room_id)
            self._carried.discard(room_id)

    async def run(self, every: float = STEP_SECONDS) -> None:
        """Step until cancelled (a failed step is logged, the next one tries again)."""
        while True:
            try:
                await self.step()
            except Exception as error:
                failed(log, error, "arena: a step failed")
            await asyncio.sleep(every)


def _nothing(room: Room) -> None:
    del room


def _seated(room: Room) -> int:
    return len(room.seats)


def _sessions(room: Room) -> SessionTotals | None:
    """The sessions an arena round's results left (None: not over yet)."""
    if not isinstance(room, ArenaRoom) or not room.ended:
        return None
    return room.results().sessions


async def _keep_nothing(room: Any) -> None:
    del room
