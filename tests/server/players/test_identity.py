"""A player without signing up: the browser's lasting identity (a cookie holding a long
random secret, only its hash stored), linked to every seat taken from that browser."""

from __future__ import annotations

import re

from starlette.testclient import TestClient

from motamot.server.players.visitors import IDENTITY_COOKIE
from tests.server.helpers import create, join
from tests.server.players.helpers import rows, sha256


def identity_header(answer: object) -> list[str]:
    headers = answer.headers.get_list("set-cookie")  # type: ignore[attr-defined]
    return [h for h in headers if h.startswith(f"{IDENTITY_COOKIE}=")]


def test_the_first_page_sets_the_identity_once_httponly_samesite(client: TestClient) -> None:
    first = identity_header(client.get("/"))
    assert len(first) == 1
    cookie = first[0]
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Max-Age=" in cookie
    secret = client.cookies[IDENTITY_COOKIE]
    assert re.fullmatch(r"[A-Za-z0-9_-]{43}", secret)  # 32 random bytes
    # set once: the next pages do not set it again
    assert identity_header(client.get("/")) == []
    assert identity_header(client.get("/r/nosuchroom")) == []
    assert client.cookies[IDENTITY_COOKIE] == secret


def test_a_seat_is_linked_to_the_identity_whose_hash_only_is_stored(client: TestClient) -> None:
    client.get("/")
    secret = client.cookies[IDENTITY_COOKIE]
    room, _ = create(client, name="Ana")
    stored = rows(client, "SELECT digest, player FROM players_identities")
    assert [digest for digest, _ in stored] == [sha256(secret)]
    everything = "".join(
        str(row) for table in ("players_identities", "players_players", "players_seats")
        for row in rows(client, f"SELECT * FROM {table}")
    )  # fmt: skip
    assert secret not in everything
    player = stored[0][1]
    seats = rows(client, "SELECT player, room, seat, name FROM players_seats")
    assert seats == [(player, room[:16], "s1", "Ana")]
    # the seat's event names the player (so a rebuild finds it from the events alone)
    events = client.portal.call(client.app.state.rooms.host.store.load, room[:16])  # type: ignore[union-attr, attr-defined]
    assert f'"player":"{player}"' in events[1].data


def test_the_secret_is_never_sent_back(client: TestClient) -> None:
    client.get("/")
    secret = client.cookies[IDENTITY_COOKIE]
    room, token = create(client, name="Ana")
    answers = [
        client.get("/"),
        client.get(f"/r/{room}"),
        client.post(f"/api/rooms/{room}/join", json={"name": "Bob"}),
        client.get("/mes-parties"),
    ]
    for answer in answers:
        assert secret not in answer.text
        assert identity_header(answer) == []
    assert secret not in token


def test_every_seat_of_one_browser_is_one_player_and_the_name_remembered(
    client: TestClient,
) -> None:
    client.get("/")
    create(client, name="Ana")
    other, _ = create(client, name="Anaïs")
    join(client, other, "Ana 2")
    players = {player for (player,) in rows(client, "SELECT player FROM players_seats")}
    assert len(players) == 1
    assert rows(client, "SELECT seat_name FROM players_players") == [("Ana 2",)]
    assert len(rows(client, "SELECT room FROM players_seats")) == 3


def test_a_browser_without_a_cookie_gets_one_with_its_first_seat(client: TestClient) -> None:
    answer = client.post("/api/rooms", json={"name": "Ana"})
    assert answer.status_code == 200
    assert len(identity_header(answer)) == 1
    secret = client.cookies[IDENTITY_COOKIE]
    assert rows(client, "SELECT digest FROM players_identities") == [(sha256(secret),)]


def test_two_browsers_are_two_players(client: TestClient) -> None:
    room, _ = create(client, name="Ana")
    client.cookies.clear()
    join(client, room, "Bob")
    assert len({p for (p,) in rows(client, "SELECT player FROM players_seats")}) == 2


def test_a_forged_or_malformed_identity_is_replaced(client: TestClient) -> None:
    for value in ("x", "a" * 42, "a" * 42 + "!", "a" * 44, "../../etc"):
        client.cookies.clear()
        client.cookies[IDENTITY_COOKIE] = value
        answer = client.post("/api/rooms", json={"name": "Ana"})
        assert answer.status_code == 200
        assert len(identity_header(answer)) == 1, value
