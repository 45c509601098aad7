"""`OutageAnswer`: what raises because a part is away is a 503 (JSON for the API, a page
for the pages) or a socket closed with 1013, and what raises for any other reason is
still the bug it is; `service.stores.outages` says which is which."""

from __future__ import annotations

import sqlite3

import pytest
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route, WebSocketRoute
from starlette.testclient import TestClient
from starlette.websockets import WebSocket

from motamot.server.app import STATIC
from motamot.server.assets import Assets
from motamot.server.outage import OutageAnswer, part_away
from motamot.server.pages import Pages
from motamot.service.ports import StoreUnavailable
from motamot.service.stores.outages import is_outage
from motamot.web import default_kinds


class Raised:
    error: Exception = OSError(28, "No space left on device")


async def route(request: Request) -> Response:
    del request
    raise Raised.error


async def socket(websocket: WebSocket) -> None:
    await websocket.accept()
    raise Raised.error


@pytest.fixture
def client() -> TestClient:
    kinds = default_kinds()
    pages = Pages(kinds, Assets([("", STATIC)]))
    app = Starlette(
        routes=[
            Route("/api/thing", route, methods=["POST"]),
            Route("/page", route),
            WebSocketRoute("/ws", socket),
        ],
        middleware=[Middleware(OutageAnswer, pages=pages)],
    )
    return TestClient(app, raise_server_exceptions=True)


@pytest.mark.parametrize(
    "error",
    [
        OSError(28, "No space left on device"),
        sqlite3.OperationalError("database or disk is full"),
        StoreUnavailable("store_slow"),
        ConnectionRefusedError(111, "Connection refused"),
    ],
    ids=repr,
)
def test_an_outage_is_a_503_with_its_reason(client: TestClient, error: Exception) -> None:
    Raised.error = error
    answer = client.post("/api/thing", json={})
    assert answer.status_code == 503 and answer.headers["retry-after"] == "5"
    assert answer.json()["reason"] == "store" and answer.json()["text"]
    page = client.get("/page", headers={"accept-language": "en"})
    assert page.status_code == 503 and page.headers["content-type"].startswith("text/html")
    assert "cannot save just now" in page.text


def test_a_socket_whose_part_is_away_is_closed_1013(client: TestClient) -> None:
    Raised.error = sqlite3.OperationalError("database is locked")
    with client.websocket_connect("/ws") as ws:
        message = ws.receive()
        assert message["type"] == "websocket.close" and message["code"] == 1013


def test_a_bug_is_still_a_bug(client: TestClient) -> None:
    Raised.error = KeyError("seat")
    with pytest.raises(KeyError):
        client.post("/api/thing", json={})
    assert not is_outage(KeyError("seat")) and not is_outage(ValueError("x"))


def test_redis_and_postgres_errors_are_known_by_name() -> None:
    from psycopg import OperationalError
    from psycopg_pool import PoolTimeout
    from redis.exceptions import ConnectionError as RedisConnectionError
    from redis.exceptions import ResponseError

    assert is_outage(OperationalError("server closed the connection"))
    assert is_outage(PoolTimeout("couldn't get a connection"))
    assert is_outage(RedisConnectionError("Error 111"))
    assert not is_outage(ResponseError("WRONGTYPE"))  # a bug of ours, not an outage
    assert part_away(RedisConnectionError("Error 111")) == "broker"
    assert part_away(OperationalError("gone")) == "store"
