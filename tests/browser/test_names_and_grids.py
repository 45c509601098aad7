"""Issue 26 in Chromium: a room replaying a grid says so to every player (item 8), and
every name a page shows is isolated from the text around it (item 7).

Screenshots at phone (390×844) and desktop size are saved in tests/artifacts/.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Browser, ViewportSize, expect

from motamot.server.links import room_of
from tests.browser.conftest import PageFrames
from tests.browser.test_new_player import DESKTOP, seated
from tests.browser.test_play_in_browser import grid_of, serious_violations
from tests.server.live import LiveServer

PHONE: ViewportSize = {"width": 390, "height": 844}


def test_item8_every_player_is_told_the_room_replays_a_grid(
    browser: Browser, live: LiveServer, artifacts: Path, frames: PageFrames
) -> None:
    """Ana plays a round, then makes a room on its grid (its seed and origin). Bob, who
    did not make it, joins by the invitation on his phone: the lobby and the round say
    « Même grille que la partie d'origine », linked to the origin's watch page; an
    English spectator reads it too. A room of its own grid says nothing of the kind."""
    first = live.post("/api/rooms", {"name": "Ana", "duration": 60})
    ana = frames.watch(seated(browser, live, first, DESKTOP))
    bob = frames.watch(browser.new_context(viewport=PHONE, locale="fr-FR").new_page())
    watcher = frames.watch(browser.new_context(viewport=DESKTOP, locale="en-GB").new_page())
    try:
        ana.click("#start")
        expect(ana.locator(".grid")).to_be_visible()
        expect(ana.locator("#chosen-grid")).to_have_count(0)  # a grid of its own
        grid = grid_of(ana)
        ana.get_by_role("button", name="Arrêter la manche").click()
        link = ana.locator("#same-grid")
        expect(link).to_be_visible()
        expect(ana.locator("#chosen-grid")).to_have_count(0)
        query = parse_qs(urlsplit(link.get_attribute("href") or "").query)
        seed, origin = query["seed"][0], query["from"][0]
        again = live.post("/api/rooms", {"name": "Ana", "seed": seed, "origin": origin})
        bob.goto(f"{live.url}/r/{again['room']}")
        bob.fill("#join-name", "Bob")
        bob.click("form button[type=submit]")
        note = bob.locator("#chosen-grid")
        expect(note).to_have_text(
            "Même grille que la partie d'origine : elle a déjà été jouée, certains la "
            "connaissent peut-être."
        )
        expect(note.get_by_role("link")).to_have_attribute("href", f"/r/{origin}/watch")
        assert serious_violations(bob) == []
        bob.screenshot(path=str(artifacts / "chosen-grid-lobby-phone.png"), full_page=True)
        host = frames.watch(seated(browser, live, again, DESKTOP))
        expect(host.locator(".players")).to_contain_text("Bob")
        expect(host.locator("#chosen-grid")).to_be_visible()
        host.click("#start")
        expect(bob.locator(".grid")).to_be_visible()
        assert grid_of(bob) == grid
        expect(bob.locator("#chosen-grid")).to_contain_text("Même grille que")
        bob.screenshot(path=str(artifacts / "chosen-grid-round-phone.png"), full_page=True)
        watcher.goto(f"{live.url}/r/{room_of(again['room'])}/watch")
        expect(watcher.locator("#chosen-grid")).to_contain_text("Same grid as the original game")
        watcher.screenshot(path=str(artifacts / "chosen-grid-watch-desktop.png"))
        host.context.close()
        frames.all_fit("welcome", "events")
    finally:
        for page in (ana, bob, watcher):
            page.context.close()
