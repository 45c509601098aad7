"""Two server processes over one PostgreSQL schema and one Redis (K8): the process that
opened a tournament's table stops; the other, whose keeper never saw the table open,
takes the table over when its player resigns there, finds it from the table's settings,
and reports its end to the tournament."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from motamot.server.kinds import WebKinds
from motamot.server.links import room_of
from motamot.server.serve import build_cluster_app
from motamot.service.ports import ManualClock
from motamot.web import default_kinds
from motamot.web.tournament import TournamentWeb
from motamot.web.tournament.keeper import Keeper
from tests.server.helpers import hello, join, of_type, send, until
from tests.server.players.helpers import Browsers, call, sign_up
from tests.service.backends import postgres_schema, redis_prefix
from tests.web.tournament.test_tournament_web import GOOD, T0, Served


def keeper_of(client: TestClient) -> Keeper:
    kind = client.app.state.rooms.kinds.get("tournament")  # type: ignore[attr-defined]
    keeper: Keeper = kind.keeper
    return keeper


@pytest.fixture
def apps(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[object, object, ManualClock]]:
    monkeypatch.setenv("MOTAMOT_LEASE_SECONDS", "1")
    clock = ManualClock(T0)
    with postgres_schema() as db, redis_prefix() as broker:
        yield (
            build_cluster_app(db, broker, clock, own_kinds()),
            build_cluster_app(db, broker, clock, own_kinds()),
            clock,
        )


def own_kinds() -> WebKinds:
    """The default kinds, with a tournament kind of this process's own (its keeper)."""
    return WebKinds(TournamentWeb() if k.name == "tournament" else k for k in default_kinds())


def test_k8_another_process_reports_the_end_of_a_table_it_never_saw_open(
    apps: tuple[object, object, ManualClock],
) -> None:
    first_app, second_app, clock = apps
    with TestClient(second_app) as second:  # type: ignore[arg-type]
        with TestClient(first_app) as first:  # type: ignore[arg-type]
            one = Served(first, clock, None)  # type: ignore[arg-type]
            b = Browsers(first, own_addresses=True)
            b.be("dora")
            sign_up(first, "Dora")
            created = first.post("/api/tournament", json={**GOOD, "gap_seconds": 0}).json()
            room, director = created["room"], created["token"]
            tokens = {}
            for name in ("Ana", "Ben"):
                b.be(name)
                sign_up(first, name)
                tokens[name] = join(first, room, name)
                assert one.act(room, tokens[name], {"type": "register"})["type"] == "ack"
            b.be("dora")
            assert one.act(room, director, {"type": "start"})["type"] == "ack"
            call(first, keeper_of(first).step)
            board = one.view(room, None)["rounds"][0]["boards"][0]
            assert board["table"] is not None
            mine = {name: one.view(room, tokens[name])["your_table"] for name in tokens}
        # the first process is gone; the second takes the table over as its player acts
        two = Served(second, clock, None)  # type: ignore[arg-type]
        assert keeper_of(second).tables == {}
        starter = next(name for name in mine if mine[name]["seat"] == "s1")
        with second.websocket_connect(f"/ws/{board['table']}") as socket:
            hello(socket, mine[starter]["token"])
            send(socket, {"type": "resign", "id": 3})
            until(socket, of_type("ack"))
        for _ in range(3):
            call(second, keeper_of(second).step)
        view = two.view(room, None)
        result = view["rounds"][0]["boards"][0]["result"]
        assert result is not None and result["how"] == "resigned", view["rounds"]
        assert view["phase"] == "finished"
        assert room_of(board["table"]) not in keeper_of(second).tables
