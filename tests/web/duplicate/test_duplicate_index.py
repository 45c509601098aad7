"""D11, D12: a ranking reads the rooms of its own numbered game (or series) only, found in
their index, never every room of the server; rooms stored before the index existed are
found once, by the first start that creates it."""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from pathlib import Path

from starlette.testclient import TestClient

from motamot.server.serve import build_app
from motamot.service.duplicate.index import GameIndex
from motamot.service.players.store import PlayerStore
from motamot.service.ports import ManualClock, StoredEvent
from motamot.service.stores.guarded import PROBE_ROOM
from motamot.service.stores.memory import MemoryStore
from motamot.web import default_kinds
from tests.web.duplicate.test_duplicate_numbered import end, started
from tests.web.duplicate.test_duplicate_ws import create_duplicate

GAME = {"number": 31, "seed": "123456789", "ruleset": "topword-fr", "dictionary": None}


class CountingStore(MemoryStore):
    """A memory store that counts what it is asked: the rooms listed, each room's loads."""

    def __init__(self) -> None:
        super().__init__()
        self.listings = 0
        self.loads: Counter[str] = Counter()

    async def rooms(self) -> list[str]:
        self.listings += 1
        return await super().rooms()

    async def load(self, room: str, after: int = 0) -> list[StoredEvent]:
        if room != PROBE_ROOM:  # the store's health probe, on its own clock: not a ranking's
            self.loads[room] += 1
        return await super().load(room, after)


def app(store: MemoryStore, players: Path | None, clock: ManualClock | None = None) -> TestClient:
    async def opened() -> MemoryStore:
        return store

    async def lasting() -> PlayerStore:
        return await PlayerStore.open("memory" if players is None else str(players))

    kinds = default_kinds()
    return TestClient(
        build_app(opened, clock or ManualClock(), kinds, chosen_grids=True, players_factory=lasting)
    )


def ranked(client: TestClient, path: str, rooms: int, seconds: float = 10) -> dict[str, object]:
    """The answer at `path` once it counts `rooms` rooms (the index is written off the
    rooms' actors: a moment after their commit)."""
    give_up = time.monotonic() + seconds
    while True:
        answer = client.get(path)
        assert answer.status_code == 200, answer.text
        body: dict[str, object] = answer.json()
        if body.get("rooms", body.get("evenings")) == rooms or time.monotonic() > give_up:
            return body
        time.sleep(0.1)


def test_d11_a_ranking_reads_its_own_rooms_not_every_room_of_the_server() -> None:
    store = CountingStore()
    clock = ManualClock()
    with app(store, None, clock) as client:
        others = [create_duplicate(client, f"Autre{n}")[0] for n in range(25)]
        numbered = [started(client, **GAME)[0] for _ in range(2)]
        series, token, _ = started(client, series="club-de-caen", turn_seconds=60)
        clock.advance(61)  # its first turn ends (nobody played): an evening of one turn
        end(client, series, token)
        store.listings = 0  # the start's own checks (the lobby's) are not the ranking's
        store.loads.clear()
        body = ranked(client, "/api/duplicate/simultane/31", 2)
        assert body["rooms"] == 2 and body["players"] == 2
        assert store.listings == 0  # no room of the server was listed
        read = {room for room, count in store.loads.items() if count}
        assert read <= {room[:16] for room in numbered}, read
        assert not read & {room[:16] for room in others}
        store.loads.clear()
        serie = ranked(client, "/api/duplicate/serie/club-de-caen", 1)
        assert serie["evenings"] == 1 and store.listings == 0
        assert set(store.loads) == {series[:16]}
        assert client.get("/api/duplicate/simultane/32").json()["rooms"] == 0


def test_d11_rooms_stored_before_the_index_are_found_once(tmp_path: Path) -> None:
    store = CountingStore()
    with app(store, None) as client:  # its index is in a database now lost
        first = started(client, **GAME)[0]
    players = tmp_path / "players.sqlite3"
    with app(store, players) as client:  # a first start with this database: read once
        body = ranked(client, "/api/duplicate/simultane/31", 1)
        assert body["rooms"] == 1 and body["ranking"][0]["room"] == first[:16]  # type: ignore[index]
        second = started(client, **GAME)[0]
        assert ranked(client, "/api/duplicate/simultane/31", 2)["rooms"] == 2

    async def filled() -> bool:
        again = await PlayerStore.open(str(players))
        try:
            return not await GameIndex(again.db).create()
        finally:
            await again.close()

    assert asyncio.run(filled())  # the next start reads nothing again (no backfill)
    with app(store, players) as client:
        body = ranked(client, "/api/duplicate/simultane/31", 2)
        assert {line["room"] for line in body["ranking"]} == {first[:16], second[:16]}  # type: ignore[attr-defined]
