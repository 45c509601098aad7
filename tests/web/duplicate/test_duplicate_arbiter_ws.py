"""D7 through the real app: the arbiter's messages on a socket. The arbiter (and a second
browser of theirs) decides; a player, a spectator, another room's arbiter and malformed
values are refused, in words, and change nothing stored."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import WebSocketTestSession

from tests.server.helpers import hello, join, of_type, send, until
from tests.server.stored import stored_server
from tests.server.test_ws_fuzz import roomy_credits
from tests.web.duplicate.test_duplicate_ws import create_duplicate, view_of

__all__ = ["roomy_credits"]  # the fixture, used by name

Message = dict[str, Any]
ANSWERS = ("ack", "refused", "error")


def answer(socket: WebSocketTestSession, message: Message, number: int) -> Message:
    send(socket, {"id": number, **message})
    return until(socket, lambda m: m["type"] in ANSWERS)


def arbiter_messages(seat: str) -> list[Message]:
    return [
        {"type": "arbiter_pause", "reason": "bruit"},
        {"type": "arbiter_resume"},
        {"type": "arbiter_add_time", "seconds": 30},
        {"type": "arbiter_cancel_turn", "reason": "tirage mal lu"},
        {"type": "arbiter_correct", "seat": seat, "turn": 1, "points": 12, "reason": "r"},
        {"type": "arbiter_exclude", "seat": seat},
        {"type": "arbiter_reinstate", "seat": seat},
        {"type": "arbiter_seat_paper", "name": "Dan"},
        {"type": "arbiter_enter_move", "seat": seat, "move": "H4 MOT"},
        {"type": "arbiter_end_game"},
    ]


MALFORMED: list[Message] = [
    {"type": "arbiter_add_time", "seconds": 0},
    {"type": "arbiter_add_time", "seconds": 10**6},
    {"type": "arbiter_add_time", "seconds": "30"},
    {"type": "arbiter_add_time"},
    {"type": "arbiter_correct", "seat": "s2", "turn": 0, "points": 3},
    {"type": "arbiter_correct", "seat": "s2", "turn": 1, "points": -3},
    {"type": "arbiter_correct", "seat": "s2", "turn": 1, "points": 10**9},
    {"type": "arbiter_correct", "seat": "../s2", "turn": 1, "points": 3},
    {"type": "arbiter_exclude", "seat": ["s2"]},
    {"type": "arbiter_exclude", "seat": "s2", "reason": "x" * 5000},
    {"type": "arbiter_pause", "reason": 7},
    {"type": "arbiter_pause", "by": "s1"},
    {"type": "arbiter_enter_move", "seat": "s2", "move": "5E " + "A" * 100},
    {"type": "arbiter_seat_paper", "name": ""},
]


@pytest.mark.usefixtures("roomy_credits")
def test_d7_only_the_arbiter_s_socket_decides_and_hostile_ones_change_nothing() -> None:
    with stored_server() as server:
        client = server.client
        room, arb = create_duplicate(client, "Arbitre", turn_seconds=60, arbiter=True)
        bob = join(client, room, "Bob")
        other, other_arb = create_duplicate(client, "Zoé", arbiter=True)
        with (
            client.websocket_connect(f"/ws/{room}") as s1,
            client.websocket_connect(f"/ws/{room}") as s2,
            client.websocket_connect(f"/ws/{room}") as watch,
        ):
            hello(s1, arb)
            hello(s2, bob)
            hello(watch, None)
            assert answer(s1, {"type": "arbiter_seat_paper", "name": "Cat"}, 1)["type"] == "ack"
            assert answer(s1, {"type": "start"}, 2)["type"] == "ack"
            view = view_of(watch)
            assert view["arbiter"] == "s1" and view["paper"] == ["s3"]
            assert [s["seat"] for s in view["game"]["standings"]] == ["s2", "s3"]
            before = server.snapshot()
            number = 10
            for socket, code in ((s2, "not_arbiter"), (watch, "no_seat")):
                for message in arbiter_messages("s2"):
                    number += 1
                    got = answer(socket, message, number)
                    assert (got["type"], got["code"]) == ("refused", code), (message, got)
                    assert got["text"]
            for message in MALFORMED:
                number += 1
                got = answer(s1, message, number)
                assert got["type"] == "error" and got["text"], (message, got)
            refusals: list[tuple[Message, str]] = [
                ({"type": "arbiter_correct", "seat": "s2", "turn": 5, "points": 3}, "no_such_turn"),
                ({"type": "arbiter_exclude", "seat": "s1"}, "no_such_player"),
                ({"type": "arbiter_exclude", "seat": "s9"}, "no_such_player"),
                ({"type": "arbiter_resume"}, "not_paused"),
                ({"type": "arbiter_seat_paper", "name": "Dan"}, "game_started"),
                ({"type": "play", "move": "H4 MOT"}, "arbiter_does_not_play"),
            ]
            for message, code in refusals:
                number += 1
                got = answer(s1, message, number)
                assert (got["type"], got["code"]) == ("refused", code), (message, got)
                assert got["text"]
            assert server.snapshot() == before
            with client.websocket_connect(f"/ws/{room}") as again:  # a second browser
                hello(again, arb)  # takes the seat's socket over
                pause = {"type": "arbiter_pause", "reason": "panne"}
                assert answer(again, pause, 90)["type"] == "ack"
                got = answer(again, pause, 91)  # sent twice: once is enough
                assert (got["type"], got["code"]) == ("refused", "already_paused")
            paused = view_of(s2)["game"]
            assert paused["paused_left"] == 60 and paused["deadline"] is None
            assert view_of(watch)["decisions"][-1]["reason"] == "panne"
        with client.websocket_connect(f"/ws/{room}") as foreign:
            send(foreign, {"type": "hello", "token": other_arb, "last_seq": 0})
            assert until(foreign, of_type("error"))["code"] == "bad_token"
        with client.websocket_connect(f"/ws/{other}") as theirs:
            hello(theirs, other_arb)
            got = answer(theirs, {"type": "arbiter_resume"}, 1)  # their own room: no game
            assert (got["type"], got["code"]) == ("refused", "game_not_started")


def test_d7_d8_d9_the_form_s_arbiter_pause_and_solo_are_checked_before_anything_is_stored() -> None:
    with stored_server() as server:
        client = server.client
        for bad in (
            {"arbiter": "yes"},
            {"arbiter": 1},
            {"pause_seconds": -1},
            {"pause_seconds": 601},
            {"pause_seconds": "10"},
            {"pause_seconds": 1e300},
            {"solo_bonus": -1},
            {"solo_bonus": 101},
            {"solo_bonus": 2.5},
        ):
            got = client.post("/api/duplicate", json={"name": "Ana", **bad})
            assert 400 <= got.status_code < 500 and got.json()["text"], (bad, got.text)
        assert server.snapshot() == {}
        room, token = create_duplicate(client, arbiter=True, pause_seconds=30, solo_bonus=10)
        with client.websocket_connect(f"/ws/{room}") as socket:
            view = hello(socket, token)["view"]
        assert view["arbiter"] == "s1" and view["settings"]["pause_seconds"] == 30
        assert view["settings"]["arbiter"] is True and view["settings"]["solo_bonus"] == 10
