"""A store that fails never closes a socket that serves (issue 34, the server side): what
cannot be stored is refused as retryable, the socket goes on, and neither those refusals
nor the replays of what they refused count as a flood."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import pytest
from starlette.testclient import TestClient
from starlette.testclient import WebSocketTestSession as Socket

from motamot.server.serve import build_app
from motamot.server.throttle import HeldKeys
from motamot.service.ports import ManualClock, StoredEvent
from motamot.service.stores.memory import MemoryStore
from motamot.web import default_kinds
from tests.server.helpers import Message, create, grid_words, hello, of_type, send, until
from tests.server.test_ws import SEED, start_round


class BrokenStore(MemoryStore):
    """A memory store whose appends and loads fail while `broken` (loads as a room
    rebuilt after a failed append would do)."""

    broken = False

    async def append(self, room: str, expected_seq: int, events: Sequence[StoredEvent]) -> None:
        if self.broken:
            raise OSError("disk full")
        await super().append(room, expected_seq, events)

    async def load(self, room: str, after: int = 0) -> list[StoredEvent]:
        if self.broken:
            raise ConnectionError("the store went away")
        return await super().load(room, after)


@pytest.fixture
def store() -> BrokenStore:
    return BrokenStore()


@pytest.fixture
def client(store: BrokenStore) -> Iterator[TestClient]:
    async def opened() -> BrokenStore:
        return store

    app = build_app(opened, ManualClock(), default_kinds(), chosen_grids=True)
    with TestClient(app) as test_client:
        yield test_client


def answers(socket: Socket, count: int) -> list[Message]:
    """The next `count` answers (acks and refusals), whatever comes between."""
    return [until(socket, lambda m: m["type"] in ("ack", "refused")) for _ in range(count)]


def test_a_store_that_fails_leaves_the_socket_open_and_refuses_as_retryable(
    client: TestClient, store: BrokenStore
) -> None:
    room, ana = create(client, duration=60, seed=SEED)
    with client.websocket_connect(f"/ws/{room}") as socket:
        hello(socket, ana)
        words = grid_words(start_round(socket)["grid"])
        store.broken = True
        for request, word in enumerate(words[:3], start=2):  # the room is gone from memory
            send(socket, {"type": "word", "text": word, "id": request, "key": f"k{request}"})
            refused = until(socket, of_type("refused"))
            assert refused["id"] == request and refused["retryable"] is True
            assert refused["code"] in ("store_failed", "room_unavailable")
            assert refused["text"]
        send(socket, {"type": "ping", "c": 1})
        until(socket, of_type("pong"))
        store.broken = False
        send(socket, {"type": "word", "text": words[0], "id": 9, "key": "k2"})
        assert until(socket, of_type("ack"))["id"] == 9


def test_retryable_refusals_and_their_replays_are_never_a_flood(
    client: TestClient, store: BrokenStore
) -> None:
    """A page sends 16 actions at most in flight: 12 waves of 16 refused, then their 192
    replays at once when the store is back, in under a second, are 384 messages where
    the socket's 40 credits (8 a second) would have closed it for a flood."""
    room, ana = create(client, duration=60, seed=SEED)
    with client.websocket_connect(f"/ws/{room}") as socket:
        hello(socket, ana)
        words = grid_words(start_round(socket)["grid"])
        store.broken = True
        keys = [f"k{n}" for n in range(192)]
        for wave in range(12):
            for n in range(wave * 16, wave * 16 + 16):
                word = words[n % len(words)]
                send(socket, {"type": "word", "text": word, "id": n, "key": keys[n]})
            assert all(a["retryable"] is True for a in answers(socket, 16))
        store.broken = False
        for wave in range(12):
            for n in range(wave * 16, wave * 16 + 16):
                word = words[n % len(words)]
                send(socket, {"type": "word", "text": word, "id": n, "key": keys[n]})
            replies = answers(socket, 16)
            assert not any(r.get("retryable") for r in replies)
        send(socket, {"type": "ping", "c": 2})
        until(socket, of_type("pong"))


def test_a_held_key_buys_one_free_replay() -> None:
    held = HeldKeys(kept=2)
    held.note("r", "s1", "a")
    assert held.take("r", "s1", "a") and not held.take("r", "s1", "a")
    assert not held.take("r", "s2", "a") and not held.take("r", "s1", None)
    for key in ("a", "b", "c"):
        held.note("r", "s1", key)
    assert len(held) == 2 and not held.take("r", "s1", "a")  # the oldest forgotten


def test_nothing_reaches_the_app_as_an_exception(client: TestClient, store: BrokenStore) -> None:
    """A socket opened while the store is away is closed with 1013 (try again later),
    not torn down by an exception."""
    room, _ = create(client, duration=60, seed=SEED)
    client.app.state.rooms.host._rooms.clear()  # type: ignore[attr-defined]
    store.broken = True
    with client.websocket_connect(f"/ws/{room}") as socket:
        message = socket.receive()
        assert message["type"] == "websocket.close" and message["code"] == 1013
