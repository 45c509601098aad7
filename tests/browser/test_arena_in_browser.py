"""The arena in Chromium (issue 23): from the home page's « Jouer maintenant », Ana comes
in, gets the round's grid and writes words; Bob comes in mid-round on a phone and gets
the same grid with the time left; both write a word in common (A1: both score it); after
the deadline each sees the round's results with their own place, then the next round
waits for them. axe-core finds nothing serious on the way in, the round and the results,
at desktop and phone size; screenshots of each are kept in tests/artifacts/."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from motamot.service.arena.schedule import ArenaSchedule
from tests.browser.conftest import PageFrames, unisolated
from tests.browser.test_new_player import DESKTOP, PHONE
from tests.browser.test_play_in_browser import grid_of, serious_violations
from tests.server.helpers import grid_words
from tests.server.live import LiveServer

SCHEDULE = ArenaSchedule("classic-fr", seconds=40, pause=10)
#: Short rounds; two browsers without accounts, both in the best list: opened (F1).
ARGS = ("--arena-seconds", "40", "--arena-pause", "10", "--open-rankings")


@pytest.fixture(scope="module")
def arena(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path_factory.mktemp("arena") / "rooms.sqlite3", args=ARGS).start()
    yield server
    server.stop()


def write(page: Page, word: str) -> None:
    page.fill("#word", word)
    page.press("#word", "Enter")


def seconds_left(page: Page) -> int:
    minutes, seconds = (page.locator("#arena-timer").inner_text() or "0:00").split(":")
    return int(minutes) * 60 + int(seconds)


@pytest.mark.slow
def test_arena_A1_A5_joined_mid_round_in_chromium_then_the_results(
    browser: Browser, arena: LiveServer, artifacts: Path, frames: PageFrames
) -> None:
    found: dict[str, object] = {}
    # a round with most of its time ahead (28 s at least): come in then
    while (time.time() - SCHEDULE.epoch) % SCHEDULE.period > 12:
        time.sleep(0.2)
    ana = frames.watch(browser.new_context(viewport=DESKTOP, locale="fr-FR").new_page())
    ana.goto(arena.url + "/")
    ana.click("#arena-play")
    expect(ana.locator("#arena-name")).to_be_focused()
    # before a name: the round on and the time it has left
    expect(ana.locator("#arena-now")).to_contain_text(re.compile(r"en cours, il reste 0:[1-4]\d"))
    found["enter"] = serious_violations(ana)
    ana.screenshot(path=str(artifacts / "arena-enter-desktop.png"), full_page=True)
    ana.fill("#arena-name", "Ana")
    ana.click("#arena-enter")
    expect(ana.locator("#word")).to_be_visible(timeout=15_000)
    grid = grid_of(ana)
    words = grid_words(grid)  # the dice may roll a poor grid: a handful of words
    mine = words[:3]
    for word in mine:
        write(ana, word)
    expect(ana.locator("#my-words li.ok")).to_have_count(len(mine))
    write(ana, "ZZQX")
    expect(ana.locator("#my-words li.bad")).to_have_count(1)
    expect(ana.locator("#verdict")).to_contain_text("refusé")

    # Bob comes in mid-round on a phone: the same grid, the time that is left
    time.sleep(4)
    bob = frames.watch(browser.new_context(viewport=PHONE, locale="fr-FR").new_page())
    bob.goto(arena.url + "/arene")
    expect(bob.locator("#arena-now")).to_contain_text("1 joueur dans cette manche")
    bob.fill("#arena-name", "Bob")
    bob.click("#arena-enter")
    expect(bob.locator("#word")).to_be_visible(timeout=10_000)
    assert grid_of(bob) == grid
    left = seconds_left(bob)
    assert 5 < left < SCHEDULE.round_seconds - 3, left  # the rest of the round, no more
    assert abs(seconds_left(ana) - left) <= 2  # one referee's clock for both
    write(bob, words[0])  # a word Ana found too: it scores for both (A1)
    expect(bob.locator("#my-words li.ok")).to_have_count(1)
    expect(bob.locator("#arena-activity")).to_contain_text("2 joueurs", timeout=5_000)
    found["round-phone"] = serious_violations(bob)
    found["round-desktop"] = serious_violations(ana)
    ana.screenshot(path=str(artifacts / "arena-round-desktop.png"), full_page=True)
    bob.screenshot(path=str(artifacts / "arena-round-phone.png"), full_page=True)

    # after the deadline: each player's place among everybody, the best, the session
    wait = (left + 10) * 1000
    expect(ana.locator("#arena-place")).to_contain_text("1re place sur 2", timeout=wait)
    # a visitor during the results: when the next round starts (the pause is 10 s)
    cat = frames.watch(browser.new_context(viewport=PHONE, locale="fr-FR").new_page())
    cat.goto(arena.url + "/arene")
    expect(cat.locator("#arena-now")).to_contain_text(
        re.compile(r"Résultats de la manche : la suivante commence dans 0:(0\d|10)")
    )
    cat.screenshot(path=str(artifacts / "arena-enter-results-phone.png"), full_page=True)
    cat.context.close()
    # issue 37: the grid, my words and, when asked, what I missed, each lighting its path
    expect(ana.locator(".arena-mine .grid")).to_be_visible()
    expect(ana.locator("#arena-my-words li.ok")).to_have_count(len(mine))
    expect(ana.locator("#arena-my-words li.bad")).to_have_count(1)
    ana.locator("#arena-my-words li.ok button").first.click()
    expect(ana.locator(".arena-mine .die.lit").first).to_be_visible()
    ana.click("#arena-missed-show")
    missed = ana.locator("#arena-missed li")
    expect(missed.first).to_be_visible()
    assert missed.count() >= min(40, len(words) - len(mine))
    assert not set(missed.all_inner_texts()) & {f"{w} ↗" for w in mine}
    missed.first.get_by_role("button").click()
    expect(ana.locator(".arena-mine .die.lit").first).to_be_visible()
    ana.screenshot(path=str(artifacts / "arena-results-missed-desktop.png"), full_page=True)
    expect(bob.locator("#arena-place")).to_contain_text("2e place sur 2", timeout=5_000)
    expect(ana.locator("#arena-place")).not_to_contain_text("top")  # the first: her place
    expect(bob.locator("#arena-place")).to_contain_text("top 100 %")
    expect(ana.locator(".arena-best tbody tr")).to_have_count(2)
    expect(ana.locator(".arena-best tbody tr").first).to_contain_text("Ana")
    assert ana.locator(".arena-words-best li").count() == min(10, len(words))
    expect(ana.locator("#arena-session")).to_contain_text("1 manche de suite")
    expect(bob.locator("#arena-results-title")).to_contain_text("Résultats de la manche")
    for page in (ana, bob):  # every name in a bdi (issue 26 item 7)
        assert unisolated(page, ["Ana", "Bob"]) == []
    found["results-desktop"] = serious_violations(ana)
    found["results-phone"] = serious_violations(bob)
    ana.screenshot(path=str(artifacts / "arena-results-desktop.png"), full_page=True)
    bob.screenshot(path=str(artifacts / "arena-results-phone.png"), full_page=True)

    # the next round takes them in: its countdown, the last results still shown
    expect(ana.locator(".arena-countdown h2")).to_have_text(
        "La prochaine manche commence dans", timeout=15_000
    )
    expect(ana.locator("#arena-place")).to_be_visible()
    assert found == {name: [] for name in found}, found
    frames.all_fit("welcome", "ack", "events", "arena.activity")
