"""A tournament over HTTP and websockets (K8-K10): hostile creation requests, a director
and two accounts who register, the start, the keeper's tables (the first player starts,
K3), a table's end reported, a no-show's forfeit, the view's « votre partie commence »."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from motamot.server.links import room_of
from motamot.server.serve import build_app
from motamot.service.ports import ManualClock
from motamot.service.stores.memory import MemoryStore
from motamot.web import default_kinds
from motamot.web.tournament.keeper import Keeper
from tests.server.helpers import hello, join, of_type, send, until
from tests.server.players.helpers import Browsers, call, settled, sign_up

T0 = 1_700_000_000.0
GOOD = {"name": "Dora", "title": "Coupe d'hiver", "starts_in_minutes": 60, "rounds": 1}


class Served:
    def __init__(self, client: TestClient, clock: ManualClock, store: MemoryStore) -> None:
        self.client, self.clock, self.store = client, clock, store
        self.browsers = Browsers(client, own_addresses=True)

    @property
    def host(self) -> Any:
        return self.client.app.state.rooms.host  # type: ignore[attr-defined]

    @property
    def keeper(self) -> Keeper:
        kind = self.client.app.state.rooms.kinds.get("tournament")  # type: ignore[attr-defined]
        keeper: Keeper = kind.keeper
        return keeper

    def rooms(self) -> list[str]:
        return call(self.client, self.store.rooms)

    def act(self, room: str, token: str, message: dict[str, Any]) -> dict[str, Any]:
        with self.client.websocket_connect(f"/ws/{room}") as socket:
            hello(socket, token)
            send(socket, {**message, "id": 7})
            return until(socket, lambda m: m["type"] in ("ack", "refused"))

    def view(self, room: str, token: str | None) -> dict[str, Any]:
        with self.client.websocket_connect(f"/ws/{room}") as socket:
            welcome = hello(socket, token)
            assert welcome["type"] == "welcome"
            view: dict[str, Any] = welcome["view"]
            return view


def listed(page: str) -> dict[str, list[str]]:
    """The tournaments `/tournois` lists, by part (only the parts that list some)."""
    parts = re.findall(r'<h2 id="tn-(\w+)">.*?</section>', page, re.S)
    found: dict[str, list[str]] = {}
    for part, body in zip(parts, re.split(r'<h2 id="tn-\w+">', page)[1:], strict=True):
        names = re.findall(r"<bdi>(.*?)</bdi>", body.split("</section>")[0])
        if names:
            found[part] = [html.unescape(name) for name in names]
    return found


@pytest.fixture
def served() -> Iterator[Served]:
    store, clock = MemoryStore(), ManualClock(T0)

    async def opened() -> MemoryStore:
        return store

    with TestClient(build_app(opened, clock, default_kinds())) as client:
        yield Served(client, clock, store)


@pytest.mark.parametrize(
    "body",
    [
        {**GOOD, "title": ""},
        {**GOOD, "title": "x" * 61},
        {**GOOD, "format": "knockout"},
        {**GOOD, "rounds": 0},
        {**GOOD, "rounds": 10**30},
        {**GOOD, "cap": "many"},
        {**GOOD, "starts_in_minutes": -1},
        {**GOOD, "turn_seconds": 1},
        {**GOOD, "director": "s1"},
        {k: v for k, v in GOOD.items() if k != "title"},
    ],
)
def test_k8_a_malformed_creation_is_refused_with_400_and_stores_nothing(
    served: Served, body: dict[str, Any]
) -> None:
    served.browsers.be("dora")
    sign_up(served.client, "Dora")
    answer = served.client.post("/api/tournament", json=body)
    assert answer.status_code == 400, answer.text
    assert served.rooms() == []


def test_k8_creating_or_following_a_tournament_takes_an_account(served: Served) -> None:
    served.browsers.be("anon")
    answer = served.client.post("/api/tournament", json=GOOD)
    assert answer.status_code == 409
    assert "compte" in answer.json()["text"]
    assert served.rooms() == []
    served.browsers.be("dora")
    sign_up(served.client, "Dora")
    room = served.client.post("/api/tournament", json=GOOD).json()["room"]
    served.browsers.be("anon")
    refused = served.client.post(f"/api/rooms/{room}/join", json={"name": "Zoé"})
    assert refused.status_code == 409 and "compte" in refused.json()["text"]


def test_k3_k8_k10_two_accounts_register_the_keeper_seats_them_and_reports_the_end(
    served: Served,
) -> None:
    b = served.browsers
    b.be("dora")
    sign_up(served.client, "Dora")
    created = served.client.post("/api/tournament", json=GOOD).json()
    room, director = created["room"], created["token"]
    tokens = {}
    for name in ("Ana", "Ben"):
        b.be(name)
        sign_up(served.client, name)
        tokens[name] = join(served.client, room, name)
        assert served.act(room, tokens[name], {"type": "register"})["type"] == "ack"
    again = served.act(room, tokens["Ana"], {"type": "register"})
    assert again["type"] == "refused" and again["code"] == "already_registered"
    b.be("Ana")
    assert served.act(room, tokens["Ana"], {"type": "start"})["code"] == "not_host"
    b.be("dora")
    assert served.act(room, director, {"type": "start"})["type"] == "ack"
    served.clock.advance(30)
    call(served.client, served.host.tick, room_of(room))
    call(served.client, served.keeper.step)
    view = served.view(room, tokens["Ana"])
    board = view["rounds"][0]["boards"][0]
    first = "Ana" if view["names"][board["first"]] == "Ana" else "Ben"
    mine = served.view(room, tokens[first])["your_table"]
    assert mine is not None and mine["table"] == board["table"]
    table = board["table"]
    b.be("zed")  # a tournament's table has its two players' seats only (T23)
    stranger = served.client.post(f"/api/rooms/{table}/join", json={"name": "Zed"})
    assert stranger.status_code == 409 and stranger.json()["refused"] == "game_started"
    assert served.view(table, None)["settings"]["seats"] == 2
    # the first player comes back to their seat from their browser, and starts (K3)
    b.be(first)
    assert mine["seat"] == "s1"
    with served.client.websocket_connect(f"/ws/{table}") as socket:
        welcome = hello(socket, mine["token"])
        assert welcome["seat"] == "s1", welcome
        assert welcome["view"]["game"]["current"] == "s1"
        send(socket, {"type": "resign", "id": 3})
        until(socket, of_type("ack"))
    call(served.client, served.keeper.step)
    result = served.view(room, None)["rounds"][0]["boards"][0]["result"]
    assert result is not None and result["how"] == "resigned"
    other = "Ben" if first == "Ana" else "Ana"
    final = served.view(room, None)
    assert final["phase"] == "finished"
    assert [final["names"][p] for p in final["podium"]] == [other, first]


def test_k8_a_player_who_does_not_come_to_the_table_forfeits(served: Served) -> None:
    b = served.browsers
    b.be("dora")
    sign_up(served.client, "Dora")
    created = served.client.post("/api/tournament", json=GOOD).json()
    room, director = created["room"], created["token"]
    tokens = {}
    for name in ("Ana", "Ben"):
        b.be(name)
        sign_up(served.client, name)
        tokens[name] = join(served.client, room, name)
        served.act(room, tokens[name], {"type": "register"})
    call(served.client, served.keeper.step)
    assert listed(served.client.get("/tournois").text) == {"upcoming": ["Coupe d'hiver"]}
    b.be("dora")
    served.act(room, director, {"type": "start"})
    served.clock.advance(30)
    call(served.client, served.host.tick, room_of(room))
    call(served.client, served.keeper.step)
    board = served.view(room, None)["rounds"][0]["boards"][0]
    ana = served.view(room, tokens["Ana"])["your_table"]
    b.be("Ana")
    with served.client.websocket_connect(f"/ws/{board['table']}") as socket:
        hello(socket, ana["token"])  # Ana comes and, on her turn, passes; Ben never comes
        if ana["seat"] == "s2":
            served.clock.advance(121)
            call(served.client, served.host.tick, room_of(board["table"]))
        send(socket, {"type": "pass", "id": 3})
        until(socket, of_type("ack"))
    served.clock.advance(300)
    call(served.client, served.host.tick, room_of(board["table"]))
    call(served.client, served.keeper.step)
    view = served.view(room, None)
    result = view["rounds"][0]["boards"][0]["result"]
    assert result["how"] == "forfeit" and view["names"][result["absent"]] == "Ben"
    assert view["phase"] == "finished"
    assert [view["names"][p] for p in view["podium"]] == ["Ana", "Ben"]
    call(served.client, served.keeper.step)
    page = served.client.get("/tournois").text
    assert listed(page) == {"finished": ["Coupe d'hiver"]}
    assert "vainqueur : Ana" in page
    # K10: the final place is on the player's profile, with a link to the tournament
    settled(served.client)
    profile = served.client.get("/joueur/Ana").text
    assert "Tournoi" in profile and f"/r/{room_of(room)}/watch" in profile


HOSTILE: list[dict[str, Any]] = [
    {"type": "repair", "boards": [["x", "y"]]},
    {"type": "repair", "boards": "s2 s3"},
    {"type": "repair", "boards": [["s2", "s3"]] * 300},
    {"type": "adjudicate", "round": 0, "board": 1, "result": "first", "reason": "x"},
    {"type": "adjudicate", "round": 1, "board": 1, "result": "both", "reason": "x"},
    {"type": "adjudicate", "round": 1, "board": 1, "result": "first", "reason": "x" * 201},
    {"type": "adjudicate", "round": 1, "board": 10**20, "result": "first", "reason": "x"},
    {"type": "pause", "on": "yes"},
    {"type": "register", "seat": "s1"},
    {"type": "check_in", "extra": 1},
]


def test_k8_k9_hostile_messages_on_a_tournament_socket_change_nothing_stored(
    served: Served,
) -> None:
    """Malformed messages are refused with a said error; the director's own commands from
    a player, a spectator's, and the keeper's tags from anybody are refused too."""
    b = served.browsers
    b.be("dora")
    sign_up(served.client, "Dora")
    created = served.client.post("/api/tournament", json=GOOD).json()
    room, director = created["room"], created["token"]
    b.be("Ana")
    sign_up(served.client, "Ana")
    ana = join(served.client, room, "Ana")
    before = call(served.client, served.store.load, room_of(room))
    with (
        served.client.websocket_connect(f"/ws/{room}") as dora_socket,
        served.client.websocket_connect(f"/ws/{room}") as ana_socket,
        served.client.websocket_connect(f"/ws/{room}") as watch,
    ):
        hello(dora_socket, director)
        hello(ana_socket, ana)
        hello(watch, None)
        answers = ("ack", "refused", "error")
        for number, message in enumerate(HOSTILE, 10):
            send(dora_socket, {"id": number, **message})
            answer = until(dora_socket, lambda m: m["type"] in answers)
            assert answer["type"] in ("refused", "error"), (message, answer)
            assert answer["text"], answer
        for socket, message, code in (
            (ana_socket, {"type": "start"}, "not_host"),
            (ana_socket, {"type": "pause", "on": True}, "not_host"),
            (ana_socket, {"type": "repair", "boards": []}, "not_host"),
            (ana_socket, {"type": "withdraw"}, "not_registered"),
            (dora_socket, {"type": "pause", "on": True}, "tournament_not_started"),
            (watch, {"type": "register"}, "no_seat"),
            (watch, {"type": "start"}, "no_seat"),
        ):
            send(socket, {"id": 99, **message})
            answer = until(socket, lambda m: m["type"] in answers)
            assert answer["code"] == code, (message, answer)
        # a keeper's command is no message a page may send
        send(ana_socket, {"id": 100, "type": "tournament.end_game", "round": 1, "board": 1})
        assert until(ana_socket, lambda m: m["type"] in answers)["type"] == "error"
    assert call(served.client, served.store.load, room_of(room)) == before
