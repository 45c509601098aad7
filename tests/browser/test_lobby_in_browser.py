"""The lobby and the quick pairing in Chromium (issue 23): a public table made on the home
page appears in a second browser's lobby, which joins it from there while a third
browser's lobby follows live; two browsers seeking a quick game end at the same table,
each in its seat; axe on `/salon` and `/partie-rapide`, screenshots at both sizes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.test_new_player import DESKTOP, PHONE
from tests.browser.test_play_in_browser import serious_violations
from tests.server.live import LiveServer

ROOM_PATH = re.compile(r"/r/[A-Za-z0-9_-]{16,}$")


def french(browser: Browser, viewport: object = DESKTOP) -> Page:
    return browser.new_context(viewport=viewport, locale="fr-FR").new_page()  # type: ignore[arg-type]


def shot(page: Page, artifacts: Path, name: str) -> None:
    page.screenshot(path=str(artifacts / f"{name}.png"), full_page=True)


def test_a_public_table_made_on_the_home_page_is_joined_from_the_lobby(
    browser: Browser, live: LiveServer, artifacts: Path
) -> None:
    watcher = french(browser)
    watcher.goto(live.url + "/salon")
    expect(watcher.locator("body[data-lobby=live]")).to_have_count(1)
    expect(watcher.locator("#no-tables")).to_be_visible()
    ana = french(browser)
    ana.goto(live.url + "/#topword")  # the game chosen: its form opens
    ana.fill("#tw-name", "Ana")
    for place in (1, 2, 3):  # T23: four seats, three of them free
        ana.select_option(f"#tw-seat-{place}", "person")
    ana.check("#create-table input[name=public]")
    ana.click("#create-table button[type=submit]")
    expect(ana).to_have_url(ROOM_PATH)
    expect(ana.locator("#public-note")).to_have_text("Partie publique : listée dans le salon.")
    shot(ana, artifacts, "public-table-desktop")
    # the watcher's lobby shows it without a reload
    row = watcher.locator("#tables tr")
    expect(row).to_have_count(1)
    expect(row).to_contain_text("Topword (français)")
    expect(row).to_contain_text("Ana (1)")
    expect(row.locator("td[data-label='Places libres']")).to_have_text("3")
    bob = french(browser, PHONE)
    bob.goto(live.url + "/salon")
    bob_row = bob.locator("#tables tr")
    expect(bob_row).to_have_count(1)
    shot(bob, artifacts, "salon-phone")
    shot(watcher, artifacts, "salon-desktop")
    assert serious_violations(watcher) == []
    assert serious_violations(bob) == []
    bob_row.get_by_role("link", name=re.compile("Rejoindre")).click()
    expect(bob).to_have_url(ana.url)
    bob.fill("#join-name", "Bob")
    bob.get_by_role("button", name="Rejoindre").click()
    expect(ana.locator(".players")).to_contain_text("Bob")
    expect(row).to_contain_text("Ana, Bob (2)")  # the lobby follows live
    expect(row.locator("td[data-label='Places libres']")).to_have_text("2")
    ana.click("#start")
    expect(watcher.locator("#tables tr")).to_have_count(0)  # started: no seat to take
    expect(watcher.locator("#no-tables")).to_be_visible()
    for page in (watcher, ana, bob):
        page.context.close()


def test_the_lobby_in_english_follows_again_once_the_server_is_back(
    browser: Browser, tmp_path: Path, artifacts: Path
) -> None:
    live = LiveServer(tmp_path / "rooms.sqlite3").start()
    page = french(browser)
    try:
        made = live.post("/api/rooms", {"name": "Zoé", "public": True, "duration": 90})
        page.goto(live.url + "/salon?lang=en")
        expect(page.locator("h1")).to_have_text("Lobby: the open tables")
        row = page.locator(f"#tables tr[data-room='{made['room']}']")
        expect(row).to_contain_text("90 s a round")
        live.kill()
        expect(page.locator("#lobby-state")).to_contain_text("reconnecting")
        live.start()
        later = live.post("/api/tables", {"name": "Yann", "seats": ["person"], "public": True})
        expect(page.locator("body[data-lobby=live]")).to_have_count(1, timeout=30_000)
        expect(page.locator(f"#tables tr[data-room='{later['room']}']")).to_contain_text("no limit")
        expect(page.locator("#tables tr")).to_have_count(2)
        shot(page, artifacts, "salon-en-desktop")
    finally:
        page.context.close()
        live.stop()


@pytest.mark.parametrize("pace", ["1m", "1d"])
def test_two_browsers_seeking_a_quick_game_end_at_the_same_table(
    browser: Browser, live: LiveServer, artifacts: Path, pace: str
) -> None:
    ana, bob = french(browser), french(browser, PHONE)
    for page, name in ((ana, "Ana"), (bob, "Bob")):
        page.goto(live.url + "/partie-rapide")
        page.fill("#quick-name", name)
        page.check(f"input[name=pace][value='{pace}']")
    assert serious_violations(ana) == [] and serious_violations(bob) == []
    shot(ana, artifacts, f"quick-{pace}-desktop")
    shot(bob, artifacts, f"quick-{pace}-phone")
    ana.click("#seek-button")
    expect(ana.locator("#seeking")).to_be_visible()
    expect(ana.locator("#seek-state")).to_contain_text("On cherche un adversaire")
    assert serious_violations(ana) == []
    shot(ana, artifacts, f"quick-{pace}-seeking-desktop")
    bob.click("#seek-button")
    expect(ana).to_have_url(ROOM_PATH)
    expect(bob).to_have_url(ana.url)
    for page in (ana, bob):
        expect(page.locator(".board-grid")).to_be_visible()  # seated, the game started
        expect(page.locator("#rack")).to_be_visible()
    clock = ana.locator("#clock")
    expect(clock).to_contain_text("pour jouer")  # the pace is the turn clock
    expect(clock).to_contain_text(" s pour" if pace == "1m" else " h ")
    shot(bob, artifacts, f"quick-{pace}-table-phone")
    for page in (ana, bob):
        page.context.close()
