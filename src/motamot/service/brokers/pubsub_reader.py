"""The loop that reads a Redis pub/sub connection, shared by every part that follows
channels (the rooms' broker, the relay, presence, bans, notices).

redis-py reconnects a pub/sub connection by itself at the next read; the loop only
waits a moment after a failure and reads again. An outage is logged in one line when it
starts and one when it ends. The loop also raises a cancel that redis-py's reconnection
swallowed (`raise_swallowed_cancel`): without it, a reader stopped while Redis comes
back reads on, and its part's close waits for ever.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from redis.asyncio.client import PubSub
from redis.exceptions import RedisError

from motamot.service.tasks import raise_swallowed_cancel

log = logging.getLogger(__name__)

#: The wait before reading again after a failure, or while nothing is subscribed yet.
RETRY_SECONDS = 0.2

#: One message as redis-py gives it (`type`, `channel`, `data`, `pattern`).
Message = dict[str, Any]


async def _always_ready() -> bool:
    return True


async def read_pubsub(
    pubsub: PubSub,
    what: str,
    handle: Callable[[Message], None],
    *,
    ready: Callable[[], Awaitable[bool]] = _always_ready,
    lost: Callable[[], None] = lambda: None,
    subscribe_messages: bool = False,
) -> None:
    """Hand each message of `pubsub` to `handle` until cancelled; never raises a Redis
    error. `what` names the connection in the log. `ready` runs before each read and may
    do Redis work (a failure there counts as the connection's); False: nothing to read
    yet, wait and ask again. `lost` is called at each failure. `subscribe_messages`: the
    confirmations of (re)subscriptions are handed over too."""
    away = False
    while True:
        raise_swallowed_cancel()  # redis-py may lose a cancel as it reconnects
        try:
            if not await ready():
                await asyncio.sleep(RETRY_SECONDS)
                continue
            message = await pubsub.get_message(
                ignore_subscribe_messages=not subscribe_messages, timeout=1.0
            )
        except RedisError as error:
            if not away:
                log.warning("%s lost (%s); reconnecting", what, error)
            away = True
            lost()
            await asyncio.sleep(RETRY_SECONDS)
            continue
        if away:
            log.warning("%s back", what)
            away = False
        if message is not None:
            handle(message)
