"""Only this site's pages may change anything (issue 26 item 10): a JSON route takes only
`application/json` (415 otherwise: a cross-site form sends `text/plain` without asking),
and a state-changing request or a websocket handshake whose `Origin` is another site's
is refused (403), each leaving nothing stored. Requests without an Origin (the terminal,
scripts) and read-only ones are served; the operator may name the site's public origin."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from starlette.routing import Route
from starlette.testclient import WebSocketDenialResponse

from motamot.server.origins import normal_origin, same_host
from tests.server.helpers import create, hello
from tests.server.players.helpers import ACCOUNT_FORMS
from tests.server.stored import StoredServer, stored_server

#: What each POST route takes, valid (the room's id put in by `bodies`).
BODIES = {
    "/api/boggle": {"name": "Ana"},
    "/api/rooms": {"name": "Ana"},
    "/api/topword": {"name": "Ana"},
    "/api/tables": {"name": "Ana"},
    "/api/duplicate": {"name": "Ana"},
    "/api/rooms/{room}/join": {"name": "Bob"},
    "/api/arena/{preset}/join": {"name": "Cy"},
    "/api/rooms/{room}/report": {"seat": "s1", "reason": "cheating"},
    "/api/rooms/{room}/contest": {"word": "kip"},
    "/api/daily/{preset}/{day}/start": {"name": "Di"},
    "/api/daily/{preset}/{day}/word": {"text": "mot"},
    "/api/daily/{preset}/{day}/finish": {},
    "/api/tournament": {"name": "Ana", "title": "Le tournoi du club"},
}
#: The account pages' forms (`server.players`): urlencoded, each with its own token.
FORMS = ACCOUNT_FORMS
FOREIGN = "https://evil.example"
#: A past day: the daily grid's routes take it whatever the test server's clock says.
DAY = "2021-01-01"


@pytest.fixture
def server() -> Iterator[StoredServer]:
    with stored_server() as server:
        yield server


def bodies(server: StoredServer, room: str) -> dict[str, dict[str, str]]:
    """Every POST route of the app, with a valid body (fails when a route is added
    without one here)."""
    posts = {
        route.path
        for route in server.client.app.routes  # type: ignore[attr-defined]
        if isinstance(route, Route) and "POST" in (route.methods or ())
    }
    assert posts == {*BODIES, *FORMS}, posts
    return {
        path.replace("{room}", room).replace("{preset}", "classic-fr").replace("{day}", DAY): body
        for path, body in BODIES.items()
    }


@pytest.mark.parametrize(
    "content_type",
    ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", ""],
)
def test_a_body_not_declared_json_is_refused_with_415_and_stores_nothing(
    server: StoredServer, content_type: str
) -> None:
    room, _ = create(server.client)
    before = server.snapshot()
    assert before  # the room is stored: "nothing more" is not vacuous
    for path, body in bodies(server, room).items():
        answer = server.client.post(
            path,
            content=str(body).replace("'", '"'),
            headers={"content-type": content_type, "origin": FOREIGN},
        )
        assert answer.status_code in (403, 415), path  # whichever check comes first
        answer = server.client.post(
            path, content=str(body).replace("'", '"'), headers={"content-type": content_type}
        )
        assert answer.status_code == 415, (path, answer.text)
        assert answer.json() == {
            "error": "not_json",
            "text": "la requête doit être du JSON (application/json)",
        }
    assert server.snapshot() == before


def test_json_with_a_charset_is_json(server: StoredServer) -> None:
    answer = server.client.post(
        "/api/rooms",
        content=b'{"name": "Ana"}',
        headers={"content-type": "Application/JSON; charset=utf-8"},
    )
    assert answer.status_code == 200, answer.text


@pytest.mark.parametrize("origin", [FOREIGN, "null", "http://testserver.evil.example", "nope"])
def test_a_post_from_another_site_is_refused_with_403_and_stores_nothing(
    server: StoredServer, origin: str
) -> None:
    room, _ = create(server.client)
    before = server.snapshot()
    assert before  # the room is stored: "nothing more" is not vacuous
    for path, body in bodies(server, room).items():
        answer = server.client.post(path, json=body, headers={"origin": origin})
        assert answer.status_code == 403, (path, answer.text)
        assert answer.json()["error"] == "bad_origin"
        assert answer.json()["text"] == "refusé : la demande vient d'une page d'un autre site"
    for path in FORMS:
        answer = server.client.post(path, data={"name": "Ana"}, headers={"origin": origin})
        assert answer.status_code == 403 and answer.json()["error"] == "bad_origin", path
    assert server.snapshot() == before


def test_this_sites_pages_and_clients_without_an_origin_are_served(server: StoredServer) -> None:
    room, _ = create(server.client)
    for number, origin in enumerate(("http://testserver", "HTTP://TestServer:80", None)):
        headers = {} if origin is None else {"origin": origin}
        for path, body in bodies(server, room).items():
            if path.endswith("/join"):
                body = {"name": f"Bob{number}"}
            answer = server.client.post(path, json=body, headers=headers)
            if path.endswith("/report"):  # served, and refused by the route: one's own seat
                assert answer.json().get("refused") == "report_self", (origin, answer.text)
                continue
            if path == "/api/tournament":  # served, and refused by the route: no account
                assert answer.json().get("refused") == "account_required", (origin, answer.text)
                continue
            if "/api/daily/" in path and number:  # served: the one play of the day is over
                refused = answer.json().get("refused")
                assert refused in ("daily_played", "after_deadline"), (origin, answer.text)
                continue
            assert answer.status_code == 200, (origin, path, answer.text)


def test_reading_is_allowed_from_any_page(server: StoredServer) -> None:
    room, _ = create(server.client)
    assert server.client.get(f"/r/{room}", headers={"origin": FOREIGN}).status_code == 200
    status = server.client.get(f"/api/tables/status?rooms={room}", headers={"origin": FOREIGN})
    assert status.status_code == 200


def test_a_websocket_from_another_site_is_refused_before_it_opens(server: StoredServer) -> None:
    room, token = create(server.client)
    for origin in (FOREIGN, "null"):
        connecting = server.client.websocket_connect(f"/ws/{room}", headers={"origin": origin})
        with pytest.raises(WebSocketDenialResponse) as denied, connecting:
            pass
        assert denied.value.status_code == 403
        assert denied.value.json()["error"] == "bad_origin"
    for headers in ({"origin": "http://testserver"}, {}):
        with server.client.websocket_connect(f"/ws/{room}", headers=headers) as socket:
            assert hello(socket, token)["type"] == "welcome"


def test_the_operators_origins_are_served_whatever_the_host() -> None:
    with stored_server(origins=["https://motamot.example"]) as server:
        public = {"origin": "https://motamot.example"}
        answer = server.client.post("/api/rooms", json={"name": "Ana"}, headers=public)
        assert answer.status_code == 200, answer.text
        room, token = answer.json()["room"], answer.json()["token"]
        with server.client.websocket_connect(f"/ws/{room}", headers=public) as socket:
            assert hello(socket, token)["type"] == "welcome"
        foreign = server.client.post("/api/rooms", json={"name": "A"}, headers={"origin": FOREIGN})
        assert foreign.status_code == 403


def test_origins_are_compared_as_browsers_write_them() -> None:
    assert normal_origin("HTTPS://Motamot.Example:443/") == "https://motamot.example"
    assert normal_origin("http://a.example:8000") == "http://a.example:8000"
    assert normal_origin("http://[::1]:8000") == "http://[::1]:8000"
    for bad in ("null", "", "ftp://a.example", "https://a.example/path", "https://u@a.example"):
        assert normal_origin(bad) is None, bad
    assert normal_origin("http://a.example:99999") is None
    assert same_host("https://motamot.example", "motamot.example")  # TLS ended at the proxy
    assert same_host("http://a.example:8000", "A.example:8000")
    assert same_host("http://[::1]:8000", "[::1]:8000")
    assert not same_host("http://a.example:8000", "a.example")
    assert not same_host("http://a.example", "a.example:8000")
    assert not same_host("http://a.example", "b.example")
    assert not same_host("http://a.example", "a.example/x")
