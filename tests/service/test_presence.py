"""Who is connected, over processes: one process's dict, several processes' Redis hash."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

import redis.asyncio as aioredis

from motamot.service.brokers.redis import split_url
from motamot.service.brokers.redis_presence import RedisPresence
from motamot.service.ports import ManualClock
from motamot.service.rooms.presence import LocalPresence
from tests.service.backends import redis_prefix
from tests.service.conftest import run


@asynccontextmanager
async def process(
    url: str, name: str, clock: ManualClock, refresh_every: float = 3600.0
) -> AsyncIterator[tuple[RedisPresence, list[str]]]:
    """One process's presence and the rooms it was told changed elsewhere."""
    address, prefix = split_url(url)
    client = aioredis.Redis.from_url(address)
    presence = RedisPresence(client, prefix, name, clock, seconds=15.0, refresh_every=refresh_every)
    changed: list[str] = []
    presence.on_change(changed.append)
    await presence.start()
    try:
        yield presence, changed
    finally:
        await presence.close()
        await client.aclose()


async def eventually(condition: Callable[[], bool], seconds: float = 5.0) -> None:
    deadline = asyncio.get_running_loop().time() + seconds
    while not condition():
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError("not within the time")
        await asyncio.sleep(0.02)


def test_one_process_presence_is_what_it_was_told() -> None:
    async def main() -> None:
        presence = LocalPresence()
        assert await presence.update("r", ["s2", "s1"]) == ["s1", "s2"]
        assert await presence.seats("r") == ["s1", "s2"]
        await presence.update("r", [])
        assert await presence.seats("r") == []

    run(main)


def test_seats_on_two_processes_are_seen_by_both_and_each_is_told() -> None:
    async def main() -> None:
        clock = ManualClock(1000.0)
        with redis_prefix() as url:
            async with (
                process(url, "a", clock) as (a, a_told),
                process(url, "b", clock) as (
                    b,
                    b_told,
                ),
            ):
                await a.update("room", ["s1"])
                await eventually(lambda: "room" in b_told)
                # the update answers with every process's seats, in the same round trip
                assert await b.update("room", ["s2", "s3"]) == ["s1", "s2", "s3"]
                await eventually(lambda: "room" in a_told)
                assert await a.seats("room") == ["s1", "s2", "s3"]
                assert await b.seats("room") == ["s1", "s2", "s3"]
                assert await a.seats("another room") == []
                b_told.clear()
                await a.update("room", [])  # the last socket of s1 closed
                await eventually(lambda: "room" in b_told)
                assert await b.seats("room") == ["s2", "s3"]

    run(main)


def test_a_killed_process_seats_fade_out_and_a_stopped_one_leaves_at_once() -> None:
    async def main() -> None:
        clock = ManualClock(1000.0)
        with redis_prefix() as url:
            async with process(url, "b", clock) as (b, _):
                async with process(url, "a", clock) as (a, _):
                    await a.update("room", ["s1"])
                    assert await b.seats("room") == ["s1"]
                    clock.advance(16.0)  # a never refreshed (as if killed): it no longer counts
                    assert await b.seats("room") == []
                    await a.update("room", ["s1"])
                    assert await b.seats("room") == ["s1"]
                # a stopped (closed): its seats are gone at once, without waiting
                assert await b.seats("room") == []

    run(main)


def test_a_live_process_refreshes_its_seats() -> None:
    async def main() -> None:
        clock = ManualClock(1000.0)
        with redis_prefix() as url:
            async with (
                process(url, "a", clock, refresh_every=0.05) as (a, _),
                process(url, "b", clock) as (b, _),
            ):
                await a.update("room", ["s1"])
                clock.advance(16.0)
                for _ in range(200):  # a refreshes with the clock's new time (soon, however busy)
                    if await b.seats("room") == ["s1"]:
                        break
                    await asyncio.sleep(0.05)
                assert await b.seats("room") == ["s1"]

    run(main)


def test_a_malformed_field_counts_for_nobody() -> None:
    async def main() -> None:
        clock = ManualClock(1000.0)
        with redis_prefix() as url:
            address, prefix = split_url(url)
            client = aioredis.Redis.from_url(address)
            try:
                async with process(url, "a", clock) as (a, _):
                    await client.hset(f"{prefix}:presence:room", "x", "not json")
                    await client.hset(f"{prefix}:presence:room", "y", '{"seats": 3}')
                    await a.update("room", ["s1"])
                    assert await a.seats("room") == ["s1"]
            finally:
                await client.aclose()

    run(main)


def test_an_arrival_and_a_departure_sent_together_end_with_the_departure() -> None:
    """A socket that opens and closes at once: its two updates go out together, on two of
    the pool's connections; whatever order the pipelines reach Redis in, the seat ends
    gone for the other process (an arrival landing last showed it for 15 s, told to
    nobody when it ran out)."""

    async def main() -> None:
        clock = ManualClock(1000.0)
        with redis_prefix() as url:
            async with process(url, "a", clock) as (a, _), process(url, "b", clock) as (b, _):
                for round_ in range(100):
                    room = f"room{round_}"
                    await asyncio.gather(a.update(room, ["s1"]), a.update(room, []))
                    assert await b.seats(room) == [], round_

    run(main)
