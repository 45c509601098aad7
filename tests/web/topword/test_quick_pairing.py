"""« Partie rapide » on the web (issue 23, Q1 in docs/rules.md): the page, its socket, two
browsers paired into one started table (each with its seat's token), what is not paired,
a live seek that dies with its socket, a correspondence seek that waits without one,
hostile seeks that change nothing, and the same over two processes with no seek paired
twice."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any, Union

import msgspec
import pytest
from starlette.testclient import TestClient, WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from motamot.server.frames import Error, Pong, Refused
from motamot.server.serve import build_cluster_app
from motamot.service.ports import ManualClock
from motamot.web import default_kinds
from motamot.web.topword.quick import PAIRERS, QuickEnded, QuickPaired, QuickSeeking, QuickState
from tests.server.helpers import hello, server
from tests.server.test_your_turn import eventually, your_turn
from tests.service.backends import postgres_schema, redis_prefix

Frame = dict[str, Any]
FRAMES = msgspec.json.Decoder(
    Union[QuickState, QuickSeeking, QuickPaired, QuickEnded, Refused, Error, Pong]  # noqa: UP007
)


def receive(socket: WebSocketTestSession) -> Frame:
    text = socket.receive_text()
    FRAMES.decode(text)  # strictly the declared frames
    frame: Frame = json.loads(text)
    return frame


def until(socket: WebSocketTestSession, wanted: Callable[[Frame], bool], limit: int = 20) -> Frame:
    for _ in range(limit):
        frame = receive(socket)
        if wanted(frame):
            return frame
    raise AssertionError("no such frame")


def of(kind: str) -> Callable[[Frame], bool]:
    return lambda frame: frame["type"] == kind


def from_address(client: TestClient, address: str) -> TestClient:
    """The test client's requests and sockets from here on come from `address`."""
    client._transport.client = (address, 50000)  # type: ignore[attr-defined]
    return client


#: Each new browser's own client address (two people's homes: F18 pairs no address
#: with itself).
_HOMES = iter(f"192.0.2.{number}" for number in range(1, 255))


class Browser:
    """One person's browser on a test client: its cookies, kept between requests, and
    its home's address (`address`: another browser of the same home)."""

    def __init__(self, client: TestClient, address: str | None = None) -> None:
        self.client = client
        self.address = address or next(_HOMES)
        from_address(client, self.address)
        client.cookies.clear()
        assert client.get("/partie-rapide").status_code == 200  # the page gives an identity
        self.jar = dict(client.cookies)

    def use(self) -> TestClient:
        from_address(self.client, self.address)
        self.client.cookies.clear()
        self.client.cookies.update(self.jar)
        return self.client

    def socket(self) -> Any:
        return self.use().websocket_connect("/partie-rapide/ws")


def seek(name: str, pace: str = "1m", ruleset: str = "topword-fr", **more: Any) -> str:
    return json.dumps({"type": "seek", "name": name, "ruleset": ruleset, "pace": pace, **more})


#: How long a closed page's live seek may take to die: at once on a quiet machine, but
#: twice over 10 s on one at load 5-7 (the socket's end runs behind the others' work).
SEEK_GONE_SECONDS = 30.0


def stored_seeks(client: TestClient) -> int:
    pairer = PAIRERS[client.app.state.rooms]  # type: ignore[attr-defined]

    async def count() -> int:
        rows = await pairer.store.db.run(
            lambda tx: tx.execute("SELECT COUNT(*) FROM pairing_seeks")
        )
        return int(rows[0][0])

    assert client.portal is not None
    return client.portal.call(count)


@pytest.fixture
def client() -> Iterator[TestClient]:
    with server(ManualClock()) as client:
        yield client


@pytest.mark.parametrize(
    ("lang", "title"), [("fr", "Partie rapide de Topword"), ("en", "Quick Topword game")]
)
def test_the_quick_page_in_french_and_english(client: TestClient, lang: str, title: str) -> None:
    page = client.get(f"/partie-rapide?lang={lang}")
    assert page.status_code == 200 and f"<h1>{title}</h1>" in page.text
    assert "1 jour par coup" in client.get("/partie-rapide?lang=fr").text


def test_q1_two_browsers_are_paired_into_one_started_table(client: TestClient) -> None:
    ana, bob = Browser(client), Browser(client)
    with ana.socket() as a:
        state = receive(a)
        assert (state["type"], state["seeking"], state["table"], state["account"]) == (
            "quick",
            None,
            None,
            False,
        )
        a.send_text(seek("Ana"))
        assert until(a, of("quick.seeking"))["seek"]["pace"] == "1m"
        with bob.socket() as b:
            until(b, of("quick"))
            b.send_text(seek("Bob"))
            paired_b = until(b, of("quick.paired"))
        paired_a = until(a, of("quick.paired"))
    assert paired_a["room"] == paired_b["room"]
    assert {paired_a["seat"], paired_b["seat"]} == {"s1", "s2"}
    room = paired_a["room"]
    with client.websocket_connect(f"/ws/{room}") as table:
        welcome = hello(table, paired_b["token"])
        assert welcome["seat"] == paired_b["seat"]
        game = welcome["view"]["game"]
        assert game is not None and game["finished"] is False  # started for them
        assert welcome["view"]["settings"]["turn_seconds"] == 60.0
    assert stored_seeks(client) == 0


def test_q1_other_games_are_not_paired_and_a_seek_is_cancelled(client: TestClient) -> None:
    ana, bob = Browser(client), Browser(client)
    with ana.socket() as a, bob.socket() as b:
        until(a, of("quick"))
        until(b, of("quick"))
        a.send_text(seek("Ana", pace="1m"))
        until(a, of("quick.seeking"))
        b.send_text(seek("Bob", pace="2m"))
        until(b, of("quick.seeking"))
        b.send_text(seek("Bob", pace="1m", ruleset="upwords-en"))  # replaces Bob's own seek
        until(b, of("quick.seeking"))
        assert stored_seeks(client) == 2
        a.send_text(json.dumps({"type": "cancel"}))
        assert until(a, of("quick.ended"))["reason"] == "cancelled"
        assert stored_seeks(client) == 1


def test_q1_a_live_seek_dies_when_its_socket_closes(client: TestClient) -> None:
    ana, bob = Browser(client), Browser(client)
    with ana.socket() as a:
        until(a, of("quick"))
        a.send_text(seek("Ana"))
        until(a, of("quick.seeking"))
    eventually(lambda: stored_seeks(client) == 0, seconds=SEEK_GONE_SECONDS)
    with bob.socket() as b:
        until(b, of("quick"))
        b.send_text(seek("Bob"))
        assert receive(b)["type"] == "quick.seeking"  # nobody there: Bob waits


def test_q1_a_correspondence_seek_waits_without_its_page_and_the_game_is_found_later(
    client: TestClient,
) -> None:
    ana, bob = Browser(client), Browser(client)
    with ana.socket() as a:
        until(a, of("quick"))
        a.send_text(seek("Ana", pace="1d"))
        assert until(a, of("quick.seeking"))["seek"]["live"] is False
    assert stored_seeks(client) == 1  # it waits on
    with bob.socket() as b:
        until(b, of("quick"))
        b.send_text(seek("Bob", pace="1d"))
        paired = until(b, of("quick.paired"))
    room = paired["room"]
    with ana.socket() as a:
        state = until(a, of("quick"))
        assert state["seeking"] is None and state["table"] == room  # « your last game »
    ana.use()
    mine = client.get("/mes-parties").text
    assert f'href="/r/{room}"' in mine
    # whoever is to move sees « à vous de jouer » (the other not)
    status = client.get(f"/api/tables/status?rooms={room}").json()["tables"][room]
    first = ana if status["names"][status["current"]] == "Ana" else bob
    other = bob if first is ana else ana
    eventually(lambda: your_turn(client, first.jar) == [room[:16]])
    assert your_turn(client, other.jar) == []


def test_q1_a_socket_back_to_its_waiting_seek_is_told_when_it_is_paired(client: TestClient) -> None:
    ana, bob = Browser(client), Browser(client)
    with ana.socket() as a:
        until(a, of("quick"))
        a.send_text(seek("Ana", pace="3d"))
        until(a, of("quick.seeking"))
    with ana.socket() as a:
        back = until(a, of("quick"))
        assert back["seeking"]["pace"] == "3d"
        with bob.socket() as b:
            until(b, of("quick"))
            b.send_text(seek("Bob", pace="3d"))
            until(b, of("quick.paired"))
        paired = until(a, of("quick.paired"))
    with client.websocket_connect(f"/ws/{paired['room']}") as table:
        assert hello(table, paired["token"])["seat"] == paired["seat"]  # the new socket's token


HOSTILE = [
    '{"type": "seek"}',
    '{"type": "seek", "name": "Ana", "ruleset": "topword-fr"}',
    '{"type": "seek", "name": 7, "ruleset": "topword-fr", "pace": "1m"}',
    '{"type": "seek", "name": "", "ruleset": "topword-fr", "pace": "1m"}',
    '{"type": "seek", "name": "Ana", "ruleset": ["topword-fr"], "pace": "1m"}',
    '{"type": "seek", "name": "Ana", "ruleset": "topword-fr", "pace": "1m", "rated": "yes"}',
    '{"type": "seek", "name": "Ana", "ruleset": "topword-fr", "pace": "1m", "seat": "s1"}',
    json.dumps({"type": "seek", "name": "A" * 41, "ruleset": "topword-fr", "pace": "1m"}),
    json.dumps({"type": "seek", "name": "Ana", "ruleset": "x" * 33, "pace": "1m"}),
    json.dumps({"type": "seek", "name": "Ana", "ruleset": "topword-fr", "pace": "1" * 9}),
    '{"type": "cancel", "id": 3}',
    '{"type": "play", "move": "5E MAIN"}',
    "[]",
    "null",
]


@pytest.mark.parametrize("text", HOSTILE)
def test_a_malformed_message_is_an_error_and_seeks_nothing(client: TestClient, text: str) -> None:
    ana = Browser(client)
    with ana.socket() as a:
        until(a, of("quick"))
        a.send_text(text)
        assert until(a, of("error"))["code"] == "malformed"
        a.send_text('{"type": "ping", "c": 5}')
        until(a, of("pong"))
    assert stored_seeks(client) == 0


@pytest.mark.parametrize(
    ("fields", "code"),
    [
        ({"name": "Ana", "ruleset": "scrabble", "pace": "1m"}, "unknown_ruleset"),
        ({"name": "Ana", "ruleset": "topword-fr", "pace": "1h"}, "unknown_pace"),
        ({"name": "A\u202enA", "ruleset": "topword-fr", "pace": "1m"}, "bad_name"),
        ({"name": "Ana=1", "ruleset": "topword-fr", "pace": "1m"}, "bad_name"),
        (
            {"name": "Ana", "ruleset": "topword-fr", "pace": "1m", "rated": True},
            "rated_needs_account",
        ),
    ],
)
def test_a_seek_the_rules_refuse_is_refused_in_words_and_stores_nothing(
    client: TestClient, fields: dict[str, Any], code: str
) -> None:
    ana = Browser(client)
    with ana.socket() as a:
        until(a, of("quick"))
        a.send_text(json.dumps({"type": "seek", **fields}))
        refused = until(a, of("refused"))
        assert refused["code"] == code and refused["text"] and refused["text"] != code
    assert stored_seeks(client) == 0


def test_a_browser_without_an_identity_is_told_to_reload(client: TestClient) -> None:
    client.cookies.clear()
    with client.websocket_connect("/partie-rapide/ws") as socket:
        assert until(socket, of("error"))["code"] == "no_identity"
        with pytest.raises(WebSocketDisconnect):
            receive(socket)


def test_a_flood_of_seeks_closes_the_socket(client: TestClient) -> None:
    ana = Browser(client)
    with ana.socket() as a:
        until(a, of("quick"))
        for _ in range(200):
            a.send_text(seek("Ana"))
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                receive(a)
        assert closed.value.code == 1008
    eventually(lambda: stored_seeks(client) <= 1)  # one seek per player, whatever came


# --- two processes ---------------------------------------------------------------------------


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


def test_q1_seekers_on_two_processes_are_paired_once_into_one_table(
    two_processes: tuple[TestClient, TestClient],
) -> None:
    first, second = two_processes
    ana, bob, cat = Browser(first), Browser(second), Browser(second)
    with ana.socket() as a, bob.socket() as b, cat.socket() as c:
        for socket in (a, b, c):
            until(socket, of("quick"))
        a.send_text(seek("Ana"))
        until(a, of("quick.seeking"))
        b.send_text(seek("Bob"))
        until(b, of("quick.seeking"))
        c.send_text(seek("Cat"))
        until(c, of("quick.seeking"))
        paired_a = until(a, of("quick.paired"))
        room = paired_a["room"]
        status = second.get(f"/api/tables/status?rooms={room}").json()["tables"][room]
        seated = sorted(status["names"].values())
        # Bob came first and was paired with Ana (or, Cat's seek landing first, Cat)
        assert seated in (["Ana", "Bob"], ["Ana", "Cat"]), seated
        socket = b if "Bob" in seated else c
        assert until(socket, of("quick.paired"))["room"] == room
        assert stored_seeks(first) == 1  # the other one waits, paired with nobody
    # its page closed: the live seek died
    eventually(lambda: stored_seeks(first) == 0, seconds=SEEK_GONE_SECONDS)
