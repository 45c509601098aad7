"""The lobby (`/salon`) lists the public tournaments (K10): upcoming and under way, each
said rated or not, a private one never; with none, it says so."""

from __future__ import annotations

import re

from tests.server.helpers import join
from tests.server.players.helpers import call, sign_up
from tests.web.tournament.test_tournament_web import GOOD, Served, served

__all__ = ["served"]


def lobby_parts(page: str) -> dict[str, list[str]]:
    """The lobby's tournaments by part: each line's text, tags stripped."""
    section = page.split('id="tn-lobby"', 1)[1].split("</section>", 1)[0]
    found: dict[str, list[str]] = {}
    for part, body in re.findall(
        r'<h3 id="tn-lobby-(\w+)">.*?</h3>(.*?)(?=<h3|<p><a)', section, re.S
    ):
        items = re.findall(r"<li>(.*?)</li>", body, re.S)
        found[part] = [" ".join(re.sub(r"<[^>]+>", "", item).split()) for item in items]
    return found


def test_k10_the_lobby_lists_tournaments_upcoming_and_running_rated_or_not(
    served: Served,
) -> None:
    b = served.browsers
    assert lobby_parts(served.client.get("/salon").text) == {
        "upcoming": [], "running": [], "finished": []
    }  # fmt: skip
    assert "Aucun tournoi." in served.client.get("/salon").text
    b.be("dora")
    sign_up(served.client, "Dora")
    served.client.post("/api/tournament", json={**GOOD, "title": "Coupe classée", "rated": True})
    created = served.client.post("/api/tournament", json={**GOOD, "title": "Coupe du soir"})
    room, director = created.json()["room"], created.json()["token"]
    for name in ("Ana", "Ben"):
        b.be(name)
        sign_up(served.client, name)
        served.act(room, join(served.client, room, name), {"type": "register"})
    b.be("dora")
    served.act(room, director, {"type": "start"})
    call(served.client, served.keeper.step)
    parts = lobby_parts(served.client.get("/salon").text)
    assert parts == {
        "upcoming": ["Coupe classée · Système suisse, Topword · 0 inscrits · classé"],
        "running": ["Coupe du soir · Système suisse, Topword · 2 inscrits · non classé"],
        "finished": [],
    }, parts
    assert 'href="/tournois"' in served.client.get("/salon").text
