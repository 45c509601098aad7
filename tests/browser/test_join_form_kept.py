"""A visitor typing their name in a lobby keeps it while the lobby is drawn again.

The duplicate and Topword lobbies draw their side again at every change (someone joins,
a presence changes). The join form was made anew each time: the name being typed
vanished, and « Rejoindre » then sent nothing (the empty field is required). CI met
it as a duplicate evening whose fourth player never sat down."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.conftest import PageFrames
from tests.browser.test_new_player import PHONE
from tests.server.live import LiveServer

LOBBIES: dict[str, tuple[str, dict[str, Any]]] = {
    "duplicate": ("/api/duplicate", {"name": "Ana", "turn_seconds": None}),
    "topword": ("/api/tables", {"name": "Ana", "seats": ["person", "person"]}),
}


@pytest.mark.parametrize("kind", sorted(LOBBIES))
def test_the_name_being_typed_stays_while_someone_else_joins(
    browser: Browser, live: LiveServer, frames: PageFrames, kind: str
) -> None:
    path, body = LOBBIES[kind]
    opened: dict[str, Any] = live.post(path, body)
    room = opened["room"]
    page = frames.watch(browser.new_context(viewport=PHONE, locale="fr-FR").new_page())
    try:
        page.goto(f"{live.url}/r/{room}")
        name = page.locator("#join-name")
        expect(page.locator("#players, .players").first).to_contain_text("Ana")
        name.fill("Bé")  # typing, not done yet
        live.post(f"/api/rooms/{room}/join", {"name": "Cid"})  # the lobby is drawn again
        expect(page.locator("#players, .players").first).to_contain_text("Cid")
        expect(name).to_have_value("Bé")
        expect(name).to_be_focused()
        name.press_sequentially("a")  # the typing goes on where it was
        expect(name).to_have_value("Béa")
        page.click("form:has(#join-name) button[type=submit]")
        expect(page.locator("#players, .players").first).to_contain_text("Béa")
        expect(page.locator("#join-name")).to_have_count(0)
        frames.all_fit("welcome", "events")
    finally:
        page.context.close()
