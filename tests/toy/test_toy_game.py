"""A game defined only under tests/ plays through the real server (issue 20's proof).

The toy kind (tests/toy/game.py) is registered beside Boggle and Topword; the server's
code does not change for it: rooms are created by the kind's own route, joined, played
over websockets with a refusal, a resync after a gap and a spectator, and a real server
process killed with SIGKILL comes back with the game where it was.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from websockets.sync.client import connect

from motamot.server.serve import build_app
from motamot.service.ports import ManualClock
from motamot.service.stores.memory import MemoryStore
from tests.server.helpers import hello, join, of_type, send, until
from tests.server.live import LiveServer
from tests.toy.game import kinds_with_the_toy

ROOT = Path(__file__).resolve().parents[2]


async def _memory() -> MemoryStore:
    return MemoryStore()


@pytest.fixture
def client() -> Any:
    with TestClient(build_app(_memory, ManualClock(), kinds_with_the_toy())) as client:
        yield client


def acked(socket: Any, message: dict[str, Any]) -> dict[str, Any]:
    """Send a seat action; its answer (ack or refused)."""
    send(socket, message)
    answer: dict[str, Any] = until(socket, lambda m: m["type"] in ("ack", "refused"))
    return answer


def test_the_toy_game_is_played_through_the_real_app(client: TestClient) -> None:
    created = client.post("/api/toy", json={"name": "Ana"}).json()
    room, ana = created["room"], created["token"]
    bob = join(client, room, "Bob")  # the server's own join, for any kind
    assert "<p>play</p>" in client.get(f"/r/{room}").text  # the kind's page
    assert "<p>watch</p>" in client.get(f"/r/{room}/watch").text
    with (
        client.websocket_connect(f"/ws/{room}") as a,
        client.websocket_connect(f"/ws/{room}") as b,
        client.websocket_connect(f"/ws/{room}") as spectator,
    ):
        welcome = hello(a, ana)
        assert welcome["view"]["kind"] == "toy" and welcome["view"]["total"] == 0
        hello(b, bob)
        watched = hello(spectator, None)
        assert watched["seat"] is None and "secret_digest" not in json.dumps(watched)
        assert acked(a, {"type": "start", "id": 1})["type"] == "ack"
        first = until(b, of_type("events"))["events"][-1]
        assert first["type"] == "toy.begun"
        # a refusal: not Bob's turn (Ana sat first); nothing changes
        refused = acked(b, {"type": "add", "amount": 2, "id": 2})
        assert (refused["type"], refused["code"]) == ("refused", "not_your_turn")
        assert refused["text"] == "ce n'est pas votre tour"
        # a message the kind's schema refuses, and one of another kind of room
        send(a, {"type": "add", "amount": 3})
        assert until(a, of_type("error"))["code"] == "malformed"
        other = acked(a, {"type": "word", "text": "MAIN", "id": 3})
        assert (other["type"], other["code"]) == ("refused", "unknown_command")
        # the spectator may watch, not play
        send(spectator, {"type": "add", "amount": 1, "id": 4})
        assert until(spectator, of_type("refused"))["code"] == "no_seat"
        seats = [(a, ana), (b, bob)]
        total = 0
        for turn in range(5):
            socket = seats[turn % 2][0]
            answer = acked(socket, {"type": "add", "amount": 2, "id": 10 + turn})
            assert answer["type"] == "ack", answer
            total += 2
            assert answer["events"][0]["total"] == total
        last = answer["events"]
        assert [e["type"] for e in last] == ["toy.counted", "toy.won"]
        assert last[-1]["seat"] == welcome["view"]["you"]
        # the spectator saw every event, numbered; a resync gives back what it missed
        seq = last[-1]["seq"]
        until(spectator, lambda m: m["type"] == "events" and m["events"][-1]["seq"] == seq)
        send(spectator, {"type": "resync", "last_seq": seq - 3})
        again = until(spectator, of_type("events"))
        assert [e["seq"] for e in again["events"]] == [seq - 2, seq - 1, seq]
        assert acked(b, {"type": "add", "amount": 1, "id": 30})["code"] == "game_over"


def test_the_server_names_no_game() -> None:
    """The server's modules name no game class: the toy needed no change there."""
    found = subprocess.run(
        ["grep", "-rn", "BoggleRoom\\|TopwordRoom\\|TopwordTable\\|ToyRoom", "src/motamot/server"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert found.returncode == 1 and found.stdout == ""


@pytest.mark.slow
def test_the_toy_game_survives_a_kill_9_of_a_real_server(tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "toy.sqlite3", program="tests.toy.serve").start()
    try:
        created = server.post("/api/toy", {"name": "Ana"})
        room, ana = created["room"], created["token"]
        bob = server.post(f"/api/rooms/{room}/join", {"name": "Bob"})["token"]
        ws = f"ws://127.0.0.1:{server.port}/ws/{room}"
        with connect(ws) as a, connect(ws) as b:
            for socket, token in ((a, ana), (b, bob)):
                socket.send(json.dumps({"type": "hello", "token": token}))
            a.send(json.dumps({"type": "start", "id": 1}))
            for socket, amount, wanted in ((a, 2, 2), (b, 1, 3)):  # Ana, then Bob, in turn
                socket.send(json.dumps({"type": "add", "amount": amount, "id": wanted}))
                while True:
                    frame = json.loads(socket.recv(timeout=10))
                    if frame.get("id") == wanted:
                        assert frame["type"] == "ack", frame
                        break
        server.kill()  # SIGKILL: no shutdown code runs
        server.start()
        with connect(ws) as a:
            a.send(json.dumps({"type": "hello", "token": ana}))
            while (frame := json.loads(a.recv(timeout=10)))["type"] != "welcome":
                pass
            view = frame["view"]
            assert (view["total"], view["current"], view["you"]) == (3, "s1", "s1")
            a.send(json.dumps({"type": "add", "amount": 2, "id": 4}))
            while (frame := json.loads(a.recv(timeout=10)))["type"] != "ack":
                pass
            assert frame["events"][0]["total"] == 5
    finally:
        server.stop()
