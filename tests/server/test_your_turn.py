"""« À vous de jouer » (issue 23): a correspondence player sees, on the home page and in
« Mes parties », every game waiting for their move, on whichever browser or process."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from motamot.server.serve import build_cluster_app
from motamot.service.ports import ManualClock
from motamot.web import default_kinds
from tests.server.helpers import hello, send, server, until
from tests.service.backends import postgres_schema, redis_prefix

DAY = 86_400


Jar = dict[str, str]


def as_player(client: TestClient, jar: Jar) -> None:
    """The next requests come from the browser whose cookies are `jar`."""
    client.cookies.clear()
    client.cookies.update(jar)


def fresh_browser(client: TestClient) -> None:
    client.cookies.clear()


def jar_of(client: TestClient) -> Jar:
    return dict(client.cookies)


def eventually(check: object, seconds: float = 10.0) -> None:
    """Ask `check()` until it holds (the projection is written off the request)."""
    assert callable(check)
    stop = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < stop, "never held"
        time.sleep(0.05)


def your_turn(client: TestClient, jar: Jar, page: str = "/") -> list[str]:
    """The rooms the page lists under « À vous de jouer » for the browser of `jar`."""
    as_player(client, jar)
    text = client.get(page).text
    if 'id="your-turn"' not in text:
        return []
    section = text.split('id="your-turn"', 1)[1].split("</section>", 1)[0]
    return [part.split('"', 1)[0] for part in section.split('data-room="')[1:]]


def start_table(client: TestClient) -> tuple[str, dict[str, Jar], dict[str, str]]:
    """Ana's correspondence table (a day a move) and Bob at it, both from browsers of
    their own, started: the room, each seat's browser and token."""
    fresh_browser(client)
    made = client.post(
        "/api/tables", json={"name": "Ana", "seats": ["person"], "turn_seconds": DAY}
    ).json()
    ana_jar = jar_of(client)
    fresh_browser(client)
    bob = client.post(f"/api/rooms/{made['room']}/join", json={"name": "Bob"}).json()
    bob_jar = jar_of(client)
    as_player(client, ana_jar)
    with client.websocket_connect(f"/ws/{made['room']}") as socket:
        hello(socket, made["token"])
        send(socket, {"type": "start", "id": 1})
        until(socket, lambda m: m["type"] == "ack")
    return made["room"], {"s1": ana_jar, "s2": bob_jar}, {"s1": made["token"], "s2": bob["token"]}


def current(client: TestClient, room: str) -> str:
    tables = client.get(f"/api/tables/status?rooms={room}").json()["tables"]
    seat: str = tables[room]["current"]
    return seat


@pytest.fixture
def client() -> Iterator[TestClient]:
    with server(ManualClock()) as client:
        yield client


def test_the_player_to_move_sees_your_turn_and_the_other_does_not(client: TestClient) -> None:
    room, jars, tokens = start_table(client)
    first = current(client, room)
    second = "s2" if first == "s1" else "s1"
    eventually(lambda: your_turn(client, jars[first]) == [room[:16]])
    assert your_turn(client, jars[second]) == []
    page = your_turn(client, jars[first], "/mes-parties")
    assert page == [room[:16]]
    as_player(client, jars[first])
    mine = client.get("/mes-parties").text
    assert "À vous de jouer" in mine and 'class="your-turn-badge"' in mine
    assert f'href="/r/{room}"' in mine  # the players' link: back to the seat
    other = "Bob" if first == "s1" else "Ana"
    assert f"contre <bdi>{other}</bdi>" in mine  # the name isolated (issue 26 item 7)
    own = "Ana" if first == "s1" else "Bob"
    assert f" · <bdi>{own}</bdi>" in mine  # the name the player sat with, isolated
    # issue 37: a date as a sentence says it (« depuis le 6 décembre »), never 2026-12-06
    notice = mine.split('id="your-turn"', 1)[1].split("</section>", 1)[0]
    assert re.search(r"votre tour depuis le (1er|\d{1,2}) [a-zéû]+</li>", notice), notice
    assert not re.search(r"\d{4}-\d\d-\d\d", notice)
    as_player(client, jars[first])
    with client.websocket_connect(f"/ws/{room}") as socket:
        hello(socket, tokens[first])
        send(socket, {"type": "pass", "id": 2})
        until(socket, lambda m: m["type"] == "ack")
    eventually(lambda: your_turn(client, jars[second]) == [room[:16]])
    assert your_turn(client, jars[first]) == []
    english = client.get("/?lang=en")
    assert "Your move" in english.text


def test_a_browser_nobody_knows_sees_no_games(client: TestClient) -> None:
    fresh_browser(client)
    page = client.get("/")
    assert page.status_code == 200 and 'id="your-turn"' not in page.text


def test_your_turn_is_the_same_on_two_processes() -> None:
    clock = ManualClock(1_000_000.0)
    with (
        postgres_schema() as db,
        redis_prefix() as broker,
        TestClient(build_cluster_app(db, broker, clock, default_kinds())) as first,
        TestClient(build_cluster_app(db, broker, clock, default_kinds())) as second,
    ):
        room, jars, _ = start_table(first)
        seat = current(first, room)
        eventually(lambda: your_turn(second, jars[seat]) == [room[:16]])
        eventually(lambda: your_turn(first, jars[seat]) == [room[:16]])
