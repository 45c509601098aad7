"""axe-core on every page a player or a spectator meets, at phone and desktop size: no
serious or critical violation (issue 21: the Topword spectator's cells, the Boggle
results' heading order, the Topword page's missing main heading; the games' guides; issue
24: the duplicate room), and no player's name outside a <bdi> (issue 26)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import PageFrames, unisolated
from tests.browser.test_new_player import DESKTOP, PHONE, seated
from tests.browser.test_play_in_browser import serious_violations
from tests.server.live import LiveServer


def check(page: Page, name: str, artifacts: Path, found: dict[str, object]) -> None:
    """axe on the page as it is now, and every player's name in an isolating element
    (issue 26 item 7: a <bdi> or dir=auto); its screenshot kept."""
    found[name] = serious_violations(page, "target-size")  # 24 px targets (WCAG 2.2)
    found[f"{name}: names"] = unisolated(page, ["Ana", "Bob"])
    page.screenshot(path=str(artifacts / f"axe-{name}.png"), full_page=True)


def one_heading_first(page: Page) -> None:
    """The page has a main heading (h1) before any other heading."""
    first = page.evaluate("document.querySelector('main h1, main h2, main h3')?.tagName")
    assert first == "H1", first


@pytest.mark.slow
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_no_serious_violation_on_any_page(
    browser: Browser, live: LiveServer, artifacts: Path, frames: PageFrames, size: str
) -> None:
    viewport = PHONE if size == "phone" else DESKTOP
    found: dict[str, object] = {}
    visitor = frames.watch(browser.new_context(viewport=viewport, locale="fr-FR").new_page())

    def visit(path: str, name: str, ready: Callable[[Page], None]) -> None:
        visitor.goto(live.url + path)
        ready(visitor)
        one_heading_first(visitor)
        check(visitor, f"{name}-{size}", artifacts, found)

    visit("/", "home", lambda p: expect(p.locator(".game-links a.play").first).to_be_visible())
    # each form folded under its title until its game is chosen (issue 37): opened here
    visit("/#boggle", "home-boggle", lambda p: expect(p.locator("#create")).to_be_visible())
    visit(
        "/?lang=en#topword",
        "home-en-topword",
        lambda p: expect(p.locator("#create-table")).to_be_visible(),
    )
    visit(
        "/#duplicate",
        "home-duplicate",
        lambda p: expect(p.locator("#create-duplicate")).to_be_visible(),
    )
    visit(
        "/#tournament",
        "home-tournament",
        lambda p: expect(p.locator("#create-tournament")).to_be_visible(),
    )
    for kind in ("boggle", "topword"):  # « Comment jouer », in both languages
        for lang in ("en", "fr"):
            visit(
                f"/comment-jouer/{kind}?lang={lang}",
                f"guide-{kind}-{lang}",
                lambda p: expect(p.locator("figure svg").first).to_be_visible(),
            )
    visitor.goto(live.url + "/?lang=fr")  # the switch is remembered: back to French
    visit("/no-such-page", "not-found", lambda p: expect(p.locator("h1")).to_be_visible())
    visit("/r/nosuchroom0000000", "no-room", lambda p: expect(p.locator("h1")).to_be_visible())
    visit("/mots", "words-changelog", lambda p: expect(p.locator("h1")).to_be_visible())

    # Boggle: the lobby, the round (a player's, a spectator's), the results (both)
    ana_seat = live.post("/api/rooms", {"name": "Ana", "duration": 120})
    room = ana_seat["room"]
    ana = frames.watch(seated(browser, live, ana_seat, viewport))
    expect(ana.locator("#start")).to_be_visible()
    check(ana, f"boggle-lobby-{size}", artifacts, found)
    visit(f"/r/{room}", "boggle-invited", lambda p: expect(p.locator("#join-name")).to_be_visible())
    ana.click("#start")
    expect(ana.locator("#word")).to_be_visible()
    check(ana, f"boggle-round-{size}", artifacts, found)
    visit(
        f"/r/{room[:16]}/watch",
        "boggle-round-watch",
        lambda p: expect(p.locator(".grid")).to_be_visible(),
    )
    ana.get_by_role("button", name="Arrêter la manche").click()
    expect(ana.locator(".sheet")).to_be_visible()
    one_heading_first(ana)
    check(ana, f"boggle-results-{size}", artifacts, found)
    visit(
        f"/r/{room[:16]}/watch",
        "boggle-results-watch",
        lambda p: expect(p.locator(".sheet")).to_be_visible(),
    )
    ana.context.close()

    # Topword: the lobby, the game (a player's, a spectator's), its end, replay, analysis
    table = live.post("/api/tables", {"name": "Ana", "seats": ["person"]})
    bob_seat = live.post(f"/api/rooms/{table['room']}/join", {"name": "Bob"})
    tw = table["room"]
    ana = frames.watch(seated(browser, live, table, viewport))
    bob = frames.watch(seated(browser, live, bob_seat, viewport))
    expect(ana.locator("#start")).to_be_visible()
    one_heading_first(ana)
    check(ana, f"topword-lobby-{size}", artifacts, found)
    ana.click("#start")
    expect(ana.locator("#rack .tile").first).to_be_visible()
    one_heading_first(ana)
    check(ana, f"topword-game-{size}", artifacts, found)
    visit(
        f"/r/{tw[:16]}/watch",
        "topword-watch",
        lambda p: expect(p.locator(".board-grid")).to_be_visible(),
    )
    # both pass: over (T18). The first to play is drawn; the other plays next.
    first, second = (ana, bob) if whose_turn(ana, bob) is ana else (bob, ana)
    first.click("#pass")
    first.click("#confirm-yes")  # a pass is asked first
    expect(second.locator("#pass")).to_be_enabled()
    second.click("#pass")
    second.click("#confirm-yes")  # a pass is asked first
    expect(ana.locator("#final")).to_be_visible(timeout=30_000)
    check(ana, f"topword-over-{size}", artifacts, found)
    visit(
        f"/r/{tw[:16]}/watch",
        "topword-over-watch",
        lambda p: expect(p.locator("#final")).to_be_visible(timeout=30_000),
    )
    visit(f"/r/{tw}/replay", "topword-replay", lambda p: expect(p.locator("#step")).to_be_visible())
    visit(
        f"/r/{tw}/analysis",
        "topword-analysis",
        lambda p: expect(p.locator("table.review")).to_be_visible(),
    )
    # Duplicate: the lobby, a turn (a player's, a spectator's), self-paced to its end
    dup = live.post("/api/duplicate", {"name": "Ana", "turn_seconds": None})
    ana.context.close()
    ana = frames.watch(seated(browser, live, dup, viewport))
    expect(ana.locator("#start")).to_be_visible()
    one_heading_first(ana)
    check(ana, f"duplicate-lobby-{size}", artifacts, found)
    ana.click("#start")
    expect(ana.locator("#rack .tile").first).to_be_visible()
    one_heading_first(ana)
    check(ana, f"duplicate-turn-{size}", artifacts, found)
    ana.click("#next-turn")
    expect(ana.locator("#sheet")).to_be_visible()
    check(ana, f"duplicate-after-turn-{size}", artifacts, found)
    visit(
        f"/r/{dup['room'][:16]}/watch",
        "duplicate-watch",
        lambda p: expect(p.locator("#standings")).to_be_visible(),
    )
    visit(  # D12: a club's series (none of its evenings over here)
        "/duplicate/serie/club-de-caen",
        "duplicate-series",
        lambda p: expect(p.locator("#series-none")).to_be_visible(),
    )
    # The daily grid: before the play, during it, its results (and a past day's)
    visit(
        "/grille-du-jour",
        "daily-start",
        lambda p: expect(p.locator("#daily-start")).to_be_visible(),
    )
    visitor.fill("#daily-name", "Vera")
    visitor.click("#daily-start")
    expect(visitor.locator("#word")).to_be_visible()
    one_heading_first(visitor)
    check(visitor, f"daily-play-{size}", artifacts, found)
    visitor.click("#daily-finish")
    visitor.click("#daily-finish")  # once to ask, once to end
    expect(visitor.locator("#daily-place")).to_be_visible()
    one_heading_first(visitor)
    check(visitor, f"daily-results-{size}", artifacts, found)
    visit(
        "/grille-du-jour/2026-01-01?lang=en",
        "daily-past-en",
        lambda p: expect(p.locator("#daily-start")).to_be_visible(),
    )
    visitor.goto(live.url + "/?lang=fr")
    visitor.goto(f"{live.url}/r/{tw}/analysis")
    expect(visitor.locator("table.review")).to_be_visible()
    words = visitor.locator("main").inner_text()
    assert "passe" in words and re.search(r"\bpass\b", words) is None  # no English in French
    width = visitor.evaluate("document.documentElement.scrollWidth")
    assert width <= viewport["width"], width  # the analysis is read without scrolling sideways
    for page in (ana, bob, visitor):
        page.context.close()
    assert {name: seen for name, seen in found.items() if seen} == {}


def whose_turn(*pages: Page) -> Page:
    """The page whose « Passer » is enabled: the pages hear the start each at its own pace."""
    for _ in range(300):
        for page in pages:
            if page.locator("#pass").is_enabled():
                return page
        pages[0].wait_for_timeout(100)
    raise AssertionError("nobody's turn after 30 s")
