"""Every page and answer carries the security headers, and no page runs a script or a
style of its own inline (the Content-Security-Policy would refuse it: it says none)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from html.parser import HTMLParser
from pathlib import Path

import pytest
from starlette.testclient import TestClient

import motamot.server
import motamot.web
from motamot.server.headers import CONTENT_SECURITY_POLICY
from tests.server.helpers import create

EXPECTED = {
    "content-security-policy": CONTENT_SECURITY_POLICY,
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
    "x-frame-options": "DENY",
}


class Inline(HTMLParser):
    """What in a page would run inline: scripts without `src` (other than JSON data),
    `<style>`, `style=""` and `on...=""` attributes; and every script's and stylesheet's
    address."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self.sources: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if tag == "script":
            if "src" in named:
                self.sources.append(named["src"] or "")
            elif named.get("type") != "application/json":
                self.found.append(f"inline script {named}")
        if tag == "style":
            self.found.append("a <style> element")
        if tag == "link" and named.get("rel") == "stylesheet":
            self.sources.append(named.get("href") or "")
        for name, _ in attrs:
            if name == "style" or name.startswith("on"):
                self.found.append(f"<{tag} {name}=...>")


def pages(client: TestClient) -> list[str]:
    """A path of every kind of page and answer the server gives."""
    room, _ = create(client, duration=60, seed=2024)
    table = client.post("/api/tables", json={"name": "Ana", "seats": ["greedy"]}).json()["room"]
    duplicate = client.post("/api/duplicate", json={"name": "Ana"}).json()["room"]
    return [
        "/compte",
        "/compte/creer",
        "/compte/connexion",
        "/mes-parties",
        "/classements",
        "/joueur/Personne",
        "/",
        "/?lang=en",
        f"/r/{room}",
        f"/r/{room}/watch",
        f"/r/{table}",
        f"/r/{table}/watch",
        f"/r/{table}/replay",
        f"/r/{table}/analysis",
        f"/r/{duplicate}",
        f"/r/{duplicate}/watch",
        f"/r/{duplicate}/replay",
        "/r/AAAAAAAAAAAAAAAA",  # no such room
        "/no/such/page",
        "/favicon.ico",
        "/healthz",
        "/readyz",
        "/metrics",
        "/api/tables/status?rooms=" + table,
    ]


JSON = {"content-type": "application/json"}


def check_headers(headers: Mapping[str, str], where: str) -> None:
    for name, value in EXPECTED.items():
        assert headers.get(name) == value, (where, name, headers.get(name))


def test_every_page_has_the_headers_and_nothing_inline(client: TestClient) -> None:
    html = 0
    for path in pages(client):
        answer = client.get(path)
        check_headers(answer.headers, path)
        assert "strict-transport-security" not in answer.headers  # plain http here
        if answer.headers.get("content-type", "").startswith("text/html"):
            html += 1
            parser = Inline()
            parser.feed(answer.text)
            assert parser.found == [], (path, parser.found)
            for source in parser.sources:  # this site's, under /static/
                assert source.startswith("/static/"), (path, source)
                check_headers(client.get(source).headers, source)
    assert html >= 17


def test_refusals_have_the_headers_too(client: TestClient) -> None:
    refusals = [
        client.post("/api/rooms", content=b"{}", headers={"content-type": "text/plain"}),
        client.post(
            "/api/rooms", json={"name": "Ana"}, headers={"origin": "https://other.example"}
        ),
        client.post("/api/rooms", content=b"x" * 10_000, headers=JSON),
        client.post("/api/rooms", content=b"{", headers=JSON),
    ]
    assert [answer.status_code for answer in refusals] == [415, 403, 413, 400]
    for answer in refusals:
        check_headers(answer.headers, answer.text)


def test_over_https_browsers_are_told_to_stay_on_https(client: TestClient) -> None:
    answer = client.get("https://testserver/")
    assert answer.headers["strict-transport-security"] == "max-age=31536000"


STATIC = [
    *Path(motamot.server.__file__).parent.glob("static/*.js"),
    *Path(motamot.web.__file__).parent.glob("*/static/*.js"),
]
#: What in a module would write inline style or markup, or run text as code.
UNSAFE = re.compile(
    r"setAttribute\(\s*[\"']style|\.innerHTML|outerHTML|insertAdjacentHTML|document\.write"
    r"|\beval\(|new Function|setTimeout\(\s*[\"'`]"
)


@pytest.mark.parametrize("module", STATIC, ids=lambda path: path.name)
def test_static_modules_write_no_inline_style_or_markup(module: Path) -> None:
    found = [
        f"{module.name}:{number}: {line.strip()}"
        for number, line in enumerate(module.read_text().splitlines(), 1)
        if UNSAFE.search(line)
    ]
    assert found == []
    assert len(STATIC) >= 8
