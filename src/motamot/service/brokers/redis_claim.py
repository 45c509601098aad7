"""One Redis prefix, one database: a process refuses to join a prefix another database's
processes are using.

The processes of one server find each other by their Redis prefix (`?prefix=`, `motamot`
by default). A copy of the database (a restored backup, a test of an upgrade) started on
the live server's prefix would join the live cluster: it would find the live rooms'
leases, send its players' commands to the live processes, and hear their events. So the
processes of a cluster keep, under `{prefix}:store`, what their database is (`identity`:
the PostgreSQL cluster's system identifier when readable, the database's name and oid,
the schema), renewed while they run (it lapses `CLAIM_SECONDS` after the last one
stopped), and a process whose database is another refuses to start (`PrefixTaken`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

import redis.asyncio as aioredis

from motamot.service.brokers.prefix import PrefixTaken, identity
from motamot.service.brokers.redis import split_url
from motamot.service.tasks import raise_swallowed_cancel, stopped

log = logging.getLogger(__name__)

#: How long a prefix stays its database's after the last process of it stopped.
CLAIM_SECONDS = 30
RENEW_SECONDS = CLAIM_SECONDS / 3


async def check_prefix(url: str, db: str) -> None:
    """PrefixTaken if the prefix of the broker `url` serves another database than `db`
    (before the process changes anything)."""
    address, prefix = split_url(url)
    mine = await asyncio.to_thread(identity, db)
    client: Any = aioredis.Redis.from_url(address)
    try:
        holder = await client.get(key_of(prefix))
    finally:
        await client.aclose()
    if holder is not None and holder.decode() != mine:
        raise PrefixTaken(prefix, holder.decode(), mine)


def key_of(prefix: str) -> str:
    return f"{prefix}:store"


@contextlib.asynccontextmanager
async def holding_prefix(client: Any, prefix: str, db: str) -> AsyncIterator[None]:
    """The prefix claimed for `db` while the block runs (PrefixTaken if another database
    holds it), renewed in the background."""
    mine = await asyncio.to_thread(identity, db)
    await _claim(client, prefix, mine)
    renewing = asyncio.create_task(_renew(client, prefix, mine), name="redis-prefix")
    try:
        yield
    finally:
        await stopped(renewing)


async def _claim(client: Any, prefix: str, mine: str) -> None:
    key = key_of(prefix)
    if await client.set(key, mine, nx=True, ex=CLAIM_SECONDS):
        return
    holder = await client.get(key)
    if holder is not None and holder.decode() != mine:
        raise PrefixTaken(prefix, holder.decode(), mine)
    await client.set(key, mine, ex=CLAIM_SECONDS)


async def _renew(client: Any, prefix: str, mine: str) -> None:
    while True:
        raise_swallowed_cancel()  # redis-py may lose the cancel of a close
        await asyncio.sleep(RENEW_SECONDS)
        try:
            await _claim(client, prefix, mine)
        except PrefixTaken as taken:
            log.error("%s", taken)
        except Exception as error:  # Redis away: the claim lapses, tried again later
            log.warning("Redis prefix %s not renewed (%s)", prefix, error)
