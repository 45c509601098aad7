"""W5: « Contester » through the real app: a seated player's proposal is kept once, every
hostile one is refused with its reason and changes nothing, never a 500; the limits of
a player, an address and the server hold."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from motamot.server.contests import PER_ADDRESS, PER_PLAYER
from motamot.server.players.visitors import Players
from motamot.service.players.words import ProposalGroup
from motamot.service.ports import ManualClock
from tests.server.helpers import create, join, server


@pytest.fixture
def app_client() -> Iterator[TestClient]:
    with server(ManualClock()) as client:
        yield client


def players_of(client: TestClient) -> Players:
    players: Players = client.app.state.players  # type: ignore[attr-defined]
    return players


def browser(client: TestClient, address: str = "testclient") -> TestClient:
    other = TestClient(client.app, client=(address, 50000))
    other.portal = client.portal
    return other


def groups(client: TestClient) -> list[ProposalGroup]:
    store = players_of(client).store
    assert store is not None
    return list(client.portal.call(store.word_proposals))  # type: ignore[union-attr]


def contest(client: TestClient, room: str, body: Any, lang: str = "fr") -> Any:
    return client.post(f"/api/rooms/{room}/contest?lang={lang}", json=body)


def test_w5_two_players_contest_a_word_and_the_operator_sees_it_grouped(
    app_client: TestClient,
) -> None:
    room, _ = create(app_client, "Ana")
    other = browser(app_client, "10.0.0.2")
    join(other, room, "Bob")
    first = contest(app_client, room, {"word": " Kip ", "reason": "dans l'ODS\n8"})
    assert first.status_code == 200, first.text
    assert first.json() == {"proposed": True, "new": True, "word": "KIP", "dictionary": "fr"}
    again = contest(app_client, room, {"word": "kip"})
    assert again.status_code == 200 and again.json()["new"] is False
    assert contest(other, room, {"word": "KIP", "reason": "club"}).json()["new"] is True
    assert contest(other, room, {"word": "chat", "remove": True}).status_code == 200
    (kip, chat) = groups(app_client)
    assert (kip.word, kip.added, kip.count, kip.origins) == ("KIP", True, 2, 2)
    assert kip.reasons == ("dans l'ODS 8", "club") and kip.dictionary == "fr"
    assert (chat.word, chat.added, chat.count) == ("CHAT", False, 1)


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"word": "k1p"}, 400, "bad_contest_word"),
        ({"word": "k"}, 400, "bad_contest_word"),
        ({"word": "a" * 31}, 400, "bad_contest_word"),
        ({"word": "porte-monnaie"}, 400, "bad_contest_word"),
        ({"word": "chat"}, 409, "already_valid"),
        ({"word": "kip", "remove": True}, 409, "not_in_list"),
        ({"word": "kip", "reason": "x" * 301}, 400, "malformed"),
        ({"word": "a" * 121}, 400, "malformed"),
        ({"word": 7}, 400, "malformed"),
        ({"word": "kip", "remove": "yes"}, 400, "malformed"),
        ({"word": "kip", "dictionary": "en"}, 400, "malformed"),
        ([1, 2], 400, "malformed"),
    ],
)
def test_w5_a_hostile_contest_is_refused_with_its_reason_and_kept_nowhere(
    app_client: TestClient, body: Any, status: int, code: str
) -> None:
    room, _ = create(app_client, "Ana")
    answer = contest(app_client, room, body)
    assert answer.status_code == status
    assert code in (answer.json().get("refused"), answer.json().get("error"))
    assert answer.json().get("text")
    assert groups(app_client) == []


def test_w5_only_the_rooms_players_contest_and_never_in_a_room_that_is_not(
    app_client: TestClient,
) -> None:
    room, _ = create(app_client, "Ana")
    watcher = browser(app_client, "10.0.0.3")
    refused = contest(watcher, room, {"word": "kip"}, "en")
    assert refused.status_code == 403 and refused.json()["refused"] == "not_seated"
    assert "only the room's players" in refused.json()["text"]
    assert contest(app_client, "nosuchroom12", {"word": "kip"}).status_code == 404
    text = app_client.post(f"/api/rooms/{room}/contest", content=b"kip")
    assert text.status_code == 415
    assert groups(app_client) == []


def test_w5_the_limits_of_a_player_and_of_an_address_hold(app_client: TestClient) -> None:
    room, _ = create(app_client, "Ana")
    words = [f"ZZ{a}{b}" for a in "ABCDEFGHIJ" for b in "KLMNOPQRST"]
    for word in words[:PER_PLAYER]:
        assert contest(app_client, room, {"word": word}).status_code == 200
    over = contest(app_client, room, {"word": words[PER_PLAYER]})
    assert over.status_code == 429 and over.json()["error"] == "too_many_contests"
    assert int(over.headers["retry-after"]) > 0
    # the same person's other browsers (one address) share the address's limit
    sent = PER_PLAYER
    for n in range(3):
        other = browser(app_client)
        join(other, room, f"Alt{n}")
        for _ in range(PER_PLAYER):
            answer = contest(other, room, {"word": words[sent]})
            if sent >= PER_ADDRESS:
                assert answer.status_code == 429
                break
            assert answer.status_code == 200
            sent += 1
    assert sum(group.count for group in groups(app_client)) == PER_ADDRESS
