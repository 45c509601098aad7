"""Kill -9 between a rated match's end and its rating update, then start again: the
rating is updated once, at start, from the stored events (R2), and again never."""

from __future__ import annotations

import json
import re
import sqlite3
import time
from pathlib import Path
from typing import Any

import httpx2
import pytest
from websockets.sync.client import ClientConnection, connect

from motamot.service.players.db import players_path
from tests.server.helpers import grid_words
from tests.server.live import LiveServer
from tests.server.players.helpers import PASSWORD


def account(url: str, name: str) -> httpx2.Client:
    """A browser signed in to a new account `name`."""
    browser = httpx2.Client(base_url=url, timeout=10)
    page = browser.get("/compte/creer")
    found = re.search(r'name="csrf" value="([^"]+)"', page.text)
    assert found is not None
    fields = {"csrf": found[1], "name": name, "password": PASSWORD, "again": PASSWORD}
    assert browser.post("/compte/creer", data=fields).status_code == 303
    return browser


def until(socket: ClientConnection, wanted: str, limit: float = 20) -> dict[str, Any]:
    """The first frame holding an event (or of a type) `wanted`."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        message: dict[str, Any] = json.loads(socket.recv(timeout=limit))
        events = message.get("events", [])
        if message["type"] == wanted or any(e.get("type") == wanted for e in events):
            return message
    raise AssertionError(f"no {wanted}")


def ratings(db: Path) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    with sqlite3.connect(players_path(db)) as connection:
        rated = connection.execute(
            "SELECT p.name, r.games FROM players_ratings r"
            " JOIN players_players p ON p.player = r.player ORDER BY p.name"
        ).fetchall()
        history = connection.execute(
            "SELECT player, room, seq FROM players_rating_history ORDER BY player"
        ).fetchall()
    return rated, history


def play_rated_match(server: LiveServer) -> str:
    """Ana and Bob play a rated one-round match to its end; the room's id."""
    ana, bob = account(server.url, "Ana"), account(server.url, "Bob")
    created = ana.post(
        "/api/rooms", json={"name": "Ana", "rated": True, "rounds": 1, "duration": 30}
    )
    assert created.status_code == 200, created.text
    room, ana_token = created.json()["room"], created.json()["token"]
    joined = bob.post(f"/api/rooms/{room}/join", json={"name": "Bob"})
    assert joined.status_code == 200, joined.text
    bob_token = joined.json()["token"]
    address = f"ws://127.0.0.1:{server.port}/ws/{room}"
    with connect(address) as first, connect(address) as second:
        for socket, token in ((first, ana_token), (second, bob_token)):
            socket.send(json.dumps({"type": "hello", "token": token}))
            until(socket, "welcome")
        first.send(json.dumps({"type": "start", "id": 1}))
        started = next(
            e for e in until(first, "ack")["events"] if e["type"] == "boggle.round_started"
        )
        words = sorted(grid_words(started["grid"]), key=len)
        for number, word in enumerate(words[:3], 2):  # Ana: three words, Bob: one
            first.send(json.dumps({"type": "word", "text": word, "id": number}))
        second.send(json.dumps({"type": "word", "text": words[3], "id": 9}))
        until(second, "ack")  # Bob's word is in: the host stops the round (M1: 30 s at least)
        first.send(json.dumps({"type": "stop", "id": 10}))
        until(first, "boggle.match_ended")
    ana.close()
    bob.close()
    return str(room)[:16]


@pytest.mark.slow
def test_r2_kill_9_between_a_match_end_and_its_update_then_restart_rates_once(
    tmp_path: Path,
) -> None:
    db = tmp_path / "server.sqlite3"
    stalled = LiveServer(db, program="tests.server.players.stalled_serve").start()
    try:
        room = play_rated_match(stalled)
        stalled.kill()
    finally:
        stalled.stop()
    assert ratings(db) == ([], [])  # the match ended and was stored, not yet rated
    for _ in range(2):  # started again, then once more: rated once
        server = LiveServer(db, port=stalled.port).start()
        server.stop()
        rated, history = ratings(db)
        assert rated == [("Ana", 1), ("Bob", 1)]
        assert len(history) == 2 and {row[1] for row in history} == {room}
    with sqlite3.connect(players_path(db)) as connection:
        (ana_mu,), (bob_mu,) = connection.execute(
            "SELECT r.mu FROM players_ratings r JOIN players_players p USING (player)"
            " ORDER BY p.name"
        ).fetchall()
    assert ana_mu > 25 > bob_mu  # the winner up, the other down
