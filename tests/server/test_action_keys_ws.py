"""Action keys and retryable refusals over the real socket (issue 34): a key checked on
arrival, a word sent again on a new socket acknowledged with its first number, a refusal
that changed nothing saying so, and a ping answered while an action waits for the store."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator, Sequence

import pytest
from starlette.testclient import TestClient

from motamot.server.links import room_of
from motamot.server.serve import build_app
from motamot.service.ports import ManualClock, StoredEvent
from motamot.service.stores.memory import MemoryStore
from motamot.web import default_kinds
from tests.server.helpers import create, grid_words, hello, of_type, send, until
from tests.server.test_ws import SEED, start_round


class TroubledStore(MemoryStore):
    """A memory store whose appends fail (`failing`) or take `slow` seconds."""

    failing = False
    slow = 0.0

    async def append(self, room: str, expected_seq: int, events: Sequence[StoredEvent]) -> None:
        if self.slow:
            await asyncio.sleep(self.slow)
        if self.failing:
            raise OSError("disk full")
        await super().append(room, expected_seq, events)


def stored(store: TroubledStore, room: str) -> int:
    """How many events the room has stored."""
    return len(asyncio.run(store.load(room_of(room))))


@pytest.fixture
def store() -> TroubledStore:
    return TroubledStore()


@pytest.fixture
def troubled(store: TroubledStore) -> Iterator[TestClient]:
    async def opened() -> TroubledStore:
        return store

    app = build_app(opened, ManualClock(), default_kinds(), chosen_grids=True)
    with TestClient(app) as client:
        yield client


HOSTILE_KEYS: list[object] = ["", "k" * 65, "a b", "clé", "k/1", "k\u0000", 12, ["k"], {"k": 1}]


@pytest.mark.parametrize("key", HOSTILE_KEYS, ids=repr)
def test_a_hostile_key_is_an_error_and_changes_nothing(
    troubled: TestClient, store: TroubledStore, key: object
) -> None:
    room, ana = create(troubled, duration=60, seed=SEED)
    with troubled.websocket_connect(f"/ws/{room}") as socket:
        hello(socket, ana)
        started = start_round(socket)
        before = stored(store, room)
        send(socket, {"type": "word", "text": grid_words(started["grid"])[0], "id": 2, "key": key})
        error = until(socket, of_type("error"))
        assert error["code"] == "malformed" and "key" in (error["detail"] or "")
        assert stored(store, room) == before
        send(socket, {"type": "ping", "c": 1})  # the socket goes on
        until(socket, of_type("pong"))


def test_a_word_sent_again_on_a_new_socket_is_acknowledged_with_its_first_number(
    troubled: TestClient, store: TroubledStore
) -> None:
    room, ana = create(troubled, duration=60, seed=SEED)
    word = {"type": "word", "id": 2, "key": "page1-7", "round": 1}
    with troubled.websocket_connect(f"/ws/{room}") as socket:
        hello(socket, ana)
        word["text"] = grid_words(start_round(socket)["grid"])[0]
        send(socket, word)
        first = until(socket, of_type("ack"))
        assert first["events"][0]["feedback"] == "accepted"
    written = stored(store, room)
    with troubled.websocket_connect(f"/ws/{room}") as socket:  # a reload, a reconnect
        hello(socket, ana, last_seq=first["seq"])
        send(socket, {**word, "id": 1})
        again = until(socket, of_type("ack"))
        assert again == {"type": "ack", "id": 1, "seq": first["seq"], "events": []}
    assert stored(store, room) == written


def test_a_refusal_that_changed_nothing_says_it_may_be_sent_again(
    troubled: TestClient, store: TroubledStore
) -> None:
    room, ana = create(troubled, duration=60, seed=SEED)
    with troubled.websocket_connect(f"/ws/{room}") as socket:
        hello(socket, ana)
        word = grid_words(start_round(socket)["grid"])[0]
        store.failing = True
        send(socket, {"type": "word", "text": word, "id": 2, "key": "k1", "round": 1})
        refused = until(socket, of_type("refused"))
        assert refused["code"] == "store_failed" and refused["retryable"] is True
        store.failing = False
        send(socket, {"type": "word", "text": word, "id": 3, "key": "k1", "round": 1})
        assert until(socket, of_type("ack"))["events"][0]["feedback"] == "accepted"
        send(socket, {"type": "word", "text": word, "id": 4, "key": "k2", "round": 1})
        duplicate = until(socket, of_type("refused"))  # a refusal of the room's own
        assert duplicate["code"] == "duplicate_entry" and duplicate["retryable"] is False


def test_a_ping_is_answered_while_an_action_waits_for_the_store(
    troubled: TestClient, store: TroubledStore
) -> None:
    """The page takes a socket that does not answer its pings for dead: a word waiting
    for a slow store must not hold the pong back (the word is still answered, in order)."""
    room, ana = create(troubled, duration=60, seed=SEED)
    with troubled.websocket_connect(f"/ws/{room}") as socket:
        hello(socket, ana)
        word = grid_words(start_round(socket)["grid"])[0]
        store.slow = 3.0
        send(socket, {"type": "word", "text": word, "id": 2, "key": "k1"})
        send(socket, {"type": "ping", "c": 5})
        assert until(socket, lambda m: m["type"] in ("pong", "ack"))["type"] == "pong"
        assert until(socket, of_type("ack"))["id"] == 2
