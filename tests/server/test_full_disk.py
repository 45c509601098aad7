"""A full disk is a 503 with its reason on every route, never a 500 (issue 34): the
rooms' store refusing appends, the players' SQLite file refusing commits, or both."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
from starlette.testclient import TestClient

from motamot.server.serve import build_app
from motamot.service.players.store import PlayerStore
from motamot.service.ports import ManualClock
from motamot.service.stores.db import Tx
from motamot.service.stores.guarded import GuardedStore
from motamot.service.stores.sqlite_tx import SqliteDb
from motamot.web import default_kinds
from tests.server.players.helpers import PASSWORD, token
from tests.server.test_outage_store import HangingStore
from tests.service.daily.helpers import DAY, MORNING

T = TypeVar("T")
DAILY = f"/api/daily/classic-fr/{DAY.isoformat()}/start"


class Disk:
    """Whether the disk under both stores is full now."""

    full = False


@pytest.fixture
def disk(monkeypatch: pytest.MonkeyPatch) -> Disk:
    disk = Disk()
    run = SqliteDb._run

    def full_run(self: SqliteDb, work: Callable[[Tx], T], durable: bool) -> T:
        def failing(tx: Tx) -> T:
            result = work(tx)
            if disk.full:  # as a COMMIT that cannot grow the file
                raise sqlite3.OperationalError("database or disk is full")
            return result

        return run(self, failing, durable)

    monkeypatch.setattr(SqliteDb, "_run", full_run)
    return disk


@pytest.fixture
def client(disk: Disk, tmp_path: Path) -> Iterator[tuple[TestClient, HangingStore]]:
    events = HangingStore()

    async def opened() -> GuardedStore:
        return GuardedStore(events, wait=0.5)

    async def players() -> PlayerStore:
        return await PlayerStore.open(str(tmp_path / "players.sqlite3"))

    app = build_app(opened, ManualClock(MORNING), default_kinds(), players_factory=players)
    with TestClient(app) as test_client:
        yield test_client, events


def unavailable(answer: Any, json: bool = True) -> None:
    assert answer.status_code == 503, answer.text
    assert answer.headers["retry-after"]
    if json:
        body = answer.json()
        assert body.get("reason", "store") == "store" and body["text"]
    else:
        assert answer.headers["content-type"].startswith("text/html")
        assert "enregistrer" in answer.text  # said in the player's words, in French


def test_every_route_that_writes_is_a_503_while_the_disk_is_full(
    client: tuple[TestClient, HangingStore], disk: Disk
) -> None:
    http, events = client
    room = http.post("/api/rooms", json={"name": "Ana"}).json()["room"]
    csrf = token(http)
    fresh = TestClient(http.app)  # a new browser: its identity is written first
    disk.full = events.full = True
    unavailable(fresh.post("/api/rooms", json={"name": "Bea"}))
    unavailable(fresh.post(f"/api/rooms/{room}/join", json={"name": "Bea"}))
    unavailable(fresh.post(DAILY, json={"name": "Bea"}))
    form = {"csrf": csrf, "name": "Carla", "password": PASSWORD, "again": PASSWORD}
    unavailable(http.post("/compte/creer", data=form, follow_redirects=False), json=False)
    for page in ("/", f"/r/{room}", "/compte/creer", "/salon"):
        assert fresh.get(page).status_code in (200, 503)  # never a 500
    disk.full = events.full = False
    assert fresh.post("/api/rooms", json={"name": "Bea"}).status_code == 200
    assert fresh.post(DAILY, json={"name": "Bea"}).status_code == 200


def test_a_full_rooms_store_alone_is_a_503_too(client: tuple[TestClient, HangingStore]) -> None:
    """The players' file may still take the identity: the room's append is what fails."""
    http, events = client
    room = http.post("/api/rooms", json={"name": "Ana"}).json()["room"]
    events.full = True
    unavailable(http.post("/api/rooms", json={"name": "Bea"}))
    unavailable(http.post(f"/api/rooms/{room}/join", json={"name": "Bea"}))
    unavailable(http.post(DAILY, json={"name": "Bea"}))
