"""T23 through the real app: a table set up for two takes two, by the players' link, by
the lobby's link, from a second browser; the create API refuses seats it cannot keep."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.server.helpers import hello, join
from tests.server.test_lobby_web import Lobby
from tests.web.topword.test_topword_ws import create_table


def seats_seen(client: TestClient, room: str) -> tuple[int, list[str]]:
    """The seats a spectator is told the table has, and the names seated."""
    with client.websocket_connect(f"/ws/{room}") as socket:
        view = hello(socket, None)["view"]
    return view["settings"]["seats"], [s["name"] for s in view["seats"] if s["present"]]


def test_t23_a_table_for_two_refuses_a_third_by_the_link_and_from_a_second_browser(
    client: TestClient,
) -> None:
    room, _ = create_table(client, seats=["person"], public=True)
    assert seats_seen(client, room) == (2, ["Ana"])
    join(client, room, "Bob")
    other_browser = TestClient(client.app)  # no cookie: another person to the server
    for who, name in [(client, "Cleo"), (other_browser, "Dan"), (other_browser, "Bob")]:
        answer = who.post(f"/api/rooms/{room}/join", json={"name": name})
        assert answer.status_code == 409, answer.text
        assert answer.json()["refused"] == "table_full"
        assert answer.json()["text"].startswith("cette table est complète\u00a0: ses 2 places")
        english = who.post(f"/api/rooms/{room}/join?lang=en", json={"name": name}).json()
        assert english["text"].startswith("this table is full")
    assert seats_seen(client, room) == (2, ["Ana", "Bob"])


@pytest.mark.parametrize(
    ("seats", "expected"),
    [(["person"], 2), (["greedy"], 2), (["person", "expert"], 3), (["person"] * 3, 4)],
)
def test_t23_the_seats_chosen_in_the_form_are_the_tables(
    client: TestClient, seats: list[str], expected: int
) -> None:
    room, _ = create_table(client, seats=seats)
    assert seats_seen(client, room)[0] == expected


HOSTILE_SEATS: list[Any] = [[], ["person"] * 4, [""], ["robot"], [1], "person", None, [None]]


@pytest.mark.parametrize("seats", HOSTILE_SEATS, ids=repr)
def test_t23_seats_the_table_cannot_have_are_refused_and_nothing_is_made(
    client: TestClient, seats: Any
) -> None:
    answer = client.post("/api/topword", json={"name": "Ana", "seats": seats})
    assert answer.status_code in (400, 409), answer.text
    assert answer.status_code < 500
    assert "room" not in answer.json()


def test_t23_the_lobby_offers_the_free_seats_of_a_table_for_two_then_none(
    client: TestClient,
) -> None:
    with client.websocket_connect("/salon/ws") as socket:
        lobby = Lobby(socket)
        room, _ = create_table(client, seats=["person"], public=True)
        lobby.wait(lambda lobby: room in lobby.tables)
        assert lobby.tables[room]["free"] == 1
        join(client, room, "Bob")  # the lobby's link is the players' link
        lobby.wait(lambda lobby: room not in lobby.tables)  # full: nothing to offer
    refused = client.post(f"/api/rooms/{room}/join", json={"name": "Cleo"})
    assert refused.status_code == 409 and refused.json()["refused"] == "table_full"
