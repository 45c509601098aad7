"""The server's logs: one JSON object a line with the request's id and the room's, and
never a token, an invitation, a password, a cookie or any other secret a run used (the
log of a real `motamot serve` is searched for every one of them)."""

from __future__ import annotations

import asyncio
import http.cookiejar
import json
import logging
import re
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from motamot.server.links import room_of
from motamot.server.logs import JsonFormatter, TextFormatter, logged_path
from motamot.service.stores.urls import redacted
from tests.server.live import LiveServer
from tests.service.backends import postgres_schema

PASSWORD = "pw-Secret-4242"
COOKIE = "cookie-Secret-9191"
BEARER = "bearer-Secret-7373"
QUERY = "query-Secret-5656"
BAD_TOKEN = "token-Secret-1212"
ACCOUNT_PASSWORD = "account-Secret-3434"


def sign_up(server: LiveServer) -> dict[str, str]:
    """An account made through the form as a browser does: the secrets it used (its
    password, the CSRF token, the identity and session cookies)."""
    jar = http.cookiejar.CookieJar()
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    with browser.open(server.url + "/compte/creer", timeout=10) as page:
        found = re.search(r'name="csrf" value="([^"]+)"', page.read().decode())
    assert found is not None
    fields = {"csrf": found.group(1), "name": "Zoé", "password": ACCOUNT_PASSWORD}
    form = urllib.parse.urlencode({**fields, "again": ACCOUNT_PASSWORD}).encode()
    with browser.open(server.url + "/compte/creer", data=form, timeout=10) as answer:
        assert answer.status == 200 and "Zoé" in answer.read().decode()
    cookies = {cookie.name: cookie.value or "" for cookie in jar}
    assert {"motamot_id", "motamot_session"} <= cookies.keys(), cookies
    return {
        "an account's password": ACCOUNT_PASSWORD,
        "a form's CSRF token": found.group(1),
        **{f"the {name} cookie": value for name, value in cookies.items() if len(value) > 8},
    }


def request(server: LiveServer, path: str, body: dict[str, str] | None = None) -> int:
    headers = {
        "cookie": f"session={COOKIE}; motamot_lang=fr",
        "authorization": f"Bearer {BEARER}",
        "x-request-id": "req-from-proxy",
        "content-type": "application/json",
    }
    data = json.dumps(body).encode() if body is not None else None
    sent = urllib.request.Request(server.url + path, data=data, headers=headers)
    try:
        with urllib.request.urlopen(sent, timeout=10) as answer:
            status: int = answer.status
            return status
    except urllib.error.HTTPError as error:
        return error.code


async def sockets(server: LiveServer, link: str, token: str) -> None:
    """A player's socket by the players' link (hello with the token), and one whose
    token is no seat's (closed 4403)."""
    url = server.url.replace("http://", "ws://") + f"/ws/{link}"
    async with connect(url) as socket:
        await socket.send(json.dumps({"type": "hello", "token": token, "last_seq": 0}))
        assert json.loads(await socket.recv())["type"] in ("welcome", "presence")
    async with connect(url) as socket:
        await socket.send(json.dumps({"type": "hello", "token": BAD_TOKEN, "last_seq": 0}))
        try:
            while True:
                await socket.recv()
        except ConnectionClosed as closed:
            assert closed.rcvd is not None and closed.rcvd.code == 4403


@pytest.mark.slow
def test_a_run_logs_json_lines_with_ids_and_none_of_its_secrets(tmp_path: Path) -> None:
    with postgres_schema() as db:
        url = db.replace("postgres@", f"postgres:{PASSWORD}@")
        assert PASSWORD in url
        server = LiveServer(tmp_path / "rooms.sqlite3", args=["--db", url, "--log-format", "json"])
        server.start()
        try:
            created = server.post("/api/rooms", {"name": "Ana", "duration": 60})
            link, token = created["room"], created["token"]
            room = room_of(link)
            joined = server.post(f"/api/rooms/{link}/join", {"name": "Bob"})
            assert request(server, f"/r/{link}?token={QUERY}") == 200
            assert request(server, f"/api/rooms/{link}/join", {"name": "Cy"}) == 200
            asyncio.run(sockets(server, link, token))
            account = sign_up(server)
        finally:
            server.stop()
    log = server.log()
    secrets = {
        "the creator's token": token,
        "a joiner's token": joined["token"],
        "the invitation": link[len(room) :],
        "the database password": PASSWORD,
        "a cookie": COOKIE,
        "an authorization header": BEARER,
        "a query string": QUERY,
        "a refused token": BAD_TOKEN,
        **account,
    }
    leaked = [what for what, secret in secrets.items() if secret in log]
    assert leaked == []
    lines = [json.loads(line) for line in log.splitlines() if line.startswith("{")]
    answered = [line for line in lines if line["message"] == "request"]
    assert len(answered) >= 4
    assert all(line["request_id"] for line in answered)
    page = next(line for line in answered if line["path"] == f"/r/{room}")
    assert page["room"] == room and page["request_id"] == "req-from-proxy"
    assert page["status"] == 200 and page["method"] == "GET" and "ms" in page
    closed = [line for line in lines if line["message"] == "socket closed"]
    # the refused one may be logged first: the first socket's end may still be running
    # 1000: the page closed it, its code is logged too
    assert sorted(line.get("code") for line in closed) == [1000, 4403], closed
    assert all(line["room"] == room and line["path"] == f"/ws/{room}" for line in closed)
    # every line the server wrote is JSON, its start-up lines too (the store's password
    # as ***)
    assert [line for line in log.splitlines() if line and not line.startswith("{")] == []
    started = [line["message"] for line in lines if line["logger"] == "motamot.serve"]
    assert any("***" in line for line in started)


def test_paths_keep_only_the_room_id() -> None:
    room, invite = "A" * 16, "Inv1te-9xyz"
    assert logged_path(f"/r/{room}{invite}") == f"/r/{room}"
    assert logged_path(f"/r/{room}{invite}/watch") == f"/r/{room}/watch"
    assert logged_path(f"/ws/{room}{invite}") == f"/ws/{room}"
    assert logged_path(f"/api/rooms/{room}{invite}/join") == f"/api/rooms/{room}/join"
    assert logged_path("/static/abc/app.css") == "/static/abc/app.css"
    assert redacted("postgresql://u:secret@h:5432/db?x=1") == "postgresql://u:***@h:5432/db?x=1"
    assert redacted("redis://127.0.0.1:6379/0") == "redis://127.0.0.1:6379/0"


def test_formats_carry_the_fields_and_a_traceback() -> None:
    try:
        raise ValueError("boom")
    except ValueError:
        record = logging.LogRecord("motamot", logging.ERROR, "f", 1, "room %s failed", ("r",), None)
        import sys

        record.exc_info = sys.exc_info()
    record.room, record.status = "R" * 16, 503
    line = json.loads(JsonFormatter().format(record))
    assert line["message"] == "room r failed" and line["level"] == "error"
    assert line["room"] == "R" * 16 and line["status"] == 503
    assert "ValueError: boom" in line["exception"]
    text = TextFormatter().format(record)
    assert "room r failed" in text and "status=503" in text and "ValueError: boom" in text
