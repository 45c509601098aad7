"""The two paces of a Topword table, and surviving a crash.

Correspondence: no clock; the server restarts and a week passes (a manual clock),
the turn is still the same player's, the home page's status says so, and the game
goes on. Live: the turn clock is in every view and passes at its deadline.
Kill -9: a real server process on a SQLite file, SIGKILLed mid-game, started again.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from websockets.sync.client import ClientConnection, connect

from motamot.server.serve import build_app
from motamot.service.ports import ManualClock
from motamot.service.stores import open_store
from motamot.web import default_kinds
from tests.server.helpers import hello, join, of_type, send, until
from tests.server.live import LiveServer
from tests.web.topword.test_topword_ws import best_moves, create_table, events_of, play_best

WEEK = 7 * 86400


def sqlite_server(db: Path, clock: ManualClock) -> TestClient:
    return TestClient(build_app(lambda: open_store(str(db)), clock, default_kinds()))


def status_of(client: TestClient, room: str) -> dict[str, Any]:
    tables: dict[str, Any] = client.get(f"/api/tables/status?rooms={room}").json()["tables"]
    return dict(tables[room])


def test_a_correspondence_game_survives_a_restart_and_a_week(tmp_path: Path) -> None:
    clock, db = ManualClock(), tmp_path / "rooms.sqlite3"
    with sqlite_server(db, clock) as client:
        room, ana = create_table(client, seats=["person"])
        bob = join(client, room, "Bob")
        tokens = {"s1": ana, "s2": bob}
        with client.websocket_connect(f"/ws/{room}") as socket:
            hello(socket, ana)
            send(socket, {"type": "start", "id": 1})
            until(socket, of_type("ack"))
        first = status_of(client, room)["current"]
        with client.websocket_connect(f"/ws/{room}") as socket:
            game = hello(socket, tokens[first])["view"]["game"]
            played = play_best(socket, game, 2)  # None: no move on this rack, a pass
    second = "s2" if first == "s1" else "s1"
    clock.advance(WEEK)  # the server is down, then a week goes by
    with sqlite_server(db, clock) as client:
        status = status_of(client, room)
        assert status == {
            "names": {"s1": "Ana", "s2": "Bob"},
            "started": True,
            "current": second,
            "finished": False,
            "winners": [],
            "turn_deadline": None,
            "created": 1_700_000_000.0,  # the clock when the table was made, a week before
        }
        with client.websocket_connect(f"/ws/{room}") as socket:
            game = hello(socket, tokens[second])["view"]["game"]
            (turn,) = game["turns"]
            assert turn["seat"] == first
            if played is None:
                assert turn["action"] == "pass"
            else:
                assert turn["move"] == played["move"] and turn["score"] == played["score"]
            play_best(socket, game, 3)
        assert status_of(client, room)["current"] == first
        home = client.get("/")
        assert 'id="table-list"' in home.text  # filled by the page from this status


def test_a_live_turn_clock_is_shown_to_all_and_passes_at_its_deadline() -> None:
    clock = ManualClock()
    with TestClient(build_app(_memory_store, clock, default_kinds())) as client:
        room, ana = create_table(client, seats=["person"], turn_seconds=60)
        join(client, room, "Bob")
        with client.websocket_connect(f"/ws/{room}") as socket:
            hello(socket, ana)
            send(socket, {"type": "start", "id": 1})
            until(socket, of_type("ack"))
        with client.websocket_connect(f"/ws/{room}") as watcher:
            game = hello(watcher, None)["view"]["game"]
            assert game["turn_deadline"] == clock.now() + 60
            who = game["current"]
            clock.advance(61)
            with client.websocket_connect(f"/ws/{room}") as socket:  # any command ticks
                hello(socket, ana)
                send(socket, {"type": "pass", "id": 9})
                until(socket, lambda m: m["type"] in ("ack", "refused"))
            passed = until(
                watcher, lambda m: m["type"] == "events" and bool(events_of(m, "passed"))
            )
            (timed_out, *_) = events_of(passed, "passed")
            assert timed_out["seat"] == who and timed_out["timed_out"] is True


DAY = 86_400


@pytest.mark.parametrize("days", [1, 3, 14])
def test_a_correspondence_clock_of_days_a_move_passes_after_its_days(days: int) -> None:
    """By correspondence « 1 jour par coup »: the one bound of turn_seconds allows days
    (up to 14), the deadline is days away, and the move passes once they are gone."""
    clock = ManualClock()
    with TestClient(build_app(_memory_store, clock, default_kinds())) as client:
        room, ana = create_table(client, seats=["person"], turn_seconds=days * DAY)
        join(client, room, "Bob")
        with client.websocket_connect(f"/ws/{room}") as socket:
            view = hello(socket, ana)["view"]
            assert view["settings"]["turn_seconds"] == days * DAY
            send(socket, {"type": "start", "id": 1})
            until(socket, of_type("ack"))
            send(socket, {"type": "resync", "last_seq": 0})
            game = until(socket, of_type("welcome"))["view"]["game"]
        assert game["turn_deadline"] == clock.now() + days * DAY
        who = game["current"]
        clock.advance(days * DAY - 1)
        assert status_of(client, room)["current"] == who  # a second left: still theirs
        clock.advance(2)
        with client.websocket_connect(f"/ws/{room}") as socket:
            hello(socket, ana)
            send(socket, {"type": "pass", "id": 9})  # any command ticks the room first
            until(socket, lambda m: m["type"] in ("ack", "refused"))
            send(socket, {"type": "resync", "last_seq": 0})
            turns = until(socket, of_type("welcome"))["view"]["game"]["turns"]
        # T22: their turn passed, as a timeout (no pass that ends the game)
        assert turns[0] == {
            "seat": who,
            "action": "pass",
            "points": 0,
            "total": 0,
            "timed_out": True,
        }
        assert status_of(client, room)["finished"] is False


@pytest.mark.parametrize("seconds", [4, 14 * DAY + 1, 10**12, -DAY])
def test_a_turn_clock_outside_its_one_bound_is_refused_and_nothing_stored(
    seconds: int,
) -> None:
    clock = ManualClock()
    with TestClient(build_app(_memory_store, clock, default_kinds())) as client:
        answer = client.post(
            "/api/tables", json={"name": "Ana", "seats": ["person"], "turn_seconds": seconds}
        )
        assert answer.status_code == 400 and "turn_seconds" in answer.text
        assert asyncio.run(client.app.state.rooms.host.store.rooms()) == []  # type: ignore[attr-defined]


def test_the_settings_bound_is_the_one_the_api_and_the_room_check() -> None:
    from motamot.service.rooms.settings import SettingsError
    from motamot.service.topword.settings import TopwordSettings

    TopwordSettings(turn_seconds=3 * DAY).check()
    with pytest.raises(SettingsError) as refused:
        TopwordSettings(turn_seconds=15 * DAY).check()
    assert refused.value.code == "bad_turn_clock"


async def _memory_store() -> Any:
    from motamot.service.stores.memory import MemoryStore

    return MemoryStore()


def turn_message(game: dict[str, Any], request: int) -> dict[str, Any]:
    """Play the best move, or pass when the rack has none."""
    moves = best_moves(game, count=1)
    if not moves:
        return {"type": "pass", "id": request}
    return {"type": "play", "move": moves[0], "id": request}


def receive_until(socket: ClientConnection, kind: str) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(socket.recv(timeout=20))
        if message["type"] == kind:
            return message


@pytest.mark.slow
def test_kill_9_mid_game_then_the_game_goes_on(tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "rooms.sqlite3").start()
    try:
        created = server.post("/api/tables", {"name": "Ana", "seats": ["person"]})
        room, ana = created["room"], created["token"]
        bob = server.post(f"/api/rooms/{room}/join", {"name": "Bob"})["token"]
        tokens = {"s1": ana, "s2": bob}
        address = f"ws://127.0.0.1:{server.port}/ws/{room}"
        with connect(address) as socket:
            socket.send(json.dumps({"type": "hello", "token": ana}))
            receive_until(socket, "welcome")
            socket.send(json.dumps({"type": "start", "id": 1}))
            receive_until(socket, "ack")
            socket.send(json.dumps({"type": "resync", "last_seq": 0}))
            first = receive_until(socket, "welcome")["view"]["game"]["current"]
        with connect(address) as socket:
            socket.send(json.dumps({"type": "hello", "token": tokens[first]}))
            game = receive_until(socket, "welcome")["view"]["game"]
            socket.send(json.dumps(turn_message(game, 2)))
            ack = receive_until(socket, "ack")
            server.kill()
        server.start()
        second = "s2" if first == "s1" else "s1"
        with connect(address) as socket:
            socket.send(json.dumps({"type": "hello", "token": tokens[second]}))
            after = receive_until(socket, "welcome")["view"]["game"]
            assert after["current"] == second
            (turn,) = after["turns"]
            assert turn["seat"] == first and turn.get("move") == ack["events"][0].get("move")
            assert len(after["rack"]) == 7  # the seat's own rack, as stored
            socket.send(json.dumps(turn_message(after, 3)))
            assert receive_until(socket, "ack")["id"] == 3
    finally:
        server.stop()
