"""The keeper's map of open tables is a cache of the stored events (K8): a server
restarted on the same stores, whose keeper never saw the tables open, still reports
their ends and judges their no-shows, a Topword table's and a Boggle round's alike."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from motamot.server.links import room_of
from motamot.server.serve import build_app
from motamot.service.players.store import PlayerStore
from motamot.service.ports import ManualClock
from motamot.service.stores.memory import MemoryStore
from motamot.web import default_kinds
from tests.server.helpers import grid_words, hello, join, of_type, send, until
from tests.server.players.helpers import call, sign_up
from tests.web.tournament.test_tournament_web import GOOD, T0, Served


@contextmanager
def serving(store: MemoryStore, clock: ManualClock, players: Path) -> Iterator[Served]:
    """A server process on `store` and the players' database at `players`."""

    async def opened() -> MemoryStore:
        return store

    async def players_opened() -> PlayerStore:
        return await PlayerStore.open(f"sqlite:///{players}")

    app = build_app(opened, clock, default_kinds(), players_factory=players_opened)
    with TestClient(app) as client:
        yield Served(client, clock, store)


def tick(served: Served) -> None:
    call(served.client, served.host.tick_all)
    call(served.client, served.keeper.step)
    call(served.client, served.keeper.step)


def started(served: Served, body: dict[str, Any]) -> tuple[str, dict[str, str]]:
    """Dora's tournament with Ana and Ben registered, started: its room and their
    tokens."""
    b = served.browsers
    b.be("dora")
    sign_up(served.client, "Dora")
    created = served.client.post("/api/tournament", json=body).json()
    room = created["room"]
    tokens = {}
    for name in ("Ana", "Ben"):
        b.be(name)
        sign_up(served.client, name)
        tokens[name] = join(served.client, room, name)
        assert served.act(room, tokens[name], {"type": "register"})["type"] == "ack"
    b.be("dora")
    assert served.act(room, created["token"], {"type": "start"})["type"] == "ack"
    return room, tokens


def test_k8_a_table_opened_before_a_restart_is_reported_after_it(tmp_path: Path) -> None:
    store, clock = MemoryStore(), ManualClock(T0)
    players = tmp_path / "players.sqlite3"
    with serving(store, clock, players) as before:
        room, tokens = started(before, {**GOOD, "gap_seconds": 0})
        tick(before)
        board = before.view(room, None)["rounds"][0]["boards"][0]
        assert board["table"] is not None and board["result"] is None
        mine = {name: before.view(room, tokens[name])["your_table"] for name in tokens}
        assert room_of(board["table"]) in before.keeper.tables
    with serving(store, clock, players) as after:
        tick(after)  # a new keeper: the list's running tournaments, their tables found
        assert room_of(board["table"]) in after.keeper.tables
        first = next(name for name in mine if mine[name]["seat"] == "s1")
        after.browsers.be(first)
        with after.client.websocket_connect(f"/ws/{board['table']}") as socket:
            hello(socket, mine[first]["token"])
            send(socket, {"type": "resign", "id": 3})
            until(socket, of_type("ack"))
        tick(after)
        view = after.view(room, None)
        assert view["rounds"][0]["boards"][0]["result"]["how"] == "resigned"
        assert view["phase"] == "finished"
        other = "Ben" if first == "Ana" else "Ana"
        assert [view["names"][p] for p in view["podium"]] == [other, first]


def test_k8_a_no_show_at_a_table_opened_before_a_restart_forfeits_after_it(
    tmp_path: Path,
) -> None:
    """Another process (its list empty: a private tournament) finds the table when the
    table's clock runs out, and judges the no-show at the deadline."""
    store, clock = MemoryStore(), ManualClock(T0)
    with serving(store, clock, tmp_path / "one.sqlite3") as before:
        room, _ = started(before, {**GOOD, "gap_seconds": 0, "no_show_seconds": 60})
        tick(before)
        table = before.view(room, None)["rounds"][0]["boards"][0]["table"]
    with serving(store, clock, tmp_path / "two.sqlite3") as after:
        tick(after)
        assert after.keeper.tables == {}  # not listed here: not known yet
        clock.advance(121)  # the first player's clock runs out: an event of the table
        tick(after)  # found, past its deadline (60 s): the first player forfeits
        assert room_of(table) not in after.keeper.tables
        view = after.view(room, None)
        board = view["rounds"][0]["boards"][0]
        assert board["result"] is not None and board["result"]["how"] == "forfeit"
        assert board["result"]["absent"] == board["first"]
        assert view["phase"] == "finished"


def test_k6_an_arena_round_opened_before_a_restart_is_scored_after_it(tmp_path: Path) -> None:
    store, clock = MemoryStore(), ManualClock(T0)
    players = tmp_path / "players.sqlite3"
    body = {**GOOD, "format": "arena", "round_seconds": 30, "gap_seconds": 0}
    with serving(store, clock, players) as before:
        room, tokens = started(before, body)
        tick(before)
        mine = before.view(room, tokens["Ana"])["your_table"]
        before.browsers.be("Ana")
        with before.client.websocket_connect(f"/ws/{mine['table']}") as socket:
            view = hello(socket, mine["token"])["view"]
            word = grid_words(view["grid"])[0]
            send(socket, {"type": "word", "text": word, "id": 1})
            points = until(socket, of_type("ack"))["events"][0]["points"]
    with serving(store, clock, players) as after:
        clock.advance(31)
        tick(after)
        view = after.view(room, None)
        assert view["phase"] == "finished", view["rounds"]
        rows = {view["names"][r["player"]]: r["points"] for r in view["standings"]}
        assert rows == {"Ana": points, "Ben": 0} and points > 0
