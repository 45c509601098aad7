"""The EventStore and Broadcaster contracts, run on every backend (see conftest)."""

from __future__ import annotations

import asyncio

import pytest

from motamot.service.ports import SeqConflict, StoredEvent
from motamot.service.stores.memory import MemoryStore
from tests.service.conftest import BrokerBackend, StoreBackend, run


def batch(room: str, first: int, count: int, tag: str = "x") -> list[StoredEvent]:
    return [
        StoredEvent(room, seq, f'{{"n":{seq},"t":"{tag}"}}') for seq in range(first, first + count)
    ]


def test_append_then_load_in_order(store: StoreBackend) -> None:
    async def body() -> None:
        events = await store.open()
        await events.append("r1", 0, batch("r1", 1, 3))
        await events.append("r1", 3, batch("r1", 4, 2))
        await events.append("r2", 0, batch("r2", 1, 1))
        assert [e.seq for e in await events.load("r1")] == [1, 2, 3, 4, 5]
        assert await events.load("r1", after=3) == batch("r1", 4, 2)
        assert await events.load("r2") == batch("r2", 1, 1)
        assert await events.load("nobody") == []
        assert await events.rooms() == ["r1", "r2"]
        await events.close()

    run(body)


def test_stale_expected_seq_raises_and_writes_nothing(store: StoreBackend) -> None:
    async def body() -> None:
        events = await store.open()
        await events.append("r", 0, batch("r", 1, 2))
        with pytest.raises(SeqConflict) as caught:
            await events.append("r", 1, batch("r", 2, 2, "fork"))
        assert (caught.value.expected, caught.value.actual) == (1, 2)
        with pytest.raises(SeqConflict):
            await events.append("r", 0, batch("r", 1, 1, "fork"))
        with pytest.raises(SeqConflict):
            await events.append("r", 5, batch("r", 6, 1, "ahead"))
        assert await events.load("r") == batch("r", 1, 2)
        await events.close()

    run(body)


def test_misnumbered_batch_is_refused(store: StoreBackend) -> None:
    async def body() -> None:
        events = await store.open()
        with pytest.raises(ValueError):
            await events.append("r", 0, [StoredEvent("r", 2, "{}")])
        with pytest.raises(ValueError):
            await events.append("r", 0, [StoredEvent("other", 1, "{}")])
        assert await events.load("r") == []
        await events.close()

    run(body)


def test_concurrent_writers_one_wins_per_seq(store: StoreBackend) -> None:
    """Two writers racing for the same room: exactly one gets each seq, no fork, no hole."""

    async def body() -> None:
        events = await store.open()

        async def writer(name: str) -> int:
            wins = 0
            for _ in range(30):
                last = len(await events.load("r"))
                try:
                    await events.append("r", last, batch("r", last + 1, 1, name))
                    wins += 1
                except SeqConflict:
                    pass
            return wins

        wins = await asyncio.gather(writer("a"), writer("b"))
        stored = await events.load("r")
        assert [e.seq for e in stored] == list(range(1, len(stored) + 1))
        assert sum(wins) == len(stored)
        await events.close()

    run(body)


def test_many_rooms_appended_at_once(store: StoreBackend) -> None:
    async def body() -> None:
        events = await store.open()
        await asyncio.gather(*(events.append(f"r{n}", 0, batch(f"r{n}", 1, 2)) for n in range(50)))
        assert len(await events.rooms()) == 50
        for n in range(50):
            assert [e.seq for e in await events.load(f"r{n}")] == [1, 2]
        await events.close()

    run(body)


def test_reopened_store_keeps_every_event(store: StoreBackend) -> None:
    async def body() -> None:
        events = await store.open()
        await events.append("r", 0, batch("r", 1, 4))
        await events.close()
        again = await store.open()
        assert await again.load("r") == batch("r", 1, 4)
        await again.append("r", 4, batch("r", 5, 1))
        assert len(await again.load("r")) == 5
        await again.close()

    run(body)


def test_unicode_text_round_trips(store: StoreBackend) -> None:
    async def body() -> None:
        events = await store.open()
        text = '{"name":"Chloé ✓ 🎲","word":"ŒUF"}'
        await events.append("salle-é", 0, [StoredEvent("salle-é", 1, text)])
        assert (await events.load("salle-é"))[0].data == text
        await events.close()

    run(body)


def test_subscribers_get_published_events_in_order(broadcaster: BrokerBackend) -> None:
    async def body() -> None:
        broker = await broadcaster.open(MemoryStore())
        first = await broker.subscribe("r")
        second = await broker.subscribe("r")
        elsewhere = await broker.subscribe("other")
        await broker.publish("r", batch("r", 1, 2))
        await broker.publish("r", batch("r", 3, 1))

        async def take(subscription: object, count: int) -> list[int]:
            seen: list[int] = []
            async for event in subscription:  # type: ignore[attr-defined]
                seen.append(event.seq)
                if len(seen) == count:
                    break
            return seen

        assert await asyncio.wait_for(take(first, 3), 5) == [1, 2, 3]
        assert await asyncio.wait_for(take(second, 3), 5) == [1, 2, 3]
        await broker.publish("other", batch("other", 1, 1))
        assert await asyncio.wait_for(take(elsewhere, 1), 5) == [1]
        for subscription in (first, second, elsewhere):
            await subscription.close()
        await broker.close()

    run(body)


def test_closed_subscription_ends_its_iteration(broadcaster: BrokerBackend) -> None:
    async def body() -> None:
        broker = await broadcaster.open(MemoryStore())
        subscription = await broker.subscribe("r")
        await subscription.close()
        await broker.publish("r", batch("r", 1, 1))
        seen = [event async for event in subscription]
        assert seen == []
        await broker.close()

    run(body)
