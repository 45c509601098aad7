"""SIGTERM on one of two server processes: its sockets close with 1012, its rooms move at once."""

from __future__ import annotations

import asyncio
import signal
import time
from collections.abc import Iterator

import pytest
import redis.asyncio as aioredis

from motamot.service.brokers.redis import split_url
from tests.scale.player import Player, create_room, join_room
from tests.scale.processes import lease_owner, pid_of, servers
from tests.service.backends import postgres_schema, redis_prefix


@pytest.fixture
def urls() -> Iterator[tuple[str, str]]:
    with postgres_schema() as db, redis_prefix() as broker:
        yield db, broker


@pytest.mark.slow
def test_sigterm_closes_sockets_with_1012_and_hands_rooms_over(urls: tuple[str, str]) -> None:
    db, broker = urls
    address, prefix = split_url(broker)

    async def main() -> None:
        client = aioredis.Redis.from_url(address)
        with servers(2, db, broker, lease_seconds=30) as (first, second):
            addresses = [first.address, second.address]
            room, seat, token = await create_room(first.address, "ana", duration=60)
            ana = Player("ana", addresses, room, token, seat, server=0)
            await ana.start()  # the room is owned where its first player comes
            for _ in range(100):
                if (owner := await lease_owner(client, prefix, room)) is not None:
                    break
                await asyncio.sleep(0.05)
            assert owner is not None and pid_of(owner) == first.process.pid
            bob_seat, bob_token = await join_room(second.address, room, "bob")
            bob = Player("bob", addresses, room, bob_token, bob_seat, server=1)
            await bob.start()
            assert (await ana.request({"type": "start"}))["type"] == "ack"
            assert (await ana.write("main")).seq is not None
            stopped_at = time.monotonic()
            first.process.send_signal(signal.SIGTERM)
            # uvicorn stops gracefully, then re-raises the signal it caught
            assert first.process.wait(15) in (0, -signal.SIGTERM)
            stop_seconds = time.monotonic() - stopped_at
            # handed over, not left to expire (the lease is 30 s)
            after = await lease_owner(client, prefix, room)
            assert after is None or pid_of(after) == second.process.pid
            while ana.reconnects == 0:
                await asyncio.sleep(0.05)
            assert ana.close_codes == [1012]
            word = await ana.write("faim", timeout=10)
            assert word.seq is not None, word
            new_owner = await lease_owner(client, prefix, room)
            assert new_owner is not None and pid_of(new_owner) == second.process.pid
            assert stop_seconds < 10
            for player in (ana, bob):
                await player.stop()
        await client.aclose()

    asyncio.run(asyncio.wait_for(main(), 60))
