"""The operator's bans changed: said at once to every server process over Redis.

The bans themselves are in the players' tables (`players.moderation`); this only tells
the processes to read them again now rather than at their next look (they also look
every few seconds, so a lost message or a ban made without the broker still takes).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from motamot.service.brokers.pubsub_reader import read_pubsub
from motamot.service.tasks import stopped

log = logging.getLogger(__name__)


def bans_channel(prefix: str) -> str:
    return f"{prefix}:bans-changed"


async def announce_bans(url: str) -> None:
    """Tell the processes on the Redis of `url` (`?prefix=`) that the bans changed."""
    from motamot.service.brokers.redis import split_url

    address, prefix = split_url(url)
    client = aioredis.Redis.from_url(address)
    try:
        await client.publish(bans_channel(prefix), "changed")
    finally:
        await client.aclose()


class BansSignal:
    """Calls `changed` each time another process (or the operator's command) says the
    bans changed."""

    def __init__(self, client: aioredis.Redis, prefix: str, changed: Callable[[], None]) -> None:
        self._client = client
        self._pubsub = client.pubsub()
        self._channel = bans_channel(prefix)
        self._changed = changed
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        await self._pubsub.subscribe(self._channel)
        self._task = asyncio.create_task(self._read(), name="bans-signal")

    async def _read(self) -> None:
        await read_pubsub(self._pubsub, "bans channel", lambda _: self._changed())

    async def announce(self) -> None:
        """Tell every process (this one too) that the bans changed."""
        await self._client.publish(self._channel, "changed")

    async def close(self) -> None:
        await stopped(self._task)
        with contextlib.suppress(RedisError):
            await self._pubsub.aclose()  # type: ignore[no-untyped-call]
