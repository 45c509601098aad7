"""The duplicate replay of a turn without a top (D5: a dead rack, put back whole) says
so and nothing else: the page wrote « null » under it (`replaceChildren(null)`), found
by `tsc`. The replay is the one the server's `replay_json` makes of a game played to its
end on a draw with a dead rack (seed 13, turn 35), served to the page of a real room in
place of that room's own (a fresh room is not over, and its draws are the server's).
Screenshots at phone (393×851) and desktop size are kept in tests/artifacts/."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Route, ViewportSize, expect

from motamot.service.duplicate.commands import EndTurn, StartDuplicate
from motamot.service.duplicate.room import DuplicateRoom
from motamot.service.duplicate.settings import DuplicateSettings
from motamot.service.rooms.commands import Join
from motamot.web.duplicate.api import replay_json
from tests.server.live import LiveServer
from tests.service.conftest import digest, lexicons

T0 = 1_700_000_000.0
SIZES: dict[str, ViewportSize] = {
    "phone": {"width": 393, "height": 851},
    "desktop": {"width": 1280, "height": 800},
}
#: A draw whose 35th rack has no legal move (found by playing seeds 0-13 to their end).
DEAD_SEED = 13


def played_to_its_end() -> DuplicateRoom:
    room = DuplicateRoom.create("d", DuplicateSettings(turn_seconds=None), T0, lexicons)
    assert isinstance(room, DuplicateRoom)
    room.handle(None, Join("Ana", digest("Ana")), T0)
    room.handle("s1", StartDuplicate(DEAD_SEED), T0)
    now = T0
    while room.ended is None:
        now += 1.0
        out = room.handle("s1", EndTurn(), now)
        assert isinstance(out, list), out
    return room


@pytest.mark.slow
def test_d5_a_turn_without_a_top_is_replayed_without_a_null(
    browser: Browser, live: LiveServer, artifacts: Path
) -> None:
    replay = replay_json(played_to_its_end())
    dead = [n for n, step in enumerate(replay["steps"]) if "number" in step and not step["top"]]
    assert dead, "the draw has no dead rack any more: choose another seed"
    opened = live.post("/api/duplicate", {"name": "Ana", "turn_seconds": None})
    for size, viewport in SIZES.items():
        page = browser.new_context(viewport=viewport, locale="fr-FR").new_page()

        def served(route: Route) -> None:
            route.fulfill(status=200, content_type="application/json", body=json.dumps(replay))

        page.route("**/api/duplicate/*/replay", served)
        page.goto(f"{live.url}/r/{opened['room']}/replay")
        expect(page.locator("#step")).to_be_visible()
        for _ in range(len(replay["steps"]) - 1 - dead[0]):  # from the last step back to it
            page.click("#previous")
        expect(page.locator("#step-detail .top-line")).to_contain_text("Aucun")
        assert "null" not in page.locator("#step-detail").inner_text()
        page.screenshot(path=str(artifacts / f"duplicate-dead-rack-{size}.png"), full_page=True)
