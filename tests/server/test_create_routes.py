"""Rooms are made by a route named by their kind (issue 33): `POST /api/boggle`,
`/api/topword`, `/api/duplicate`, one shape for all three (`server/create.py`), the older
paths `/api/rooms` and `/api/tables` kept as aliases."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

#: Each path, a body it takes, and the module that draws the room it makes.
MADE = [
    ("/api/boggle", {"name": "Ana", "duration": 90}, "boggle/room.js"),
    ("/api/rooms", {"name": "Ana", "duration": 90}, "boggle/room.js"),
    ("/api/topword", {"name": "Ana", "seats": ["person", "beginner"]}, "topword/table.js"),
    ("/api/tables", {"name": "Ana", "seats": ["person", "beginner"]}, "topword/table.js"),
    ("/api/duplicate", {"name": "Ana", "ruleset": "topword-fr"}, "duplicate/duplicate.js"),
]


@pytest.mark.parametrize(("path", "body", "module"), MADE)
def test_each_path_makes_its_kind_room(
    client: TestClient, path: str, body: dict[str, object], module: str
) -> None:
    answer = client.post(path, json=body)
    assert answer.status_code == 200, answer.text
    made = answer.json()
    assert set(made) >= {"room", "seat", "token"}
    assert module in client.get(f"/r/{made['room']}").text
    joined = client.post(f"/api/rooms/{made['room']}/join", json={"name": "Bob"})
    assert joined.status_code == 200, joined.text


def test_a_path_and_its_alias_answer_alike(client: TestClient) -> None:
    for new, old in (("/api/boggle", "/api/rooms"), ("/api/topword", "/api/tables")):
        answers = [client.post(path, json={"name": "Ana", "nope": 1}) for path in (new, old)]
        assert [a.status_code for a in answers] == [400, 400]
        answers = [client.post(path, content=b"{}") for path in (new, old)]  # not JSON
        assert [a.json()["error"] for a in answers] == ["not_json", "not_json"]
    levels = [
        client.post(path, json={"name": "Ana", "seats": ["person", "genius"]})
        for path in ("/api/topword", "/api/tables")
    ]
    assert [(a.status_code, a.json()["refused"]) for a in levels] == [(409, "unknown_level")] * 2
    kinds = [client.post(p, json={"name": "Ana"}).json().get("kind") for p in MADE_PATHS]
    assert kinds == [None, None, "topword", "topword", "duplicate"]


MADE_PATHS = [path for path, _, _ in MADE[:4]] + ["/api/duplicate"]
