"""Shared fixtures for the service tests: word lists, tokens, backends of the ports.

`store` and `broadcaster` are parametrised over every backend: a new backend
adds one entry to STORE_BACKENDS / BROKER_BACKENDS and runs the whole
contract suite (PostgreSQL on the machine's real server, a schema per test).
"""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Awaitable, Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from functools import cache
from pathlib import Path
from typing import Protocol, TypeVar

import pytest

from motamot.lexicon import Lexicon, load_lexicon
from motamot.service.brokers.local import LocalBroadcaster
from motamot.service.ports import Broadcaster, EventStore
from motamot.service.stores.memory import MemoryStore
from motamot.service.stores.postgres import PostgresStore
from motamot.service.stores.sqlite import SqliteStore
from tests.service.backends import postgres_schema

T = TypeVar("T")


@cache
def lexicons(name: str) -> Lexicon:
    return load_lexicon(name)


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


BROKER_BACKENDS: dict[str, Callable[[], Broadcaster]] = {"local": LocalBroadcaster}


@pytest.fixture(params=sorted(BROKER_BACKENDS))
def broadcaster(request: pytest.FixtureRequest) -> Callable[[], Broadcaster]:
    """A factory of fresh broadcasters (called inside the test's event loop)."""
    return BROKER_BACKENDS[request.param]
