"""W4, W5 through the real app: a word two players contest, the operator accepts it on
`/moderation/mots`, new rooms take it and the old one still refuses it, `/mots` lists it
dated with its reason; a refused proposal shows its reason to whoever asked; the page is
the operators' alone and hostile forms change nothing."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from motamot.server.rooms import Rooms
from motamot.service.ports import ManualClock
from tests.server.helpers import create, join, server
from tests.server.players.helpers import call, players_store, post_form, sign_up
from tests.server.players.test_moderation_page import operator
from tests.server.test_moderation import browser


@pytest.fixture
def client() -> Iterator[TestClient]:
    with server(ManualClock()) as client:
        yield client


def rooms_of(client: TestClient) -> Rooms:
    rooms: Rooms = client.app.state.rooms  # type: ignore[attr-defined]
    return rooms


def dictionary_of(client: TestClient, room: str) -> str:
    found = call(client, rooms_of(client).read, room, lambda r: r.settings.dictionary_name)
    assert isinstance(found, str)
    return found


def decide(modo: TestClient, **fields: str) -> Any:
    return post_form(modo, "/moderation/mots", **fields)


def test_w5_contested_accepted_then_new_rooms_take_the_word_and_the_old_one_does_not(
    client: TestClient,
) -> None:
    room, _ = create(client, "Ana")
    other = browser(client, "10.0.0.2")
    join(other, room, "Bob")
    for who, why in ((client, "dans l'ODS"), (other, "on y joue en club")):
        answer = who.post(f"/api/rooms/{room}/contest", json={"word": "kip", "reason": why})
        assert answer.status_code == 200
    modo = operator(client)
    page = modo.get("/moderation/mots")
    assert page.status_code == 200
    assert "KIP" in page.text and "2\u00a0demandes" not in page.text
    assert "2 demandes, 2 adresses" in page.text and "on y joue en club" in page.text
    done = decide(modo, action="accept", dictionary="fr", word="KIP", added="1", reason="ODS 8")
    assert done.status_code == 303 and done.headers["location"].endswith("fait=fr%2B1")
    assert "nouvelles parties jouent avec fr+1" in modo.get(done.headers["location"]).text
    assert "Aucune demande en attente." in modo.get("/moderation/mots").text
    # the old room keeps its list, a new one gets the new version
    assert dictionary_of(client, room) == "fr"
    new_room, _ = create(client, "Ana")
    assert dictionary_of(client, new_room) == "fr+1"
    shelf = rooms_of(client).shelf
    assert "KIP" in shelf("fr+1") and "KIP" not in shelf("fr")
    # the public changelog, and the askers' answers
    public = client.get("/mots")
    assert public.status_code == 200
    assert "Mots ajoutés et retirés sur ce serveur" in public.text
    assert "KIP" in public.text and "ODS 8" in public.text and "ajouté" in public.text
    assert "version fr+1" in public.text and "accepté" in public.text  # Ana's own contest
    english = client.get("/mots?lang=en")
    assert "Words added and removed on this server" in english.text and "added" in english.text
    # once accepted, the word is no more to contest
    again = client.post(f"/api/rooms/{new_room}/contest", json={"word": "kip"})
    assert again.status_code == 409 and again.json()["refused"] == "already_valid"
    log = [a.action for a in call(client, players_store(client).actions, 5)]
    assert "words.add" in log


def test_w5_a_refusal_is_shown_to_those_who_asked(client: TestClient) -> None:
    room, _ = create(client, "Ana")
    assert client.post(f"/api/rooms/{room}/contest", json={"word": "zek"}).status_code == 200
    modo = operator(client)
    done = decide(modo, action="refuse", dictionary="fr", word="ZEK", added="1", reason="rare")
    assert done.status_code == 303 and done.headers["location"].endswith("refus=1")
    mine = client.get("/mots").text
    assert "ZEK" in mine and "refusé\u00a0: rare" in mine
    assert "ZEK" not in modo.get("/mots").text  # not the operator's own contest
    assert "Aucun changement" in mine


@pytest.mark.parametrize(
    ("fields", "status", "said"),
    [
        ({"action": "add", "dictionary": "fr", "word": "chat", "reason": "r"}, 409, "Rien ne"),
        ({"action": "remove", "dictionary": "fr", "word": "kip", "reason": "r"}, 409, "Rien ne"),
        ({"action": "add", "dictionary": "fr", "word": "k1p", "reason": "r"}, 400, "2 à 30"),
        ({"action": "add", "dictionary": "xx", "word": "kip", "reason": "r"}, 400, "cette liste"),
        ({"action": "add", "dictionary": "fr", "word": "kip", "reason": " "}, 400, "raison"),
        ({"action": "drop", "dictionary": "fr", "word": "kip", "reason": "r"}, 400, "inconnue"),
        ({"action": "add", "dictionary": "fr", "word": "k" * 300, "reason": "r"}, 413, ""),
    ],
)
def test_w4_hostile_decisions_change_nothing(
    client: TestClient, fields: dict[str, str], status: int, said: str
) -> None:
    modo = operator(client)
    answer = decide(modo, **fields)
    assert answer.status_code == status and said in answer.text
    assert call(client, players_store(client).word_changes) == []


def test_the_words_page_is_the_operators_alone(client: TestClient) -> None:
    assert client.get("/moderation/mots").status_code == 403
    player = browser(client)
    sign_up(player, "Joueur")
    assert player.get("/moderation/mots").status_code == 403
    answer = post_form(player, "/moderation/mots", "/compte", action="add", dictionary="fr",
                       word="kip", reason="r")  # fmt: skip
    assert answer.status_code == 403
    assert call(client, players_store(client).word_changes) == []
