"""A Broadcaster over Redis pub/sub, for rooms followed from several server processes.

Pub/sub forgets whatever is published while a subscriber is disconnected, so
the store stays the source of truth and this broker fills every gap from it:

- every time Redis confirms a channel subscription (the first one, and again
  after each reconnect, which the client does by itself) the room's
  subscriptions reload from the store what came after the last seq they gave;
- an event whose seq is past the next expected one makes the subscription
  load the missing ones from the store first;
- a subscription idle for `idle_check` seconds asks the store whether it
  missed a tail (a publish that failed after its append succeeded).

Events already given (seq at or below the last one) are dropped, so a
subscriber sees each event once, in order, without holes.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Sequence
from urllib.parse import urlsplit

import redis.asyncio as aioredis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisError

from motamot.service.brokers.pubsub_reader import Message, read_pubsub
from motamot.service.ports import EventStore, StoredEvent
from motamot.service.stores.urls import take_parameter
from motamot.service.tasks import stopped, within

log = logging.getLogger(__name__)

DEFAULT_PREFIX = "motamot"
IDLE_CHECK_SECONDS = 5.0
SUBSCRIBE_TIMEOUT = 10.0
#: A gap the store could not fill is asked again this soon.
RETRY_SECONDS = 0.5
#: Redis connections of one process (publishes, leases, relayed commands), pub/sub aside.
MAX_CONNECTIONS = 32


def split_url(url: str) -> tuple[str, str]:
    """`redis://host:port/db?prefix=name` → (URL without `prefix`, key prefix)."""
    if urlsplit(url).scheme not in ("redis", "rediss", "unix"):
        raise ValueError(f"not a Redis URL: {url!r}")
    address, prefix = take_parameter(url, "prefix", DEFAULT_PREFIX)
    if not prefix or any(char.isspace() for char in prefix):
        raise ValueError(f"a Redis key prefix needs no spaces: {prefix!r}")
    return address, prefix


def encode_batch(events: Sequence[StoredEvent]) -> str:
    return json.dumps([[event.seq, event.data] for event in events])


def decode_batch(room: str, payload: str | bytes) -> list[StoredEvent]:
    """The events of one published message; anything malformed is dropped (the store fills in)."""
    try:
        rows = json.loads(payload)
        return [StoredEvent(room, int(seq), str(data)) for seq, data in rows]
    except (ValueError, TypeError):
        log.warning("malformed message on room %s dropped", room)
        return []


class RedisBroker:
    """Fan-out between processes: one publish per batch, one pub/sub connection per process."""

    def __init__(
        self,
        client: aioredis.Redis,
        store: EventStore,
        prefix: str = DEFAULT_PREFIX,
        *,
        idle_check: float = IDLE_CHECK_SECONDS,
    ) -> None:
        self.client = client
        self.prefix = prefix
        self._store = store
        self._idle_check = idle_check
        self._pubsub = client.pubsub()
        self._subscriptions: dict[str, set[RedisSubscription]] = {}
        self._reader: asyncio.Task[None] | None = None
        self._confirming: dict[str, asyncio.Future[None]] = {}
        self._outbox: list[tuple[str, str]] = []
        self._publisher: asyncio.Task[None] | None = None
        #: Rooms followed here whose subscription Redis has not taken yet (it was away).
        self._deferred: set[str] = set()

    @classmethod
    async def open(cls, url: str, store: EventStore) -> RedisBroker:
        """Connect to the Redis of `url` (`?prefix=` names the keys) and check it answers."""
        address, prefix = split_url(url)
        # commands wait for a free connection rather than fail when many are in flight
        # a command on a connection Redis closed meanwhile (it restarted) goes again once
        # on a new one, rather than failing the lease, relay or publish that sent it
        pool = aioredis.BlockingConnectionPool.from_url(
            address,
            max_connections=MAX_CONNECTIONS,
            retry=Retry(NoBackoff(), 1),
            retry_on_error=[RedisConnectionError],
        )
        client = aioredis.Redis.from_pool(pool)
        try:
            await client.ping()
        except BaseException:
            await client.aclose()
            raise
        return cls(client, store, prefix)

    def channel(self, room: str) -> str:
        return f"{self.prefix}:room:{room}"

    def _room_of(self, channel: str) -> str:
        return channel[len(self.prefix) + len(":room:") :]

    async def publish(self, room: str, events: Sequence[StoredEvent]) -> None:
        """Queue stored events for Redis and return: the sender's acknowledgement does not
        wait for the fan-out. One task sends the queue in order, many publishes per round trip;
        a failure is logged, not raised (subscribers fill the gap from the store)."""
        if not events:
            return
        # this process's own followers first, in order: a writer's next acknowledgement
        # must not overtake the events before it (the echo from Redis is skipped by seq)
        for subscription in self._subscriptions.get(room, ()):
            subscription.deliver(list(events))
        self._outbox.append((self.channel(room), encode_batch(events)))
        if self._publisher is None or self._publisher.done():
            self._publisher = asyncio.create_task(self._send_outbox(), name="redis-publisher")

    async def _send_outbox(self) -> None:
        while self._outbox:
            batch = list(self._outbox)
            self._outbox.clear()
            try:
                async with self.client.pipeline(transaction=False) as pipe:
                    for channel, payload in batch:
                        pipe.publish(channel, payload)
                    await pipe.execute()
            except RedisError as error:
                log.warning(
                    "publish of %d batches failed (%s): subscribers resync", len(batch), error
                )

    async def flush(self) -> None:
        """Wait until every queued publish has been sent (tests, a graceful stop)."""
        while self._publisher is not None and not self._publisher.done():
            await asyncio.shield(self._publisher)

    async def subscribe(self, room: str, after: int | None = None) -> RedisSubscription:
        """Follow `room` from the next publish on; `after` is the last seq the caller holds
        (events after it come from the store; None: start with the next event)."""
        subscription = RedisSubscription(self, room, after, self._store, self._idle_check)
        followers = self._subscriptions.setdefault(room, set())
        followers.add(subscription)
        if len(followers) > 1:
            subscription.resync()
            return subscription
        confirmed = asyncio.get_running_loop().create_future()
        self._confirming[room] = confirmed
        if self._reader is None:
            self._reader = asyncio.create_task(self._read(), name="redis-broker-reader")
        try:
            await self._pubsub.subscribe(self.channel(room))
        except RedisError as error:  # Redis away: the reader subscribes once it is back
            log.warning("room %s: subscription deferred (%s)", room, error)
            self._deferred.add(room)
            return subscription
        try:
            # once Redis confirms, every later publish reaches us; a slow confirmation does
            # not fail the follower: the confirmation, when it comes, resyncs it from the store
            await within(asyncio.shield(confirmed), SUBSCRIBE_TIMEOUT)
        except TimeoutError:
            log.warning("room %s: Redis confirms the subscription late; going on", room)
        finally:
            if confirmed.done():
                self._confirming.pop(room, None)
        return subscription

    async def _forget(self, subscription: RedisSubscription) -> None:
        followers = self._subscriptions.get(subscription.room)
        if followers is None:
            return
        followers.discard(subscription)
        if not followers:
            del self._subscriptions[subscription.room]
            with contextlib.suppress(RedisError):
                await self._pubsub.unsubscribe(self.channel(subscription.room))

    async def _read(self) -> None:
        """Dispatch messages to the room's subscriptions until closed; reconnects by itself."""
        await read_pubsub(
            self._pubsub,
            "Redis pub/sub connection",
            self._dispatch,
            ready=self._subscribed,
            subscribe_messages=True,
        )

    async def _subscribed(self) -> bool:
        """The rooms followed while Redis was away subscribed now; False while nothing is."""
        if self._deferred:
            await self._subscribe_deferred()
        return self._pubsub.connection is not None

    def _dispatch(self, message: Message) -> None:
        kind = message["type"]
        channel = message["channel"]
        if isinstance(channel, bytes):
            channel = channel.decode()
        room = self._room_of(channel)
        followers = self._subscriptions.get(room, ())
        if kind == b"subscribe" or kind == "subscribe":
            # (re)subscribed: whatever was published before now must come from the store
            for subscription in followers:
                subscription.resync()
            confirmed = self._confirming.get(room)
            if confirmed is not None and not confirmed.done():
                confirmed.set_result(None)
        elif kind == b"message" or kind == "message":
            events = decode_batch(room, message["data"])
            for subscription in followers:
                subscription.deliver(events)

    async def _subscribe_deferred(self) -> None:
        """Subscribe the rooms followed while Redis was away (their confirmation resyncs
        them from the store)."""
        rooms = sorted(room for room in self._deferred if room in self._subscriptions)
        if rooms:
            await self._pubsub.subscribe(*(self.channel(room) for room in rooms))
        self._deferred.clear()

    async def close(self) -> None:
        with contextlib.suppress(RedisError):
            await self.flush()
        for followers in list(self._subscriptions.values()):
            for subscription in list(followers):
                subscription.stop()
        self._subscriptions.clear()
        await stopped(self._reader)
        await self._pubsub.aclose()  # type: ignore[no-untyped-call]
        await self.client.aclose()


_RESYNC = object()
_STOP = object()


class RedisSubscription:
    """One follower of one room: events in seq order, each once, gaps filled from the store."""

    def __init__(
        self,
        broker: RedisBroker,
        room: str,
        after: int | None,
        store: EventStore,
        idle_check: float,
    ) -> None:
        self.room = room
        self.last = after
        self._broker = broker
        self._store = store
        self._idle_check = idle_check
        self._queue: asyncio.Queue[object] = asyncio.Queue()

    def deliver(self, events: list[StoredEvent]) -> None:
        self._queue.put_nowait(events)

    def resync(self) -> None:
        self._queue.put_nowait(_RESYNC)

    def stop(self) -> None:
        self._queue.put_nowait(_STOP)

    async def __aiter__(self) -> AsyncIterator[StoredEvent]:
        while True:
            try:
                item = await within(self._queue.get(), self._idle_check)
            except TimeoutError:
                item = _RESYNC
            if item is _STOP:
                return
            if item is _RESYNC:
                for event in await self._from_store():
                    yield event
                continue
            assert isinstance(item, list)
            for event in item:
                if self.last is not None and event.seq <= self.last:
                    continue
                if self.last is not None and event.seq > self.last + 1:
                    for missed in await self._from_store():
                        yield missed
                    if event.seq <= self.last:
                        continue
                self.last = event.seq
                yield event

    async def _from_store(self) -> list[StoredEvent]:
        """What the store holds after the last seq given (nothing if no baseline yet, nor
        while the store is away: asked again soon, the sockets stay open meanwhile)."""
        if self.last is None:
            return []
        try:
            missed = await self._store.load(self.room, self.last)
        except Exception as error:
            log.warning("room %s: the store did not fill a gap (%s); again soon", self.room, error)
            asyncio.get_running_loop().call_later(RETRY_SECONDS, self.resync)
            return []
        if missed:
            self.last = missed[-1].seq
        return missed

    async def close(self) -> None:
        self.stop()
        await self._broker._forget(self)
