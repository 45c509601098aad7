"""Rooms due together (`rooms.due.DueRooms`): ticked in groups, and `done`, the wait of
the work that should come after a burst of ends (the players' and the lobby's tables)."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from motamot.service.rooms.due import DueRooms
from motamot.service.rooms.events import Event


class Ticks:
    """A tick_together that records its groups and holds each until released."""

    def __init__(self) -> None:
        self.groups: list[list[str]] = []
        self.release = asyncio.Event()

    async def __call__(self, room_ids: Sequence[str]) -> list[list[Event]]:
        self.groups.append(list(room_ids))
        await self.release.wait()
        return [[] for _ in room_ids]


async def turns(count: int = 10) -> None:
    """A few turns of the event loop (no clock)."""
    for _ in range(count):
        await asyncio.sleep(0)


def test_done_returns_at_once_when_no_room_is_due() -> None:
    async def run() -> None:
        due = DueRooms(Ticks(), size=2)
        await asyncio.wait_for(due.done(), 1)

    asyncio.run(run())


def test_a_burst_is_ticked_in_groups_and_done_waits_for_it_and_a_quiet_moment() -> None:
    async def run() -> tuple[list[list[str]], bool, bool]:
        ticks = Ticks()
        due = DueRooms(ticks, size=2)
        rooms = [asyncio.create_task(due.tick(f"r{i}")) for i in range(5)]
        await turns()
        done = asyncio.create_task(due.done())
        await turns()
        waiting_for_the_ticks = not done.done()
        ticks.release.set()
        await asyncio.gather(*rooms)
        await turns()
        waiting_for_the_quiet = not done.done()  # the last results going out
        await asyncio.wait_for(done, 5)
        return ticks.groups, waiting_for_the_ticks, waiting_for_the_quiet

    groups, waiting_for_the_ticks, waiting_for_the_quiet = asyncio.run(run())
    assert groups == [["r0", "r1"], ["r2", "r3"], ["r4"]]
    assert waiting_for_the_ticks
    assert waiting_for_the_quiet


def test_one_group_is_no_burst_done_returns_once_it_is_ticked() -> None:
    """A room that ends alone (a game among friends): the work after it is not held."""

    async def run() -> bool:
        ticks = Ticks()
        due = DueRooms(ticks, size=2)
        room = asyncio.create_task(due.tick("r0"))
        await turns()
        ticks.release.set()
        await room
        done = asyncio.create_task(due.done())
        await turns()
        return done.done()

    assert asyncio.run(run())
