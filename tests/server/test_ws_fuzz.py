"""Fuzzed frames through the real ASGI app (issues 11 and 16): a seated player's socket
sends hundreds of hostile frames mixed with valid ones, in a Boggle room mid-round and at
a Topword table (moves, previews and exchanges with odd tiles).

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
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient, WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from motamot.server import throttle, ws
from motamot.server.links import room_of
from motamot.server.protocol import (
    AddBotMessage,
    Hello,
    LeaveMessage,
    ProtocolError,
    RemovePlayerMessage,
)
from motamot.server.protocol import StartMessage as StartRoundMessage
from motamot.server.serve import build_app
from motamot.server.throttle import Credits
from motamot.service.ports import ManualClock, StoredEvent
from motamot.service.stores.memory import MemoryStore
from motamot.web import default_kinds
from motamot.web.boggle.messages import RematchMessage, StopRoundMessage
from tests.fuzz.server_targets import hostile_frame, parse_message
from tests.server.helpers import create, grid_words, hello, join, of_type, send, until

SEED = 2024
FRAMES = 300
#: Valid messages left out: they end or reshape the round (tested in test_ws.py; removing
#: a player in test_moderation.py), or add a bot that then acts on its own clock, so its
#: events could not be put down to a frame.
ROUND_CHANGERS = (
    AddBotMessage,
    LeaveMessage,
    RematchMessage,
    RemovePlayerMessage,
    StartRoundMessage,
    StopRoundMessage,
)
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
        stored: list[StoredEvent] = self.client.portal.call(self.store.load, room_of(room))
        return stored


@pytest.fixture
def live() -> Iterator[Server]:
    store = MemoryStore()

    async def opened() -> MemoryStore:
        return store

    with TestClient(build_app(opened, ManualClock(), default_kinds(), chosen_grids=True)) as client:
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


def check_frames(
    live: Server,
    room: str,
    socket: WebSocketTestSession,
    frames: Iterator[str | bytes],
    after_ack: Callable[[dict[str, Any]], None] = lambda ack: None,
) -> Counter[str]:
    """Send each frame, then check its answers against the parser and the stored events;
    what kinds of answer came. `after_ack` runs after each acknowledged frame (its ack)."""
    seen: Counter[str] = Counter()
    for number, frame in enumerate(frames):
        before = live.events(room)
        answers = answers_to(socket, frame, 1e6 + number)
        after = live.events(room)
        kinds = {answer["type"] for answer in answers} - {"events", "presence"}
        acks = [answer for answer in answers if answer["type"] == "ack"]
        try:
            message = parse_message(frame)
        except ProtocolError as error:
            assert [a["code"] for a in answers if a["type"] == "error"] == [error.code], frame
            assert after == before, frame
            seen["error"] += 1
            continue
        assert kinds, (frame, answers)  # every parsed message is answered
        if acks:
            assert after[: len(before)] == before and after[-1].seq == acks[0]["seq"], frame
            after_ack(acks[0])
        else:
            assert after == before, (frame, message, answers)
        seen.update(kinds)
    return seen


@pytest.fixture
def roomy_credits(monkeypatch: pytest.MonkeyPatch) -> None:
    """Buckets big enough for every frame and its marker, the socket's and its address's
    (the flood is its own test)."""
    monkeypatch.setattr(ws, "Credits", lambda: Credits(capacity=4 * FRAMES, per_second=0.0))
    monkeypatch.setattr(throttle, "ADDRESS_CAPACITY", 8.0 * FRAMES)


@pytest.mark.usefixtures("roomy_credits")
def test_fuzzed_frames_get_errors_and_change_nothing_stored(live: Server) -> None:
    client = live.client
    room, ana = create(client, duration=600, seed=SEED)
    bob = join(client, room, "Bob")
    with (
        client.websocket_connect(f"/ws/{room}") as ana_socket,
        client.websocket_connect(f"/ws/{room}") as bob_socket,
    ):
        grid = hello(ana_socket, ana)["view"]
        hello(bob_socket, bob)
        send(ana_socket, {"type": "start", "id": 1})
        started = until(ana_socket, of_type("ack"))["events"][0]
        words = grid_words(started["grid"])[:40]
        seen = check_frames(live, room, ana_socket, fuzzed_frames(random.Random(16), words))
        # Not a vacuous run: refusals of every kind and valid words got through.
        assert seen["error"] > 100 and seen["ack"] > 20 and seen["refused"] > 20, seen
        # The other player was never disturbed: Bob still plays, and sees every event.
        send(bob_socket, {"type": "word", "text": words[-1], "id": 7})
        bob_ack = until(bob_socket, of_type("ack"), limit=10_000)
        assert bob_ack["id"] == 7 and bob_ack["seq"] == live.events(room)[-1].seq
    assert grid["seq"] < bob_ack["seq"]


#: Tile texts for Topword frames: letters, Qu in its spellings, and characters that broke
#: text parsers before (a ligature upper() makes two letters, a superscript digit).
TILES = ("A", "E", "I", "M", "N", "S", "Qu", "QU", "q", "é", "ﬆ", "²", "?", "\u2028", "AB")
NOTATIONS = ("5E MAIN", "E5 main", "10J A", "1a quai", "5E ﬆ", "5E A²", "11K A", "0A A", "5E")


def table_frames(rng: random.Random, rack: list[str]) -> Iterator[str | bytes]:
    """FRAMES frames for a Topword table: half moves and exchanges, half hostile frames
    (the first one exchanges a tile of `rack`, so one is taken whatever the draw)."""
    yield json.dumps({"type": "exchange", "tile": rack[0]})
    sent = 1
    while sent < FRAMES:
        choice = rng.randrange(4)
        if choice == 0:
            count = rng.randint(1, 5)
            placements = [[rng.randrange(100), rng.choice(TILES)] for _ in range(count)]
            move: dict[str, Any] = {"placements": placements, "across": rng.choice((True, None))}
            frame: str | bytes = json.dumps({"type": rng.choice(("play", "preview")), **move})
        elif choice == 1:
            notation = rng.choice(NOTATIONS)
            frame = json.dumps({"type": rng.choice(("play", "preview")), "move": notation})
        elif choice == 2:
            tile = rng.choice((*TILES, *rack))
            frame = json.dumps({"type": "exchange", "tile": tile})
        else:
            frame = hostile_frame(rng)
            try:
                if isinstance(parse_message(frame), ROUND_CHANGERS):
                    continue
            except ProtocolError:
                pass
        sent += 1
        yield frame


@pytest.mark.usefixtures("roomy_credits")
def test_fuzzed_frames_at_a_topword_table_change_nothing_stored(live: Server) -> None:
    client = live.client
    answer = client.post("/api/tables", json={"name": "Ana", "seats": ["person"]})
    room, ana = answer.json()["room"], answer.json()["token"]
    bob = join(client, room, "Bob")
    with (
        client.websocket_connect(f"/ws/{room}") as ana_socket,
        client.websocket_connect(f"/ws/{room}") as bob_socket,
    ):
        hello(ana_socket, ana)
        hello(bob_socket, bob)
        send(ana_socket, {"type": "start", "id": 1})
        until(ana_socket, of_type("ack"))
        passes = iter(range(100, 10_000))

        def bob_passes_back(ack: dict[str, Any] | None = None) -> None:
            """Ana's move or exchange was taken: Bob passes, so the next frames are hers (an
            ack that took no turn, the room made public say, leaves the turn with her)."""
            turns = ("topword.played", "topword.exchanged", "topword.passed")
            if ack is not None and not any(e["type"] in turns for e in ack["events"]):
                return
            send(bob_socket, {"type": "pass", "id": (request := next(passes))})
            answer = until(bob_socket, lambda m: m.get("id") == request, limit=10_000)
            # Turns without a word in a row end the game (then every move is refused).
            assert answer["type"] == "ack" or answer["code"] == "game_over", answer

        send(ana_socket, {"type": "resync", "last_seq": 0})
        game = until(ana_socket, of_type("welcome"))["view"]["game"]
        if game["current"] != "s1":  # the draw may give Bob the first turn
            bob_passes_back()
        frames = table_frames(random.Random(20), game["rack"])
        seen = check_frames(live, room, ana_socket, frames, bob_passes_back)
        assert seen["error"] > 50 and seen["refused"] > 50 and seen["preview"] > 50, seen
        assert seen["ack"] >= 1, seen  # an exchange taken, and the turn passed back by Bob
        send(bob_socket, {"type": "ping", "c": 5.0})
        assert until(bob_socket, of_type("pong"), limit=10_000)["c"] == 5.0


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
            until(flooder, lambda m: m["type"] == "presence")  # told on arrival
            before = live.events(room)
            with pytest.raises(WebSocketDisconnect) as closed:
                for frame in flood:
                    if isinstance(frame, bytes):
                        flooder.send_bytes(frame)
                    else:
                        flooder.send_text(frame)
                while True:  # an error for each, and who is here as it changes
                    assert flooder.receive_json()["type"] in ("error", "presence")
            assert closed.value.code == ws.CLOSE_POLICY
        assert live.events(room) == before
        # Bob's socket is still served.
        send(bob_socket, {"type": "ping", "c": 3.0})
        assert until(bob_socket, of_type("pong"), limit=1000)["c"] == 3.0


@pytest.mark.usefixtures("roomy_credits")
def test_fuzzed_frames_before_hello_each_get_an_error_then_hello_works(live: Server) -> None:
    client = live.client
    room, ana = create(client, duration=600, seed=SEED)
    rng = random.Random(11)
    frames = [hostile_frame(rng) for _ in range(FRAMES)]
    before = live.events(room)
    with client.websocket_connect(f"/ws/{room}") as socket:
        for frame in frames:
            try:
                message = parse_message(frame)
            except ProtocolError as error:
                expected = error.code
            else:
                if isinstance(message, Hello):
                    continue  # it would be the hello: tested below
                expected = "hello_first"
            if isinstance(frame, bytes):
                socket.send_bytes(frame)
            else:
                socket.send_text(frame)
            answer = socket.receive_json()
            assert (answer["type"], answer["code"]) == ("error", expected), frame
        assert hello(socket, ana)["seat"] == "s1"
    assert live.events(room) == before
