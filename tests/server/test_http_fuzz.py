"""Fuzzed HTTP requests through the real ASGI app (issue 26): every field of every JSON
body of every POST route made hostile in turn (from the routes' msgspec schemas:
`tests/fuzz/http_targets.py`), with raw bytes, text that is not UTF-8, bodies over the
limit, odd room ids in the path and other content types.

No request gets a 500 (or raises in the app); every refusal is coded JSON with the
player's text and leaves the store exactly as it was; an accepted request adds one
room (create), events of its own room only (join), a seat in the arena's round
(the arena's join) or a play in the day's grid (the daily grid's routes).
`MOTAMOT_FUZZ_EXAMPLES` sets the budget (rounds of about 50 requests: a tenth of it).
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator

import pytest
from starlette.routing import Route

from tests.fuzz.http_targets import BODIES, Request, requests
from tests.server.helpers import create
from tests.server.players.helpers import ACCOUNT_FORMS
from tests.server.stored import Snapshot, StoredServer, stored_server

ROUNDS = max(1, int(os.environ.get("MOTAMOT_FUZZ_EXAMPLES", "150")) // 10)


@pytest.fixture
def server() -> Iterator[StoredServer]:
    with stored_server() as server:
        yield server


def test_every_post_route_has_its_schema_fuzzed(server: StoredServer) -> None:
    posts = {
        route.path
        for route in server.client.app.routes  # type: ignore[attr-defined]
        if isinstance(route, Route) and "POST" in (route.methods or ())
    }
    # the account pages' forms are urlencoded, fuzzed by tests/server/players
    assert posts == {*BODIES, *ACCOUNT_FORMS}, posts


def check(request: Request, status: int, answer: dict[str, object]) -> None:
    """The answer is coded and worded; refusals carry their text."""
    assert status < 500, (request, status, answer)
    if status == 200 and request.path.endswith("/report"):
        assert answer.get("reported") is True, (request, answer)
        return
    if status == 200 and request.path.endswith("/contest"):
        assert answer.get("proposed") is True, (request, answer)
        return
    if status == 200 and request.path.startswith("/api/daily/"):
        assert "view" in answer or "word" in answer, (request, answer)
        return
    if status == 200:
        assert isinstance(answer.get("room"), str) and answer.get("token"), (request, answer)
        return
    code = answer.get("error") or answer.get("refused")
    assert isinstance(code, str) and code, (request, status, answer)
    assert isinstance(answer.get("text"), str) and answer["text"], (request, status, answer)


def changed_rooms(before: Snapshot, after: Snapshot) -> set[str]:
    return {room for room in after if after[room] != before.get(room)}


def send(server: StoredServer, request: Request) -> tuple[int, dict[str, object]]:
    try:
        answer = server.client.post(
            request.path,
            content=request.body,
            headers={"content-type": request.content_type} if request.content_type else {},
        )
    except Exception as error:  # the app raised: that is the 500 this test looks for
        raise AssertionError(f"the app raised on {request}") from error
    if answer.status_code == 404 and "Page introuvable." in answer.text:
        return 404, {"error": "not_found", "text": "Page introuvable."}  # no route: the page
    try:
        return answer.status_code, json.loads(answer.content)
    except ValueError:
        raise AssertionError(f"not JSON: {request} {answer.status_code} {answer.text!r}") from None


@pytest.mark.slow  # 10.5 s alone on a slower machine of this kind (8 December 2026)
def test_fuzzed_requests_get_coded_answers_and_refusals_store_nothing(
    server: StoredServer,
) -> None:
    room, _ = create(server.client, duration=600)
    stored_room = next(iter(server.snapshot()))
    seen: dict[int, int] = {}
    for number in range(ROUNDS):
        for request in requests(room, random.Random(number)):
            before = server.snapshot()
            status, answer = send(server, request)
            check(request, status, answer)
            after = server.snapshot()
            changed = changed_rooms(before, after)
            seen[status] = seen.get(status, 0) + 1
            if status != 200 or request.path.endswith(("/report", "/contest")):  # no room's
                assert after == before, (request, status, answer)
            elif request.path.startswith("/api/arena/"):  # a seat in the arena's round
                (arena_round,) = changed
                assert arena_round == answer["room"], (request, changed)
                before_round = before.get(arena_round, [])
                assert after[arena_round][: len(before_round)] == before_round
            elif request.path.startswith("/api/daily/"):  # the day's room, opened or played
                assert len(changed) <= 1 and not changed & {stored_room}, (request, changed)
            elif request.path.endswith("/join"):
                assert changed == {stored_room}, (request, changed)
                assert after[stored_room][: len(before[stored_room])] == before[stored_room]
            else:
                assert len(changed) == 1 and not changed & set(before), (request, changed)
    # Not a vacuous run: bodies accepted, refused by the rooms and by the schema.
    assert seen.get(200, 0) > ROUNDS and seen.get(409, 0) > ROUNDS, seen
    assert seen.get(400, 0) > 5 * ROUNDS and seen.get(413, 0) >= 3 * ROUNDS, seen
    assert seen.get(415, 0) > 0 and seen.get(404, 0) > 0, seen


@pytest.mark.parametrize("path", ["/api/rooms", "/api/tables", "/api/duplicate"])
def test_a_string_that_is_not_utf8_is_malformed_not_a_crash(
    server: StoredServer, path: str
) -> None:
    """Found by this fuzz: msgspec raises UnicodeDecodeError, not a DecodeError, for
    bytes that are not UTF-8 inside a JSON string (a 500 before)."""
    before = server.snapshot()
    answer = server.client.post(
        path, content=b'{"name": "\xff\xfe"}', headers={"content-type": "application/json"}
    )
    assert answer.status_code == 400 and answer.json()["error"] == "malformed"
    assert answer.json()["text"] == "message illisible"
    assert server.snapshot() == before
