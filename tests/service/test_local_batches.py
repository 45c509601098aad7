"""The in-process broadcaster keeps together what was published together: a batch of
commands stored in one append reaches each socket of the room in one frame (500 players
at a duplicate table submitting in the same seconds: benchmarks/bench_duplicate.py)."""

from __future__ import annotations

import asyncio

from motamot.service.brokers.local import LocalBroadcaster
from motamot.service.ports import StoredEvent


def stored(*seqs: int) -> list[StoredEvent]:
    return [StoredEvent("room", seq, "{}") for seq in seqs]


def test_events_published_together_come_as_one_batch_and_alone_as_they_come() -> None:
    async def scenario() -> list[list[int]]:
        broker = LocalBroadcaster()
        subscription = await broker.subscribe("room")
        got: list[list[int]] = []

        async def follow() -> None:
            async for batch in subscription.batches():
                got.append([event.seq for event in batch])

        follower = asyncio.create_task(follow())
        await broker.publish("room", stored(1, 2, 3))
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        await broker.publish("room", stored(4))
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        await broker.publish("room", stored(5))
        await broker.publish("room", stored(6, 7))
        await subscription.close()
        await asyncio.wait_for(follower, 5)
        return got

    assert asyncio.run(scenario()) == [[1, 2, 3], [4], [5, 6, 7]]


def test_a_batch_already_waiting_is_given_before_the_subscription_ends() -> None:
    async def scenario() -> list[list[int]]:
        broker = LocalBroadcaster()
        subscription = await broker.subscribe("room")
        await broker.publish("room", stored(1, 2))
        await subscription.close()
        return [[event.seq for event in batch] async for batch in subscription.batches()]

    assert asyncio.run(scenario()) == [[1, 2]]
