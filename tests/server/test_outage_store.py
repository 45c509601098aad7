"""A store that hangs or cannot write (issue 34, the server side): an action waits a
bounded time and is refused as retryable, every socket is told `status` down and up,
and `/readyz` answers at once from its probe in the background: 503 while the store
cannot write, ready within 2 s of its return."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator, Sequence

import pytest
from starlette.testclient import TestClient
from starlette.testclient import WebSocketTestSession as Socket

from motamot.server.serve import build_app
from motamot.service.ports import ManualClock, StoredEvent
from motamot.service.stores.guarded import GuardedStore
from motamot.service.stores.memory import MemoryStore
from motamot.web import default_kinds
from tests.server.helpers import Message, create, grid_words, hello, of_type, send, until
from tests.server.test_ws import SEED, start_round

#: How long an action waits for the store in these tests (4 s when serving).
WAIT = 0.5


class HangingStore(MemoryStore):
    """A memory store whose appends and loads hang while `hanging` (PostgreSQL stopped,
    its connections waiting), or whose appends fail while `full` (a full disk: reads
    go on)."""

    hanging = False
    full = False

    async def _hang(self) -> None:
        while self.hanging:
            await asyncio.sleep(0.02)

    async def append(self, room: str, expected_seq: int, events: Sequence[StoredEvent]) -> None:
        await self._hang()
        if self.full:
            raise OSError(28, "No space left on device")
        await super().append(room, expected_seq, events)

    async def load(self, room: str, after: int = 0) -> list[StoredEvent]:
        await self._hang()
        return await super().load(room, after)

    async def writable(self) -> None:
        """The write probe (`SqliteStore.writable`): fails while the disk is full."""
        await self._hang()
        if self.full:
            raise OSError(28, "No space left on device")


@pytest.fixture
def store() -> HangingStore:
    return HangingStore()


@pytest.fixture
def client(store: HangingStore) -> Iterator[TestClient]:
    async def opened() -> GuardedStore:
        return GuardedStore(store, wait=WAIT)

    app = build_app(opened, ManualClock(), default_kinds(), chosen_grids=True)
    with TestClient(app) as test_client:
        yield test_client


def frames_of(socket: Socket, *kinds: str) -> dict[str, Message]:
    """The first frame of each type in `kinds`, in whatever order they come."""
    found: dict[str, Message] = {}
    while len(found) < len(kinds):
        message = until(socket, lambda m: m["type"] in kinds and m["type"] not in found)
        found[message["type"]] = message
    return found


def readyz(client: TestClient) -> tuple[int, object, float]:
    started = time.monotonic()
    answer = client.get("/readyz")
    return answer.status_code, answer.json(), time.monotonic() - started


def test_a_hanging_store_refuses_in_bounded_time_and_readyz_answers_at_once(
    client: TestClient, store: HangingStore
) -> None:
    room, ana = create(client, duration=60, seed=SEED)
    with client.websocket_connect(f"/ws/{room}") as socket:
        hello(socket, ana)
        word = grid_words(start_round(socket)["grid"])[0]
        store.hanging = True
        started = time.monotonic()
        send(socket, {"type": "word", "text": word, "id": 2, "key": "k2", "round": 1})
        told = frames_of(socket, "refused", "status")
        assert told["refused"]["retryable"] is True and told["refused"]["code"] == "store_failed"
        assert time.monotonic() - started < WAIT + 1.0
        assert told["status"] == {"type": "status", "store": "down"}
        for _ in range(5):
            code, body, took = readyz(client)
            assert (code, body) == (503, {"status": "unready", "reason": "store"})
            assert took < 0.5
            time.sleep(0.1)
        store.hanging = False
        back = time.monotonic()
        assert until(socket, of_type("status")) == {"type": "status", "store": "up"}
        while readyz(client)[0] != 200:
            time.sleep(0.05)
        assert time.monotonic() - back < 2.0
        send(socket, {"type": "word", "text": word, "id": 3, "key": "k2", "round": 1})
        assert until(socket, of_type("ack"))["id"] == 3  # the timed-out append, or this one


def test_a_full_disk_is_told_to_every_socket_until_a_write_works(
    client: TestClient, store: HangingStore
) -> None:
    room, ana = create(client, duration=60, seed=SEED)
    with client.websocket_connect(f"/ws/{room}") as socket:
        hello(socket, ana)
        words = grid_words(start_round(socket)["grid"])
        store.full = True
        send(socket, {"type": "word", "text": words[0], "id": 2, "key": "k2", "round": 1})
        told = frames_of(socket, "refused", "status")
        assert told["refused"]["retryable"] is True and told["status"]["store"] == "down"
        time.sleep(1.0)  # reads work, but the probe writes while the store is down
        assert readyz(client)[:2] == (503, {"status": "unready", "reason": "store"})
        with client.websocket_connect(f"/ws/{room}") as late:  # opened meanwhile: told too
            hello(late, None)  # a spectator (the same seat would replace the socket)
            assert until(late, of_type("status"))["store"] == "down"
        store.full = False
        assert until(socket, of_type("status"))["store"] == "up"
        send(socket, {"type": "word", "text": words[0], "id": 3, "key": "k2", "round": 1})
        assert until(socket, of_type("ack"))["id"] == 3
