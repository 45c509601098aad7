"""Request bodies within bounds on every route that reads one (issue 26 item 2).

The app is called as uvicorn calls it, with a `receive` the test controls, so
what the server reads of a body is counted: a declared `Content-Length` over
the limit is refused before one byte is read, an endless chunked body after
the limit, a body that does not come in time after `BODY_SECONDS`. Each
refusal is coded JSON with the player's text and closes the connection.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator, MutableMapping
from typing import Any

import pytest
from starlette.routing import Route
from starlette.testclient import TestClient

from motamot.server import limits
from tests.server.helpers import create

Message = MutableMapping[str, Any]
#: A past day: the daily grid's routes take it whatever the test server's clock says.
DAY = "2021-01-01"


def post_routes(client: TestClient, room: str) -> list[str]:
    """The path of every POST route of the app (a room's with the id of `room`)."""
    paths = [
        route.path.replace("{room}", room).replace("{preset}", "classic-fr").replace("{day}", DAY)
        for route in client.app.routes  # type: ignore[attr-defined]
        if isinstance(route, Route) and "POST" in (route.methods or ())
    ]
    assert {"/api/rooms", "/api/tables", f"/api/rooms/{room}/join"} <= set(paths), paths
    return paths


def scope(path: str, headers: dict[str, str]) -> Message:
    return {
        "type": "http",
        "asgi": {"version": "3.0", "spec_version": "2.3"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"testserver")]
        + [
            (k.encode(), v.encode())
            for k, v in {"content-type": "application/json", **headers}.items()
        ],
        "client": ("127.0.0.1", 50000),
        "server": ("testserver", 80),
        "state": {},
    }


class Answer:
    """What the app sent: the status, the headers, the JSON body."""

    def __init__(self, sent: list[Message]) -> None:
        start, *bodies = sent
        assert start["type"] == "http.response.start", sent
        self.status: int = start["status"]
        self.headers = {k.decode(): v.decode() for k, v in start["headers"]}
        self.json: Message = json.loads(b"".join(m.get("body", b"") for m in bodies))


def call(client: TestClient, path: str, headers: dict[str, str], receive: Any) -> list[Message]:
    sent: list[Message] = []

    async def send(message: Message) -> None:
        sent.append(message)

    async def run() -> None:
        await client.app(scope(path, headers), receive, send)

    assert client.portal is not None
    client.portal.call(run)
    return sent


def test_a_declared_body_over_the_limit_is_refused_before_a_byte_is_read(
    client: TestClient,
) -> None:
    room, _ = create(client)

    async def never() -> Message:
        raise AssertionError("the body was read")

    for path in post_routes(client, room):
        answer = Answer(call(client, path, {"content-length": "500000000"}, never))
        assert answer.status == 413 and answer.json["error"] == "too_big", path
        assert answer.json["text"] == "message trop long"
        assert answer.headers["connection"] == "close"


def test_an_endless_chunked_body_is_refused_once_past_the_limit(client: TestClient) -> None:
    room, _ = create(client)
    block = b" " * 1024
    for path in post_routes(client, room):
        reads = 0

        async def endless() -> Message:
            """1 KiB blocks, a thousand of them (without a limit, the route reads them all)."""
            nonlocal reads
            reads += 1
            return {"type": "http.request", "body": block, "more_body": reads < 1000}

        english = {"transfer-encoding": "chunked", "accept-language": "en"}
        answer = Answer(call(client, path, english, endless))
        assert answer.status == 413 and answer.json["text"] == "message too long", path
        # what was read: the limit and the block that passed it, not one block more
        assert reads == limits.MAX_BODY_BYTES // len(block) + 1, (path, reads)


def test_a_body_that_does_not_come_in_time_gets_408(
    monkeypatch: pytest.MonkeyPatch, client: TestClient
) -> None:
    monkeypatch.setattr(limits, "BODY_SECONDS", 0.2)
    client.app.middleware_stack = None  # type: ignore[attr-defined]  # rebuilt: the new time
    room, _ = create(client)
    for path in post_routes(client, room):
        reads = 0

        async def stalls() -> Message:
            nonlocal reads
            reads += 1
            if reads == 1:
                return {"type": "http.request", "body": b'{"name": ', "more_body": True}
            await asyncio.sleep(3)  # far past the limit: the rest comes too late
            return {"type": "http.request", "body": b'"Ana"}', "more_body": False}

        answer = Answer(call(client, path, {"content-length": "40"}, stalls))
        assert answer.status == 408 and answer.json["error"] == "slow_request", path
        assert answer.json["text"] == "requête trop lente : connexion fermée"


def test_a_client_that_leaves_mid_body_gets_no_answer_and_no_traceback(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    room, _ = create(client)
    for path in post_routes(client, room):
        messages: Iterator[Message] = iter(
            [{"type": "http.request", "body": b"{", "more_body": True}, {"type": "http.disconnect"}]
        )

        async def leaves(messages: Iterator[Message] = messages) -> Message:
            return next(messages)

        assert call(client, path, {"content-length": "100"}, leaves) == [], path
    assert not [r for r in caplog.records if r.levelname in ("ERROR", "CRITICAL")]


def test_a_body_within_the_limit_still_creates_a_room(client: TestClient) -> None:
    body = json.dumps({"name": "Ana", "bots": ["beginner"] * 10}).encode()
    padded = body[:-1] + b" " * (limits.MAX_BODY_BYTES - len(body)) + b"}"
    answer = client.post("/api/rooms", content=padded, headers={"content-type": "application/json"})
    assert answer.status_code == 200, answer.text
