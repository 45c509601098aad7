"""The home page presents the games side by side, each with a line and a small picture,
and « Comment jouer » for each, in French and English, is reached from the home page
and from every room page (issue 21), on a phone and on a desktop.

Screenshots at phone (360×640) and desktop size are saved in tests/artifacts/.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.screen import box_of
from tests.browser.test_new_player import DESKTOP, PHONE, seated
from tests.browser.test_play_in_browser import serious_violations
from tests.server.live import LiveServer


def fits_the_width(page: Page) -> None:
    width: int = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], width  # type: ignore[index]


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_games_side_by_side_then_their_guides_in_both_languages(
    browser: Browser, live: LiveServer, artifacts: Path, size: str
) -> None:
    viewport = PHONE if size == "phone" else DESKTOP
    page = browser.new_context(viewport=viewport, locale="fr-FR").new_page()
    try:
        page.goto(live.url + "/")
        cards = page.locator(".game")
        expect(cards).to_have_count(2)
        first, second = box_of(page, ".game >> nth=0"), box_of(page, ".game >> nth=1")
        assert abs(first["y"] - second["y"]) < 2  # side by side, not one under the other
        assert first["x"] + first["width"] <= second["x"]
        assert first["y"] < viewport["height"]  # the games are what the page opens on
        for game, line in (("boggle", "Trois minutes"), ("topword", "Des mots croisés")):
            card = page.locator(f".game:has(#game-{game})")
            expect(card).to_contain_text(line)
            picture = card.locator("svg[role=img]")
            assert (picture.get_attribute("aria-label") or "") != ""
            drawn = picture.bounding_box()
            assert drawn is not None and drawn["height"] > 60 and drawn["width"] > 60
        assert page.locator(".game:has(#game-boggle) .pic-die").count() == 16  # Boggle's grid
        assert page.locator(".game:has(#game-topword) .pic-tile").count() > 12  # stacks
        fits_the_width(page)
        assert serious_violations(page) == []
        page.screenshot(path=str(artifacts / f"home-games-{size}.png"))

        page.locator(".game:has(#game-boggle)").get_by_role("link", name="Comment jouer").click()
        expect(page).to_have_url(live.url + "/comment-jouer/boggle")
        expect(page.locator("h1")).to_have_text("Comment jouer au Boggle")
        expect(page.locator("figure svg")).to_be_visible()
        expect(page.locator("table.guide-table tbody tr")).to_have_count(5)
        fits_the_width(page)
        assert serious_violations(page) == []
        page.screenshot(path=str(artifacts / f"guide-boggle-{size}.png"), full_page=True)

        page.get_by_role("link", name="English").click()
        expect(page.locator("h1")).to_have_text("How to play Boggle")
        page.get_by_role("link", name="How to play Topword").click()
        expect(page.locator("h1")).to_have_text("How to play Topword")
        expect(page.locator("figure svg")).to_have_count(2)
        fits_the_width(page)
        assert serious_violations(page) == []
        page.screenshot(path=str(artifacts / f"guide-topword-en-{size}.png"), full_page=True)
        page.get_by_role("link", name="Create a Topword table").click()
        expect(page.locator("#topword")).to_have_text("Create a Topword table")
        expect(page.locator("#topword")).to_be_in_viewport()
    finally:
        page.context.close()


def test_every_room_page_leads_to_its_guide(
    browser: Browser, live: LiveServer, artifacts: Path
) -> None:
    room = live.post("/api/rooms", {"name": "Ana"})
    table = live.post("/api/tables", {"name": "Ana", "seats": ["person"]})
    for saved, kind in ((room, "Boggle"), (table, "Topword")):
        page = seated(browser, live, saved, PHONE)
        try:
            expect(page.locator("#start")).to_be_visible()
            page.screenshot(path=str(artifacts / f"room-guide-link-{kind.lower()}-phone.png"))
            page.get_by_role("link", name="Comment jouer").click()
            expect(page.locator("h1")).to_have_text(f"Comment jouer au {kind}")
        finally:
            page.context.close()
