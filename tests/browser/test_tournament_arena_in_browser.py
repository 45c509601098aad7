"""A Boggle tournament arena in Chromium (K6-K10): two rounds back to back with two people, their
results, the standings and the podium, the lobby's finished list; screenshots on a phone
and a desktop (a file of its own: its rounds' clocks make it the suite's longest test)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import PageFrames
from tests.browser.test_play_in_browser import grid_of, serious_violations
from tests.browser.test_players_in_browser import sign_up
from tests.browser.test_tournament_in_browser import DESKTOP, PHONE, create, register, shoot
from tests.server.helpers import grid_words
from tests.server.live import LiveServer


def to_round(page: Page, number: int, words: int) -> None:
    """Told that round `number` starts (K10), to its room, `words` of its grid written."""
    expect(page.locator("#your-game")).to_contain_text(f"ronde {number}", timeout=90_000)
    page.click("#go-to-table")
    page.wait_for_url(re.compile(r"/r/"))
    expect(page.locator("#word")).to_be_visible(timeout=30_000)
    for word in grid_words(grid_of(page))[:words]:
        page.fill("#word", word)
        page.press("#word", "Enter")
    expect(page.locator("#my-words li.ok")).to_have_count(words, timeout=10_000)


def back_from_round(page: Page) -> None:
    """The round is over: its results, then back to the tournament."""
    expect(page.locator("#arena-back")).to_be_visible(timeout=60_000)
    page.click("#arena-back")
    expect(page.locator(".tn-phase")).to_be_visible(timeout=10_000)


@pytest.mark.slow
def test_k6_k7_k8_k10_a_boggle_tournament_arena_of_two_rounds_with_two_people(
    browser: Browser, live: LiveServer, artifacts: Path, frames: PageFrames
) -> None:
    """Rounds of 30 s (the shortest a tournament allows), 10 s apart: Anouk on a phone
    and Bruno on a desktop play each round's grid in its room; the standings add up their
    points (K6), the podium places them. (Back to back, the second round could be over
    on a loaded machine before the pages, busy with the first one's results, reached it.)"""
    contexts = {
        name: browser.new_context(base_url=live.url, viewport=size, locale="fr-FR")
        for name, size in (("dora", DESKTOP), ("ana", PHONE), ("ben", DESKTOP))
    }
    dora = frames.watch(sign_up(contexts["dora"], live, "Dalia"))
    room = create(dora, name="Dalia", title="Boggle d'hiver", format="arena", rounds=2,
                  round_seconds=30, gap_seconds=10)  # fmt: skip
    ana = frames.watch(sign_up(contexts["ana"], live, "Anouk"))
    register(ana, live, room, "Anouk")
    ben = frames.watch(sign_up(contexts["ben"], live, "Bruno"))
    register(ben, live, room, "Bruno")
    dora.click("#tn-start-now")
    for number, counts in enumerate(((3, 1), (2, 1)), 1):
        for page, count in zip((ana, ben), counts, strict=True):
            to_round(page, number, count)
        if number == 1:
            for page, size in ((ana, "phone"), (ben, "desktop")):
                shoot(page, artifacts, f"tournament-arena-round-{size}")
                assert serious_violations(page) == []
            expect(ana.locator("#arena-back")).to_be_visible(timeout=60_000)
            expect(ben.locator("#arena-back")).to_be_visible(timeout=10_000)
            for page, size in ((ana, "phone"), (ben, "desktop")):
                expect(page.locator("#arena-results-title")).to_contain_text("ronde 1")
                shoot(page, artifacts, f"tournament-arena-results-{size}")
                assert serious_violations(page) == []
        for page in (ana, ben):
            back_from_round(page)
    expect(dora.locator("#podium")).to_be_visible(timeout=90_000)
    expect(dora.locator(".tn-phase")).to_contain_text("Terminé")
    standings = dora.locator(".tn-standings tbody tr")
    expect(standings).to_have_count(2)
    expect(standings.first).to_contain_text("Anouk")  # five words to two, the best first
    shoot(dora, artifacts, "tournament-arena-final-desktop")
    ana.goto(f"/r/{room}")
    expect(ana.locator("#podium")).to_be_visible(timeout=10_000)
    expect(ana.locator("#podium")).to_contain_text("Bruno")
    shoot(ana, artifacts, "tournament-arena-final-phone")
    assert serious_violations(dora) == []
    assert serious_violations(ana) == []
    # the lobby lists it among the finished, unrated, with its winner (K10)
    for page, size in ((dora, "desktop"), (ana, "phone")):
        page.goto("/salon")
        finished = page.locator(".tn-lobby li", has_text="Boggle d'hiver")
        expect(finished).to_contain_text("vainqueur : Anouk", timeout=10_000)
        expect(finished).to_contain_text("non classé")
        shoot(page, artifacts, f"tournament-lobby-{size}")
        assert serious_violations(page) == []
    for context in contexts.values():
        context.close()
