"""The daily grid in Chromium (issue 23): from the home page's block, Ana (desktop, in
French) starts today's grid, writes words, reloads mid-play and finds the same play with
the time left and her words (G3, G5), is done, and sees her rank, the day's best, the
words she missed and the share text (G7, G8, G10); Bob (a phone, in English) plays the
same grid (G1) and sees his place among two; Ana comes back and is told she has played,
a second start refused (G5). The grid is the one `motamot boggle daily` prints for the
server's secret. axe-core finds nothing serious on the way; screenshots at desktop
(1280×800) and phone (390×844) sizes are kept in tests/artifacts/ and /tmp."""

from __future__ import annotations

import datetime
import json
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from motamot.text.daily_web import day_text
from tests.browser.test_play_in_browser import grid_of, serious_violations
from tests.server.helpers import grid_words
from tests.server.live import LiveServer

DESKTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 390, "height": 844}
#: A row of the share picture (G14): a length, five squares, found of held.
PICTURE_ROW = "\\d+\\+? [\U0001f7e9\u2b1c]{5} \\d+/\\d+"


@pytest.fixture(scope="module")
def daily(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder = tmp_path_factory.mktemp("daily")
    secret = folder / "server.secret"
    # two browsers without accounts, both in the day's best: the lists opened (F1)
    args = ("--secret-file", str(secret), "--open-rankings")
    server = LiveServer(folder / "rooms.sqlite3", args=args).start()
    server.secret = secret  # type: ignore[attr-defined]
    yield server
    server.stop()


def write(page: Page, word: str) -> None:
    page.fill("#word", word)
    page.press("#word", "Enter")


def seconds_left(page: Page) -> int:
    minutes, seconds = (page.locator("#daily-timer").inner_text() or "0:00").split(":")
    return int(minutes) * 60 + int(seconds)


def shot(page: Page, name: str, artifacts: Path) -> None:
    path = artifacts / f"daily-{name}.png"
    page.screenshot(path=str(path), full_page=True)
    shutil.copy(path, f"/tmp/daily-{name}.png")


def printed_grid(secret: Path) -> str:
    command = [sys.executable, "-m", "motamot", "boggle", "daily", "--secret-file", str(secret)]
    answer = subprocess.run(command, capture_output=True, text=True, check=True)
    return answer.stdout.strip()


@pytest.mark.slow
def test_daily_g1_g3_g5_g7_g8_g10_two_identities_play_the_daily_grid_in_chromium(
    browser: Browser, daily: LiveServer, artifacts: Path
) -> None:
    found: dict[str, object] = {}
    today = datetime.datetime.now(datetime.UTC).date()
    ana = browser.new_context(viewport=DESKTOP, locale="fr-FR").new_page()
    ana.goto(daily.url + "/")
    ana.click("#daily-play")
    expect(ana.locator("#daily-start")).to_be_visible()
    found["start"] = serious_violations(ana)
    shot(ana, "start-desktop", artifacts)
    ana.fill("#daily-name", "Ana")
    ana.click("#daily-start")
    expect(ana.locator("#word")).to_be_visible(timeout=10_000)
    started = time.time()
    grid = grid_of(ana)
    assert grid == printed_grid(daily.secret)  # type: ignore[attr-defined]
    words = grid_words(grid)
    for word in words[:3]:
        write(ana, word)
    expect(ana.locator("#my-words li.ok")).to_have_count(3)
    write(ana, "ZZQX")
    expect(ana.locator("#my-words li.bad")).to_have_count(1)
    found["play-desktop"] = serious_violations(ana)
    shot(ana, "play-desktop", artifacts)

    # a reload resumes the same play: the grid, the words, the time left
    ana.reload()
    expect(ana.locator("#word")).to_be_visible()
    expect(ana.locator("#my-words li.ok")).to_have_count(3)
    assert grid_of(ana) == grid
    assert abs(seconds_left(ana) - (180 - (time.time() - started))) <= 3  # the same clock

    ana.click("#daily-finish")
    expect(ana.locator("#daily-finish")).to_contain_text("Cliquez encore")
    ana.click("#daily-finish")
    expect(ana.locator("#daily-place")).to_contain_text("1re place sur 1")
    share = ana.locator("#daily-share").inner_text()
    # the whole text is the template (so no word or letter of the grid is in it); a
    # search for the grid's words would fail whenever one is a template word (« MOTS »)
    shared = (
        rf"motamot · grille du {re.escape(day_text(today, 'fr'))} · \d+ pts? · 3 mots"
        rf" · 1re place sur 1\n({PICTURE_ROW}\n)+"
        rf"{re.escape(daily.url)}/grille-du-jour/{today.isoformat()}"
    )
    assert re.fullmatch(shared, share.strip()), share
    expect(ana.locator("#daily-missed li").first).to_be_visible()
    assert ana.locator("#daily-missed li").count() == len(words) - 3
    expect(ana.locator("#daily-found li")).to_have_count(3)  # G15: what she found too
    found["results-desktop"] = serious_violations(ana)
    shot(ana, "results-desktop", artifacts)

    # Bob, on a phone, in English: the same grid, one word, his place among two
    bob = browser.new_context(viewport=PHONE, locale="en-GB").new_page()
    bob.goto(daily.url + "/grille-du-jour?lang=en")
    expect(bob.locator("#daily-start")).to_be_visible()
    expect(bob.locator("#daily-best")).to_contain_text("Ana")
    bob.fill("#daily-name", "Bob")
    bob.click("#daily-start")
    expect(bob.locator("#word")).to_be_visible(timeout=10_000)
    assert grid_of(bob) == grid
    found["play-phone"] = serious_violations(bob)
    shot(bob, "play-phone", artifacts)
    write(bob, words[-1])
    expect(bob.locator("#my-words li.ok")).to_have_count(1)
    bob.click("#daily-finish")
    expect(bob.locator("#daily-finish")).to_contain_text("Click again")
    bob.click("#daily-finish")
    expect(bob.locator("#daily-place")).to_contain_text("of 2")
    english = bob.locator("#daily-share").inner_text()
    assert english.startswith(f"motamot · grid of {day_text(today, 'en')} · ")
    assert re.search(r"· 1 word · (top (50|100)%|number 1 of 2)", english), english
    found["results-phone"] = serious_violations(bob)
    shot(bob, "results-phone", artifacts)

    # Ana comes back: told she has played, her place among two, no second play
    ana.reload()
    expect(ana.locator("#daily-already")).to_be_visible()
    expect(ana.locator("#daily-place")).to_contain_text("sur 2")
    expect(ana.locator("#daily-best tbody tr")).to_have_count(2)
    assert ana.locator("#daily-start").count() == 0
    again = ana.request.post(
        f"{daily.url}/api/daily/classic-fr/{today.isoformat()}/start",
        data=json.dumps({"name": "Ana"}),
        headers={"content-type": "application/json", "origin": daily.url},
    )
    assert again.status == 409 and again.json()["refused"] == "daily_played"
    found["again-desktop"] = serious_violations(ana)
    shot(ana, "again-desktop", artifacts)
    for page in (ana, bob):
        page.context.close()
    assert found == {name: [] for name in found}, found
