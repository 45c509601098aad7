"""The daily page asks the server for the day again only when the play is over (G5):
during a play, neither a refused word nor the clock's half-minute makes it fetch the
day's state (a page of thousands of players would double the server's requests). Its
timers run under Playwright's clock, half a minute gone in an instant."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Request, expect

from tests.server.live import LiveServer


@pytest.mark.slow
def test_g5_during_a_play_a_refused_word_and_the_clock_fetch_nothing_more(
    browser: Browser, live: LiveServer
) -> None:
    page = browser.new_context(locale="fr-FR").new_page()
    page.clock.install()
    page.goto(live.url + "/grille-du-jour")
    page.fill("#daily-name", "Zoé")
    page.click("#daily-start")
    expect(page.locator("#word")).to_be_visible(timeout=10_000)
    fetched: list[str] = []

    def seen(request: Request) -> None:
        if request.method == "GET" and "/api/daily/" in request.url:
            fetched.append(request.url)

    page.on("request", seen)
    page.fill("#word", "ZZQX")
    page.press("#word", "Enter")
    expect(page.locator("#my-words li.bad")).to_have_count(1)
    page.clock.run_for(31_000)  # the results' refresh is every 30 s: not for a play
    expect(page.locator("#word")).to_be_visible()
    page.fill("#word", "QQQQ")  # a second answer after the clock ran: the page still works
    page.press("#word", "Enter")
    expect(page.locator("#my-words li.bad")).to_have_count(2)
    assert fetched == []
