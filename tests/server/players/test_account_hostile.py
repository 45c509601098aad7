"""Hostile posts to every account form: sizes, types, encodings, names, fields twice or
missing, another browser's token: each answered with a clear refusal, never a 500, and
nothing stored."""

from __future__ import annotations

import random

import pytest
from starlette.testclient import TestClient

from tests.server.players.helpers import ACCOUNT_FORMS, rows, sign_up, token

POSTS = ACCOUNT_FORMS
FORM = "application/x-www-form-urlencoded"
#: Forms a valid token alone makes succeed (they read no other field that could be wrong).
TOKEN_ENOUGH = ("/compte/deconnexion", "/compte/confidentialite")
ODD = ("", "\x00", "é" * 300, "\ud800", "%ff%fe", "a" * 5000, "<script>", "0" * 257, "\u202e")


def bodies(good: str, rng: random.Random) -> list[tuple[str, bytes]]:
    """(content type, body) pairs: each a way a form can be wrong."""
    chosen = [rng.choice(ODD) for _ in range(4)]
    return [
        (FORM, b""),
        (FORM, b"csrf=" + good.encode() + b"&name=" + b"A" * 5000),
        (FORM, b"csrf=" + good.encode() + b"&name=%ff%fe&password=%c3"),
        (FORM, b"\xff\xfe\x00"),
        (FORM, b"&&&===&&"),
        (FORM, b"csrf=" + good.encode() + b"&csrf=x&name=Ana&name=Bob"),
        (FORM, f"csrf={good}&name={chosen[0]}&password={chosen[1]}&again={chosen[2]}".encode(
            "utf-8", "surrogatepass")),
        (FORM, b"x" * 4000),
        ("application/json", b'{"name": "Ana", "password": "x"}'),
        ("multipart/form-data; boundary=x", b"--x\r\n\r\n--x--"),
        ("text/plain", b"name=Ana"),
        ("", b"name=Ana"),
    ]  # fmt: skip


@pytest.mark.slow
def test_every_account_form_refuses_hostile_posts_without_a_500(client: TestClient) -> None:
    rng = random.Random(22)
    sign_up(client, "Ana")
    good = token(client, "/compte")
    before = rows(client, "SELECT * FROM players_players")
    for path in POSTS:
        for kind, body in bodies(good, rng):
            if path in TOKEN_ENOUGH and good.encode() in body and kind == FORM:
                continue
            headers = {"content-type": kind} if kind else {}
            answer = client.post(path, content=body, headers=headers, follow_redirects=False)
            assert 400 <= answer.status_code < 500, (path, kind, body[:40], answer.status_code)
        assert rows(client, "SELECT * FROM players_players") == before, path
    assert client.get("/compte/supprimer").status_code == 405


def test_pages_with_odd_queries_answer(client: TestClient) -> None:
    for path in ("/compte", "/compte/creer", "/compte/connexion"):
        for query in ("?fait=%ff", "?fait=" + "x" * 3000, "?lang=zz", "?fait=password"):
            answer = client.get(path + query, follow_redirects=False)
            assert answer.status_code in (200, 303), (path, query)
