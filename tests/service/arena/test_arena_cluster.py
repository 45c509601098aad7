"""Two processes over PostgreSQL and Redis, one arena: both keepers step at the same
moments, players come through both, and every round is opened once, started once at its
time, carried into once; the owner of a round dies as by SIGKILL and the other process
runs its clock (A2)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from motamot.service.arena.events import SessionsCarried
from motamot.service.arena.keeper import ArenaKeeper
from motamot.service.arena.room import ArenaRoom
from motamot.service.boggle.commands import WriteWord
from motamot.service.boggle.events import RoundEnded, RoundStarted
from motamot.service.ports import ManualClock
from motamot.service.rooms.cluster import ClusterHost
from motamot.service.rooms.commands import Join
from motamot.service.rooms.outcomes import Ack
from tests.service.arena.helpers import SCHEDULE, SECRET, digest, words_of
from tests.service.backends import postgres_schema, redis_prefix
from tests.service.conftest import cluster_process as process
from tests.service.test_postgres_redis import run

N = SCHEDULE.number_at(1_700_000_000.0) + 2


@pytest.fixture
def urls() -> Iterator[tuple[str, str]]:
    with postgres_schema() as pg, redis_prefix() as broker:
        yield pg, broker


async def sit(host: ClusterHost, keeper: ArenaKeeper, number: int, player: str) -> str:
    """`player` comes into round `number` through `host` (the join route's way): a seat."""
    room_id = await keeper.round_room(SCHEDULE.preset, number)
    assert isinstance(room_id, str)
    answer = await host.submit(room_id, None, Join(player, digest(player), None, player))
    assert isinstance(answer, Ack), answer
    seat = await host.read(room_id, lambda room: room.seat_with_digest(digest(player)))
    assert seat is not None
    return seat


def test_arena_A2_two_processes_keep_one_schedule_and_open_no_round_twice(
    urls: tuple[str, str],
) -> None:
    async def main() -> None:
        clock = ManualClock(SCHEDULE.start(N) - 5)
        async with process(urls, clock) as a, process(urls, clock) as b:
            keepers = [ArenaKeeper(host, SECRET, [SCHEDULE], clock) for host in (a, b)]

            async def step_both() -> None:
                await asyncio.gather(*(keeper.step() for keeper in keepers))
                for host in (a, b):
                    await host.tick_all()  # each ticks the rounds it owns

            await step_both()
            assert await a.store.rooms() == []  # nobody came yet
            # the first players come through both processes at once
            ana, bob = await asyncio.gather(
                sit(a, keepers[0], N, "ana"), sit(b, keepers[1], N, "bob")
            )
            room_n = keepers[0].room_id(SCHEDULE.preset, N)
            clock.advance(SCHEDULE.start(N) + 1 - clock.now())
            for _ in range(3):
                await step_both()
            grid = await a.read(room_n, lambda room: room.round.grid.text)  # type: ignore[attr-defined]
            assert isinstance(grid, str)
            words = words_of(grid)
            for host, seat, play in ((a, ana, words[:2]), (b, bob, words[1:4])):
                for word in play:
                    assert isinstance(await host.submit(room_n, seat, WriteWord(word)), Ack)
            clock.advance(SCHEDULE.deadline(N) + 1 - clock.now())
            for _ in range(3):
                await step_both()
            room_next = keepers[0].room_id(SCHEDULE.preset, N + 1)
            assert sorted(await a.store.rooms()) == sorted((room_n, room_next))
            events = [a.decoded(a.room(room_n), row) for row in await a.store.load(room_n)]
            assert sum(isinstance(e, RoundStarted) for e in events) == 1
            assert [e.at for e in events if isinstance(e, RoundEnded)] == [SCHEDULE.deadline(N)]
            nxt = [a.decoded(a.room(room_n), row) for row in await a.store.load(room_next)]
            (carried,) = [e for e in nxt if isinstance(e, SessionsCarried)]
            assert sorted(player for player, _, _ in carried.totals) == ["ana", "bob"]
            # both processes see round N's results alike
            results = [
                await host.read(room_n, lambda r: r.results().places)  # type: ignore[attr-defined]
                for host in (a, b)
            ]
            assert results[0] is not None and results[0] == results[1]
            assert len(results[0]) == 2
            # the owner of round N + 1 dies as by SIGKILL; the other one runs its start
            owner, other = (a, b) if a.owns(room_next) else (b, a)
            assert other is not owner and not other.owns(room_next)
            owner.leases._renewer.cancel()  # type: ignore[union-attr]
            await owner.relay.close()
            assert owner._sweeper is not None
            owner._sweeper.cancel()
            await asyncio.sleep(1.3)  # its lease runs out (Redis's clock)
            clock.advance(SCHEDULE.start(N + 1) + 0.5 - clock.now())
            survivor = keepers[0] if other is a else keepers[1]
            await survivor.step()
            await other.tick_all()
            assert other.owns(room_next)
            room = other.room(room_next)
            assert isinstance(room, ArenaRoom) and room.round is not None
            assert room.round.start == SCHEDULE.start(N + 1)
            rows = await other.store.load(room_next)
            starts = [other.decoded(room, row) for row in rows]
            assert sum(isinstance(e, RoundStarted) for e in starts) == 1

    run(main)
