"""Driving the real ASGI app in tests: rooms over HTTP, seats over websockets."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from starlette.testclient import TestClient
from starlette.testclient import WebSocketTestSession as Socket

from motamot.boggle import get_preset, parse_grid, solve
from motamot.lexicon import load_lexicon
from motamot.server.serve import build_app
from motamot.service.ports import ManualClock
from motamot.service.stores.memory import MemoryStore
from motamot.web import default_kinds
from tests.server.frames import FRAMES

Message = dict[str, Any]


async def _memory() -> MemoryStore:
    return MemoryStore()


@contextmanager
def server(clock: ManualClock) -> Iterator[TestClient]:
    """The whole app over a memory store and a manual clock."""
    with TestClient(build_app(_memory, clock, default_kinds(), chosen_grids=True)) as client:
        yield client


def create(client: TestClient, name: str = "Ana", **settings: Any) -> tuple[str, str]:
    """A new room and its creator's token."""
    answer = client.post("/api/rooms", json={"name": name, **settings})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    return body["room"], body["token"]


def join(client: TestClient, room: str, name: str) -> str:
    answer = client.post(f"/api/rooms/{room}/join", json={"name": name})
    assert answer.status_code == 200, answer.text
    token: str = answer.json()["token"]
    return token


def send(socket: Socket, message: Message) -> None:
    socket.send_text(json.dumps(message))


def until(socket: Socket, wanted: Callable[[Message], bool], limit: int = 50) -> Message:
    """The first message that `wanted` accepts (the ones before it are dropped); each
    one read is checked against its declared schema."""
    for _ in range(limit):
        text = socket.receive_text()
        FRAMES.check(text)
        message: Message = json.loads(text)
        if wanted(message):
            return message
    raise AssertionError("no such message")


def of_type(kind: str) -> Callable[[Message], bool]:
    return lambda message: message["type"] == kind


def hello(socket: Socket, token: str | None, last_seq: int = 0) -> Message:
    """Say hello; the welcome (full view) or events frame that answers it."""
    send(socket, {"type": "hello", "token": token, "last_seq": last_seq})
    return until(socket, lambda m: m["type"] in ("welcome", "events"))


def event_of(kind: str) -> Callable[[Message], bool]:
    """An events frame or ack holding an event of type `boggle.<kind>`."""
    tag = f"boggle.{kind}"
    return lambda m: (
        m["type"] in ("events", "ack") and any(e.get("type") == tag for e in m["events"])
    )


def grid_words(grid: str, preset: str = "classic-fr", dictionary: str = "fr") -> list[str]:
    """Every valid word of `grid`, best first (the oracle for verdicts)."""
    solution = solve(parse_grid(grid), get_preset(preset), load_lexicon(dictionary))
    return [entry.word for entry in solution.words]
