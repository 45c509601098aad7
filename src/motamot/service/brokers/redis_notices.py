"""Notices over Redis pub/sub, for several server processes (see `service.notices`).

One channel per topic (`<prefix>:notice:<topic>`), one pub/sub connection per process.
A publisher's own listeners are told at once, and its echo from Redis is skipped (each
notice names the process it came from). Pub/sub forgets what is published while a
connection is down: listeners also read again now and then, so a lost notice is only
a delay. A Redis failure is logged, never raised.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Sequence

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from motamot.service.brokers.pubsub_reader import Message, read_pubsub
from motamot.service.notices import Heard, deliver
from motamot.service.tasks import stopped

log = logging.getLogger(__name__)

#: Longest notice text carried (a notice names what changed, never the state itself).
MAX_TEXT = 16_384


class RedisNotices:
    """The `topics` shared by the processes on one Redis (channels under `prefix`)."""

    def __init__(
        self, client: aioredis.Redis, prefix: str, process_id: str, topics: Sequence[str]
    ) -> None:
        self._client = client
        self._prefix = prefix
        self._process_id = process_id
        self._topics = tuple(topics)
        self._listeners: dict[str, list[Heard]] = {}
        self._pubsub = client.pubsub()
        self._reader: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Follow every topic (from when Redis confirms it on: what came before is lost)."""
        await self._pubsub.subscribe(*(self.channel(topic) for topic in self._topics))
        self._reader = asyncio.create_task(self._read(), name="notices-reader")

    def channel(self, topic: str) -> str:
        return f"{self._prefix}:notice:{topic}"

    async def publish(self, topic: str, text: str = "") -> None:
        deliver(self._listeners.get(topic, ()), text)
        notice = json.dumps({"from": self._process_id, "text": text})
        try:
            await self._client.publish(self.channel(topic), notice)
        except RedisError as error:
            log.warning("notice on %s not sent (%s)", topic, error)

    def listen(self, topic: str, heard: Heard) -> None:
        if topic not in self._topics:
            raise ValueError(f"notices on {topic!r} are not followed")
        self._listeners.setdefault(topic, []).append(heard)

    async def _read(self) -> None:
        await read_pubsub(self._pubsub, "notices' channel", self._heard)

    def _heard(self, message: Message) -> None:
        channel = message["channel"]
        start = len(self._prefix) + len(":notice:")
        topic = (channel.decode() if isinstance(channel, bytes) else str(channel))[start:]
        data = message["data"]
        if len(data) > MAX_TEXT + 200:
            return
        try:
            notice = json.loads(data)
            sender, text = str(notice["from"]), str(notice["text"])
        except (ValueError, KeyError, TypeError):
            return
        if sender != self._process_id:
            deliver(self._listeners.get(topic, ()), text)

    async def close(self) -> None:
        await stopped(self._reader)
        self._listeners.clear()
        with contextlib.suppress(RedisError):
            await self._pubsub.aclose()  # type: ignore[no-untyped-call]
