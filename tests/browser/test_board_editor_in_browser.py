"""T20 in Chromium: a Topword position placed with the board editor of « Le plateau sur
la table » (tap a cell, then letters; a height by the keyboard; the rack tapped in; a
duplicate draw drawn from the bag), analysed: the best moves are the move generator's
for that position, and the page's link brings the position back into the editor.
Screenshots at phone and desktop size in tests/artifacts/."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from motamot.lexicon import load_lexicon
from motamot.topword import TOPWORD_FR, parse_rack
from motamot.topword.board import parse_position
from motamot.topword.hints import hints
from tests.browser.test_new_player import DESKTOP
from tests.browser.test_operator_page_in_browser import PHONE_WIDE
from tests.browser.test_play_in_browser import serious_violations
from tests.server.live import LiveServer

POSITION = "/".join(["." * 10] * 4 + ["....MA2IN.."] + ["." * 10] * 5)


def key(page: Page, letter: str) -> None:
    page.locator(".tw-palette").get_by_role("button", name=letter, exact=True).click()


@pytest.mark.slow
def test_t20_a_position_placed_with_the_editor_is_analysed(
    browser: Browser, live: LiveServer, artifacts: Path
) -> None:
    expected = hints(parse_position(POSITION), parse_rack("ETSU"), TOPWORD_FR,
                     load_lexicon("fr"), 10)  # fmt: skip
    for name, viewport in (("phone", PHONE_WIDE), ("desktop", DESKTOP)):
        page = browser.new_context(viewport=viewport, locale="fr-FR").new_page()
        page.goto(f"{live.url}/topword/analyse")
        page.locator('.tw-edit-cell[data-cell="44"]').click()  # E5
        for letter in "MAIN":  # the next cell across is chosen for the player
            key(page, letter)
        page.locator('.tw-edit-cell[data-cell="45"]').focus()  # F5, by the keyboard
        page.keyboard.press("2")
        expect(page.locator('.tw-edit-cell[data-cell="45"]')).to_have_attribute(
            "aria-label", "F5\u00a0: A, pile de 2"
        )
        expect(page.locator("#position")).to_have_value(POSITION)
        page.click("#edit-draw")  # a duplicate draw: seven tiles from the bag
        assert len(page.locator("#chevalet").input_value()) >= 7
        left = sum(TOPWORD_FR.distribution.values()) - 5 - 7  # less the stacked, the rack
        expect(page.locator("#edit-bag")).to_have_text(f"Dans le sac\u00a0: {left} tuiles")
        page.click("#edit-rack")
        for _ in range(7):
            page.get_by_role("button", name="Retirer la dernière lettre").click()
        for letter in "ETSU":
            key(page, letter)
        expect(page.locator("#chevalet")).to_have_value("ETSU")
        assert serious_violations(page) == []
        page.screenshot(path=str(artifacts / f"topword-editor-{name}.png"), full_page=True)
        page.get_by_role("button", name="Trouver les meilleurs coups").click()
        moves = page.locator(".best-moves > li > strong")
        expect(moves).to_have_count(len(expected))
        assert moves.all_inner_texts() == [h.move.notation for h in expected]
        shared = page.locator("#position-link").get_attribute("href")
        assert shared is not None and "chevalet=ETSU" in shared
        page.goto(live.url + shared)  # the link: the position back in the editor
        expect(page.locator('.tw-edit-cell[data-cell="45"]')).to_have_attribute(
            "aria-label", "F5\u00a0: A, pile de 2"
        )
        expect(page.locator("#edit-rack")).to_contain_text("E T S U")
        page.context.close()
