"""The server through its real ASGI app: HTTP to create and join, a websocket per seat.

Rooms are created with a fixed seed (the "same grid later" setting), so the
grid is known and the solver gives the words to play; time is a manual clock.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from starlette.testclient import TestClient, WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from motamot.server.links import room_of
from motamot.server.protocol import MAX_MESSAGE_BYTES
from motamot.service.boggle.room import BoggleRoom
from motamot.service.boggle.settings import BoggleSettings
from motamot.service.ports import ManualClock
from motamot.service.rooms.host import cached_lexicons
from motamot.service.rooms.shown import frame_json
from tests.server.helpers import (
    create,
    event_of,
    grid_words,
    hello,
    join,
    of_type,
    send,
    until,
)

SEED = 2024


def start_round(socket: WebSocketTestSession, request: int = 1) -> dict[str, Any]:
    """The host starts a round; the round_started event."""
    send(socket, {"type": "start", "id": request})
    ack = until(socket, of_type("ack"))
    started: dict[str, Any] = next(e for e in ack["events"] if e["type"] == "boggle.round_started")
    return started


def test_join_word_and_instant_verdicts(client: TestClient) -> None:
    room, ana = create(client, duration=60, seed=SEED)
    with client.websocket_connect(f"/ws/{room}") as socket:
        welcome = hello(socket, ana)
        assert welcome["type"] == "welcome" and welcome["seat"] == "s1"
        assert welcome["view"]["host"] == "s1"
        started = start_round(socket)
        assert "seed" not in started  # hidden until the round ends (it gives the bots' words)
        word = grid_words(started["grid"])[0]
        send(socket, {"type": "word", "text": word.lower(), "id": 2})
        ack = until(socket, of_type("ack"))
        verdict = ack["events"][0]
        assert ack["id"] == 2 and verdict["feedback"] == "accepted" and verdict["points"] > 0
        assert verdict["word"] == word and verdict["path"]
        send(socket, {"type": "word", "text": "zzzq", "id": 3})  # B12: the grid first
        assert until(socket, of_type("ack"))["events"][0]["feedback"] == "no_path"
        send(socket, {"type": "word", "text": word, "id": 4})
        refused = until(socket, of_type("refused"))
        assert refused["id"] == 4 and refused["code"] == "duplicate_entry"
        assert refused["text"] == f"déjà écrit : {word}"


def test_verify_at_end_says_only_written(client: TestClient) -> None:
    room, ana = create(client, duration=60, seed=SEED, verify_at_end=True)
    with client.websocket_connect(f"/ws/{room}") as socket:
        hello(socket, ana)
        started = start_round(socket)
        send(socket, {"type": "word", "text": grid_words(started["grid"])[0], "id": 2})
        verdict = until(socket, of_type("ack"))["events"][0]
        assert verdict["feedback"] == "written" and "points" not in verdict


def test_a_word_after_the_deadline_is_refused_and_the_player_told(
    client: TestClient, clock: ManualClock
) -> None:
    room, ana = create(client, duration=30, seed=SEED)
    with client.websocket_connect(f"/ws/{room}") as socket:
        hello(socket, ana)
        started = start_round(socket)
        clock.advance(30.5)
        send(socket, {"type": "word", "text": grid_words(started["grid"])[0], "id": 2})
        refused = until(socket, of_type("refused"))
        assert refused["code"] == "after_deadline"
        assert refused["text"] == "trop tard : la manche est finie"


def test_b11_common_words_crossed_out_across_three_players(client: TestClient) -> None:
    room, ana = create(client, duration=60, seed=SEED)
    bob = join(client, room, "Bob")
    cleo = join(client, room, "Cléo")
    with (
        client.websocket_connect(f"/ws/{room}") as a,
        client.websocket_connect(f"/ws/{room}") as b,
        client.websocket_connect(f"/ws/{room}") as c,
    ):
        for socket, token in ((a, ana), (b, bob), (c, cleo)):
            hello(socket, token)
        words = grid_words(start_round(a)["grid"])
        everyone, two, alone = words[0], words[1], words[2]
        plays = {a: [everyone, two, alone], b: [everyone, two], c: [everyone]}
        for socket, texts in plays.items():
            for number, text in enumerate(texts, 10):
                send(socket, {"type": "word", "text": text, "id": number})
                until(socket, of_type("ack"))
        send(a, {"type": "stop", "id": 99})
        ended = until(c, event_of("round_ended"))
        result = next(e for e in ended["events"] if e["type"] == "boggle.round_ended")["result"]
        sheets = {p["player"]: {e["word"]: e for e in p["entries"]} for p in result["players"]}
        assert sheets["Ana"][everyone]["status"] == "crossed"
        assert sorted(sheets["Ana"][everyone]["crossed_by"]) == ["Bob", "Cléo"]
        assert sheets["Cléo"][everyone]["crossed_by"] == ["Ana", "Bob"]
        assert sheets["Bob"][two]["crossed_by"] == ["Ana"]
        assert sheets["Ana"][alone]["status"] == "scored"
        assert result["winners"] == ["Ana"]
        assert all(m["word"] not in (everyone, two, alone) for m in result["missed"])


def test_others_see_counts_and_spectators_see_no_words(client: TestClient) -> None:
    room, ana = create(client, duration=60, seed=SEED)
    bob = join(client, room, "Bob")
    with (
        client.websocket_connect(f"/ws/{room}") as a,
        client.websocket_connect(f"/ws/{room}") as b,
        client.websocket_connect(f"/ws/{room}") as spectator,
    ):
        hello(a, ana)
        hello(b, bob)
        hello(spectator, None)
        word = grid_words(start_round(a)["grid"])[0]
        send(a, {"type": "word", "text": word, "id": 2})
        for socket in (b, spectator):
            seen = until(socket, event_of("word_written"))
            shown = json.dumps(seen)
            assert word not in shown and word.lower() not in shown
            assert seen["events"][0]["count"] == 1
        # a fresh view during the round holds no other seat's words either
        send(spectator, {"type": "resync", "last_seq": 0})
        view = until(spectator, of_type("welcome"))["view"]
        assert word not in json.dumps(view) and "seed" not in json.dumps(view["round"])
        send(spectator, {"type": "word", "text": word, "id": 3})
        assert until(spectator, of_type("refused"))["code"] == "no_seat"


def test_resync_after_a_gap_sends_exactly_the_missed_events(client: TestClient) -> None:
    room, ana = create(client, duration=60, seed=SEED)
    bob = join(client, room, "Bob")
    with client.websocket_connect(f"/ws/{room}") as a:
        hello(a, ana)
        words = grid_words(start_round(a)["grid"])
        with client.websocket_connect(f"/ws/{room}") as b:
            held = hello(b, bob)["view"]["seq"]
        for number, text in enumerate(words[:3], 2):  # Bob is away: a gap of 3 events
            send(a, {"type": "word", "text": text, "id": number})
            until(a, of_type("ack"))
        with client.websocket_connect(f"/ws/{room}") as b:
            caught_up = hello(b, bob, last_seq=held)
        assert caught_up["type"] == "events"
        assert [e["seq"] for e in caught_up["events"]] == [held + 1, held + 2, held + 3]
        assert [e["count"] for e in caught_up["events"]] == [1, 2, 3]
        # a client too far behind or ahead gets its full view instead
        with client.websocket_connect(f"/ws/{room}") as b:
            assert hello(b, bob, last_seq=held + 100)["type"] == "welcome"


def test_reconnect_mid_round_keeps_the_players_words(client: TestClient) -> None:
    room, ana = create(client, duration=60, seed=SEED)
    with client.websocket_connect(f"/ws/{room}") as a:
        hello(a, ana)
        words = grid_words(start_round(a)["grid"])[:2]
        for number, text in enumerate(words, 2):
            send(a, {"type": "word", "text": text, "id": number})
            until(a, of_type("ack"))
    with client.websocket_connect(f"/ws/{room}") as a:
        view = hello(a, ana)["view"]
    assert [w["word"] for w in view["round"]["words"]] == words
    assert all(w["feedback"] == "accepted" for w in view["round"]["words"])


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        ("{not json", "malformed"),
        ("[1, 2]", "malformed"),
        ('{"type": "word"}', "malformed"),
        ('{"type": "word", "text": 12}', "malformed"),
        ('{"type": "word", "text": "a", "extra": 1}', "malformed"),
        ('{"type": "launch_missiles"}', "malformed"),
        ('{"type": "word", "text": "' + "A" * 100 + '"}', "malformed"),
        ('{"type": "ping", "c": "' + "x" * MAX_MESSAGE_BYTES + '"}', "too_big"),
    ],
)
def test_a_bad_message_gets_an_error_and_changes_nothing(
    client: TestClient, frame: str, code: str
) -> None:
    room, ana = create(client, duration=60, seed=SEED)
    with client.websocket_connect(f"/ws/{room}") as socket:
        seq = hello(socket, ana)["view"]["seq"]
        socket.send_text(frame)
        error = until(socket, of_type("error"))
        assert error["code"] == code and error["text"]
        socket.send_bytes(b"\x00\x01")
        assert until(socket, of_type("error"))["code"] == "malformed"
        send(socket, {"type": "ping", "c": 1.0})
        assert until(socket, of_type("pong"))["c"] == 1.0  # still connected
        send(socket, {"type": "resync", "last_seq": 0})
        assert until(socket, of_type("welcome"))["view"]["seq"] == seq


def test_a_flood_is_throttled_then_closed_with_1008(client: TestClient) -> None:
    room, ana = create(client, duration=60, seed=SEED)
    with client.websocket_connect(f"/ws/{room}") as socket:
        hello(socket, ana)
        with pytest.raises(WebSocketDisconnect) as closed:
            for _ in range(500):
                send(socket, {"type": "ping", "c": 0})
            while True:
                socket.receive_json()
        assert closed.value.code == 1008


def test_every_seat_action_needs_the_seats_token(client: TestClient) -> None:
    room, _ = create(client, duration=60, seed=SEED)
    bob = join(client, room, "Bob")
    with client.websocket_connect(f"/ws/{room}") as stranger:
        hello(stranger, None)
        actions: list[dict[str, Any]] = [
            {"type": "start"},
            {"type": "word", "text": "mot"},
            {"type": "ready", "ready": True},
            {"type": "add_bot", "level": "expert"},
            {"type": "leave"},
        ]
        for number, message in enumerate(actions):
            send(stranger, {**message, "id": number})
            assert until(stranger, of_type("refused"))["code"] == "no_seat"
    with client.websocket_connect(f"/ws/{room}") as forger:
        send(forger, {"type": "hello", "token": "x" * 32})
        assert until(forger, of_type("error"))["code"] == "bad_token"
        with pytest.raises(WebSocketDisconnect) as closed:
            forger.receive_json()
        assert closed.value.code == 4403
    with client.websocket_connect(f"/ws/{room}") as b:
        assert hello(b, bob)["seat"] == "s2"
        send(b, {"type": "start", "id": 1})
        assert until(b, of_type("refused"))["code"] == "not_host"  # host actions checked here


def test_tokens_are_secret_and_never_shown(client: TestClient) -> None:
    room, ana = create(client, duration=60, seed=SEED)
    join(client, room, "Bob")
    with client.websocket_connect(f"/ws/{room}") as spectator:
        view = hello(spectator, None)["view"]
    text = json.dumps(view)
    assert ana not in text and "digest" not in text


def test_the_first_message_must_be_hello(client: TestClient) -> None:
    room, ana = create(client, duration=60, seed=SEED)
    with client.websocket_connect(f"/ws/{room}") as socket:
        send(socket, {"type": "word", "text": "mot"})
        assert until(socket, of_type("error"))["code"] == "hello_first"
        assert hello(socket, ana)["seat"] == "s1"


def test_an_unknown_room_closes_the_socket(client: TestClient) -> None:
    with (
        client.websocket_connect("/ws/nosuchroom") as socket,
        pytest.raises(WebSocketDisconnect) as closed,
    ):
        socket.receive_json()
    assert closed.value.code == 4404


def test_play_the_same_grid_later_from_the_link(client: TestClient) -> None:
    room, ana = create(client, duration=60)
    with client.websocket_connect(f"/ws/{room}") as socket:
        hello(socket, ana)
        grid = start_round(socket)["grid"]
        send(socket, {"type": "stop", "id": 2})
        ended = until(socket, event_of("round_ended"))
    result = next(e for e in ended["events"] if e["type"] == "boggle.round_ended")["result"]
    link = f"/?preset=classic-fr&duration=60&seed={result['seed']}&from={room}"
    page = client.get(link)
    assert 'id="same-grid-note"' in page.text and str(result["seed"]) in page.text
    again, friend = create(client, name="Zoé", duration=60, seed=result["seed"], origin=room)
    with client.websocket_connect(f"/ws/{again}") as socket:
        view = hello(socket, friend)["view"]
        assert view["settings"]["origin"] == room_of(room)  # the id alone, never the invitation
        assert start_round(socket)["grid"] == grid


def test_seeds_fixed_in_advance_are_never_shown(client: TestClient) -> None:
    room, ana = create(client, duration=60, seed=SEED)
    with client.websocket_connect(f"/ws/{room}") as socket:
        view = hello(socket, ana)["view"]
    assert "seeds" not in view["settings"] and str(SEED) not in json.dumps(view)
    made = BoggleRoom.create("r", BoggleSettings(seeds=(SEED,)), 0.0, cached_lexicons())
    assert isinstance(made, BoggleRoom)
    assert str(SEED) not in json.dumps(frame_json(made.visible(made.created, None) or {}))
