"""A Boggle round on a phone, from the link to the results (issue 37): two players on
393×851 touch screens; the friend opening the link joins in the first screen; the next
action is always in view and nothing scrolls sideways; the results open on the player's
own sheet right under the grid, which stays in view while the lists scroll; the others'
sheets are folded; « … et N autres » opens. Screenshots at phone and desktop size of the
room, the round and the results are saved in tests/artifacts/.
"""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Browser, Page, ViewportSize, expect

from motamot.boggle import get_preset, parse_grid, solve
from motamot.lexicon import load_lexicon
from tests.browser.conftest import PageFrames
from tests.browser.screen import box_of, in_view
from tests.browser.test_play_in_browser import grid_of, serious_violations
from tests.server.live import LiveServer

PHONE: ViewportSize = {"width": 393, "height": 851}
DESKTOP: ViewportSize = {"width": 1280, "height": 800}


def phone(browser: Browser) -> Page:
    context = browser.new_context(viewport=PHONE, locale="fr-FR", has_touch=True, is_mobile=True)
    return context.new_page()


def top(page: Page, selector: str) -> float:
    return box_of(page, selector)["y"]


def no_sideways_scroll(page: Page) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= innerWidth"))


def tap_word(page: Page, word: str) -> None:
    page.fill("#word", word.lower())
    page.press("#word", "Enter")


def test_a_round_on_two_phones_from_the_link_to_the_results(
    browser: Browser, live: LiveServer, artifacts: Path, frames: PageFrames
) -> None:
    created = live.post("/api/rooms", {"name": "Ana", "duration": 120, "rounds": 2})
    ana = frames.watch(phone(browser))
    ana.goto(live.url + "/")
    ana.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [f"motamot.seat.{created['room']}", json.dumps(created)],
    )
    link = f"{live.url}/r/{created['room']}"
    ana.goto(link)
    bob = frames.watch(phone(browser))
    bob.goto(link)  # the friend, by the players' link
    expect(bob.locator("#join-name")).to_be_visible()
    assert in_view(bob, "#join-name") and in_view(bob, ".join button[type=submit]")
    assert no_sideways_scroll(bob)
    bob.screenshot(path=str(artifacts / "boggle-phone-invited.png"))
    bob.fill("#join-name", "Bob")
    bob.locator(".join button[type=submit]").tap()
    expect(ana.locator(".players")).to_contain_text("Bob")
    assert in_view(ana, "#start")
    desk = frames.watch(browser.new_context(viewport=DESKTOP, locale="fr-FR").new_page())
    desk.goto(f"{live.url}/r/{created['room'][:16]}/watch")  # a spectator on a desktop
    expect(desk.locator(".players")).to_contain_text("Bob")
    desk.screenshot(path=str(artifacts / "boggle-desktop-lobby.png"))
    ana.locator("#start").tap()
    for page in (ana, bob):
        expect(page.locator("#word")).to_be_visible()
        assert in_view(page, ".grid") and in_view(page, "#word") and no_sideways_scroll(page)
    ana.screenshot(path=str(artifacts / "boggle-phone-round.png"))
    expect(desk.locator(".grid")).to_be_visible()
    assert in_view(desk, ".grid") and no_sideways_scroll(desk)
    desk.screenshot(path=str(artifacts / "boggle-desktop-round.png"))
    words = solve(parse_grid(grid_of(ana)), get_preset("classic-fr"), load_lexicon("fr")).words
    tap_word(ana, words[0].word)
    tap_word(bob, words[0].word)  # found by both: crossed out
    tap_word(ana, words[1].word)
    tap_word(bob, words[2].word)
    expect(ana.locator("#my-words li.ok")).to_have_count(2)
    expect(bob.locator("#my-words li.ok")).to_have_count(2)
    ana.get_by_role("button", name="Arrêter la manche").tap()
    for page, name in ((ana, "Ana"), (bob, "Bob")):
        expect(page.locator("#my-sheet")).to_be_visible()
        page.evaluate("window.scrollTo(0, 0)")
        # the winner, the next action, the grid and the player's own sheet, in that order
        mine = page.locator("#my-sheet h3")
        expect(mine).to_contain_text(name)
        order = [top(page, s) for s in (".winner", ".results-grid", "#my-sheet")]
        assert order == sorted(order), order
        assert in_view(page, ".winner") and in_view(page, ".results-grid")
        assert in_view(page, "#my-sheet h3") and no_sideways_scroll(page)
        # the others' sheets are one line each until opened
        other = page.locator("details.sheet")
        expect(other).to_have_count(1)
        expect(other).not_to_have_attribute("open", "")
    assert in_view(ana, "#start")  # « Manche suivante »: in the first screen
    waiting = "En attente de l'hôte, qui lance chaque manche."
    expect(bob.locator(".controls .hint")).to_have_text(waiting)
    assert in_view(bob, ".controls .hint")
    ana.screenshot(path=str(artifacts / "boggle-phone-results.png"))
    height = ana.evaluate("document.documentElement.scrollHeight")
    assert height < 4 * PHONE["height"], height  # was about 4,400 px
    print(f"\nthe results on a phone: {height} px tall")
    # a word far down the page: the grid stays in view and lights its path
    missed = ana.locator("#missed li button").last
    missed.scroll_into_view_if_needed()
    missed.tap()
    assert in_view(ana, ".results-grid .grid")
    expect(ana.locator(".results-grid .die.lit").first).to_be_visible()
    ana.screenshot(path=str(artifacts / "boggle-phone-results-scrolled.png"))
    more = ana.locator("#missed-more")
    if more.count():  # « … et N autres » shows them all
        shown = ana.locator("#missed li").count()
        more.tap()
        expect(ana.locator("#missed li")).not_to_have_count(shown)
        expect(more).to_have_count(0)
    bob.locator("details.sheet summary").tap()  # Ana's sheet, opened
    expect(bob.locator("details.sheet li").first).to_be_visible()
    assert serious_violations(ana) == []
    expect(desk.locator(".results-grid")).to_be_visible()
    assert in_view(desk, ".results-grid") and no_sideways_scroll(desk)
    desk.screenshot(path=str(artifacts / "boggle-desktop-results.png"))
    for page in (ana, bob, desk):
        page.context.close()
    frames.all_fit("welcome", "events", "ack")


def test_the_home_page_on_a_phone_plays_from_its_first_screen(
    browser: Browser, live: LiveServer, artifacts: Path
) -> None:
    """Issue 37: a play button in the first screen; the kinds' forms folded under their
    titles, so the page is short (it was 4,900 px); a game's button opens its form."""
    page = phone(browser)
    page.goto(live.url + "/")
    plays = page.locator(".game-links a.play")
    expect(plays.first).to_be_visible()
    assert plays.count() >= 2 and all(in_view(page, f".game:nth-child({n}) a.play") for n in (1, 2))
    folded = page.locator("details.create-part")
    assert folded.count() >= 3
    assert all(not d.evaluate("d => d.open") for d in folded.all())
    assert no_sideways_scroll(page)
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height < 2.5 * PHONE["height"], height
    page.screenshot(path=str(artifacts / "home-phone.png"))
    assert serious_violations(page) == []
    plays.first.tap()  # Boggle's « Créer une partie »: its form opens, the name first
    expect(page.locator("#fold-boggle")).to_have_attribute("open", "")
    expect(page.locator("#name")).to_be_focused()
    assert in_view(page, "#name")
    page.screenshot(path=str(artifacts / "home-phone-boggle-form.png"))
    page.fill("#name", "Léa")
    page.fill("#duration", "3")  # a typo for three minutes: M1 says why it is refused
    page.locator("#create button[type=submit]").tap()
    expect(page.locator("#create-error")).to_contain_text("au moins 30 secondes")
    desk = browser.new_context(viewport=DESKTOP, locale="fr-FR").new_page()
    desk.goto(live.url + "/")
    assert in_view(desk, ".game-links a.play") and no_sideways_scroll(desk)
    desk.screenshot(path=str(artifacts / "home-desktop.png"), full_page=True)
    for opened in (page, desk):
        opened.context.close()
