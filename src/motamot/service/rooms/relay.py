"""Requests between server processes over Redis: a command to its room's owner, the answer back.

Each process listens on its inbox channel `prefix:inbox:<process id>` and
on its reply channel `prefix:reply:<process id>`. A request is a JSON object
`{"id", "room", "reply_to", "body"}`; the owner runs its handler on `body`
and publishes `{"id", "body"}` to `reply_to`. The bodies are JSON texts
this module never reads (the host encodes commands and answers).

The requests and answers a process sends go out in order from one task, all those
waiting in one pipeline (`Publisher`): an arena's owner answers hundreds of relayed
words a second, and one round trip to Redis each was most of its time on the relay.

Pub/sub delivers to whoever listens now: a request to a dead process reaches
nobody (`publish` says 0 receivers, OwnerGone at once) and a request whose
owner died while working on it times out (OwnerTimeout). Either way the
caller does not know whether the command was applied; it asks the new owner
again, and the room refuses what would apply twice.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

import redis.asyncio as aioredis
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisError

from motamot.service.brokers.pubsub_reader import Message, read_pubsub
from motamot.service.tasks import stopped, within

log = logging.getLogger(__name__)

#: How long a request waits for this process's reply channel after Redis came back.
LIVE_WAIT_SECONDS = 0.5

#: (room, body, watched): `watched` says the sender has sockets open on the room.
Handler = Callable[[str, str, bool], Awaitable[str]]


class OwnerGone(Exception):
    """Nobody listens on the owner's inbox: that process is gone."""


class OwnerTimeout(Exception):
    """The owner did not answer in time (it may have died while working)."""


class Publisher:
    """Publishes sent in order by one task, every one waiting sent in one pipeline (one
    write and one read for all of them); each caller gets its own receivers' count, or
    the error that failed its pipeline."""

    def __init__(self, client: aioredis.Redis) -> None:
        self._client = client
        self._queue: list[tuple[str, str, asyncio.Future[int]]] = []
        self._sender: asyncio.Task[None] | None = None
        #: pipelines sent (a test sees that many publishes share a round trip)
        self.round_trips = 0

    async def publish(self, channel: str, message: str) -> int:
        """How many received `message` on `channel` (RedisError: it may not have gone)."""
        sent: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self._queue.append((channel, message, sent))
        if self._sender is None or self._sender.done():
            self._sender = asyncio.create_task(self._send(), name="relay-publisher")
        return await sent

    async def _send(self) -> None:
        while self._queue:
            batch, self._queue = self._queue, []
            self.round_trips += 1
            try:
                async with self._client.pipeline(transaction=False) as pipe:
                    for channel, message, _ in batch:
                        pipe.publish(channel, message)
                    counts = await pipe.execute()
            except RedisError as error:
                for _, _, sent in batch:
                    if not sent.done():
                        sent.set_exception(error)
                continue
            except BaseException as error:  # cancelled (closing): nobody waits for ever
                for _, _, sent in [*batch, *self._queue]:
                    if not sent.done():
                        sent.set_exception(RedisConnectionError(f"relay closed ({error!r})"))
                raise
            for (_, _, sent), count in zip(batch, counts, strict=True):
                if not sent.done():
                    sent.set_result(int(count))

    async def close(self) -> None:
        await stopped(self._sender)
        self._sender = None


class RedisRelay:
    """This process's inbox (commands for rooms it owns) and outbox (commands for others)."""

    def __init__(
        self,
        client: aioredis.Redis,
        prefix: str,
        process_id: str,
        handler: Handler,
    ) -> None:
        self.process_id = process_id
        self._client = client
        self._prefix = prefix
        self._handler = handler
        self._pubsub = client.pubsub()
        self.publisher = Publisher(client)
        self._waiting: dict[str, asyncio.Future[str]] = {}
        self._reader: asyncio.Task[None] | None = None
        self._working: set[asyncio.Task[None]] = set()
        #: Set while Redis has this process's reply channel (cleared when the connection
        #: drops, set again when the resubscription is confirmed): a request sent before
        #: would have its answer published to nobody.
        self._live = asyncio.Event()

    def inbox(self, process_id: str) -> str:
        return f"{self._prefix}:inbox:{process_id}"

    def replies(self, process_id: str) -> str:
        return f"{self._prefix}:reply:{process_id}"

    async def start(self) -> None:
        await self._pubsub.subscribe(self.inbox(self.process_id), self.replies(self.process_id))
        self._live.set()
        self._reader = asyncio.create_task(self._read(), name="relay-reader")

    async def request(
        self, owner: str, room: str, body: str, timeout: float = 5.0, watched: bool = False
    ) -> str:
        """Send `body` to process `owner` for `room`; its handler's answer. `watched`: this
        process has sockets open on the room (the owner may hand the room over to it)."""
        request_id = secrets.token_hex(8)
        message = json.dumps(
            {
                "id": request_id,
                "room": room,
                "reply_to": self.replies(self.process_id),
                "body": body,
                "watched": watched,
            }
        )
        future: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        self._waiting[request_id] = future
        try:
            if not self._live.is_set():  # Redis away, or back without our reply channel yet
                try:
                    await within(self._live.wait(), LIVE_WAIT_SECONDS)
                except TimeoutError:
                    raise RedisConnectionError("the relay's replies are not subscribed") from None
            receivers = await self.publisher.publish(self.inbox(owner), message)
            if receivers == 0:
                raise OwnerGone(owner)
            try:
                return await within(future, timeout)
            except TimeoutError:
                raise OwnerTimeout(owner) from None
        finally:
            self._waiting.pop(request_id, None)

    async def _read(self) -> None:
        await read_pubsub(
            self._pubsub,
            "relay connection",
            self._heard,
            lost=self._live.clear,  # our replies are not heard until resubscribed
            subscribe_messages=True,
        )

    def _heard(self, message: Message) -> None:
        channel = message["channel"]
        channel = channel.decode() if isinstance(channel, bytes) else channel
        if message["type"] in (b"subscribe", "subscribe"):
            if channel == self.replies(self.process_id):
                self._live.set()
            return
        if message["type"] not in (b"message", "message"):
            return
        try:
            data: Any = json.loads(message["data"])
            request_id = str(data["id"])
            body = str(data["body"])
        except (ValueError, KeyError, TypeError):
            log.warning("malformed relay message dropped")
            return
        if channel == self.inbox(self.process_id):
            task = asyncio.create_task(self._answer(data, request_id, body))
            self._working.add(task)
            task.add_done_callback(self._working.discard)
        else:
            future = self._waiting.get(request_id)
            if future is not None and not future.done():
                future.set_result(body)

    async def _answer(self, data: Any, request_id: str, body: str) -> None:
        try:
            room = str(data["room"])
            reply_to = str(data["reply_to"])
        except (KeyError, TypeError):
            log.warning("relay request without room or reply_to dropped")
            return
        if not reply_to.startswith(f"{self._prefix}:reply:"):
            log.warning("relay request with a foreign reply channel dropped")
            return
        answer = await self._handler(room, body, data.get("watched") is True)
        reply = json.dumps({"id": request_id, "body": answer})
        for attempt in range(2):  # once more: a pooled connection Redis closed meanwhile
            try:
                await self.publisher.publish(reply_to, reply)
                return
            except RedisError as error:
                if attempt:
                    log.warning("relay answer to %s lost (%s)", reply_to, error)

    async def close(self) -> None:
        await stopped(self._reader)
        self._reader = None
        await stopped(*self._working, errors_too=True)  # requests being answered: cut
        await self.publisher.close()
        for future in self._waiting.values():
            if not future.done():
                future.cancel()
        await self._pubsub.aclose()  # type: ignore[no-untyped-call]
