"""The chat through the real app's websockets (docs/rules.md, C1-C5): two players and a
spectator of a Boggle room and of a Topword table, a public room's set phrases, the
host's switch, the rate on the server's clock, and hostile messages that change nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest
from starlette.testclient import TestClient, WebSocketTestSession

from motamot.server.kinds import Opened
from motamot.server.links import room_of
from motamot.service.boggle.settings import BoggleSettings
from motamot.service.ports import ManualClock
from motamot.service.rooms.chat import MAX_CHARS, RATE_COUNT, RATE_SECONDS
from motamot.service.topword.settings import TopwordSettings
from tests.server.helpers import create, hello, join, of_type, send, until
from tests.web.topword.test_topword_ws import create_table

Message = dict[str, Any]


def said(message: Message) -> bool:
    return message["type"] in ("events", "ack") and any(
        event["type"] == "room.chat_said" for event in message["events"]
    )


def chat_event(socket: WebSocketTestSession) -> Message:
    """The next `room.chat_said` this socket is sent."""
    message = until(socket, said)
    found: Message = next(e for e in message["events"] if e["type"] == "room.chat_said")
    return found


def refusal(socket: WebSocketTestSession, message: Message) -> Message:
    send(socket, message)
    answer: Message = until(socket, lambda m: m["type"] in ("refused", "error", "ack"))
    return answer


def view_of(socket: WebSocketTestSession) -> Message:
    send(socket, {"type": "resync", "last_seq": 0})
    view: Message = until(socket, of_type("welcome"))["view"]
    return view


def open_public(client: TestClient, room_settings: Any) -> Opened:
    """A public room (strangers' talk: set phrases only), opened as the lobby would."""
    rooms = client.app.state.rooms  # type: ignore[attr-defined]
    opened = client.portal.call(rooms.open, room_settings, "Ana")  # type: ignore[union-attr]
    assert isinstance(opened, Opened)
    return opened


@pytest.mark.parametrize("kind", ["boggle", "topword"])
def test_c1_two_players_talk_and_a_spectator_reads(client: TestClient, kind: str) -> None:
    if kind == "boggle":
        room, ana = create(client, duration=60)
    else:
        room, ana = create_table(client)
    bob = join(client, room, "Bob")
    watch = room_of(room)  # the watch link: the room's id without its invitation
    with (
        client.websocket_connect(f"/ws/{room}") as a,
        client.websocket_connect(f"/ws/{room}") as b,
        client.websocket_connect(f"/ws/{watch}") as spectator,
    ):
        assert hello(a, ana)["view"]["chat"] == {"on": True, "public": False, "lines": []}
        hello(b, bob)
        hello(spectator, None)
        attack = '<img src=x onerror="alert(1)">\u202e'
        send(a, {"type": "say", "text": f"  salut Bob  {attack}", "id": 7})
        ack = until(a, of_type("ack"))
        assert ack["id"] == 7
        (mine,) = ack["events"]
        assert mine["text"] == 'salut Bob <img src=x onerror="alert(1)">'
        assert chat_event(b) == mine == chat_event(spectator)
        send(b, {"type": "say_phrase", "phrase": "thanks", "id": 1})
        phrase = chat_event(a)
        assert (phrase["seat"], phrase["phrase"]) == ("s2", "thanks") and "text" not in phrase
        answer = refusal(spectator, {"type": "say", "text": "je regarde", "id": 3})
        assert (answer["type"], answer["code"]) == ("refused", "no_seat")
        lines = view_of(spectator)["chat"]["lines"]
        assert [line.get("text", line.get("phrase")) for line in lines] == [
            mine["text"],
            "thanks",
        ]
    with client.websocket_connect(f"/ws/{room}") as again:  # a reload: the history is there
        assert len(hello(again, bob)["view"]["chat"]["lines"]) == 2


def test_c2_the_rate_is_the_rooms_on_the_servers_clock(
    client: TestClient, clock: ManualClock
) -> None:
    room, ana = create(client, duration=60)
    with client.websocket_connect(f"/ws/{room}") as a:
        hello(a, ana)
        for n in range(RATE_COUNT):
            send(a, {"type": "say", "text": f"m{n}", "id": n + 1})
            assert until(a, of_type("ack"))["id"] == n + 1
        answer = refusal(a, {"type": "say", "text": "encore", "id": 9})
        assert answer["code"] == "chat_too_fast"
        assert answer["text"] == "trop de messages, attendez un peu"
        assert answer["fields"] == {"wait": 10}
        clock.advance(RATE_SECONDS)
        send(a, {"type": "say", "text": "encore", "id": 10})
        assert until(a, of_type("ack"))["events"][0]["text"] == "encore"


def test_c2_c5_refusals_in_the_players_language(client: TestClient) -> None:
    room, ana = create(client, duration=60)
    bob = join(client, room, "Bob")
    with client.websocket_connect(f"/ws/{room}") as a, client.websocket_connect(f"/ws/{room}") as b:
        hello(a, ana)
        send(b, {"type": "hello", "token": bob, "lang": "en"})
        until(b, of_type("welcome"))
        answer = refusal(b, {"type": "say", "text": "y" * (MAX_CHARS + 1), "id": 1})
        assert answer["text"] == f"message too long (at most {MAX_CHARS} characters)"
        answer = refusal(b, {"type": "switch_chat", "on": False, "id": 2})
        assert answer["code"] == "not_host"
        send(a, {"type": "switch_chat", "on": False, "id": 3})
        switched = until(a, of_type("ack"))["events"]
        assert switched == [
            {"type": "room.chat_switched", "seq": switched[0]["seq"], "on": False, "seat": "s1"}
        ]
        answer = refusal(b, {"type": "say_phrase", "phrase": "hello", "id": 4})
        assert (answer["code"], answer["text"]) == ("chat_off", "the host has turned the chat off")
        assert view_of(b)["chat"]["on"] is False


def test_c3_a_public_room_hears_set_phrases_only(client: TestClient) -> None:
    opened = open_public(client, BoggleSettings(public=True))
    with client.websocket_connect(f"/ws/{opened.room}") as a:
        assert hello(a, opened.token)["view"]["chat"]["public"] is True
        answer = refusal(a, {"type": "say", "text": "coucou", "id": 1})
        assert answer["code"] == "chat_phrases_only"
        assert answer["text"] == "salle publique : seulement des phrases toutes faites"
        send(a, {"type": "say_phrase", "phrase": "good_game", "id": 2})
        assert until(a, of_type("ack"))["events"][0]["phrase"] == "good_game"


def test_c3_a_public_topword_table_too(client: TestClient) -> None:
    opened = open_public(client, TopwordSettings(public=True))
    with client.websocket_connect(f"/ws/{opened.room}") as a:
        assert hello(a, opened.token)["view"]["kind"] == "topword"
        assert refusal(a, {"type": "say", "text": "coucou", "id": 1})["code"] == (
            "chat_phrases_only"
        )


def test_c4_during_a_round_free_text_is_refused(client: TestClient) -> None:
    room, ana = create(client, duration=60)
    with client.websocket_connect(f"/ws/{room}") as a:
        hello(a, ana)
        send(a, {"type": "start", "id": 1})
        until(a, of_type("ack"))
        answer = refusal(a, {"type": "say", "text": "RAT en haut", "id": 2})
        assert answer["code"] == "chat_phrases_in_round"
        send(a, {"type": "say_phrase", "phrase": "good_luck", "id": 3})
        assert until(a, of_type("ack"))["id"] == 3


@pytest.mark.parametrize(
    "hostile",
    [
        {"type": "say", "text": 42},
        {"type": "say", "text": None},
        {"type": "say", "text": ["a", "b"]},
        {"type": "say", "text": {"html": "<b>"}},
        {"type": "say"},
        {"type": "say", "text": "a", "extra": 1},
        {"type": "say", "text": "x" * 1001},
        {"type": "say", "text": "\ud800"},  # a lone surrogate, escaped: no text at all
        {"type": "say_phrase", "phrase": 3},
        {"type": "say_phrase", "phrase": "x" * 33},
        {"type": "say_phrase"},
        {"type": "switch_chat", "on": "off"},
        {"type": "switch_chat", "on": 0},
        {"type": "switch_chat"},
    ],
)
def test_hostile_chat_messages_get_an_error_and_change_nothing(
    client: TestClient, hostile: Message
) -> None:
    room, ana = create(client, duration=60)
    with client.websocket_connect(f"/ws/{room}") as a:
        before = hello(a, ana)["view"]
        answer = refusal(a, {**hostile, "id": 5})
        assert answer["type"] == "error" and answer["code"] == "malformed"
        assert view_of(a) == before


@pytest.mark.parametrize(
    ("message", "code"),
    [
        ({"type": "say_phrase", "phrase": "bonjour"}, "chat_unknown_phrase"),
        ({"type": "say_phrase", "phrase": "<script>"}, "chat_unknown_phrase"),
        ({"type": "say_phrase", "phrase": ""}, "chat_unknown_phrase"),
        ({"type": "say", "text": ""}, "chat_empty"),
        ({"type": "say", "text": "\u202e\u200f\x00\n"}, "chat_empty"),
        ({"type": "say", "text": "é" * (MAX_CHARS + 1)}, "chat_too_long"),
    ],
)
def test_chat_messages_the_room_refuses_change_nothing(
    client: TestClient, message: Message, code: str
) -> None:
    room, ana = create(client, duration=60)
    with client.websocket_connect(f"/ws/{room}") as a:
        before = hello(a, ana)["view"]
        raw = json.dumps({**message, "id": 5})
        a.send_text(raw)
        answer = until(a, lambda m: m["type"] in ("refused", "error", "ack"))
        assert (answer["type"], answer["code"]) == ("refused", code)
        assert view_of(a) == before
