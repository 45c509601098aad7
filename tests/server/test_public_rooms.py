"""Public rooms (issue 23, « Tables ouvertes »): chosen at creation on both create APIs,
said on the room's page, and the host lists or unlists the room with `set_public`."""

from __future__ import annotations

from typing import Any

import pytest

from motamot.service.rooms.commands import Join, SetPublic
from motamot.service.rooms.events import SettingsChanged
from motamot.service.rooms.outcomes import Refusal
from tests.server.helpers import hello, join, send, until
from tests.server.stored import StoredServer, stored_server
from tests.web.topword.test_topword_ws import create_table

#: Both create APIs: (path, the body besides `public`).
APIS = {
    "boggle": ("/api/rooms", {"name": "Ana", "duration": 60}),
    "topword": ("/api/tables", {"name": "Ana", "bot_seconds": 0}),
}


def created(served: StoredServer, kind: str, **fields: Any) -> tuple[str, str]:
    path, body = APIS[kind]
    answer = served.client.post(path, json={**body, **fields})
    assert answer.status_code == 200, answer.text
    return answer.json()["room"], answer.json()["token"]


def settings_seen(served: StoredServer, room: str, token: str | None) -> dict[str, Any]:
    with served.client.websocket_connect(f"/ws/{room}") as socket:
        settings: dict[str, Any] = hello(socket, token)["view"]["settings"]
    return settings


@pytest.mark.parametrize("kind", sorted(APIS))
def test_a_room_created_public_says_so_to_every_seat_and_spectator(kind: str) -> None:
    with stored_server() as served:
        room, token = created(served, kind, public=True)
        assert settings_seen(served, room, token)["public"] is True
        watch = room[:16]
        assert settings_seen(served, watch, None)["public"] is True
        other, other_token = created(served, kind)
        assert settings_seen(served, other, other_token)["public"] is False


HOSTILE_PUBLIC: list[Any] = ["yes", 1, 0, None, [], {}, "true"]


@pytest.mark.parametrize("kind", sorted(APIS))
@pytest.mark.parametrize("value", HOSTILE_PUBLIC, ids=repr)
def test_a_public_that_is_not_a_boolean_is_refused_and_nothing_is_stored(
    kind: str, value: Any
) -> None:
    path, body = APIS[kind]
    with stored_server() as served:
        answer = served.client.post(path, json={**body, "public": value})
        assert answer.status_code == 400, answer.text
        assert "public" in answer.text
        assert served.snapshot() == {}


@pytest.mark.parametrize("kind", sorted(APIS))
def test_an_unknown_field_beside_public_is_refused(kind: str) -> None:
    path, body = APIS[kind]
    with stored_server() as served:
        answer = served.client.post(path, json={**body, "public": True, "listed": True})
        assert answer.status_code == 400
        assert served.snapshot() == {}


def public_changes(served: StoredServer, room: str) -> list[bool]:
    """The `public` of every settings change stored in the room, in order."""
    changes = []
    for row in served.snapshot()[room[:16]]:
        if '"room.settings_changed"' in row.data:
            changes.append('"public":true' in row.data)
    return changes


@pytest.mark.parametrize("kind", sorted(APIS))
def test_the_host_lists_and_unlists_the_room_and_everyone_is_told(kind: str) -> None:
    with stored_server() as served:
        room, ana = created(served, kind)
        bob = join(served.client, room, "Bob")
        with (
            served.client.websocket_connect(f"/ws/{room}") as host,
            served.client.websocket_connect(f"/ws/{room}") as guest,
        ):
            hello(host, ana)
            hello(guest, bob)
            send(host, {"type": "set_public", "public": True, "id": 1})
            ack = until(host, lambda m: m["type"] == "ack")
            (change,) = ack["events"]
            assert change["type"] == "room.settings_changed"
            assert change["settings"]["public"] is True
            told = until(guest, lambda m: m["type"] == "events")
            assert told["events"][0]["settings"]["public"] is True
            # the same again changes nothing and stores nothing
            send(host, {"type": "set_public", "public": True, "id": 2})
            assert until(host, lambda m: m["type"] == "ack")["events"] == []
            # a guest may not
            send(guest, {"type": "set_public", "public": False, "id": 3})
            refused = until(guest, lambda m: m["type"] == "refused")
            assert refused["code"] == "not_host"
            send(host, {"type": "set_public", "public": False, "id": 4})
            until(host, lambda m: m["type"] == "ack" and m["id"] == 4)
        assert public_changes(served, room) == [True, False]


@pytest.mark.parametrize(
    "message",
    [
        {"type": "set_public"},
        {"type": "set_public", "public": "yes"},
        {"type": "set_public", "public": 1},
        {"type": "set_public", "public": None},
        {"type": "set_public", "public": True, "extra": 1},
        {"type": "set_public", "public": True, "id": -1},
    ],
    ids=repr,
)
def test_a_malformed_set_public_is_an_error_and_changes_nothing(message: Any) -> None:
    with stored_server() as served:
        room, ana = create_table(served.client)
        before = served.snapshot()
        with served.client.websocket_connect(f"/ws/{room}") as socket:
            hello(socket, ana)
            send(socket, message)
            error = until(socket, lambda m: m["type"] == "error")
            assert error["code"] == "malformed"
        assert served.snapshot() == before


def test_a_spectator_may_not_set_public() -> None:
    with stored_server() as served:
        room, _ = create_table(served.client)
        with served.client.websocket_connect(f"/ws/{room[:16]}") as socket:
            hello(socket, None)
            send(socket, {"type": "set_public", "public": True, "id": 7})
            assert until(socket, lambda m: m["type"] == "refused")["code"] == "no_seat"


def test_set_public_keeps_a_running_boggle_match_and_round() -> None:
    """Only `public` changes: no match reset, the round runs on (a settings change between
    matches would reset the match)."""
    from motamot.lexicon import load_lexicon
    from motamot.service.boggle.commands import StartRound
    from motamot.service.boggle.room import BoggleRoom
    from motamot.service.boggle.settings import BoggleSettings

    room = BoggleRoom.create("r", BoggleSettings(duration=60, rounds=2), 0.0, load_lexicon)
    assert not isinstance(room, Refusal)
    assert not isinstance(room.handle(None, Join("Ana", "a" * 64), 0.0), Refusal)
    assert not isinstance(room.handle("s1", StartRound(7), 1.0), Refusal)
    events = room.handle("s1", SetPublic(True), 2.0)
    assert not isinstance(events, Refusal)
    (change,) = events
    assert isinstance(change, SettingsChanged) and change.settings.public
    assert room.running is not None and room.public
    assert room.settings == BoggleSettings(duration=60, rounds=2, public=True)
