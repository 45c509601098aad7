"""Kill -9 and start again: every acknowledged word and every deadline is still there.

A real server process on a SQLite file: words acknowledged over its websocket,
then SIGKILL (no shutdown code runs), then a wait past the round's deadline
while it is down, then a new process on the same file.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from motamot.web.boggle.api import ROOM_ROUND
from tests.server.helpers import grid_words
from tests.server.live import LiveServer

#: The shortest round a room accepts (M1).
DURATION = int(ROOM_ROUND.low)


def receive_until(socket: ClientConnection, kind: str) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(socket.recv(timeout=10))
        if message["type"] == kind:
            return message


def hello(socket: ClientConnection, token: str) -> dict[str, Any]:
    socket.send(json.dumps({"type": "hello", "token": token}))
    view: dict[str, Any] = receive_until(socket, "welcome")["view"]
    return view


@pytest.mark.slow
def test_kill_9_then_restart_keeps_acknowledged_words_and_ends_at_the_deadline(
    tmp_path: Path,
) -> None:
    server = LiveServer(tmp_path / "rooms.sqlite3").start()
    try:
        created = server.post("/api/rooms", {"name": "Ana", "duration": DURATION, "seed": 7})
        room, token = created["room"], created["token"]
        address = f"ws://127.0.0.1:{server.port}/ws/{room}"
        with connect(address) as socket:
            hello(socket, token)
            socket.send(json.dumps({"type": "start", "id": 1}))
            started = receive_until(socket, "ack")["events"][0]
            words = grid_words(started["grid"])[:3]
            for number, word in enumerate(words, 2):
                socket.send(json.dumps({"type": "word", "text": word, "id": number}))
                assert receive_until(socket, "ack")["id"] == number
            server.kill()
        time.sleep(max(0.0, started["deadline"] - time.time()) + 0.5)  # the deadline passes
        server.start()
        with connect(address) as socket:
            view = hello(socket, token)
    finally:
        server.stop()
    round_view = view["round"]
    assert round_view["running"] is False
    assert round_view["ended_at"] == started["deadline"]  # not the restart time
    assert [w["word"] for w in round_view["words"]] == words
    (ana,) = round_view["result"]["players"]
    assert [e["word"] for e in ana["entries"]] == words
    assert all(e["status"] == "scored" for e in ana["entries"])
