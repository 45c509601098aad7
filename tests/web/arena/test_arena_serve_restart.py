"""Kill -9 a real `motamot serve` in the middle of an arena round, leave it down across the
round's end and the next round's start, start it again on the same file: the round
ended at its deadline with every acknowledged word, and the next round started at its
scheduled time, once (A2). The arena's rounds are short here (8 s, 4 s of results)."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from motamot.service.arena.schedule import ArenaSchedule
from tests.server.helpers import grid_words
from tests.server.live import LiveServer

SCHEDULE = ArenaSchedule("classic-fr", seconds=8, pause=4)
ARGS = ("--arena-seconds", "8", "--arena-pause", "4")


def receive_until(socket: ClientConnection, wanted: Any, seconds: float = 20) -> dict[str, Any]:
    give_up = time.monotonic() + seconds
    while True:
        message: dict[str, Any] = json.loads(socket.recv(timeout=give_up - time.monotonic()))
        if wanted(message):
            return message


def events_of(message: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    if message["type"] not in ("events", "ack"):
        return []
    return [event for event in message["events"] if event["type"] == kind]


def stored(db: Path) -> dict[str, list[dict[str, Any]]]:
    """Every arena round's events in the file, by its number."""
    with sqlite3.connect(db) as connection:
        rows = connection.execute("SELECT room, data FROM events ORDER BY room, seq").fetchall()
    rooms: dict[str, list[dict[str, Any]]] = {}
    for room, data in rows:
        rooms.setdefault(room, []).append(json.loads(data))
    return {
        str(events[0]["settings"]["number"]): events
        for events in rooms.values()
        if events[0].get("kind") == "arena"
    }


@pytest.mark.slow
def test_arena_A2_kill_9_mid_round_then_the_next_round_starts_on_time(tmp_path: Path) -> None:
    db = tmp_path / "rooms.sqlite3"
    server = LiveServer(db, args=ARGS).start()
    try:
        # come in at the start of a round, with most of it left
        while (time.time() - SCHEDULE.epoch) % SCHEDULE.period > 2:
            time.sleep(0.2)
        seat = server.post("/api/arena/classic-fr/join", {"name": "Ana"})
        number = seat["number"]
        address = f"ws://127.0.0.1:{server.port}/ws/{seat['room']}"
        with connect(address) as socket:
            socket.send(json.dumps({"type": "hello", "token": seat["token"]}))
            view = receive_until(socket, lambda m: m["type"] == "welcome")["view"]
            if view["phase"] == "waiting":
                started = receive_until(socket, lambda m: events_of(m, "arena.round_started"))
                view["grid"] = events_of(started, "arena.round_started")[0]["grid"]
            words = grid_words(view["grid"])[:2]
            for request, word in enumerate(words, 1):
                socket.send(json.dumps({"type": "word", "text": word, "id": request}))
                ack = receive_until(socket, lambda m: m["type"] == "ack")
                assert ack["events"][0]["feedback"] == "accepted"
        time.sleep(1.5)  # the keeper's step opens the next round ahead (somebody plays)
        assert time.time() < SCHEDULE.deadline(number)  # still mid-round
        server.kill()
        time.sleep(max(0.0, SCHEDULE.start(number + 1) - time.time()) + 1)  # down past both
        server.start()
        rejoined = server.post("/api/arena/classic-fr/join", {"name": "Bob"})
        # the round the clock is in now: the next one, or a later one if the start was slow
        joined = rejoined["number"]
        assert joined >= number + 1
        with connect(f"ws://127.0.0.1:{server.port}/ws/{rejoined['room']}") as socket:
            socket.send(json.dumps({"type": "hello", "token": rejoined["token"]}))
            welcome = receive_until(socket, lambda m: m["type"] == "welcome")
        with connect(address) as socket:  # Ana's round, over
            socket.send(json.dumps({"type": "hello", "token": seat["token"]}))
            ended = receive_until(socket, lambda m: m["type"] == "welcome")["view"]
    finally:
        server.stop()
    nxt = welcome["view"]
    if nxt["phase"] == "running":  # joined mid-round: its deadline is the schedule's
        assert nxt["deadline"] == SCHEDULE.deadline(joined)
        assert 0 < nxt["deadline"] - welcome["now"] < SCHEDULE.round_seconds
    else:  # joined in the pause before it
        assert nxt["phase"] == "waiting" and welcome["now"] < SCHEDULE.start(joined)
    assert ended["phase"] == "ended" and ended["result"]["you"]["words"] == len(words)
    rounds = stored(db)
    for n in (number, number + 1):
        starts = [e for e in rounds[str(n)] if e["type"] == "boggle.round_started"]
        assert len(starts) == 1 and starts[0]["start"] == SCHEDULE.start(n)  # on time, once
    (end,) = [e for e in rounds[str(number)] if e["type"] == "boggle.round_ended"]
    assert end["at"] == SCHEDULE.deadline(number)  # at its deadline, not at the restart
    written = [e["text"] for e in rounds[str(number)] if e["type"] == "boggle.word_written"]
    assert written == words  # every acknowledged word
    assert set(rounds) <= {str(n) for n in range(number, joined + 2)}
