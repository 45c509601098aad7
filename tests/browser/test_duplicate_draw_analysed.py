"""T20 for a duplicate draw in Chromium: from a finished duplicate's replay, « Ce tirage
sur le plateau d'analyse » opens « Le plateau sur la table » with the board before the
turn and its rack, in the board editor; its best move is worth the turn's top. The
replay is the server's `replay_json` of a game played to its end, served to a real
room's page (as in test_duplicate_dead_rack_replay)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Route, expect

from motamot.web.duplicate.api import replay_json
from tests.browser.test_duplicate_dead_rack_replay import SIZES, played_to_its_end
from tests.server.live import LiveServer


@pytest.mark.slow
def test_t20_a_duplicate_draw_analysed_on_the_board_editor(
    browser: Browser, live: LiveServer, artifacts: Path
) -> None:
    replay = replay_json(played_to_its_end())
    assert replay["ruleset"] == "topword-fr"
    opened = live.post("/api/duplicate", {"name": "Ana", "turn_seconds": None})
    for size, viewport in SIZES.items():
        page = browser.new_context(viewport=viewport, locale="fr-FR").new_page()

        def served(route: Route) -> None:
            route.fulfill(status=200, content_type="application/json", body=json.dumps(replay))

        page.route("**/api/duplicate/*/replay", served)
        page.goto(f"{live.url}/r/{opened['room']}/replay")
        expect(page.locator("#step")).to_be_visible()
        back = 3  # the third draw from the end: a board full of stacks
        for _ in range(back):
            page.click("#previous")
        step = replay["steps"][-1 - back]
        assert step["top"], "a turn with a top"
        expect(page.locator("#analyse-draw")).to_have_text("Ce tirage sur le plateau d'analyse")
        page.screenshot(path=str(artifacts / f"duplicate-replay-draw-{size}.png"), full_page=True)
        page.click("#analyse-draw")
        page.wait_for_url("**/topword/analyse?*")
        expect(page.locator("#edit-rack")).to_contain_text(" ".join(step["rack"]))
        before = replay["steps"][-2 - back]["board"]
        filled = sum(1 for height in before["heights"] if height)
        expect(page.locator(".tw-edit-cell.filled")).to_have_count(filled)
        page.get_by_role("button", name="Trouver les meilleurs coups").click()
        best = page.locator(".best-moves > li").first
        expect(best).to_contain_text(f"— {step['points']} point")
        page.screenshot(path=str(artifacts / f"duplicate-draw-analysed-{size}.png"), full_page=True)
        page.context.close()
