"""The pages over HTTP: French by default, English when the browser asks or the switch
says so, unknown rooms answered with a page, bad requests with a clear error."""

from __future__ import annotations

from starlette.testclient import TestClient

from tests.server.helpers import create


def test_french_by_default_english_when_the_browser_asks(client: TestClient) -> None:
    assert "Créer une partie de Boggle" in client.get("/").text
    english = client.get("/", headers={"accept-language": "en-GB,en;q=0.9,fr;q=0.5"})
    assert "Create a Boggle room" in english.text and '<html lang="en">' in english.text
    french = client.get("/", headers={"accept-language": "de-DE,fr;q=0.8,en;q=0.5"})
    assert '<html lang="fr">' in french.text


def test_the_language_switch_sticks(client: TestClient) -> None:
    switched = client.get("/?lang=en", headers={"accept-language": "fr"})
    assert "Create a Boggle room" in switched.text
    assert "Create a Boggle room" in client.get("/", headers={"accept-language": "fr"}).text
    assert "Créer une partie" in client.get("/?lang=fr").text


def test_rooms_have_unguessable_ids_and_unknown_ones_a_page(client: TestClient) -> None:
    rooms = {create(client, name=f"p{n}")[0] for n in range(5)}
    assert len(rooms) == 5 and all(len(room) >= 16 for room in rooms)
    missing = client.get("/r/nosuchroom")
    assert missing.status_code == 404 and "Cette salle n'existe pas." in missing.text
    assert client.get(f"/r/{rooms.pop()}/watch").status_code == 200


def test_bad_requests_get_a_clear_error(client: TestClient) -> None:
    json_type = {"content-type": "application/json"}
    assert client.post("/api/rooms", content=b"{nope", headers=json_type).json()["error"] == (
        "malformed"
    )
    too_big = client.post("/api/rooms", content=b"{" + b" " * 5000 + b"}")
    assert too_big.status_code == 413
    answer = client.post("/api/rooms", json={"name": "Ana", "preset": "chess"})
    assert answer.status_code == 409 and answer.json()["refused"] == "unknown_preset"
    answer = client.post("/api/rooms", json={"name": "Ana", "dictionary": "/etc/passwd"})
    assert answer.json()["refused"] == "unknown_dictionary"  # no file paths from the web
    room, _ = create(client)
    taken = client.post(f"/api/rooms/{room}/join", json={"name": "ana"})
    assert taken.json()["refused"] == "name_taken" and "ana" in taken.json()["text"]


def test_a_hostile_name_never_reaches_a_page_as_markup(client: TestClient) -> None:
    room, _ = create(client, name="<img src=x onerror=alert(1)>")
    page = client.get(f"/r/{room}").text
    assert "<img src=x" not in page  # names travel as JSON over the socket, drawn as text
    defaults = client.get('/?from="><script>alert(1)</script>&preset=<b>').text
    assert "<script>alert(1)" not in defaults and "<b>" not in defaults
