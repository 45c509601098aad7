"""Two processes over PostgreSQL and Redis, one day's grid (G1, G3, G5): players come
through both at once, the day's room is opened once, both play the same grid, each play
ends once at its own deadline; the room's owner dies as by SIGKILL and the other process
ends the play still running at its stored deadline."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from motamot.service.boggle.commands import WriteWord
from motamot.service.daily.commands import StartPlay
from motamot.service.daily.events import PlayEnded, PlayStarted
from motamot.service.daily.room import DailyRoom
from motamot.service.ports import ManualClock
from motamot.service.rooms.cluster import ClusterHost
from motamot.service.rooms.commands import Join
from motamot.service.rooms.host import Room
from motamot.service.rooms.outcomes import Ack, Refusal
from tests.service.backends import postgres_schema, redis_prefix
from tests.service.conftest import cluster_process as process
from tests.service.conftest import lexicons
from tests.service.daily.helpers import DAY, GRIDS, MORNING, SECRET, digest
from tests.service.daily.test_daily_room import words_of
from tests.service.test_postgres_redis import run

ROOM = GRIDS.room_id(SECRET, DAY)


@pytest.fixture
def urls() -> Iterator[tuple[str, str]]:
    with postgres_schema() as pg, redis_prefix() as broker:
        yield pg, broker


async def play(host: ClusterHost, player: str) -> str:
    """`player` opens the day (or finds it opened), sits and starts, through `host`."""
    opened = await host.open(GRIDS.settings(SECRET, DAY, lexicons), room_id=ROOM)
    assert not isinstance(opened, Refusal) or opened.code == "room_exists", opened
    answer = await host.submit(ROOM, None, Join(player, digest(player), None, player))
    assert isinstance(answer, Ack), answer
    seat = await host.read(ROOM, lambda room: room.seat_with_digest(digest(player)))
    assert seat is not None
    assert isinstance(await host.submit(ROOM, seat, StartPlay()), Ack)
    return seat


def _grid(room: Room) -> str:
    assert isinstance(room, DailyRoom)
    return room.grid.text


def test_g1_g3_two_processes_open_the_day_once_and_end_each_play_once(
    urls: tuple[str, str],
) -> None:
    async def main() -> None:
        clock = ManualClock(MORNING)
        async with process(urls, clock) as a, process(urls, clock) as b:
            ana, bob = await asyncio.gather(play(a, "ana"), play(b, "bob"))
            assert await a.store.rooms() == [ROOM]
            grids = {await host.read(ROOM, _grid) for host in (a, b)}
            assert grids == {GRIDS.grid(SECRET, DAY, lexicons).text}
            word = words_of(GRIDS.grid(SECRET, DAY, lexicons).text)[0]
            for host, seat in ((a, ana), (b, bob)):
                assert isinstance(await host.submit(ROOM, seat, WriteWord(word)), Ack)
            clock.advance(181)
            for host in (a, b):
                await host.tick_all()  # only the owner ends the plays
            events = [a.decoded(a.room(ROOM), row) for row in await a.store.load(ROOM)]
            assert sum(isinstance(e, PlayStarted) for e in events) == 2
            ended = [e for e in events if isinstance(e, PlayEnded)]
            assert sorted(e.seat for e in ended) == sorted((ana, bob))
            assert {e.at for e in ended} == {MORNING + 180}  # each at its stored deadline

            # cleo starts a play; the room's owner dies as by SIGKILL mid-play
            cleo = await play(a, "cleo")
            owner, other = (a, b) if a.owns(ROOM) else (b, a)
            owner.leases._renewer.cancel()  # type: ignore[union-attr]
            await owner.relay.close()
            assert owner._sweeper is not None
            owner._sweeper.cancel()
            await asyncio.sleep(1.3)  # its lease runs out (Redis's clock)
            clock.advance(200)
            await other.read(ROOM, lambda room: None)  # a read takes the room nobody owns
            await other.tick_all()
            assert other.owns(ROOM)
            rows = await other.store.load(ROOM)
            last = [other.decoded(other.room(ROOM), row) for row in rows]
            ends = [e for e in last if isinstance(e, PlayEnded) and e.seat == cleo]
            assert len(ends) == 1 and ends[0].at == MORNING + 181 + 180

    run(main)
