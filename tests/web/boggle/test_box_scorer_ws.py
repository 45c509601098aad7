"""B17 through the real app: the scorer's messages on the wire. A box room with a scorer
is created by the API (a room that is not a box's is refused one); its host seats a
person without a phone and types a list for another seat; a player typing for another,
a seat of no person here, a malformed seat, are refused with their reason and change
nothing."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient, WebSocketTestSession

from tests.server.helpers import create, hello, join, send, until

BOX = "orte/best/inam/gted"


def answer_to(socket: WebSocketTestSession, request: int) -> dict[str, Any]:
    """The answer to request `request` (a malformed one's error carries no id)."""
    message: dict[str, Any] = until(
        socket,
        lambda m: m["type"] == "error" or (m["type"] in ("ack", "refused") and m["id"] == request),
    )
    return message


def test_b17_a_scorer_only_in_a_box_room(client: TestClient) -> None:
    answer = client.post("/api/rooms", json={"name": "Ana", "box_scorer": True})
    assert answer.status_code == 409, answer.text
    assert answer.json()["refused"] == "bad_setting" and answer.json()["text"]
    for bad in ("yes", 1, None):
        answer = client.post("/api/rooms", json={"name": "Ana", "box_grid": BOX, "box_scorer": bad})
        assert answer.status_code == 400, (bad, answer.text)


@pytest.mark.parametrize(
    ("who", "message", "code"),
    [
        ("bob", {"type": "word", "text": "danse", "seat": "s1"}, "not_scorer"),
        ("bob", {"type": "paper_seat", "name": "Dan"}, "not_host"),
        ("ana", {"type": "word", "text": "danse", "seat": "s9"}, "no_such_seat"),
        ("ana", {"type": "word", "text": "danse", "seat": "s0"}, "no_such_seat"),
        ("ana", {"type": "word", "text": "danse", "seat": "x" * 17}, "malformed"),
        ("ana", {"type": "word", "text": "danse", "seat": 3}, "malformed"),
        ("ana", {"type": "paper_seat", "name": "x" * 200}, "malformed"),
        ("ana", {"type": "paper_seat", "name": "Bob"}, "name_taken"),
    ],
)
def test_b17_what_the_scorer_may_not_send_is_refused_and_changes_nothing(
    client: TestClient, who: str, message: dict[str, Any], code: str
) -> None:
    room, ana = create(client, "Ana", box_grid=BOX, box_scorer=True)
    bob = join(client, room, "Bob")
    with (
        client.websocket_connect(f"/ws/{room}") as host,
        client.websocket_connect(f"/ws/{room}") as other,
    ):
        before = [seat["name"] for seat in hello(host, ana)["view"]["seats"]]
        socket = host if who == "ana" else other  # a seat's second socket would close its first
        if who == "bob":
            hello(other, bob)
        if message["type"] == "word":
            send(host, {"type": "start", "id": 1})
            assert answer_to(host, 1)["type"] == "ack"
        send(socket, {**message, "id": 7})
        answer = answer_to(socket, 7)
        assert answer["type"] in ("refused", "error"), answer
        assert answer.get("code") == code, answer
        send(host, {"type": "resync", "last_seq": 0})
        after = until(host, lambda m: m["type"] == "welcome")["view"]
    assert [seat["name"] for seat in after["seats"]] == before
    assert after["round"] is None or after["round"]["counts"] == {"s1": 0, "s2": 0}


def test_b17_the_scorer_seats_a_paper_player_and_types_their_list(client: TestClient) -> None:
    room, ana = create(client, "Ana", box_grid=BOX, box_scorer=True)
    with client.websocket_connect(f"/ws/{room}") as socket:
        view = hello(socket, ana)["view"]
        assert view["settings"]["box_scorer"] is True
        send(socket, {"type": "paper_seat", "name": " Chloé ", "id": 1})
        assert answer_to(socket, 1)["type"] == "ack"
        send(socket, {"type": "start", "id": 2})
        assert answer_to(socket, 2)["type"] == "ack"
        send(socket, {"type": "word", "text": "danse", "seat": "s2", "id": 3})
        assert answer_to(socket, 3)["type"] == "ack"
        send(socket, {"type": "resync", "last_seq": 0})
        view = until(socket, lambda m: m["type"] == "welcome")["view"]
    chloe = view["seats"][1]
    assert (chloe["name"], chloe["paper"], view["seats"][0]["paper"]) == ("Chloé", True, False)
    assert view["round"]["counts"]["s2"] == 1
