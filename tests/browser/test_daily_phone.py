"""The daily grid on a phone (issue 37): Béa, with an account, on a 393×851 touch screen,
plays today's grid from start to finish with a thumb: at each step nothing scrolls
sideways and the next thing to do is on the screen without scrolling (start, the word
field, then her place and the share button). Her results list what she found and what
she missed (G15, G8), the share text draws her words by length (G14); her profile shows
the play with Boggle's headings. Then the same account on a desktop; at last she
deletes her account and is told so. Screenshots of the daily page, its results and the
profile at both sizes in tests/artifacts/."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, ViewportSize, expect

from motamot.lexicon.fold import fold
from tests.browser.screen import box
from tests.browser.test_play_in_browser import grid_of, serious_violations
from tests.browser.test_players_in_browser import PASSWORD, sign_up
from tests.server.helpers import grid_words
from tests.server.live import LiveServer

PHONE: ViewportSize = {"width": 393, "height": 851}
DESKTOP: ViewportSize = {"width": 1280, "height": 800}


@pytest.fixture(scope="module")
def daily(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder = tmp_path_factory.mktemp("daily-phone")
    args = ("--secret-file", str(folder / "server.secret"))
    server = LiveServer(folder / "rooms.sqlite3", args=args).start()
    yield server
    server.stop()


def no_sideways_scroll(page: Page) -> None:
    widths = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert widths[0] <= widths[1], f"scrolls sideways: {widths}"


def on_screen(page: Page, target: Locator) -> None:
    """`target` is wholly in the viewport as the page stands (no scroll needed)."""
    drawn = box(target)
    size = page.viewport_size
    assert size is not None
    assert drawn["y"] >= 0 and drawn["y"] + drawn["height"] <= size["height"], (drawn, size)
    assert drawn["x"] >= 0 and drawn["x"] + drawn["width"] <= size["width"], (drawn, size)


def shot(page: Page, name: str, artifacts: Path) -> None:
    page.screenshot(path=str(artifacts / f"daily37-{name}.png"), full_page=True)


@pytest.mark.slow
def test_daily_grid_played_start_to_finish_on_a_phone_then_the_profile(
    browser: Browser, daily: LiveServer, artifacts: Path
) -> None:
    phone = browser.new_context(viewport=PHONE, locale="fr-FR", has_touch=True, is_mobile=True)
    bea = sign_up(phone, daily, "Béa")
    bea.goto(daily.url + "/grille-du-jour")
    start = bea.locator("#daily-start")
    expect(bea.locator("#daily-name")).to_have_value("Béa")  # the account's name
    on_screen(bea, start)
    no_sideways_scroll(bea)
    assert serious_violations(bea) == []
    shot(bea, "start-phone", artifacts)
    start.tap()

    word = bea.locator("#word")
    expect(word).to_be_visible(timeout=10_000)
    on_screen(bea, word)
    on_screen(bea, bea.locator(".grid").first)
    no_sideways_scroll(bea)
    words = grid_words(grid_of(bea))
    for found in words[:3]:
        word.fill(found)
        word.press("Enter")
    expect(bea.locator("#my-words li.ok")).to_have_count(3)
    on_screen(bea, word)  # still there to type the next one
    no_sideways_scroll(bea)
    shot(bea, "play-phone", artifacts)
    bea.locator("#daily-finish").tap()
    expect(bea.locator("#daily-finish")).to_contain_text("Cliquez encore")
    bea.locator("#daily-finish").tap()

    place = bea.locator("#daily-place")
    expect(place).to_contain_text("1re place sur 1")
    on_screen(bea, place)
    on_screen(bea, bea.get_by_role("button", name=re.compile("Copier")))
    no_sideways_scroll(bea)
    share = bea.locator("#daily-share").inner_text()
    assert len(re.findall(r"^\d+\+? [\U0001f7e9\u2b1c]{5} \d+/\d+$", share, re.M)) >= 2
    kept = bea.locator("#daily-found li")
    expect(kept).to_have_count(3)
    listed = [kept.nth(n).locator("strong").inner_text() for n in range(3)]
    assert {fold(w.split(" / ")[0]) for w in listed} == set(words[:3])  # written forms
    expect(bea.locator("#daily-missed li")).to_have_count(len(words) - 3)
    assert serious_violations(bea) == []
    shot(bea, "results-phone", artifacts)

    bea.goto(daily.url + "/joueur/Béa")
    expect(bea.locator("#figures-rounds")).to_contain_text("Meilleure manche")
    expect(bea.locator("main")).not_to_contain_text("Meilleur coup")
    expect(bea.locator("main")).to_contain_text("1re sur 1")
    no_sideways_scroll(bea)
    assert serious_violations(bea) == []
    shot(bea, "profile-phone", artifacts)

    desk = browser.new_context(
        viewport=DESKTOP, locale="fr-FR", storage_state=phone.storage_state()
    )
    page = desk.new_page()
    page.goto(daily.url + "/grille-du-jour")
    expect(page.locator("#daily-place")).to_contain_text("1re place sur 1")
    expect(page.locator("#daily-found li")).to_have_count(3)
    on_screen(page, page.locator("#daily-place"))
    no_sideways_scroll(page)
    assert serious_violations(page) == []
    shot(page, "results-desktop", artifacts)
    page.goto(daily.url + "/joueur/Béa")
    expect(page.locator("#figures-rounds")).to_be_visible()
    shot(page, "profile-desktop", artifacts)
    page.goto(daily.url + "/grille-du-jour?jeu=big")
    expect(page.locator("#daily-start")).to_be_visible()
    on_screen(page, page.locator("#daily-start"))
    shot(page, "start-desktop", artifacts)
    # Béa deletes her account (on the phone): a page says it was done
    bea.goto(daily.url + "/compte")
    bea.fill("#delete-password", PASSWORD)
    bea.locator("form[action='/compte/supprimer'] button[type=submit]").tap()
    bea.wait_for_url("**/compte/supprime")
    expect(bea.locator("h1")).to_have_text("Compte supprimé")
    expect(bea.locator("#account-deleted")).to_contain_text("Votre compte est supprimé")
    no_sideways_scroll(bea)
    assert serious_violations(bea) == []
    shot(bea, "deleted-phone", artifacts)
    for context in (phone, desk):
        context.close()
