"""Fuzzed frames through the real ASGI app (issues 11 and 16): a seated player's socket
sends hundreds of hostile frames mixed with valid words during a round.

Each frame is followed by a ping with a unique marker, so everything the server
answered to that frame is known; the stored events are compared before and
after it. A frame the parser refuses gets an `error` with the parser's own
code, a refused action gets `refused`, and neither changes one stored event;
an acknowledged action adds exactly the events up to its `seq`. The other
player's socket keeps working throughout, and a flood is closed with 1008.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient, WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from motamot.server import ws
from motamot.server.protocol import (
    AddBotMessage,
    LeaveMessage,
    ProtocolError,
    RematchMessage,
    StartRoundMessage,
    StopRoundMessage,
    parse_message,
)
from motamot.server.serve import build_app
from motamot.server.throttle import Credits
from motamot.service.ports import ManualClock, StoredEvent
from motamot.service.stores.memory import MemoryStore
from tests.fuzz.server_targets import hostile_frame
from tests.server.helpers import create, grid_words, hello, join, of_type, send, until

SEED = 2024
FRAMES = 300
#: Valid messages left out: they end or reshape the round (tested in test_ws.py), or add a
#: bot that then acts on its own clock, so its events could not be put down to a frame.
ROUND_CHANGERS = (AddBotMessage, LeaveMessage, RematchMessage, StartRoundMessage, StopRoundMessage)
#: Frames over the protocol's limit, far over it, and binary.
OVERSIZED: tuple[str | bytes, ...] = (
    "x" * 100_000,
    json.dumps({"type": "word", "text": "A" * 5000}),
)


class Server:
    """The app over one memory store, which the test reads to compare events."""

    def __init__(self, client: TestClient, store: MemoryStore) -> None:
        self.client = client
        self.store = store

    def events(self, room: str) -> list[StoredEvent]:
        assert self.client.portal is not None
        stored: list[StoredEvent] = self.client.portal.call(self.store.load, room)
        return stored


@pytest.fixture
def live() -> Iterator[Server]:
    store = MemoryStore()

    async def opened() -> MemoryStore:
        return store

    with TestClient(build_app(opened, ManualClock())) as client:
        yield Server(client, store)


def fuzzed_frames(rng: random.Random, words: list[str]) -> Iterator[str | bytes]:
    """FRAMES frames: one in four a word of the grid, the others hostile."""
    yield from OVERSIZED
    sent = 0
    while sent < FRAMES:
        if sent % 4 == 0:
            frame: str | bytes = json.dumps({"type": "word", "text": rng.choice(words), "id": sent})
        else:
            frame = hostile_frame(rng)
            try:
                if isinstance(parse_message(frame), ROUND_CHANGERS):
                    continue
            except ProtocolError:
                pass
        sent += 1
        yield frame


def answers_to(socket: WebSocketTestSession, frame: str | bytes, marker: float) -> list[Any]:
    """Send `frame` then a ping marked `marker`: the messages that came before its pong."""
    if isinstance(frame, bytes):
        socket.send_bytes(frame)
    else:
        socket.send_text(frame)
    send(socket, {"type": "ping", "c": marker})
    answers = []
    while (message := socket.receive_json())["type"] != "pong" or message["c"] != marker:
        answers.append(message)
    return answers


def test_fuzzed_frames_get_errors_and_change_nothing_stored(
    live: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A bucket big enough for every frame and its marker: the flood is the next test's.
    monkeypatch.setattr(ws, "Credits", lambda: Credits(capacity=4 * FRAMES, per_second=0.0))
    client = live.client
    room, ana = create(client, duration=600, seed=SEED)
    bob = join(client, room, "Bob")
    seen: dict[str, int] = {}
    with (
        client.websocket_connect(f"/ws/{room}") as ana_socket,
        client.websocket_connect(f"/ws/{room}") as bob_socket,
    ):
        grid = hello(ana_socket, ana)["view"]
        hello(bob_socket, bob)
        send(ana_socket, {"type": "start", "id": 1})
        started = until(ana_socket, of_type("ack"))["events"][0]
        words = grid_words(started["grid"])[:40]
        rng = random.Random(16)
        for number, frame in enumerate(fuzzed_frames(rng, words)):
            before = live.events(room)
            answers = answers_to(ana_socket, frame, 1e6 + number)
            after = live.events(room)
            kinds = {answer["type"] for answer in answers} - {"events", "presence"}
            acks = [answer for answer in answers if answer["type"] == "ack"]
            try:
                message = parse_message(frame)
            except ProtocolError as error:
                assert [a["code"] for a in answers if a["type"] == "error"] == [error.code], frame
                assert after == before, frame
                seen["error"] = seen.get("error", 0) + 1
                continue
            assert kinds, (frame, answers)  # every parsed message is answered
            if acks:
                assert after[: len(before)] == before and after[-1].seq == acks[0]["seq"], frame
            else:
                assert after == before, (frame, message, answers)
            for kind in kinds:
                seen[kind] = seen.get(kind, 0) + 1
        # Not a vacuous run: refusals of every kind and valid words got through.
        assert seen["error"] > 100 and seen["ack"] > 20 and seen["refused"] > 20, seen
        # The other player was never disturbed: Bob still plays, and sees every event.
        send(bob_socket, {"type": "word", "text": words[-1], "id": 7})
        bob_ack = until(bob_socket, of_type("ack"), limit=10_000)
        assert bob_ack["id"] == 7 and bob_ack["seq"] == live.events(room)[-1].seq
    assert grid["seq"] < bob_ack["seq"]


def refused_by_the_parser(frame: str | bytes) -> bool:
    try:
        parse_message(frame)
    except ProtocolError:
        return True
    return False


def test_a_flood_of_fuzzed_frames_is_closed_with_1008_and_changes_nothing(
    live: Server,
) -> None:
    client = live.client
    room, ana = create(client, duration=600, seed=SEED)
    bob = join(client, room, "Bob")
    rng = random.Random(1008)
    frames = [hostile_frame(rng) for _ in range(2000)]
    flood = [frame for frame in frames if refused_by_the_parser(frame)][:500]
    assert len(flood) == 500
    with client.websocket_connect(f"/ws/{room}") as bob_socket:
        hello(bob_socket, bob)
        with client.websocket_connect(f"/ws/{room}") as flooder:
            hello(flooder, ana)
            before = live.events(room)
            with pytest.raises(WebSocketDisconnect) as closed:
                for frame in flood:
                    if isinstance(frame, bytes):
                        flooder.send_bytes(frame)
                    else:
                        flooder.send_text(frame)
                while True:
                    assert flooder.receive_json()["type"] == "error"
            assert closed.value.code == ws.CLOSE_POLICY
        assert live.events(room) == before
        # Bob's socket is still served.
        send(bob_socket, {"type": "ping", "c": 3.0})
        assert until(bob_socket, of_type("pong"), limit=1000)["c"] == 3.0
