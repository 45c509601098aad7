"""Removing a player (P1), reporting a name and bans, through the real app: the removed
or banned socket is told in its language and closed, a rejoin is refused with its reason,
never a 500; every hostile report changes nothing."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from motamot.server.players.visitors import Players
from motamot.service.players.moderation import PLAYER, REASONS
from motamot.service.ports import ManualClock
from tests.server.helpers import create, hello, join, send, server, until
from tests.server.players.helpers import sign_in, sign_up, signed_in_as

Message = dict[str, Any]


@pytest.fixture
def app_client() -> Iterator[TestClient]:
    with server(ManualClock()) as client:
        players_of(client).bans.poll = 0.05
        yield client


def players_of(client: TestClient) -> Players:
    players: Players = client.app.state.players  # type: ignore[attr-defined]
    return players


def browser(client: TestClient, address: str = "testclient", **kw: Any) -> TestClient:
    """Another browser on the same app (its own cookies: another lasting player), served
    by the app's own event loop (a client of its own would run the app in another)."""
    other = TestClient(client.app, client=(address, 50000), **kw)
    other.portal = client.portal
    return other


def closed_with(socket: Any) -> int:
    """The close code the server sends next (the frames before it are dropped)."""
    for _ in range(50):
        message = socket.receive()
        if message["type"] == "websocket.close":
            code: int = message["code"]
            return code
    raise AssertionError("not closed")


def reports(client: TestClient) -> list[Any]:
    return list(client.portal.call(players_of(client).store.reports))  # type: ignore[union-attr]


def player_of(client: TestClient, room: str, seat: str) -> str | None:
    rooms = client.app.state.rooms  # type: ignore[attr-defined]
    found: str | None = client.portal.call(  # type: ignore[union-attr]
        rooms.read, room, lambda r: r.seats[seat].player
    )
    return found


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_p1_the_removed_socket_is_told_in_its_language_and_a_rejoin_refused(
    app_client: TestClient, lang: str
) -> None:
    room, host_token = create(app_client, "Ana")
    other = browser(app_client)
    token = join(other, room, "Troll")
    with (
        app_client.websocket_connect(f"/ws/{room}") as host,
        other.websocket_connect(f"/ws/{room}") as troll,
    ):
        assert hello(host, host_token)["seat"] == "s1"
        send(troll, {"type": "hello", "token": token, "last_seq": 0, "lang": lang})
        until(troll, lambda m: m["type"] == "welcome")
        send(host, {"type": "remove_player", "seat": "s2", "id": 7})
        ack = until(host, lambda m: m["type"] in ("ack", "refused"))
        assert ack["type"] == "ack" and ack["events"][0]["type"] == "room.seat_removed"
        told = until(troll, lambda m: m["type"] == "error")
        assert told["code"] == "removed"
        assert ("retiré" if lang == "fr" else "removed you") in told["text"]
        assert closed_with(troll) == 4410
    again = other.post(f"/api/rooms/{room}/join?lang={lang}", json={"name": "Gentil"})
    assert again.status_code == 409 and again.json()["refused"] == "removed"
    with other.websocket_connect(f"/ws/{room}") as back:  # the old token: told, closed
        send(back, {"type": "hello", "token": token, "last_seq": 0})
        assert until(back, lambda m: m["type"] == "error")["code"] == "removed"
        assert closed_with(back) == 4410
    stranger = browser(app_client)  # somebody else takes another name
    assert stranger.post(f"/api/rooms/{room}/join", json={"name": "Bea"}).status_code == 200


def test_p1_t21_a_topword_player_removed_mid_game_resigns_for_everybody(
    app_client: TestClient,
) -> None:
    answer = app_client.post("/api/tables", json={"name": "Ana", "seats": ["person", "greedy"]})
    assert answer.status_code == 200, answer.text
    room, host_token = answer.json()["room"], answer.json()["token"]
    other = browser(app_client)
    token = join(other, room, "Troll")
    with (
        app_client.websocket_connect(f"/ws/{room}") as host,
        other.websocket_connect(f"/ws/{room}") as troll,
    ):
        hello(host, host_token)
        hello(troll, token)
        send(host, {"type": "start", "id": 1})
        until(host, lambda m: m["type"] == "ack")
        send(host, {"type": "remove_player", "seat": "s3", "id": 2})
        ack = until(host, lambda m: m["type"] == "ack" and m["id"] == 2)
        types = [event["type"] for event in ack["events"]]
        assert types[0] == "topword.resigned" and types[-1] == "room.seat_removed"
        assert until(troll, lambda m: m["type"] == "error")["code"] == "removed"


def test_p1_only_the_host_removes_and_hostile_messages_change_nothing(
    app_client: TestClient,
) -> None:
    room, host_token = create(app_client, "Ana")
    other = browser(app_client)
    token = join(other, room, "Bob")
    with (
        app_client.websocket_connect(f"/ws/{room}") as host,
        other.websocket_connect(f"/ws/{room}") as bob,
    ):
        seq = hello(host, host_token)["view"]["seq"]
        hello(bob, token)
        send(bob, {"type": "remove_player", "seat": "s1", "id": 1})
        refused = until(bob, lambda m: m["type"] == "refused")
        assert refused["code"] == "not_host" and refused["text"]
        for hostile in (
            {"type": "remove_player"},
            {"type": "remove_player", "seat": 2},
            {"type": "remove_player", "seat": "s" * 17},
            {"type": "remove_player", "seat": "s2", "extra": True},
            {"type": "remove_player", "seat": None},
        ):
            send(host, hostile)
            assert until(host, lambda m: m["type"] == "error")["code"] == "malformed"
        for seat, code in (("s1", "remove_self"), ("s9", "not_a_person"), ("", "not_a_person")):
            send(host, {"type": "remove_player", "seat": seat, "id": 3})
            assert until(host, lambda m: m["type"] == "refused")["code"] == code
        send(host, {"type": "resync", "last_seq": 0})
        assert until(host, lambda m: m["type"] == "welcome")["view"]["seq"] == seq


def test_a_report_is_kept_with_the_room_the_name_and_both_players(app_client: TestClient) -> None:
    room, _ = create(app_client, "Ana")
    other = browser(app_client)
    join(other, room, "Troll")
    said = app_client.post(f"/api/rooms/{room}/report", json={"seat": "s2", "reason": "cheating"})
    assert said.status_code == 200 and said.json() == {"reported": True, "new": True}
    twice = app_client.post(
        f"/api/rooms/{room}/report", json={"seat": "s2", "reason": "offensive_name"}
    )
    assert twice.json() == {"reported": True, "new": False}  # counts once
    (kept,) = reports(app_client)
    assert (kept.room, kept.seat, kept.name, kept.reason) == (room[:16], "s2", "Troll", "cheating")
    assert kept.player == player_of(app_client, room, "s2") is not None
    assert kept.reporter == player_of(app_client, room, "s1")
    spectator = browser(app_client)  # anybody on the page, seated or not
    watched = spectator.post(
        f"/api/rooms/{room[:16]}/report", json={"seat": "s1", "reason": "spam"}
    )
    assert watched.status_code == 400 and watched.json()["refused"] == "bad_reason"
    for reason in REASONS:
        assert (
            spectator.post(
                f"/api/rooms/{room[:16]}/report", json={"seat": "s1", "reason": reason}
            ).status_code
            == 200
        )
    assert len(reports(app_client)) == 2  # one per reporter and seat


def test_hostile_reports_answer_4xx_and_store_nothing(app_client: TestClient) -> None:
    room, _ = create(app_client, "Ana", bots=["beginner"])
    path = f"/api/rooms/{room}/report"
    cases: list[tuple[Any, int, str]] = [
        ({"seat": "s2", "reason": "cheating"}, 409, "not_a_person"),  # a computer player
        ({"seat": "s9", "reason": "cheating"}, 409, "not_a_person"),
        ({"seat": "s1", "reason": "cheating"}, 409, "report_self"),
        ({"seat": "s1", "reason": "x" * 33}, 400, "malformed"),
        ({"seat": "s" * 17, "reason": "cheating"}, 400, "malformed"),
        ({"seat": "", "reason": "cheating"}, 400, "malformed"),
        ({"seat": 1, "reason": "cheating"}, 400, "malformed"),
        ({"seat": "s1"}, 400, "malformed"),
        ({"seat": "s1", "reason": "cheating", "more": 1}, 400, "malformed"),
        ([], 400, "malformed"),
        ("s1", 400, "malformed"),
        ({"seat": "s1", "reason": "CHEATING"}, 400, "bad_reason"),
    ]
    for body, status, code in cases:
        answer = app_client.post(path, json=body)
        assert answer.status_code == status, (body, answer.text)
        assert code in (answer.json().get("refused"), answer.json().get("error")), body
    assert (
        app_client.post(
            path, content=b"{", headers={"content-type": "application/json"}
        ).status_code
        == 400
    )
    assert (
        app_client.post(
            path, content=b"\xff\xfe", headers={"content-type": "application/json"}
        ).status_code
        == 400
    )
    assert (
        app_client.post(
            path, content=b"seat=s1", headers={"content-type": "text/plain"}
        ).status_code
        == 415
    )
    assert app_client.post(
        path, content=b"x" * 100_000, headers={"content-type": "application/json"}
    ).status_code in (400, 413)
    assert (
        app_client.post(
            "/api/rooms/AAAAAAAAAAAAAAAA/report", json={"seat": "s1", "reason": "cheating"}
        ).status_code
        == 404
    )
    assert (
        app_client.post(
            "/api/rooms/" + "é" * 300 + "/report", json={"seat": "s1", "reason": "cheating"}
        ).status_code
        == 404
    )
    assert app_client.get(path).status_code == 405
    assert reports(app_client) == []


def test_reports_are_limited_per_address_and_per_reporter(app_client: TestClient) -> None:
    room, _ = create(app_client, "Ana")
    seats = []
    for n in range(12):
        joiner = browser(app_client, "10.0.0.1")
        join(joiner, room, f"P{n}")
        seats.append(f"s{n + 2}")
    reporter = browser(app_client, "10.0.0.2")
    for seat in seats[:10]:
        assert (
            reporter.post(
                f"/api/rooms/{room}/report", json={"seat": seat, "reason": "cheating"}
            ).status_code
            == 200
        )
    over = reporter.post(
        f"/api/rooms/{room}/report?lang=en", json={"seat": seats[10], "reason": "cheating"}
    )
    assert over.status_code == 429 and int(over.headers["retry-after"]) > 0
    assert over.json()["error"] == "too_many_reports" and "too many reports" in over.json()["text"]
    # the same reporter from another address: still its own limit (counted in the store)
    moved = browser(app_client, "10.0.0.3", cookies=reporter.cookies)
    assert (
        moved.post(
            f"/api/rooms/{room}/report", json={"seat": seats[11], "reason": "cheating"}
        ).status_code
        == 429
    )
    # new reporters from the address that made ten: its address's limit
    fresh = browser(app_client, "10.0.0.2")
    assert (
        fresh.post(
            f"/api/rooms/{room}/report", json={"seat": seats[0], "reason": "cheating"}
        ).status_code
        == 429
    )
    assert len(reports(app_client)) == 10


def ban(client: TestClient, player: str) -> None:
    client.portal.call(players_of(client).store.ban, PLAYER, player, "Troll", time.time())  # type: ignore[union-attr]


def unban(client: TestClient, player: str) -> None:
    client.portal.call(players_of(client).store.unban, PLAYER, player)  # type: ignore[union-attr]


def test_a_ban_closes_the_players_sockets_and_refuses_sitting_creating_watching(
    app_client: TestClient,
) -> None:
    room, host_token = create(app_client, "Ana")
    troll = browser(app_client)
    token = join(troll, room, "Troll")
    player = player_of(app_client, room, "s2")
    assert player is not None
    with (
        app_client.websocket_connect(f"/ws/{room}") as host,
        troll.websocket_connect(f"/ws/{room}") as seat,
        troll.websocket_connect(f"/ws/{room}") as watching,
    ):
        hello(host, host_token)
        send(seat, {"type": "hello", "token": token, "last_seq": 0, "lang": "en"})
        until(seat, lambda m: m["type"] == "welcome")
        hello(watching, None)  # the same browser, as a spectator
        ban(app_client, player)
        told = until(seat, lambda m: m["type"] == "error")
        assert told["code"] == "banned" and "banned" in told["text"]
        assert closed_with(seat) == 4451
        assert until(watching, lambda m: m["type"] == "error")["code"] == "banned"
        assert closed_with(watching) == 4451
        send(host, {"type": "ping", "c": 1})  # the others play on
        assert until(host, lambda m: m["type"] == "pong")
    for answer in (
        troll.post(f"/api/rooms/{room}/join", json={"name": "Other"}),
        troll.post("/api/rooms", json={"name": "Other"}),
        troll.post("/api/tables", json={"name": "Other"}),
        troll.post(f"/api/rooms/{room}/report", json={"seat": "s1", "reason": "cheating"}),
    ):
        assert answer.status_code == 403 and answer.json()["refused"] == "banned"
        assert "exclu" in answer.json()["text"]
    with troll.websocket_connect(f"/ws/{room}") as back:
        send(back, {"type": "hello", "token": None, "last_seq": 0})
        assert until(back, lambda m: m["type"] == "error")["code"] == "banned"
        assert closed_with(back) == 4451
    unban(app_client, player)
    deadline = time.monotonic() + 5
    while players_of(app_client).bans.banned([player]):
        assert time.monotonic() < deadline
        time.sleep(0.05)
    with troll.websocket_connect(f"/ws/{room}") as back:
        assert hello(back, token)["seat"] == "s2"


def test_a_browser_banned_is_refused_even_signed_in_to_another_account(
    app_client: TestClient,
) -> None:
    """A ban names the browser's identity too: signing in to another account on it does
    not get round it (and the account itself is not banned elsewhere)."""
    room, _ = create(app_client, "Ana")
    troll = browser(app_client)
    join(troll, room, "Troll")
    identity = player_of(app_client, room, "s2")
    assert identity is not None
    elsewhere = browser(app_client)
    assert sign_up(elsewhere, "Complice").status_code == 303
    assert sign_in(troll, "Complice").status_code == 303
    assert signed_in_as(troll) == "Complice"
    ban(app_client, identity)
    deadline = time.monotonic() + 5
    while not players_of(app_client).bans.banned([identity]):
        assert time.monotonic() < deadline
        time.sleep(0.05)
    refused = troll.post(f"/api/rooms/{room}/join", json={"name": "Nouveau"})
    assert refused.status_code == 403 and refused.json()["refused"] == "banned"
    assert elsewhere.post(f"/api/rooms/{room}/join", json={"name": "Nouveau"}).status_code == 200
