"""Players see who is connected: in one process, and across server processes."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient, WebSocketTestSession

from motamot.server.serve import build_cluster_app
from motamot.service.ports import ManualClock
from motamot.web import default_kinds
from tests.server.helpers import create, hello, join, send, until
from tests.service.backends import postgres_schema, redis_prefix


def presence_is(socket: WebSocketTestSession, seats: list[str]) -> None:
    until(socket, lambda m: m["type"] == "presence" and m["seats"] == sorted(seats))


def hello_with_presence(socket: WebSocketTestSession, token: str) -> tuple[str, list[str]]:
    """Say hello: the seat, and the presence the socket was told on arrival (right after
    its welcome, its first frame)."""
    send(socket, {"type": "hello", "token": token, "last_seq": 0})
    welcome = socket.receive_json()
    assert welcome["type"] == "welcome", welcome
    seats = until(socket, lambda m: m["type"] == "presence")["seats"]
    return welcome["seat"], seats


def test_a_player_sees_another_connect_and_leave(client: TestClient) -> None:
    room, ana = create(client, duration=60)
    bob = join(client, room, "Bob")
    with client.websocket_connect(f"/ws/{room}") as a:
        ana_seat = hello(a, ana)["seat"]  # (its own presence comes just after the welcome)
        with client.websocket_connect(f"/ws/{room}") as b:
            bob_seat = hello(b, bob)["seat"]
            presence_is(a, [ana_seat, bob_seat])
        presence_is(a, [ana_seat])


@pytest.fixture
def two_processes() -> Iterator[tuple[TestClient, TestClient]]:
    """Two server processes' apps over one PostgreSQL schema and one Redis prefix."""
    clock = ManualClock(1_000_000.0)
    with (
        postgres_schema() as db,
        redis_prefix() as broker,
        TestClient(build_cluster_app(db, broker, clock, default_kinds())) as first,
        TestClient(build_cluster_app(db, broker, clock, default_kinds())) as second,
    ):
        yield first, second


def test_a_player_on_another_process_is_seen_connected_and_leaving(
    two_processes: tuple[TestClient, TestClient],
) -> None:
    first, second = two_processes
    room, ana = create(first, duration=60)
    bob = join(second, room, "Bob")
    with first.websocket_connect(f"/ws/{room}") as a:
        ana_seat = hello(a, ana)["seat"]
        with second.websocket_connect(f"/ws/{room}") as b:
            bob_seat, told = hello_with_presence(b, bob)
            assert told == sorted([ana_seat, bob_seat])
            presence_is(a, [ana_seat, bob_seat])
        presence_is(a, [ana_seat])
