"""A redraw that changes nothing in the host's start button leaves it in place.

Every event and presence frame redraws a room's page. The host's buttons used to be
made anew each time, so a press on « Lancer la manche » whose release came after a
redraw (a friend joining, a page coming back) reached a button no longer there, and
the round did not start. Now a button that would be drawn the same is left in place
(Boggle's controls, a Topword table's lobby, a duplicate game's lobby).
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.conftest import PageFrames
from tests.browser.test_join_form_kept import LOBBIES
from tests.browser.test_new_player import PHONE
from tests.browser.test_outage_in_browser import seated_page
from tests.server.live import LiveServer

ROOMS: dict[str, tuple[str, dict[str, Any]]] = {
    "boggle": ("/api/rooms", {"name": "Ana", "duration": 120, "rounds": 1}),
    **LOBBIES,  # the duplicate game's and the Topword table's
}


@pytest.mark.parametrize("kind", sorted(ROOMS))
def test_the_host_s_start_button_is_the_same_element_after_a_friend_joins(
    browser: Browser, live: LiveServer, frames: PageFrames, kind: str
) -> None:
    path, body = ROOMS[kind]
    saved = live.post(path, body)
    ana = frames.watch(browser.new_context(viewport=PHONE, locale="fr-FR").new_page())
    bob = frames.watch(browser.new_context(viewport=PHONE, locale="fr-FR").new_page())
    try:
        seated_page(ana, live, saved)
        start = ana.locator("#start")
        expect(start).to_be_visible()
        held = start.element_handle()
        bob.goto(f"{live.url}/r/{saved['room']}")
        bob.fill("#join-name", "Bob")
        bob.click("form:has(#join-name) button[type=submit]")
        expect(ana.locator(".players").first).to_contain_text("Bob")  # Ana's page redrawn
        assert held.evaluate("button => button.isConnected")
        if kind == "boggle":  # what a button shows still changes it: Ana ready, pressed
            ana.click("#ready")
            expect(ana.locator("#ready")).to_have_attribute("aria-pressed", "true")
            assert held.evaluate("button => button.isConnected")
        held.click()  # the button held since before Bob came starts the game
        expect(ana.locator("#start")).to_have_count(0, timeout=10_000)
    finally:
        ana.context.close()
        bob.context.close()
