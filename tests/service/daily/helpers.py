"""A day's grid on a host with a manual clock: players joining it, playing it."""

from __future__ import annotations

import datetime
import hashlib
from dataclasses import dataclass

from motamot.service.boggle.commands import WriteWord
from motamot.service.brokers.local import LocalBroadcaster
from motamot.service.daily.commands import FinishPlay, StartPlay
from motamot.service.daily.room import DailyRoom
from motamot.service.daily.schedule import DailyGrids
from motamot.service.ports import ManualClock
from motamot.service.rooms.commands import Join
from motamot.service.rooms.host import RoomHost
from motamot.service.rooms.outcomes import Ack, Refusal
from motamot.service.server_secret import ServerSecret
from motamot.service.stores.memory import MemoryStore
from tests.service.conftest import KINDS, lexicons

SECRET = ServerSecret(bytes(range(32)))
GRIDS = DailyGrids("classic-fr")
#: 2026-12-01 at 10:00 UTC.
DAY = datetime.date(2026, 12, 1)
MORNING = datetime.datetime(2026, 12, 1, 10, tzinfo=datetime.UTC).timestamp()


def digest(player: str) -> str:
    return hashlib.sha256(f"token of {player}".encode()).hexdigest()


@dataclass
class Day:
    host: RoomHost
    clock: ManualClock
    day: datetime.date = DAY
    grids: DailyGrids = GRIDS

    @property
    def room_id(self) -> str:
        return self.grids.room_id(SECRET, self.day)

    async def open(self) -> None:
        opened = await self.host.open(
            self.grids.settings(SECRET, self.day, lexicons), room_id=self.room_id
        )
        assert not isinstance(opened, Refusal) or opened.code == "room_exists", opened

    async def room(self) -> DailyRoom:
        room = await self.host.load(self.room_id)
        assert isinstance(room, DailyRoom)
        return room

    async def join(self, player: str, name: str | None = None, account: bool = False) -> str:
        """`player`'s seat (an account's with `account`: listed in public, F1)."""
        await self.open()
        answer = await self.host.submit(
            self.room_id, None, Join(name or player, digest(player), None, player, account)
        )
        assert isinstance(answer, Ack), answer
        seat = (await self.room()).seat_with_digest(digest(player))
        assert seat is not None
        return seat

    async def start(self, seat: str) -> Ack | Refusal:
        return await self.host.submit(self.room_id, seat, StartPlay())

    async def write(self, seat: str, text: str) -> Ack | Refusal:
        return await self.host.submit(self.room_id, seat, WriteWord(text))

    async def finish(self, seat: str) -> Ack | Refusal:
        return await self.host.submit(self.room_id, seat, FinishPlay())

    async def at(self, when: float) -> None:
        self.clock.advance(when - self.clock.now())
        await self.host.tick_all()


def new_host(clock: ManualClock, store: MemoryStore | None = None) -> RoomHost:
    return RoomHost(store or MemoryStore(), LocalBroadcaster(), clock, lexicons, KINDS)
