"""Room leases and the command relay, against the machine's real Redis."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator

import pytest
import redis.asyncio as aioredis

from motamot.service.brokers.redis import split_url
from motamot.service.rooms.leases import RedisLeases
from motamot.service.rooms.relay import OwnerGone, OwnerTimeout, RedisRelay
from tests.service.backends import redis_prefix
from tests.service.test_postgres_redis import run


@pytest.fixture
def redis_url() -> Iterator[str]:
    with redis_prefix() as url:
        yield url


def test_a_close_ends_even_when_the_renewal_loses_its_cancel(
    redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Python 3.11's `wait_for` (inside redis-py) may swallow a cancel: the renewer then
    renewed on, and `close` waited for it until the test's 30 s ran out (seen in a run)."""
    address, prefix = split_url(redis_url)
    swallowed: list[bool] = []

    async def renew_losing_the_cancel(self: RedisLeases) -> None:
        try:
            await asyncio.sleep(5)
        except asyncio.CancelledError:  # what 3.11's wait_for does as its future completes
            swallowed.append(True)

    async def main() -> None:
        client = aioredis.Redis.from_url(address)
        leases = RedisLeases(client, prefix, "p1", seconds=0.3)
        assert await leases.acquire("r")
        monkeypatch.setattr(RedisLeases, "renew", renew_losing_the_cancel)
        await asyncio.sleep(0.2)  # the renewer is in its renewal
        started = time.monotonic()
        await leases.close()
        assert swallowed and time.monotonic() - started < 2
        await client.aclose()

    run(main)


def test_one_holder_per_room_renewed_past_its_expiry(redis_url: str) -> None:
    address, prefix = split_url(redis_url)

    async def main() -> None:
        client = aioredis.Redis.from_url(address)
        first = RedisLeases(client, prefix, "p1", seconds=0.3)
        second = RedisLeases(client, prefix, "p2", seconds=0.3)
        assert await first.acquire("r")
        assert not await second.acquire("r")
        await asyncio.sleep(1.0)  # three lease times: only renewals keep it
        assert await first.owner_of("r") == "p1"
        assert not await second.acquire("r")
        assert await second.acquire("other")
        assert await first.owners_of(["r", "other", "free"]) == ["p1", "p2", None]
        await first.close()  # released: no need to wait for the expiry
        assert await second.acquire("r")
        assert second.held == {"r", "other"}
        await second.close()
        await client.aclose()

    run(main)


def test_a_dead_owners_lease_expires_and_is_taken_over(redis_url: str) -> None:
    address, prefix = split_url(redis_url)

    async def main() -> None:
        client = aioredis.Redis.from_url(address)
        dead = RedisLeases(client, prefix, "dead", seconds=0.4)
        assert await dead.acquire("r")
        assert dead._renewer is not None
        dead._renewer.cancel()  # the process stops renewing without releasing (SIGKILL)
        heir = RedisLeases(client, prefix, "heir", seconds=0.4)
        started = time.monotonic()
        while not await heir.acquire("r"):
            await asyncio.sleep(0.05)
        waited = time.monotonic() - started
        assert 0.2 < waited < 1.0
        await heir.close()
        await client.aclose()

    run(main)


def test_a_lease_taken_behind_the_owners_back_is_reported_lost(redis_url: str) -> None:
    address, prefix = split_url(redis_url)

    async def main() -> None:
        client = aioredis.Redis.from_url(address)
        lost: list[str] = []
        leases = RedisLeases(client, prefix, "p1", seconds=5, on_lost=lost.append)
        assert await leases.acquire("a") and await leases.acquire("b")
        await client.set(leases.key("b"), "intruder")
        await leases.renew()
        assert lost == ["b"]
        assert leases.holds("a") and not leases.holds("b")
        await leases.close()
        assert await client.get(leases.key("b")) == b"intruder"  # not released by the loser
        await client.aclose()

    run(main)


def test_a_request_reaches_the_owner_and_its_answer_comes_back(redis_url: str) -> None:
    address, prefix = split_url(redis_url)

    async def main() -> None:
        client = aioredis.Redis.from_url(address)

        async def shout(room: str, body: str, watched: bool) -> str:
            assert not watched
            if body == "slow":
                await asyncio.sleep(5)
            return f"{room}:{body.upper()}"

        owner = RedisRelay(client, prefix, "owner", shout)
        asker = RedisRelay(client, prefix, "asker", shout)
        await owner.start()
        await asker.start()
        answers = await asyncio.gather(
            *(asker.request("owner", "r", f"word{n}") for n in range(20))
        )
        assert answers == [f"r:WORD{n}" for n in range(20)]
        with pytest.raises(OwnerGone):
            await asker.request("nobody", "r", "x")
        with pytest.raises(OwnerTimeout):
            await asker.request("owner", "r", "slow", timeout=0.3)
        await owner.close()
        await asker.close()
        await client.aclose()

    run(main)


def test_requests_waiting_together_share_a_round_trip_and_each_gets_its_own_answer(
    redis_url: str,
) -> None:
    """The relay's publishes go out in pipelines: 200 requests at once take a few round
    trips each way, not 200; one for a process nobody listens to is still OwnerGone alone."""
    address, prefix = split_url(redis_url)

    async def main() -> None:
        client = aioredis.Redis.from_url(address)

        async def echo(room: str, body: str, watched: bool) -> str:
            return f"{room}:{body}"

        owner = RedisRelay(client, prefix, "owner", echo)
        asker = RedisRelay(client, prefix, "asker", echo)
        await owner.start()
        await asker.start()
        asked = [asker.request("owner", f"r{n}", f"w{n}") for n in range(200)]
        gone = asker.request("nobody", "r", "x")
        answers = await asyncio.gather(*asked, gone, return_exceptions=True)
        assert answers[:200] == [f"r{n}:w{n}" for n in range(200)]
        assert isinstance(answers[200], OwnerGone)
        assert asker.publisher.round_trips <= 5
        assert owner.publisher.round_trips <= 50
        await owner.close()
        await asker.close()
        await client.aclose()

    run(main)
