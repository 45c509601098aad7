"""A rematch through the real app: once the game is over a player creates the new table
(the create API, the same seats and settings) and offers it on the old table's socket;
every hostile offer is refused and changes nothing (no 500, no event)."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.server.helpers import hello, join, send, until
from tests.web.topword.test_topword_ws import create_table, events_of


def answer_to(socket: Any, message: dict[str, Any]) -> dict[str, Any]:
    send(socket, message)
    found: dict[str, Any] = until(socket, lambda m: m["type"] in ("ack", "refused", "error"))
    return found


def test_a_rematch_is_offered_once_and_hostile_offers_change_nothing(client: TestClient) -> None:
    room, ana = create_table(client, seats=["person"])
    bob = join(client, room, "Bob")
    other, _ = create_table(client, seats=["person"])  # a table not started: a fit link
    started, starter = create_table(client, seats=["greedy"])
    boggle = client.post("/api/rooms", json={"name": "Ana"}).json()["room"]
    with client.websocket_connect(f"/ws/{room}") as a, client.websocket_connect(f"/ws/{room}") as b:
        view = hello(a, ana)["view"]
        hello(b, bob)
        early = answer_to(a, {"type": "offer_rematch", "link": other, "id": 1})
        assert early["type"] == "refused" and early["code"] == "game_not_over"
        answer_to(a, {"type": "start", "id": 2})
        current = view["seats"][0]["seat"]
        for _ in range(2):  # both pass (T18): over
            send(a, {"type": "resync", "last_seq": 0})
            current = until(a, lambda m: m["type"] == "welcome")["view"]["game"]["current"]
            socket = a if current == "s1" else b
            assert answer_to(socket, {"type": "pass", "id": 3})["type"] == "ack"
        with client.websocket_connect(f"/ws/{started}") as s:
            hello(s, starter)
            answer_to(s, {"type": "start", "id": 1})
        hostile: list[Any] = [
            "x" * 15,
            "x" * 65,
            "../../etc/passwd",
            "a" * 28,  # no such room
            other[:16],  # a spectator's link: nobody could sit by it
            other[:-1] + ("A" if other[-1] != "A" else "B"),  # a wrong invitation
            started,  # its game started
            boggle,  # another kind's room
            42,
            None,
        ]
        for link in hostile:
            refused = answer_to(a, {"type": "offer_rematch", "link": link, "id": 5})
            assert refused["type"] in ("refused", "error"), (link, refused)
        send(a, {"type": "resync", "last_seq": 0})
        assert until(a, lambda m: m["type"] == "welcome")["view"]["rematch"] is None
        ack = answer_to(b, {"type": "offer_rematch", "link": other, "id": 6})
        assert ack["type"] == "ack"
        assert events_of(ack, "rematch_offered")[0]["link"] == other
        seen = until(a, lambda m: m["type"] == "events")
        assert events_of(seen, "rematch_offered")[0]["seat"] == "s2"
        second = answer_to(a, {"type": "offer_rematch", "link": other, "id": 7})
        assert second["type"] == "refused" and second["code"] == "rematch_offered"
        assert "revanche" in second["text"]


@pytest.mark.parametrize("extra", [{"unknown": 1}, {"link": ["a" * 20]}], ids=repr)
def test_a_malformed_rematch_message_is_an_error_not_a_crash(
    client: TestClient, extra: dict[str, Any]
) -> None:
    room, ana = create_table(client, seats=["greedy"])
    with client.websocket_connect(f"/ws/{room}") as a:
        hello(a, ana)
        message = {"type": "offer_rematch", "link": "a" * 28, "id": 1} | extra
        assert answer_to(a, message)["type"] in ("error", "refused")
