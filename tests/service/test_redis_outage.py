"""Redis away (issue 34): a process keeps playing the rooms it owns, a command for a room
another process owns is refused as retryable after a bounded wait, and everything
resumes by itself when Redis is back, even empty (its own redis-server, restarted)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Iterator

import pytest

from motamot.service.boggle.commands import StartRound, WriteWord
from motamot.service.boggle.settings import BoggleSettings
from motamot.service.ports import ManualClock
from motamot.service.rooms.cluster import REDIS_WAIT_SECONDS
from motamot.service.rooms.outcomes import Ack, Refusal
from tests.scale.own import OwnRedis, own_redis
from tests.service.backends import postgres_schema
from tests.service.conftest import cluster_process
from tests.service.test_cluster import GRID_SEED, join


@pytest.fixture
def redis() -> Iterator[OwnRedis]:
    with own_redis() as server:
        yield server


async def timed(work: Awaitable[Ack | Refusal]) -> tuple[Ack | Refusal, float]:
    """`work`'s answer and the seconds it took."""
    started = time.monotonic()
    answer = await work
    return answer, time.monotonic() - started


@pytest.mark.slow
def test_the_owner_plays_on_while_redis_is_away_and_the_others_resume(redis: OwnRedis) -> None:
    async def main() -> None:
        clock = ManualClock()
        with postgres_schema() as pg:
            urls = (pg, redis.url())
            async with cluster_process(urls, clock) as a, cluster_process(urls, clock) as b:
                room_id = await a.create(BoggleSettings(duration=600))
                assert isinstance(room_id, str) and await a.claim(room_id)
                ana = await join(a, room_id, "ana")
                bob = await join(b, room_id, "bob")  # relayed to the owner
                assert isinstance(await a.submit(room_id, ana, StartRound(GRID_SEED)), Ack)
                redis.stop()
                await asyncio.sleep(2.5)  # past the lease's 1 s: nobody could renew it
                for text in ("main", "faim", "tes"):  # the owner's own players: no wait
                    answer, took = await timed(a.submit(room_id, ana, WriteWord(text)))
                    assert isinstance(answer, Ack) and took < REDIS_WAIT_SECONDS / 3, (answer, took)
                word = WriteWord("main", key="bob-1")  # sent again until answered, as a page
                answer, took = await timed(b.submit(room_id, bob, word))
                assert isinstance(answer, Refusal) and answer.retryable, answer
                assert answer.code == "room_unavailable"
                assert REDIS_WAIT_SECONDS <= took < REDIS_WAIT_SECONDS + 1.5
                assert a.owns(room_id)
                redis.start()  # empty: the owner takes its lease again
                back = time.monotonic()
                answers: list[tuple[float, object]] = []  # what the page would see, and when
                while True:
                    answer = await b.submit(room_id, bob, word)
                    answers.append((round(time.monotonic() - back, 2), answer))
                    if isinstance(answer, Ack):
                        break
                    assert isinstance(answer, Refusal) and answer.retryable, answers
                    assert time.monotonic() - back < 3.0, answers
                assert time.monotonic() - back < 3.0, answers
                assert a.owns(room_id) and not b.owns(room_id)
                while await a.leases.owner_of(room_id) != a.process_id:  # renewed: taken again
                    assert time.monotonic() - back < 3.0
                    await asyncio.sleep(0.05)

    asyncio.run(asyncio.wait_for(main(), 60))
