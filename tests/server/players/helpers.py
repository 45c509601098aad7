"""The players' side of the app in tests: its store, read in the app's own event loop."""

from __future__ import annotations

import hashlib
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from starlette.testclient import TestClient

from motamot.service.players.store import PlayerStore

T = TypeVar("T")


def players_store(client: TestClient) -> PlayerStore:
    store: PlayerStore = client.app.state.players.store  # type: ignore[attr-defined]
    return store


def call(client: TestClient, work: Callable[..., Awaitable[T]], *args: Any) -> T:
    """`await work(*args)` in the app's event loop (where its store lives)."""
    assert client.portal is not None
    return client.portal.call(work, *args)


def rows(client: TestClient, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    """What a query of the players' tables gives."""
    store = players_store(client)
    return call(client, store.db.run, lambda tx: tx.execute(sql, params))


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()
