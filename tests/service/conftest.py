"""Shared fixtures for the service tests: word lists, tokens, backends of the ports.

`store` and `broadcaster` are parametrised over every backend: a new backend
adds one entry to STORE_BACKENDS / BROKER_BACKENDS and runs the whole
contract suite (PostgreSQL and Redis on the machine's real servers, a schema
and a key prefix per test). `hosts` runs the room-level suite once in one
process (memory, SQLite) and once as several (PostgreSQL + Redis).
"""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import (
    AbstractAsyncContextManager,
    AbstractContextManager,
    asynccontextmanager,
    contextmanager,
    nullcontext,
)
from functools import cache
from pathlib import Path
from typing import Protocol, TypeVar

import pytest

from motamot.lexicon import Lexicon, load_lexicon
from motamot.service.brokers.local import LocalBroadcaster
from motamot.service.brokers.redis import RedisBroker
from motamot.service.ports import Broadcaster, Clock, EventStore, StoredEvent
from motamot.service.rooms.cluster import ClusterHost
from motamot.service.rooms.codec import EventDecodeError
from motamot.service.rooms.events import Event
from motamot.service.rooms.host import RoomHost
from motamot.service.stores.memory import MemoryStore
from motamot.service.stores.postgres import PostgresStore
from motamot.service.stores.sqlite import SqliteStore
from motamot.web import default_kinds
from tests.service.backends import postgres_schema, redis_prefix

T = TypeVar("T")


@cache
def lexicons(name: str) -> Lexicon:
    return load_lexicon(name)


#: The room kinds this motamot plays (what every host of these tests serves).
KINDS = default_kinds().rooms


def decode(text: str) -> Event:
    """An event of any kind of room, from its JSON text (the tests read mixed stores; a
    server knows each room's kind from its first event)."""
    error: EventDecodeError | None = None
    for kind in KINDS:
        try:
            event: Event = kind.codec.decode(text)
            return event
        except EventDecodeError as failed:
            error = failed
    assert error is not None
    raise error


def encode(event: Event) -> str:
    """An event's JSON text (the same whatever the kind)."""
    return KINDS["boggle"].codec.encode(event)


def from_stored(row: StoredEvent) -> Event:
    """The event of a stored row, whatever its room's kind."""
    event = decode(row.data)
    assert event.seq == row.seq
    return event


def digest(name: str) -> str:
    """A seat's secret digest, as the server would make it from the seat's token."""
    return hashlib.sha256(f"token of {name}".encode()).hexdigest()


def run(body: Callable[[], Awaitable[T]]) -> T:
    async def main() -> T:
        return await body()

    return asyncio.run(main())


class StoreBackend(Protocol):
    """Opens a store on the same data each time (reopening = a restart)."""

    async def open(self) -> EventStore: ...


class MemoryBackend:
    def __init__(self) -> None:
        self.store = MemoryStore()

    async def open(self) -> EventStore:
        return self.store


class SqliteBackend:
    def __init__(self, path: Path) -> None:
        self.path = path

    async def open(self) -> EventStore:
        return SqliteStore(self.path)


class PostgresBackend:
    def __init__(self, url: str) -> None:
        self.url = url

    async def open(self) -> EventStore:
        return await PostgresStore.open(self.url)


@contextmanager
def _memory(tmp: Path) -> Iterator[StoreBackend]:
    yield MemoryBackend()


@contextmanager
def _sqlite(tmp: Path) -> Iterator[StoreBackend]:
    yield SqliteBackend(tmp / "events.sqlite3")


@contextmanager
def _postgres(tmp: Path) -> Iterator[StoreBackend]:
    with postgres_schema() as url:
        yield PostgresBackend(url)


STORE_BACKENDS: dict[str, Callable[[Path], AbstractContextManager[StoreBackend]]] = {
    "memory": _memory,
    "sqlite": _sqlite,
    "postgres": _postgres,
}


@pytest.fixture(params=sorted(STORE_BACKENDS))
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[StoreBackend]:
    with STORE_BACKENDS[request.param](tmp_path) as backend:
        yield backend


class BrokerBackend(Protocol):
    """Opens a broadcaster inside the test's event loop (Redis fills its gaps from `store`)."""

    async def open(self, store: EventStore) -> Broadcaster: ...


class LocalBackend:
    async def open(self, store: EventStore) -> Broadcaster:
        return LocalBroadcaster()


class RedisBackend:
    def __init__(self, url: str) -> None:
        self.url = url

    async def open(self, store: EventStore) -> Broadcaster:
        return await RedisBroker.open(self.url, store)


@contextmanager
def _redis() -> Iterator[BrokerBackend]:
    with redis_prefix() as url:
        yield RedisBackend(url)


BROKER_BACKENDS: dict[str, Callable[[], AbstractContextManager[BrokerBackend]]] = {
    "local": lambda: nullcontext(LocalBackend()),
    "redis": _redis,
}


@pytest.fixture(params=sorted(BROKER_BACKENDS))
def broadcaster(request: pytest.FixtureRequest) -> Iterator[BrokerBackend]:
    """Fresh broadcasters of one backend (a key prefix of its own on Redis, cleaned after)."""
    with BROKER_BACKENDS[request.param]() as backend:
        yield backend


class HostBackend(Protocol):
    """Opens hosts over the same data, one per process (a new one after a close = a restart)."""

    def host(self, clock: Clock, timers: bool = False) -> AbstractAsyncContextManager[RoomHost]: ...

    def followers(self, host: RoomHost) -> Broadcaster: ...


class OneProcess:
    """A RoomHost over a memory or SQLite store and the in-process broadcaster."""

    def __init__(self, stores: StoreBackend) -> None:
        self.stores = stores

    @asynccontextmanager
    async def host(self, clock: Clock, timers: bool = False) -> AsyncIterator[RoomHost]:
        store = await self.stores.open()
        broker = LocalBroadcaster()
        host = RoomHost(store, broker, clock, lexicons, KINDS)
        await host.start(timers=timers)
        try:
            yield host
        finally:
            await host.close()
            await broker.close()
            await store.close()

    def followers(self, host: RoomHost) -> Broadcaster:
        return host.broadcaster


@asynccontextmanager
async def cluster_process(
    urls: tuple[str, str], clock: Clock, *, timers: bool = False, lease: float = 1.0
) -> AsyncIterator[ClusterHost]:
    """One server process of several: its own PostgreSQL and Redis connections to the
    shared database and key prefix, and its host (timers off: the test steps the clock)."""
    store = await PostgresStore.open(urls[0])
    broker = await RedisBroker.open(urls[1], store)
    host = ClusterHost(store, broker, clock, lexicons, KINDS, lease_seconds=lease)
    await host.start(timers=timers)
    try:
        yield host
    finally:
        await host.close()
        await broker.close()
        await store.close()


@asynccontextmanager
async def mortal_process(urls: tuple[str, str], clock: Clock) -> AsyncIterator[ClusterHost]:
    """A process that the test kills (`kill`) rather than stops: its connections are
    closed at the end, its host never (a dead process releases nothing)."""
    store = await PostgresStore.open(urls[0])
    broker = await RedisBroker.open(urls[1], store)
    host = ClusterHost(store, broker, clock, lexicons, KINDS, lease_seconds=1.0)
    await host.start()
    try:
        yield host
    finally:
        await broker.close()
        await store.close()


async def kill(host: ClusterHost) -> None:
    """`host`'s process dies as by SIGKILL: no release, no more renewals, nobody on its
    inbox (its lease runs out on Redis's time)."""
    assert host._sweeper is not None and host.leases._renewer is not None
    host._sweeper.cancel()
    host.leases._renewer.cancel()
    await host.relay.close()


class SeveralProcesses:
    """A ClusterHost over PostgreSQL and Redis, as each server process of several has."""

    def __init__(self, db: str, broker: str) -> None:
        self.db = db
        self.broker = broker

    @asynccontextmanager
    async def host(self, clock: Clock, timers: bool = False) -> AsyncIterator[RoomHost]:
        async with cluster_process((self.db, self.broker), clock, timers=timers) as host:
            yield host

    def followers(self, host: RoomHost) -> Broadcaster:
        assert isinstance(host, ClusterHost)
        return host.followers()


@contextmanager
def _several(tmp: Path) -> Iterator[HostBackend]:
    with postgres_schema() as db, redis_prefix() as broker:
        yield SeveralProcesses(db, broker)


HOST_BACKENDS: dict[str, Callable[[Path], AbstractContextManager[HostBackend]]] = {
    "memory": lambda tmp: nullcontext(OneProcess(MemoryBackend())),
    "sqlite": lambda tmp: nullcontext(OneProcess(SqliteBackend(tmp / "events.sqlite3"))),
    "postgres+redis": _several,
}


@pytest.fixture(params=list(HOST_BACKENDS))
def hosts(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[HostBackend]:
    """The room-level suite runs once on each: one process, then several."""
    with HOST_BACKENDS[request.param](tmp_path) as backend:
        yield backend
