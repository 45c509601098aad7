"""The app over a memory store the test reads: what a request left stored."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from starlette.testclient import TestClient

from motamot.server.serve import build_app
from motamot.service.ports import ManualClock, StoredEvent
from motamot.service.stores.memory import MemoryStore
from motamot.web import default_kinds

Snapshot = dict[str, list[StoredEvent]]


class StoredServer:
    """A TestClient on the whole app, and the store under it."""

    def __init__(self, client: TestClient, store: MemoryStore) -> None:
        self.client = client
        self.store = store

    def snapshot(self) -> Snapshot:
        """Every room's stored events."""

        async def read() -> Snapshot:
            return {room: await self.store.load(room) for room in await self.store.rooms()}

        assert self.client.portal is not None
        return self.client.portal.call(read)


@contextmanager
def stored_server(origins: Iterable[str] = ()) -> Iterator[StoredServer]:
    store = MemoryStore()

    async def opened() -> MemoryStore:
        return store

    app = build_app(opened, ManualClock(), default_kinds(), chosen_grids=True, origins=origins)
    with TestClient(app) as client:
        yield StoredServer(client, store)
