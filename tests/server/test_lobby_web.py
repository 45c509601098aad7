"""The lobby on the web (issue 23, « Tables ouvertes »): `/salon` in both languages, its
socket (the whole lobby, then each change), hostile messages, and the same lobby on two
server processes over PostgreSQL and Redis."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any, Union

import msgspec
import pytest
from starlette.testclient import TestClient, WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from motamot.server.frames import Error, Pong
from motamot.server.lobby.frames import LobbyChanged, LobbyTables
from motamot.server.serve import build_cluster_app
from motamot.service.ports import ManualClock
from motamot.web import default_kinds
from tests.server.helpers import hello, join, send, server
from tests.server.helpers import until as room_until
from tests.service.backends import postgres_schema, redis_prefix

Frame = dict[str, Any]
#: Every frame the lobby's socket may send, decoded strictly.
FRAMES = msgspec.json.Decoder(Union[LobbyTables, LobbyChanged, Pong, Error])  # noqa: UP007


def receive(socket: WebSocketTestSession) -> Frame:
    text = socket.receive_text()
    FRAMES.decode(text)  # a field too many, missing or of the wrong type fails here
    frame: Frame = json.loads(text)
    return frame


def until(socket: WebSocketTestSession, wanted: Callable[[Frame], bool], limit: int = 40) -> Frame:
    for _ in range(limit):
        frame = receive(socket)
        if wanted(frame):
            return frame
    raise AssertionError("no such frame")


class Lobby:
    """The lobby as one socket has been told it."""

    def __init__(self, socket: WebSocketTestSession) -> None:
        self.socket = socket
        first = receive(socket)
        assert first["type"] == "lobby" and first["limit"] == 200
        self.tables: dict[str, Frame] = {row["room"]: row for row in first["tables"]}
        self.order = [row["room"] for row in first["tables"]]

    def wait(self, check: Callable[[Lobby], bool], frames: int = 40) -> None:
        """Read changes until `check` holds."""
        for _ in range(frames):
            if check(self):
                return
            frame = receive(self.socket)
            if frame["type"] != "lobby.changed":
                continue
            for room in frame["gone"]:
                self.tables.pop(room, None)
            for row in frame["tables"]:
                self.tables[row["room"]] = row
            self.order = frame["order"]
            assert set(self.order) == set(self.tables)
        raise AssertionError(f"the lobby never came to hold: {self.tables}")


def create(client: TestClient, path: str, **body: Any) -> tuple[str, str]:
    answer = client.post(path, json={"name": "Ana", **body})
    assert answer.status_code == 200, answer.text
    return answer.json()["room"], answer.json()["token"]


@pytest.fixture
def client() -> Iterator[TestClient]:
    with server(ManualClock()) as client:
        yield client


@pytest.mark.parametrize(
    ("lang", "title"), [("fr", "Salon : les tables ouvertes"), ("en", "Lobby: the open tables")]
)
def test_the_lobby_page_in_french_and_english(client: TestClient, lang: str, title: str) -> None:
    page = client.get(f"/salon?lang={lang}")
    assert page.status_code == 200
    assert f"<h1>{title}</h1>" in page.text
    assert 'href="/partie-rapide"' in page.text
    home = client.get(f"/?lang={lang}")
    assert 'href="/salon"' in home.text  # the header's link, on every page


def test_a_public_table_appears_fills_up_and_leaves_the_lobby(client: TestClient) -> None:
    with client.websocket_connect("/salon/ws") as socket:
        lobby = Lobby(socket)
        assert lobby.tables == {}
        private, _ = create(client, "/api/tables", seats=["person"])
        room, ana = create(
            client, "/api/tables", seats=["person"] * 3, public=True, turn_seconds=60
        )
        lobby.wait(lambda lobby: room in lobby.tables)
        assert private not in lobby.tables
        row = lobby.tables[room]
        assert row == {
            "room": room,
            "kind": "topword",
            "variant": "topword-fr",
            "dictionary": "fr",
            "clock": 60.0,
            "live": True,
            "rated": False,
            "players": ["Ana"],
            "bots": [],
            "free": 3,
            "rating": None,
            "updated": row["updated"],
        }
        join(client, room, "Bob")
        lobby.wait(lambda lobby: lobby.tables[room]["players"] == ["Ana", "Bob"])
        assert lobby.tables[room]["free"] == 2
        with client.websocket_connect(f"/ws/{room}") as table:
            hello(table, ana)
            send(table, {"type": "start", "id": 1})
            room_until(table, lambda m: m["type"] == "ack")
        lobby.wait(lambda lobby: room not in lobby.tables)  # started: no seat to take


def test_a_public_boggle_room_and_its_host_taking_it_out(client: TestClient) -> None:
    with client.websocket_connect("/salon/ws") as socket:
        lobby = Lobby(socket)
        room, ana = create(client, "/api/rooms", public=True, duration=90, bots=["expert"])
        lobby.wait(lambda lobby: room in lobby.tables)
        row = lobby.tables[room]
        assert (row["kind"], row["variant"], row["clock"], row["bots"]) == (
            "boggle",
            "classic-fr",
            90.0,
            ["expert"],
        )
        with client.websocket_connect(f"/ws/{room}") as seat:
            hello(seat, ana)
            send(seat, {"type": "set_public", "public": False, "id": 1})
            room_until(seat, lambda m: m["type"] == "ack")
        lobby.wait(lambda lobby: room not in lobby.tables)


def test_a_reconnecting_page_gets_the_whole_lobby_again(client: TestClient) -> None:
    room, _ = create(client, "/api/rooms", public=True)
    with client.websocket_connect("/salon/ws") as socket:
        Lobby(socket).wait(lambda lobby: room in lobby.tables)
    with client.websocket_connect("/salon/ws") as socket:
        assert room in Lobby(socket).tables
    page = client.get("/salon")
    assert room in page.text  # the page's data holds it before the socket opens


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("not json", "malformed"),
        ('{"type": "hello"}', "malformed"),
        ('{"type": "ping"}', "malformed"),
        ('{"type": "ping", "c": "now"}', "malformed"),
        ('{"type": "ping", "c": 1, "x": 2}', "malformed"),
        ("[1, 2, 3]", "malformed"),
        ('{"type": "seek", "name": "Ana"}', "malformed"),
        ("x" * 10_000, "too_big"),
    ],
)
def test_a_hostile_message_is_an_error_and_the_socket_serves_on(
    client: TestClient, text: str, code: str
) -> None:
    with client.websocket_connect("/salon/ws") as socket:
        Lobby(socket)
        socket.send_text(text)
        assert until(socket, lambda f: f["type"] == "error")["code"] == code
        socket.send_text('{"type": "ping", "c": 12.5}')
        assert until(socket, lambda f: f["type"] == "pong")["c"] == 12.5


def test_a_binary_frame_is_an_error(client: TestClient) -> None:
    with client.websocket_connect("/salon/ws") as socket:
        Lobby(socket)
        socket.send_bytes(b"\x00\xff")
        assert until(socket, lambda f: f["type"] == "error")["code"] == "malformed"


def test_a_flood_closes_the_socket_with_1008(client: TestClient) -> None:
    with client.websocket_connect("/salon/ws") as socket:
        Lobby(socket)
        for _ in range(200):
            socket.send_text('{"type": "ping", "c": 1}')
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                receive(socket)
        assert closed.value.code == 1008


# --- two server processes over PostgreSQL and Redis ---------------------------------------


@pytest.fixture
def two_processes() -> Iterator[tuple[TestClient, TestClient]]:
    clock = ManualClock(1_000_000.0)
    with (
        postgres_schema() as db,
        redis_prefix() as broker,
        TestClient(build_cluster_app(db, broker, clock, default_kinds())) as first,
        TestClient(build_cluster_app(db, broker, clock, default_kinds())) as second,
    ):
        yield first, second


def test_two_processes_show_the_same_lobby(two_processes: tuple[TestClient, TestClient]) -> None:
    first, second = two_processes
    with (
        first.websocket_connect("/salon/ws") as here,
        second.websocket_connect("/salon/ws") as there,
    ):
        on_first, on_second = Lobby(here), Lobby(there)
        boggle, _ = create(first, "/api/rooms", public=True)
        table, ana = create(second, "/api/tables", seats=["person"] * 2, public=True)
        both = {boggle, table}
        on_first.wait(lambda lobby: set(lobby.tables) == both)
        on_second.wait(lambda lobby: set(lobby.tables) == both)
        join(first, table, "Bob")  # a seat taken through the other process
        for lobby in (on_first, on_second):
            lobby.wait(lambda lobby: lobby.tables[table]["players"] == ["Ana", "Bob"])
        with second.websocket_connect(f"/ws/{table}") as seat:
            hello(seat, ana)
            send(seat, {"type": "start", "id": 1})
            room_until(seat, lambda m: m["type"] == "ack")
        for lobby in (on_first, on_second):
            lobby.wait(lambda lobby: set(lobby.tables) == {boggle})
        assert on_first.tables == on_second.tables
