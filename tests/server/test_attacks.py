"""Issue 26's holes in the rooms and the server, each with the attack that found it.

Item 1: a table's word list was any file of the server. Item 4: every room id looked up
left a lock behind. Item 5: one seat could open any number of sockets, each with its
credits. Item 6: a refused name crashed the request (500) and left a room stored.
Item 8: a creator could fix the grid in secret. Item 9: the watch link was a player's
link. Item 11: a full disk on a room's creation was a traceback.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import sqlite3
import tracemalloc
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from motamot.server.feed import CLOSE_REPLACED
from motamot.server.links import room_of
from motamot.server.serve import build_app
from motamot.service.brokers.local import LocalBroadcaster
from motamot.service.ports import ManualClock, StoredEvent
from motamot.service.rooms.host import RoomHost
from motamot.service.stores.memory import MemoryStore
from motamot.web import default_kinds
from tests.server.helpers import create, hello, join, of_type, send, until
from tests.service.conftest import lexicons


class Served:
    """The app over a memory store the test reads (a default server: no chosen grids)."""

    def __init__(self, client: TestClient, store: MemoryStore) -> None:
        self.client = client
        self.store = store

    def stored_rooms(self) -> list[str]:
        assert self.client.portal is not None
        rooms: list[str] = self.client.portal.call(self.store.rooms)
        return rooms

    def locks(self) -> int:
        return len(self.client.app.state.rooms.host._locks)  # type: ignore[attr-defined]


@pytest.fixture
def served() -> Iterator[Served]:
    store = MemoryStore()

    async def opened() -> MemoryStore:
        return store

    app = build_app(opened, ManualClock(), default_kinds())
    with TestClient(app) as client:
        yield Served(client, store)


def test_item1_a_table_uses_only_the_word_lists_the_server_offers(
    served: Served, tmp_path: Path
) -> None:
    words = tmp_path / "mots.txt"
    words.write_text("chat\nchien\n", encoding="utf-8")
    for path in ("/etc/shadow", "/etc/hostname", str(words), "../fr", "fr "):
        for route, body in (
            ("/api/tables", {"name": "Ana", "dictionary": path}),
            ("/api/rooms", {"name": "Ana", "dictionary": path}),
        ):
            answer = served.client.post(route, json=body)
            assert answer.status_code in (400, 409), (route, path, answer.text)  # 400: too long
            if answer.status_code == 409:
                assert answer.json()["refused"] == "unknown_dictionary"
            assert "root:" not in answer.text and "lines" not in answer.text
    assert served.stored_rooms() == []
    offered = served.client.post("/api/tables", json={"name": "Ana", "dictionary": "en"})
    assert offered.status_code == 200


def test_item1_a_path_is_never_loaded_or_compiled(served: Served, tmp_path: Path) -> None:
    """Nothing is compiled into the user cache for a client's path (it used to be, once per
    spelling of the path, on the event loop)."""
    words = tmp_path / "liste.txt"
    words.write_text("\n".join(f"mot{n}" for n in range(1000)), encoding="utf-8")
    for spelling in (str(words), str(tmp_path / "." / "liste.txt"), f"{tmp_path}//liste.txt"):
        served.client.post("/api/tables", json={"name": "Ana", "dictionary": spelling})
    shelf = served.client.app.state.rooms.shelf  # type: ignore[attr-defined]
    assert sorted(shelf.names()) == ["en", "fr"]
    with pytest.raises(LookupError):
        shelf(str(words))


def _unknown_ids(count: int) -> list[str]:
    return [secrets.token_urlsafe(12) for _ in range(count)]


@pytest.mark.slow
def test_item4_unknown_room_ids_leave_nothing_behind_in_the_host() -> None:
    """50,000 ids that name no room: no lock, no room, memory back to where it was."""

    async def main() -> tuple[int, int, int]:
        host = RoomHost(
            MemoryStore(), LocalBroadcaster(), ManualClock(), lexicons, default_kinds().rooms
        )
        await host.start(timers=False)
        room = await host.create(default_kinds().rooms["boggle"].settings())
        assert isinstance(room, str)
        for room_id in _unknown_ids(2_000):  # warm up what is allocated once
            await host.view(room_id, None)
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        for room_id in _unknown_ids(50_000):
            await host.load(room_id)
        after = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        return len(host._locks), len(host._rooms), after - before

    locks, rooms, grown = asyncio.run(main())
    assert (locks, rooms) == (1, 1)  # only the real room's
    assert grown < 256 * 1024, grown  # it was +41 MiB for 200,000


def test_item4_unknown_room_ids_by_every_route_leave_no_lock(served: Served) -> None:
    client = served.client
    ids = _unknown_ids(300)
    for room_id in ids[:100]:
        assert client.get(f"/r/{room_id}").status_code == 404
        assert client.post(f"/api/rooms/{room_id}/join", json={"name": "x"}).status_code == 404
    for start in range(0, 300, 50):
        client.get("/api/tables/status", params={"rooms": ",".join(ids[start : start + 50])})
    for room_id in ids[:20]:
        with (
            client.websocket_connect(f"/ws/{room_id}") as socket,
            pytest.raises(WebSocketDisconnect),
        ):
            socket.receive_json()
    assert served.locks() == 0


def test_item5_a_newer_socket_of_a_seat_closes_the_older(served: Served) -> None:
    client = served.client
    room, ana = create(client)
    with client.websocket_connect(f"/ws/{room}") as first:
        hello(first, ana)
        with client.websocket_connect(f"/ws/{room}") as second:
            hello(second, ana)
            with pytest.raises(WebSocketDisconnect) as closed:
                until(first, lambda m: False, limit=100)
            assert closed.value.code == CLOSE_REPLACED
            send(second, {"type": "ping", "c": 1.0})
            assert until(second, of_type("pong"))["c"] == 1.0


def test_item5_the_seats_sockets_share_its_credits(served: Served) -> None:
    """Credits belong to the seat: a second socket does not bring 40 more messages."""
    client = served.client
    room, ana = create(client)
    with client.websocket_connect(f"/ws/{room}") as first:
        hello(first, ana)
        for number in range(35):
            send(first, {"type": "ping", "c": float(number)})
        for _ in range(35):
            until(first, of_type("pong"))
        with client.websocket_connect(f"/ws/{room}") as second:
            hello(second, ana)
            pongs = 0
            with pytest.raises(WebSocketDisconnect) as closed:
                for number in range(40):
                    send(second, {"type": "ping", "c": float(number)})
                while True:
                    message = second.receive_json()
                    pongs += message["type"] == "pong"
            assert closed.value.code == 1008 and pongs < 20, pongs


def test_item5_a_round_caps_the_entries_of_one_player() -> None:
    from motamot.service.boggle.commands import StartRound, WriteWord
    from motamot.service.boggle.room import BoggleRoom
    from motamot.service.boggle.rounds import MAX_ENTRIES
    from motamot.service.boggle.settings import BoggleSettings
    from motamot.service.rooms.commands import Join
    from tests.service.conftest import digest

    room = BoggleRoom.create("r", BoggleSettings(duration=3600.0), 0.0, lexicons)
    assert isinstance(room, BoggleRoom)
    assert isinstance(room.handle(None, Join("ana", digest("ana")), 0.0), list)
    assert isinstance(room.handle("s1", StartRound(1), 0.0), list)
    for number in range(MAX_ENTRIES):
        assert isinstance(room.handle("s1", WriteWord(f"x{number}"), 1.0), list)
    refused = room.handle("s1", WriteWord("encore"), 1.0)
    assert not isinstance(refused, list) and refused.code == "too_many_entries"


@pytest.mark.parametrize(
    "name", ["Jean, Paul", "a:b", "a\tb", "\u202eana", "\u200b", "ana\u2028bo"]
)
@pytest.mark.parametrize("route", ["/api/rooms", "/api/tables"])
def test_item6_a_refused_name_is_said_and_stores_nothing(
    served: Served, route: str, name: str
) -> None:
    answer = served.client.post(route, json={"name": name})
    assert answer.status_code in (400, 409), answer.text
    if answer.status_code == 409:
        body = answer.json()
        assert body["refused"] == "bad_name" and body["text"].startswith("nom refusé : ")
        assert "…" not in body["text"]
    assert served.stored_rooms() == []


def test_item6_a_refused_join_stores_nothing(served: Served) -> None:
    room, _ = create(served.client, name="Ana")
    for name in ("Jean, Paul", "ana", "ＡＮＡ", "ana\u200b"):
        answer = served.client.post(f"/api/rooms/{room}/join", json={"name": name})
        assert answer.status_code == 409 and answer.json()["text"], answer.text
    assert served.stored_rooms() == [room_of(room)]


@pytest.mark.parametrize("route", ["/api/rooms", "/api/tables"])
def test_item7_names_that_lie_are_refused_or_the_same_seat(served: Served, route: str) -> None:
    """`ana` + U+200B is not a second « ana » (a format character: refused, said with
    its code point), `ＡＮＡ` and `Ana` are `ana` again (NFKC, casefold: name_taken), a
    lone U+200B or a bidi override is no name; never a 500, no seat added; a name in
    Hebrew letters is a name."""
    made = served.client.post(route, json={"name": "ana"})
    assert made.status_code == 200, made.text
    room = made.json()["room"]
    answers = {
        name: served.client.post(f"/api/rooms/{room}/join", json={"name": name})
        for name in ("ana\u200b", "\u200b", "\u202eBob", "ＡＮＡ", "Ana")
    }
    for name, answer in answers.items():
        assert answer.status_code == 409, (name, answer.text)
    for name in ("ana\u200b", "\u200b", "\u202eBob"):
        body = answers[name].json()
        assert body["refused"] == "bad_name", body
        assert body["text"].startswith("nom refusé : ") and "U+20" in body["text"], body
    for name in ("ＡＮＡ", "Ana"):
        assert answers[name].json()["refused"] == "name_taken", answers[name].text
    hebrew = served.client.post(f"/api/rooms/{room}/join", json={"name": "שרה"})
    assert hebrew.status_code == 200, hebrew.text
    assert served.stored_rooms() == [room_of(room)]


def test_item8_a_chosen_grid_comes_only_from_a_room_that_played_it(served: Served) -> None:
    client = served.client
    alone = client.post("/api/rooms", json={"name": "Ana", "seed": 42})
    assert alone.status_code == 409 and alone.json()["refused"] == "seed_without_origin"
    room, ana = create(client, duration=60)
    invented = client.post("/api/rooms", json={"name": "Bo", "seed": 42, "origin": room})
    assert invented.status_code == 409 and invented.json()["refused"] == "unknown_origin"
    with client.websocket_connect(f"/ws/{room}") as socket:
        hello(socket, ana)
        send(socket, {"type": "start", "id": 1})
        until(socket, of_type("ack"))
        send(socket, {"type": "stop", "id": 2})
        ended = until(
            socket,
            lambda m: any(e.get("type") == "boggle.round_ended" for e in m.get("events", [])),
        )
    seed = next(e for e in ended["events"] if e["type"] == "boggle.round_ended")["result"]["seed"]
    again, zoe = create(client, name="Zoé", seed=seed, origin=room)
    with client.websocket_connect(f"/ws/{again}") as socket:
        settings = hello(socket, zoe)["view"]["settings"]
    assert settings["origin"] == room_of(room) and settings["chosen_grid"] is True
    assert len(served.stored_rooms()) == 2


def test_item8_a_topword_table_takes_no_chosen_seed(served: Served) -> None:
    """A table's pile is never chosen by its creator: a seed (with or without an
    origin) is a field the table's request does not have, refused, nothing stored."""
    for extra in ({"seed": "42"}, {"seed": 42, "origin": "abc"}):
        answer = served.client.post("/api/tables", json={"name": "Ana", **extra})
        assert answer.status_code in (400, 409) and answer.json(), answer.text
    assert served.stored_rooms() == []


def test_item9_the_watch_link_can_watch_but_not_sit(served: Served) -> None:
    client = served.client
    room, _ = create(client)
    watch = room_of(room)
    assert watch != room and room.startswith(watch)
    assert client.get(f"/r/{watch}/watch").status_code == 200
    refused = client.post(f"/api/rooms/{watch}/join", json={"name": "Eve"})
    assert refused.status_code == 409 and refused.json()["refused"] == "watch_only"
    forged = client.post(f"/api/rooms/{watch}{'x' * 12}/join", json={"name": "Eve"})
    assert forged.json()["refused"] == "watch_only"
    assert join(client, room, "Bob")  # the players' link
    with client.websocket_connect(f"/ws/{watch}") as socket:
        view = hello(socket, None)["view"]
        assert view["you"] is None and room[len(watch) :] not in json.dumps(view)
        send(socket, {"type": "word", "text": "MAIN", "id": 1})
        assert until(socket, of_type("refused"))["code"] == "no_seat"
    page = client.get(f"/r/{watch}/watch").text
    assert room[len(watch) :] not in page  # the invitation is nowhere on the watch page


class FullDisk(MemoryStore):
    """A store whose disk is full (SQLite's own error)."""

    async def append(self, room: str, expected_seq: int, events: Sequence[StoredEvent]) -> None:
        raise sqlite3.OperationalError("database or disk is full")


def test_item11_creating_a_room_on_a_full_disk_is_a_clear_refusal() -> None:
    store = FullDisk()

    async def opened() -> MemoryStore:
        return store

    with TestClient(build_app(opened, ManualClock(), default_kinds())) as client:
        for route in ("/api/rooms", "/api/tables"):
            answer = client.post(route, json={"name": "Ana"})
            assert answer.status_code == 503, answer.text
            assert answer.json()["refused"] == "store_failed" and answer.json()["text"]
        assert client.get("/").status_code == 200
    assert asyncio.run(store.rooms()) == []
