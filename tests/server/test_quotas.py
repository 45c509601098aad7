"""What one client address may do in a while: past a quota a 429 with `Retry-After` and
the text in the player's language, and nothing created, joined or opened."""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from starlette.testclient import TestClient, WebSocketDenialResponse

from motamot.server.operations import Operations
from motamot.server.quotas import Bucket, OverQuota, QuotaLimits
from motamot.server.serve import build_app
from motamot.service.ports import ManualClock
from motamot.service.stores.memory import MemoryStore
from motamot.web import default_kinds
from tests.server.helpers import create, hello
from tests.server.live import LiveServer


@contextmanager
def app(limits: QuotaLimits, proxies: tuple[str, ...] = ()) -> Iterator[TestClient]:
    store = MemoryStore()

    async def factory() -> MemoryStore:
        return store

    ops = Operations(quotas=limits, proxies=proxies)
    with TestClient(build_app(factory, ManualClock(), default_kinds(), True, ops=ops)) as client:
        STORES[id(client)] = store
        yield client
        del STORES[id(client)]


#: Each test app's store, by its client.
STORES: dict[int, MemoryStore] = {}


def stored_rooms(client: TestClient) -> int:
    return len(asyncio.run(STORES[id(client)].rooms()))


def test_rooms_per_hour_then_429_in_french_and_nothing_stored() -> None:
    with app(QuotaLimits(rooms_per_hour=3)) as client:
        for _ in range(2):
            create(client, duration=60)
        assert client.post("/api/tables", json={"name": "Ana"}).status_code == 200
        refused = client.post("/api/rooms", json={"name": "Ana"})
        assert refused.status_code == 429
        assert refused.headers["retry-after"] == "1200"  # one room back every 20 minutes
        assert refused.json() == {
            "error": "too_many_rooms",
            "text": "trop de salles créées depuis votre adresse : réessayez dans 20 min",
            "retry_after": 1200,
        }
        english = client.post("/api/tables?lang=en", json={"name": "Ana"})
        assert english.status_code == 429
        assert english.json()["text"].startswith("too many rooms created from your address")
        assert stored_rooms(client) == 3
        assert refused.headers["content-security-policy"]  # a refusal like any answer


def test_joins_per_minute() -> None:
    with app(QuotaLimits(joins_per_minute=2)) as client:
        room, _ = create(client, duration=60)
        for name in ("Bob", "Cy"):
            assert client.post(f"/api/rooms/{room}/join", json={"name": name}).status_code == 200
        refused = client.post(f"/api/rooms/{room}/join", json={"name": "Dan"})
        assert refused.status_code == 429 and refused.headers["retry-after"] == "30"
        assert refused.json()["text"] == (
            "trop de salles rejointes depuis votre adresse : réessayez dans 30 s"
        )
        seats = client.app.state.rooms.host.room(room[:16]).seats  # type: ignore[attr-defined]
        assert len(seats) == 3


def test_sockets_at_once_then_429_until_one_closes() -> None:
    with app(QuotaLimits(sockets_at_once=2)) as client:
        room, token = create(client, duration=60)
        with client.websocket_connect(f"/ws/{room}") as one:
            hello(one, token)
            with client.websocket_connect(f"/ws/{room}") as two:
                hello(two, None)
                with (
                    pytest.raises(WebSocketDenialResponse) as denied,
                    client.websocket_connect(f"/ws/{room}"),
                ):
                    pass
                answer = denied.value
                assert answer.status_code == 429 and answer.headers["retry-after"] == "10"
                assert answer.json()["error"] == "too_many_sockets"
            with client.websocket_connect(f"/ws/{room}") as three:  # one closed: room again
                assert hello(three, None)["type"] == "welcome"


def test_a_proxy_s_own_address_has_no_quota() -> None:
    with app(QuotaLimits(rooms_per_hour=1, sockets_at_once=1), proxies=("testclient",)) as client:
        for _ in range(3):
            create(client, duration=60)
        assert stored_rooms(client) == 3


def test_a_bucket_fills_back_steadily() -> None:
    bucket = Bucket("too_many_rooms", 2, 3600.0)
    bucket.take("a", 0.0)
    bucket.take("a", 0.0)
    with pytest.raises(OverQuota) as over:
        bucket.take("a", 600.0)
    assert over.value.retry_after == 1200  # a third of a room back: two thirds to come
    bucket.take("b", 600.0)  # another address is another bucket
    bucket.take("a", 1800.0)
    with pytest.raises(OverQuota):
        bucket.take("a", 1800.0)
    Bucket("none", 0, 60.0).take("a", 0.0)  # 0: no quota


def post_as(server: LiveServer, address: str | None) -> int:
    headers = {"content-type": "application/json"}
    if address is not None:
        headers["x-forwarded-for"] = address
    body = json.dumps({"name": "Ana", "duration": 60}).encode()
    request = urllib.request.Request(server.url + "/api/rooms", body, headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            status: int = answer.status
            return status
    except urllib.error.HTTPError as error:
        assert error.headers["retry-after"] == "1800"
        return error.code


@pytest.mark.slow
def test_behind_the_proxy_each_player_s_address_counts(tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "rooms.sqlite3", args=["--rooms-per-hour", "2"]).start()
    try:
        player = [post_as(server, "203.0.113.7") for _ in range(3)]
        assert player == [200, 200, 429]
        assert post_as(server, "203.0.113.8") == 200  # another player behind the proxy
        assert [post_as(server, None) for _ in range(3)] == [200] * 3  # the proxy's own
    finally:
        server.stop()
