"""An arena on a host with a manual clock: its keeper, its rounds, players joining them."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from motamot.boggle import get_preset, parse_grid, solve
from motamot.service.arena.keeper import ArenaKeeper
from motamot.service.arena.room import ArenaRoom
from motamot.service.arena.schedule import ArenaSchedule
from motamot.service.boggle.commands import WriteWord
from motamot.service.ports import ManualClock
from motamot.service.rooms.commands import Join
from motamot.service.rooms.host import RoomHost
from motamot.service.rooms.outcomes import Ack, Refusal
from motamot.service.server_secret import ServerSecret
from tests.service.conftest import lexicons

#: A short arena (the classic game's dice and words, one minute a round).
SCHEDULE = ArenaSchedule("classic-fr", seconds=60, pause=10)
SECRET = ServerSecret(bytes(range(32)))


def digest(player: str) -> str:
    return hashlib.sha256(f"token of {player}".encode()).hexdigest()


def words_of(grid: str) -> list[str]:
    """The grid's words, best first."""
    solution = solve(parse_grid(grid), get_preset("classic-fr"), lexicons("fr"))
    return [w.word for w in sorted(solution.words, key=lambda w: (-w.points, w.word))]


@dataclass
class Arena:
    host: RoomHost
    keeper: ArenaKeeper
    clock: ManualClock
    schedule: ArenaSchedule = SCHEDULE

    def room_id(self, number: int) -> str:
        return self.keeper.room_id(self.schedule.preset, number)

    async def room(self, number: int) -> ArenaRoom:
        room = await self.host.load(self.room_id(number))
        assert isinstance(room, ArenaRoom)
        return room

    async def at(self, when: float) -> None:
        """The clock moved to `when`, the rooms' timers fired, the keeper stepped."""
        self.clock.advance(when - self.clock.now())
        await self.host.tick_all()
        await self.keeper.step()
        await self.host.tick_all()

    async def join(
        self, number: int, player: str, name: str | None = None, account: bool = False
    ) -> str:
        """`player` sits in round `number` (opened if it is not: the join route's way),
        an account's seat with `account` (listed in public, F1): their seat."""
        room_id = await self.keeper.round_room(self.schedule.preset, number)
        assert isinstance(room_id, str)
        answer = await self.host.submit(
            room_id, None, Join(name or player, digest(player), None, player, account)
        )
        assert isinstance(answer, Ack), answer
        room = await self.room(number)
        seat = room.seat_with_digest(digest(player))
        assert seat is not None
        return seat

    async def write(self, number: int, seat: str, text: str) -> Ack | Refusal:
        return await self.host.submit(self.room_id(number), seat, WriteWord(text))


def arena_on(host: RoomHost, clock: ManualClock, schedule: ArenaSchedule = SCHEDULE) -> Arena:
    return Arena(host, ArenaKeeper(host, SECRET, [schedule], clock), clock, schedule)
