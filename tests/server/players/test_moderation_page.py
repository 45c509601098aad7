"""The operators' page (issue 36) through the real app: 403 for anybody but a signed-in
operator (signed out, a player, a browser with an operator's name but no session), in
French by default and English; open reports with the lines said around the reported
person and every reason; each action (remove a message, remove a person, close a room,
ban and let back, close reports) stored as the room's event where it touches a room,
told to the sockets at once, logged with the operator's name; hostile forms answered 4xx
and changing nothing."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from motamot.server.players.visitors import Players
from motamot.service.ports import ManualClock
from tests.server.helpers import create, hello, join, of_type, send, server, until
from tests.server.players.helpers import call, players_store, post_form, sign_up, token
from tests.server.test_moderation import browser, closed_with, player_of

Message = dict[str, Any]


@pytest.fixture
def client() -> Iterator[TestClient]:
    with server(ManualClock()) as client:
        players: Players = client.app.state.players  # type: ignore[attr-defined]
        players.bans.poll = 600.0  # a ban is seen here at once, not by the look every 2 s
        yield client


def operator(client: TestClient, name: str = "Claire") -> TestClient:
    """A browser signed in to an account named operator."""
    modo = browser(client)
    assert sign_up(modo, name).status_code == 303
    store = players_store(client)
    account = call(client, store.account_by_key, name.lower())
    assert account is not None
    assert call(client, store.add_operator, account.player, name, 0.0)
    return modo


def act(modo: TestClient, **fields: str) -> Any:
    """Post an action as its question's « Oui » does (ASKED ones are asked first)."""
    return post_form(modo, "/moderation", confirm="yes", **fields)


def say(socket: Any, text: str) -> Message:
    send(socket, {"type": "say", "text": text, "id": 1})
    ack: Message = until(socket, of_type("ack"))
    event: Message = ack["events"][0]
    return event


def error_code(socket: Any) -> str:
    code: str = until(socket, of_type("error"))["code"]
    return code


def actions(client: TestClient) -> list[tuple[str, str, str]]:
    store = players_store(client)
    return [(a.operator, a.action, a.target) for a in call(client, store.actions, 20)]


def test_the_page_is_forbidden_to_anybody_but_a_signed_in_operator(client: TestClient) -> None:
    assert client.get("/moderation").status_code == 403
    assert "réservée aux opérateurs" in client.get("/moderation").text
    assert "for the server" in client.get("/moderation?lang=en").text
    player = browser(client)
    sign_up(player, "Joueur")
    assert player.get("/moderation").status_code == 403
    good = token(player, "/compte")
    room, _ = create(client, "Ana")
    refused = player.post(
        "/moderation",
        data={"csrf": good, "action": "room.close", "room": room[:16]},
        follow_redirects=False,
    )
    assert refused.status_code == 403
    assert client.post(f"/api/rooms/{room}/join", json={"name": "Bob"}).status_code == 200
    assert 'href="/moderation"' not in player.get("/compte").text  # no link for a player
    modo = operator(client)
    assert 'href="/moderation">Modération</a>' in modo.get("/compte").text
    page = modo.get("/moderation")
    assert page.status_code == 200 and "<h1>Modération</h1>" in page.text
    assert "Aucun signalement ouvert." in page.text
    assert "<h1>Moderation</h1>" in modo.get("/moderation?lang=en").text
    modo.post("/compte/deconnexion", data={"csrf": token(modo, "/compte")})
    assert modo.get("/moderation").status_code == 403  # signed out: nobody


def test_a_report_a_removed_line_a_removed_player_a_ban_and_a_closed_room(
    client: TestClient,
) -> None:
    room, ana = create(client, "Ana")
    troll_browser, bob_browser = browser(client), browser(client)
    troll, bob = join(troll_browser, room, "Troll"), join(bob_browser, room, "Bob")
    modo = operator(client)
    with (
        client.websocket_connect(f"/ws/{room}") as a,
        client.websocket_connect(f"/ws/{room}") as t,
        client.websocket_connect(f"/ws/{room}") as b,
    ):
        hello(a, ana), hello(t, troll), hello(b, bob)
        say(a, "bonjour")
        bad = say(t, "<b>insulte</b>")
        path = f"/api/rooms/{room}/report"
        bob_browser.post(path, json={"seat": "s2", "reason": "offensive_name"})
        bob_browser.post(path, json={"seat": "s2", "reason": "behaviour"})
        page = modo.get("/moderation").text
        assert "&lt;b&gt;insulte&lt;/b&gt;" in page and "<b>insulte" not in page
        assert "Nom injurieux ou choquant (1)" in page and "Autre comportement déplacé (1)" in page
        assert "Troll" in page and "<bdi>Bob</bdi>" in page  # who reported
        # the line removed: stored as the room's event, told to every socket
        done = act(modo, action="chat.remove", room=room[:16], said=str(bad["seq"]))
        assert (
            done.status_code == 303 and done.headers["location"] == "/moderation?fait=chat.remove"
        )
        removed = until(
            b, lambda m: m["type"] == "events" and m["events"][-1]["type"] == "room.chat_removed"
        )["events"][-1]
        assert removed == {"type": "room.chat_removed", "seq": bad["seq"] + 1, "said": bad["seq"]}
        page = modo.get("/moderation?fait=chat.remove").text
        assert "Message retiré." in page and "message retiré par la modération" in page
        again = act(modo, action="chat.remove", room=room[:16], said=str(bad["seq"]))
        assert again.status_code == 409 and "déjà été retiré" in again.text
        # the person removed: their socket told by whom, and closed
        assert act(modo, action="player.remove", room=room[:16], seat="s2").status_code == 303
        assert error_code(t) == "moderated"
        assert closed_with(t) == 4410
    with client.websocket_connect(f"/ws/{room}") as b, client.websocket_connect(f"/ws/{room}") as a:
        hello(b, bob), hello(a, ana)
        # Bob banned from the page: his socket closed at once (this process read it now)
        bob_player = player_of(client, room, "s3")
        assert bob_player is not None
        assert act(modo, action="ban", target=bob_player).status_code == 303
        assert error_code(b) == "banned" and closed_with(b) == 4451
        assert bob_browser.post(f"/api/rooms/{room}/join", json={"name": "B2"}).status_code == 403
        assert act(modo, action="unban", target=bob_player).status_code == 303
        # the room closed: every socket told and closed, a new one refused, no one joins
        assert act(modo, action="room.close", room=room[:16]).status_code == 303
        assert error_code(a) == "room_closed" and closed_with(a) == 4452
    with client.websocket_connect(f"/ws/{room}") as late:
        send(late, {"type": "hello", "token": None, "last_seq": 0})
        assert error_code(late) == "room_closed" and closed_with(late) == 4452
    assert browser(client).post(f"/api/rooms/{room}/join", json={"name": "Cy"}).status_code >= 400
    assert act(modo, action="reports.close", player="", key="troll").status_code == 404
    troll_player = str(call(client, players_store(client).reports)[0].player)
    assert act(modo, action="reports.close", player=troll_player).status_code == 303
    assert "Aucun signalement ouvert." in modo.get("/moderation").text
    assert [(who, what) for who, what, _ in actions(client)] == [
        ("Claire", "reports.close"),
        ("Claire", "room.close"),
        ("Claire", "unban"),
        ("Claire", "ban"),
        ("Claire", "player.remove"),
        ("Claire", "chat.remove"),
    ]


def test_hostile_forms_are_refused_and_change_nothing(client: TestClient) -> None:
    room, _ = create(client, "Ana")
    modo = operator(client)
    cases: list[tuple[dict[str, str], int]] = [
        ({}, 400),
        ({"action": "drop_tables"}, 400),
        ({"action": "chat.remove", "room": room[:16]}, 400),
        ({"action": "chat.remove", "room": room[:16], "said": "abc"}, 400),
        ({"action": "chat.remove", "room": room[:16], "said": "-1"}, 400),
        ({"action": "chat.remove", "room": room[:16], "said": "٣"}, 400),
        ({"action": "chat.remove", "room": room[:16], "said": "9" * 40}, 400),
        ({"action": "chat.remove", "room": room[:16], "said": "1"}, 409),  # not a message
        ({"action": "chat.remove", "room": "x", "said": "2"}, 404),
        ({"action": "chat.remove", "room": "A" * 16, "said": "2"}, 404),
        ({"action": "player.remove", "room": room[:16], "seat": "s" * 17}, 400),
        ({"action": "player.remove", "room": room[:16], "seat": "s9"}, 409),
        ({"action": "room.close", "room": "é" * 16}, 404),
        ({"action": "ban", "target": "Personne"}, 404),
        ({"action": "ban", "target": ""}, 404),
        ({"action": "unban", "target": "Personne"}, 404),
        ({"action": "reports.close"}, 400),
        ({"action": "ban", "target": "Claire"}, 409),  # an operator, herself
    ]
    for fields, status in cases:
        answer = act(modo, **fields)
        assert answer.status_code == status, (fields, answer.status_code)
        assert re.search(r'role="alert"', answer.text), fields
    no_token = modo.post("/moderation", data={"action": "room.close", "room": room[:16]})
    assert no_token.status_code == 403
    assert actions(client) == []
    assert client.post(f"/api/rooms/{room}/join", json={"name": "Bob"}).status_code == 200


def test_a_ban_a_removal_and_a_closing_are_asked_once_more(client: TestClient) -> None:
    room, _ = create(client, "Ana")
    modo = operator(client)
    asked = post_form(modo, "/moderation", action="room.close", room=room[:16])
    assert asked.status_code == 200
    assert f"Fermer la salle {room[:16]} pour de bon ?" in asked.text
    assert 'name="confirm" value="yes"' in asked.text and 'id="question-no"' in asked.text
    hostile = post_form(modo, "/moderation", action="ban", target="x", label="<script>")
    assert "Exclure &lt;script&gt; du serveur ?" in hostile.text
    assert actions(client) == []  # nothing done: only asked
    assert client.post(f"/api/rooms/{room}/join", json={"name": "Bob"}).status_code == 200
    english = post_form(modo, "/moderation?lang=en", action="player.remove", room=room[:16])
    assert "Yes, remove" in english.text
    assert act(modo, action="room.close", room=room[:16]).status_code == 303
