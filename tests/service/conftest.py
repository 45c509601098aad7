"""Shared fixtures for the service tests: word lists, tokens, backends of the ports.

`store` and `broadcaster` are parametrised over every backend: a new backend
(PostgreSQL, Redis) adds one entry to STORE_BACKENDS / BROKER_BACKENDS and
runs the whole contract suite.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Awaitable, Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Protocol, TypeVar

import pytest

from motamot.lexicon import Lexicon, load_lexicon
from motamot.service.brokers.local import LocalBroadcaster
from motamot.service.ports import Broadcaster, EventStore
from motamot.service.stores.memory import MemoryStore
from motamot.service.stores.sqlite import SqliteStore

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


STORE_BACKENDS: dict[str, Callable[[Path], StoreBackend]] = {
    "memory": lambda tmp: MemoryBackend(),
    "sqlite": lambda tmp: SqliteBackend(tmp / "events.sqlite3"),
}


@pytest.fixture(params=sorted(STORE_BACKENDS))
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[StoreBackend]:
    yield STORE_BACKENDS[request.param](tmp_path)


BROKER_BACKENDS: dict[str, Callable[[], Broadcaster]] = {"local": LocalBroadcaster}


@pytest.fixture(params=sorted(BROKER_BACKENDS))
def broadcaster(request: pytest.FixtureRequest) -> Callable[[], Broadcaster]:
    """A factory of fresh broadcasters (called inside the test's event loop)."""
    return BROKER_BACKENDS[request.param]
