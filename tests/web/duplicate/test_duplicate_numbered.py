"""D10: a numbered game. A finished game's draws are saved as « partie n° N » (a file), and
another server plays them in a room with an arbiter: the same racks, the number shown,
the seed hidden until its end. Hostile numbers and files are refused in words."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from motamot.server.serve import build_app
from motamot.service.players.store import PlayerStore
from motamot.service.ports import ManualClock
from motamot.service.stores.memory import MemoryStore
from motamot.web import default_kinds
from tests.server.helpers import hello, of_type, send, until
from tests.server.stored import stored_server
from tests.web.duplicate.test_duplicate_ws import create_duplicate, moves_of


def top_of(game: dict[str, Any]) -> str:
    notation: str = moves_of(game)[0].notation
    return notation


def started(client: TestClient, **settings: Any) -> tuple[str, str, list[str]]:
    """A room with an arbiter and one player, started: its id, the arbiter's token and
    the first rack."""
    room, token = create_duplicate(client, "Arbitre", arbiter=True, **settings)
    client.post(f"/api/rooms/{room}/join", json={"name": "Bob"})
    with client.websocket_connect(f"/ws/{room}") as socket:
        hello(socket, token)
        send(socket, {"type": "start", "id": 1})
        ack = until(socket, of_type("ack"))
    rack: list[str] = ack["events"][-1]["rack"]
    return room, token, rack


def end(client: TestClient, room: str, token: str) -> None:
    with client.websocket_connect(f"/ws/{room}") as socket:
        hello(socket, token)
        send(socket, {"type": "arbiter_end_game", "id": 2, "reason": "fin"})
        assert until(socket, lambda m: m["type"] in ("ack", "refused"))["type"] == "ack"


def test_d10_a_numbered_game_saved_on_one_server_is_played_on_another() -> None:
    with stored_server() as first:
        room, token, rack = started(first.client)
        early = first.client.get(f"/api/duplicate/{room}/game?numero=12")
        assert early.status_code == 409  # its draws are secret until its end
        end(first.client, room, token)
        for bad in ("0", "1000000", "abc", "1e3", "9" * 5000, "-3", ""):
            answer = first.client.get(f"/api/duplicate/{room}/game", params={"numero": bad})
            assert answer.status_code == 400 and answer.json()["text"], bad
        answer = first.client.get(f"/api/duplicate/{room}/game")
        assert answer.json()["refused"] == "number_needed"
        answer = first.client.get(f"/api/duplicate/{room}/game?numero=12")
        assert (
            answer.status_code == 200 and "partie-12.json" in answer.headers["content-disposition"]
        )
        game = answer.json()
    assert game["kind"] == "motamot-duplicate-game" and game["number"] == 12
    fields = {key: game[key] for key in ("number", "seed", "ruleset", "dictionary")}
    with stored_server() as second:
        client = second.client
        for body, code in (
            ({**fields}, "numbered_needs_arbiter"),
            ({**fields, "arbiter": False}, "numbered_needs_arbiter"),
            ({"number": 12, "arbiter": True}, "number_without_draw"),
        ):
            answer = client.post("/api/duplicate", json={"name": "Zoé", **body})
            assert answer.status_code == 409 and answer.json()["refused"] == code, answer.text
        for body in ({**fields, "number": 0}, {**fields, "number": "12"}, {**fields, "seed": 12}):
            answer = client.post("/api/duplicate", json={"name": "Zoé", "arbiter": True, **body})
            assert answer.status_code == 400 and answer.json()["text"], body
        assert second.snapshot() == {}
        again, token, again_rack = started(client, **fields)
        assert again_rack == rack  # the same draws
        with client.websocket_connect(f"/ws/{again}") as socket:
            view = hello(socket, None)["view"]
        assert view["settings"]["number"] == 12 and "seed" not in view["game"]


def play_turn(client: TestClient, room: str, tokens: dict[str, str], moves: dict[str, str]) -> None:
    """Each player's move for the running turn (an ack each)."""
    for seat, move in moves.items():
        with client.websocket_connect(f"/ws/{room}") as socket:
            hello(socket, tokens[seat])
            send(socket, {"type": "play", "move": move, "id": 5})
            assert until(socket, lambda m: m["type"] in ("ack", "refused"))["type"] == "ack"


def test_d11_two_rooms_on_two_processes_playing_game_12_share_one_ranking(tmp_path: Path) -> None:
    store = MemoryStore()
    clock = ManualClock()

    async def opened() -> MemoryStore:
        return store

    async def players() -> PlayerStore:  # the players' database they share (the index's)
        return await PlayerStore.open(str(tmp_path / "players.sqlite3"))

    with stored_server() as first:  # the numbered game, from a finished game
        room, token, _ = started(first.client)
        end(first.client, room, token)
        game = first.client.get(f"/api/duplicate/{room}/game?numero=12").json()
    fields = {key: game[key] for key in ("number", "seed", "ruleset", "dictionary")}
    kinds = default_kinds()
    apps = [
        build_app(opened, clock, kinds, chosen_grids=True, players_factory=players)
        for _ in range(2)
    ]
    with TestClient(apps[0]) as one, TestClient(apps[1]) as two:
        rooms = []
        for client, player in ((one, "Bob"), (two, "Cat")):
            room, arbiter, rack = started(client, turn_seconds=60, **fields)
            bob = client.post(f"/api/rooms/{room}/join", json={"name": player + "2"}).json()
            rooms.append((client, room, arbiter, bob["token"], rack))
        assert rooms[0][4] == rooms[1][4]  # the same draws in both rooms
        with one.websocket_connect(f"/ws/{rooms[0][1]}") as socket:
            view = hello(socket, None)["view"]
        top = top_of(view["game"])
        # room 1: its first player finds the top; room 2: nobody plays
        first_player = one.post(f"/api/rooms/{rooms[0][1]}/join", json={"name": "Dan"})
        assert first_player.status_code == 200
        play_turn(one, rooms[0][1], {"dan": first_player.json()["token"]}, {"dan": top})
        clock.advance(61)
        for client, room, arbiter, *_ in rooms:
            end(client, room, arbiter)  # any command ticks the room: the turn ends first
        answer = two.get("/api/duplicate/simultane/12")  # asked of the other process
        assert answer.status_code == 200, answer.text
        body = answer.json()
        assert body["rooms"] == 2 and body["players"] == 5  # the arbiters are not ranked
        lines = body["ranking"]
        assert lines[0]["name"] == "Dan" and lines[0]["percent"] == 100.0 and lines[0]["rank"] == 1
        assert {line["rank"] for line in lines[1:]} == {2}
        assert {line["room"] for line in lines} == {rooms[0][1][:16], rooms[1][1][:16]}
        assert one.get("/api/duplicate/simultane/12").json()["ranking"] == lines
        assert one.get("/api/duplicate/simultane/13").json()["players"] == 0
        for bad in ("abc", "1234567", "-1", "1e3", "0", "000000012"):
            answer = one.get(f"/api/duplicate/simultane/{bad}")
            assert answer.status_code == 400 and answer.json()["text"], bad


def test_d12_a_club_s_series_over_http_counts_its_finished_evenings_only() -> None:
    clock = ManualClock()
    store = MemoryStore()

    async def opened() -> MemoryStore:
        return store

    with TestClient(build_app(opened, clock, default_kinds(), chosen_grids=True)) as client:
        for finds_top in (True, False):
            room, token, _ = started(client, turn_seconds=60, series="club-de-lyon")
            with client.websocket_connect(f"/ws/{room}") as socket:
                game = hello(socket, None)["view"]["game"]
            ana = client.post(f"/api/rooms/{room}/join", json={"name": "Ana"}).json()["token"]
            if finds_top:
                play_turn(client, room, {"ana": ana}, {"ana": top_of(game)})
            clock.advance(61)
            end(client, room, token)
        started(client, series="club-de-lyon")  # still running: not counted
        answer = client.get("/api/duplicate/serie/club-de-lyon")
        assert answer.status_code == 200, answer.text
        body = answer.json()
        assert body["evenings"] == 2
        lines = {line["name"]: line for line in body["players"]}
        assert lines["Ana"]["games"] == 2 and lines["Ana"]["average"] == 50.0
        assert lines["Ana"]["best"] == 100.0 and lines["Bob"]["average"] == 0.0
        assert client.get("/api/duplicate/serie/autre-club").json()["evenings"] == 0
        for bad in ("Club", "-x", "a" * 41, "club_de", "%C3%A9t%C3%A9"):
            answer = client.get(f"/api/duplicate/serie/{bad}")
            assert answer.status_code == 400 and answer.json()["text"], bad
        answer = client.post("/api/duplicate", json={"name": "Ana", "series": "Pas Bon"})
        assert answer.status_code == 400 and answer.json()["text"]
