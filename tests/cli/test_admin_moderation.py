"""`motamot admin reports`, `ban`, `unban` and `bans` against real `motamot serve`
processes: the reports players sent are listed for the operator, and a ban closes the
banned player's open socket and refuses their rejoin, on one process (SQLite, read by
the server within 2 s) and on two over PostgreSQL and Redis (`--broker`: at once,
the servers' own look at the bans made too slow to count here)."""

from __future__ import annotations

import contextlib
import json
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from http.cookiejar import CookieJar
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from motamot.cli.main import main
from tests.server.live import LiveServer
from tests.service.backends import postgres_schema, redis_prefix


@dataclass
class Answer:
    status_code: int
    body: dict[str, Any]

    def json(self) -> dict[str, Any]:
        return self.body


class Browser:
    """One browser: its cookies (a lasting player of its own) against one server."""

    def __init__(self, server: LiveServer, cookies: CookieJar | None = None) -> None:
        self.server = server
        self.cookies = cookies if cookies is not None else CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))
        self.sockets = contextlib.ExitStack()

    def post(self, path: str, body: Any) -> Answer:
        request = urllib.request.Request(
            self.server.url + path,
            data=json.dumps(body).encode(),
            headers={"content-type": "application/json"},
        )
        try:
            with self.opener.open(request, timeout=10) as answer:
                return Answer(answer.status, json.loads(answer.read()))
        except urllib.error.HTTPError as error:
            return Answer(error.code, json.loads(error.read()))

    def socket(self, room: str, token: str | None, lang: str = "fr") -> ClientConnection:
        """A room's socket with this browser's cookies, its hello said and answered."""
        cookie = "; ".join(f"{c.name}={c.value}" for c in self.cookies)
        url = self.server.url.replace("http", "ws") + f"/ws/{room}"
        opening = connect(url, additional_headers={"Cookie": cookie}, open_timeout=10)
        socket = self.sockets.enter_context(opening)
        socket.send(json.dumps({"type": "hello", "token": token, "last_seq": 0, "lang": lang}))
        while json.loads(socket.recv(timeout=10))["type"] != "welcome":
            pass
        return socket

    def close(self) -> None:
        self.sockets.close()
        self.opener.close()


def told_and_closed(socket: ClientConnection, seconds: float) -> tuple[str, int | None]:
    """The error the server says before it closes the socket, and the close code."""
    said = ""
    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline:
            message = json.loads(socket.recv(timeout=max(0.01, deadline - time.monotonic())))
            if message["type"] == "error":
                said = message["code"]
    except ConnectionClosed:
        return said, socket.close_code
    except TimeoutError:
        pass
    return said, None


@contextlib.contextmanager
def serving(server: LiveServer) -> Iterator[LiveServer]:
    try:
        yield server.start()
    finally:
        server.stop()


@dataclass
class Room:
    """Ana's room and Troll in it, from two browsers, with their seats' tokens."""

    ana: Browser
    troll: Browser
    room: str
    ana_token: str
    troll_token: str

    def close(self) -> None:
        self.ana.close()
        self.troll.close()


def two_players(server: LiveServer) -> Room:
    """Ana makes a room, Troll joins it, Ana reports Troll's name."""
    ana, troll = Browser(server), Browser(server)
    made = ana.post("/api/rooms", {"name": "Ana"}).json()
    room = made["room"]
    token = troll.post(f"/api/rooms/{room}/join", {"name": "Troll"}).json()["token"]
    reported = ana.post(f"/api/rooms/{room}/report", {"seat": "s2", "reason": "offensive_name"})
    assert reported.status_code == 200, reported.body
    return Room(ana, troll, room, made["token"], token)


@pytest.mark.slow
def test_reports_are_listed_latest_first_as_text_and_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "rooms.sqlite3"
    with serving(LiveServer(db)) as server:
        played = two_players(server)
        room = played.room
        other = Browser(server)
        other.post(f"/api/rooms/{room}/join", {"name": "Zoé"})
        played.troll.post(f"/api/rooms/{room}/report", {"seat": "s3", "reason": "cheating"})
        other.post(f"/api/rooms/{room}/report", {"seat": "s2", "reason": "cheating"})
        played.close()
        other.close()
    assert main(["admin", "reports", "--db", str(db), "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [one["name"] for one in listed] == ["Troll", "Zoé"]  # the latest reported first
    troll_line = listed[0]
    assert troll_line["count"] == 2 and troll_line["reporters"] == 2
    assert troll_line["reasons"] == {"offensive_name": 1, "cheating": 1}
    assert troll_line["rooms"] == [room[:16]] and troll_line["banned"] is False
    assert [one["reporter_name"] for one in troll_line["reports"]] == ["Zoé", "Ana"]
    assert [one["reasons"] for one in troll_line["reports"]] == [["cheating"], ["offensive_name"]]
    assert len(troll_line["player"]) == 16 and troll_line["account"] is None
    assert main(["admin", "reports", "--db", str(db)]) == 0
    text = capsys.readouterr().out
    assert "Troll" in text and "2 signalements par 2 personnes" in text
    assert "Nom injurieux ou choquant 1, Triche 1" in text and room[:16] in text
    assert main(["--lang", "en", "admin", "reports", "--db", str(db), "--limit", "1"]) == 0
    text = capsys.readouterr().out
    assert "2 reports by 2 people" in text and "UTC  Zoé" not in text  # one name only
    assert "by Zoé (room" in text and "by Ana (room" in text  # who reported it


def test_ban_unknown_names_and_unban_say_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "rooms.sqlite3"
    assert main(["admin", "bans", "--db", str(db)]) == 0
    assert "aucune exclusion" in capsys.readouterr().out
    assert main(["admin", "ban", "Personne", "--db", str(db)]) != 0
    assert "personne n'est connu sous 'Personne'" in capsys.readouterr().err
    assert main(["admin", "unban", "Personne", "--db", str(db)]) != 0
    assert "aucune exclusion" in capsys.readouterr().err
    assert main(["admin", "ban", "x" * 10_000, "--db", str(db)]) != 0  # bounded, refused
    capsys.readouterr()


@pytest.mark.slow
def test_ban_on_one_process_closes_the_live_socket_and_refuses_a_rejoin(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "rooms.sqlite3"
    with serving(LiveServer(db)) as server:
        played = two_players(server)
        troll, room = played.troll, played.room
        host = played.ana.socket(room, played.ana_token)
        seat = troll.socket(room, played.troll_token, lang="en")
        watching = troll.socket(room, None)  # the same browser watching in another tab
        assert main(["admin", "ban", "Troll", "--db", str(db)]) == 0  # the reported name
        banned_at = time.monotonic()
        said = capsys.readouterr().out
        assert "Troll" in said and "exclu" in said
        assert told_and_closed(seat, 10) == ("banned", 4451)
        assert time.monotonic() - banned_at < 2.0  # issue 36: within 2 s, not 7.7
        assert told_and_closed(watching, 10) == ("banned", 4451)
        assert told_and_closed(host, 0.5) == ("", None)  # Ana plays on
        rejoin = troll.post(f"/api/rooms/{room}/join?lang=en", {"name": "Gentil"})
        assert rejoin.status_code == 403 and "banned" in rejoin.json()["text"]
        assert troll.post("/api/rooms", {"name": "Gentil"}).status_code == 403
        assert main(["admin", "bans", "--db", str(db), "--json"]) == 0
        (ban,) = json.loads(capsys.readouterr().out)
        assert ban["what"] == "player" and ban["label"] == "Troll"
        assert main(["admin", "reports", "--db", str(db), "--json"]) == 0
        assert json.loads(capsys.readouterr().out)[0]["banned"] is True
        assert main(["admin", "unban", ban["value"], "--db", str(db)]) == 0
        capsys.readouterr()
        deadline = time.monotonic() + 10
        while troll.post(f"/api/rooms/{room}/join", {"name": "Gentil"}).status_code == 403:
            assert time.monotonic() < deadline, "the unban was not read"
            time.sleep(0.2)
        played.close()


@pytest.fixture
def cluster(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[str, str, list[LiveServer]]]:
    """Two `motamot serve` processes over one PostgreSQL schema and one Redis prefix,
    whose own look at the bans comes only every 10 minutes: the broker alone tells them."""
    monkeypatch.setenv("MOTAMOT_BANS_POLL_SECONDS", "600")
    with postgres_schema() as db, redis_prefix() as broker:
        servers = [
            LiveServer(tmp_path / f"p{n}.sqlite3", args=["--db", db, "--broker", broker])
            for n in range(2)
        ]
        try:
            yield db, broker, [server.start() for server in servers]
        finally:
            for server in servers:
                server.stop()


def test_ban_over_the_broker_closes_a_socket_on_another_process_at_once(
    cluster: tuple[str, str, list[LiveServer]], capsys: pytest.CaptureFixture[str]
) -> None:
    db, broker, (first, second) = cluster
    played = two_players(first)
    troll, room = played.troll, played.room
    on_second = Browser(second, troll.cookies)  # Troll's browser, served by the other process
    seat = on_second.socket(room, played.troll_token)
    started = time.monotonic()
    assert main(["admin", "ban", "Troll", "--db", db, "--broker", broker]) == 0
    assert "tout de suite" in capsys.readouterr().out
    assert told_and_closed(seat, 10) == ("banned", 4451)
    assert time.monotonic() - started < 10  # the broker, not the ten-minute look
    for server in (first, second):
        rejoin = Browser(server, troll.cookies)
        answer = rejoin.post(f"/api/rooms/{room}/join", {"name": "Gentil"})
        assert answer.status_code == 403 and answer.json()["refused"] == "banned"
        rejoin.close()
    played.close()
    on_second.close()
