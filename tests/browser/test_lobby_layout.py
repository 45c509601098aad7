"""A lobby on a desktop (Boggle, Topword, duplicate): one column in the middle, heading first.

Before a game there is no board, yet the desktop layout kept its column: the lobby sat
in the right two fifths beside an empty space (a Boggle room's title alone on the left),
and a Topword table showed its players above its heading. Now the lobby is one centred
column (heading, settings, the join form, the players' card) until the game starts, when
the board takes its column again.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.browser.conftest import PageFrames
from tests.browser.screen import box_of
from tests.browser.topword_table import create_table, join_table
from tests.server.live import LiveServer

DESKTOP: ViewportSize = {"width": 1280, "height": 900}
LOBBIES: dict[str, tuple[str, dict[str, Any], str, str | None]] = {
    # kind: (API path, body, the page's root, its board column if the lobby has one)
    "boggle": ("/api/rooms", {"name": "Ana", "duration": 180, "rounds": 1}, "#room", None),
    "duplicate": (
        "/api/duplicate",
        {"name": "Ana", "turn_seconds": None},
        "#duplicate",
        ".dup-main",
    ),
    "topword": (
        "/api/tables",
        {"name": "Ana", "seats": ["person", "person"]},
        "#table",
        "#table > .board",
    ),
}


def centred_column(page: Page, root: str, board: str | None) -> None:
    """The heading above the players' card, the join card in the middle of the page,
    the empty board column not shown, the join card without a blank line at its foot."""
    heading = box_of(page, f"{root} h1")
    players = box_of(page, f"{root} .card:has(.players)")
    assert heading["y"] < players["y"]
    card = box_of(page, "section.card:has(#join-name)")
    middle = card["x"] + card["width"] / 2
    assert abs(middle - DESKTOP["width"] / 2) < 60, (card, "the lobby is not centred")
    if board is not None:
        expect(page.locator(board)).to_be_hidden()
    if page.locator(".guide-link").count():  # in the room's bar, not off the column
        guide = box_of(page, ".guide-link")
        assert card["x"] <= guide["x"]
        assert guide["x"] + guide["width"] <= card["x"] + card["width"]
    form = box_of(page, "form:has(#join-name)")
    under = card["y"] + card["height"] - (form["y"] + form["height"])
    assert under < 30, f"{under:.0f} px of blank under the join form"


@pytest.mark.parametrize("kind", sorted(LOBBIES))
def test_a_lobby_on_a_desktop_is_one_centred_column_heading_first(
    browser: Browser, live: LiveServer, frames: PageFrames, kind: str
) -> None:
    path, body, root, board = LOBBIES[kind]
    room = live.post(path, body)["room"]
    page = frames.watch(browser.new_context(viewport=DESKTOP, locale="fr-FR").new_page())
    try:
        page.goto(f"{live.url}/r/{room}")
        expect(page.locator(f"{root} .players")).to_contain_text("Ana")
        centred_column(page, root, board)
    finally:
        page.context.close()


def test_a_topword_table_gets_its_board_column_back_when_its_game_starts(
    browser: Browser, live: LiveServer, frames: PageFrames
) -> None:
    ana = frames.watch(browser.new_context(viewport=DESKTOP, locale="fr-FR").new_page())
    bob = frames.watch(browser.new_context(viewport=DESKTOP, locale="fr-FR").new_page())
    try:
        room = create_table(ana, live.url)
        bob.goto(f"{live.url}/r/{room}")
        centred_column(bob, "#table", "#table > .board")
        join_table(bob, ana)
        ana.click("#start")
        for page in (ana, bob):
            expect(page.locator("#table")).not_to_have_class("lobby")
            board, head = box_of(page, "#table > .board"), box_of(page, ".table-head")
            assert board["x"] + board["width"] <= head["x"]  # the board left of the scores
            heading, scores = box_of(page, ".table-head h1"), box_of(page, ".table-head .players")
            assert heading["y"] < scores["y"]
    finally:
        ana.context.close()
        bob.context.close()
