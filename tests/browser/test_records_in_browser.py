"""« Grilles records » in Chromium (issue 41): the page at phone and desktop size, no
serious axe violation, and « Jouer cette grille » on a phone: the home form opens on the
record as the box's grid, the room plays it (B16) and says so. Screenshots are saved in
tests/artifacts/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, ViewportSize, expect

from motamot.boggle.records import RECORDS
from tests.browser.conftest import PageFrames
from tests.browser.test_play_in_browser import grid_of, serious_violations
from tests.server.live import LiveServer

PHONE: ViewportSize = {"width": 393, "height": 851}
DESKTOP: ViewportSize = {"width": 1280, "height": 800}


@pytest.mark.slow
def test_b16_the_records_page_and_a_room_on_a_record_grid(
    browser: Browser, live: LiveServer, artifacts: Path, frames: PageFrames
) -> None:
    desk = browser.new_context(viewport=DESKTOP, locale="fr-FR").new_page()
    desk.goto(live.url + "/boggle/records")
    expect(desk.locator("h1")).to_have_text("Grilles records")
    expect(desk.locator(".record")).to_have_count(len(RECORDS))
    assert serious_violations(desk, "target-size") == []
    desk.screenshot(path=str(artifacts / "records-desktop.png"), full_page=True)

    phone = frames.watch(browser.new_context(viewport=PHONE, locale="fr-FR").new_page())
    phone.goto(live.url + "/boggle/records")
    assert serious_violations(phone, "target-size") == []
    # nothing wider than the phone's screen (a grid's picture, a long command)
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], width
    phone.screenshot(path=str(artifacts / "records-phone.png"), full_page=True)
    phone.locator(".record-how summary").first.click()  # the command, opened: it wraps
    expect(phone.locator(".record-how code").first).to_contain_text("--iterations")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    phone.locator(".record").first.screenshot(path=str(artifacts / "records-command-phone.png"))

    record = RECORDS[0]
    phone.locator(".record").first.get_by_role("link", name="Jouer cette grille").click()
    expect(phone.locator("#box-grid")).to_have_value(record.grid)
    expect(phone.locator("#record-note")).to_contain_text(f"Grille record {record.grid}")
    phone.screenshot(path=str(artifacts / "records-play-form-phone.png"))
    phone.fill("#name", "Ana")
    phone.click("#create button[type=submit]")
    phone.wait_for_url(re.compile(r"/r/[\w-]{12,}$"))
    phone.click("#start")
    expect(phone.locator("#chosen-grid")).to_contain_text(
        f"Grille de la boîte\u00a0: {record.grid}"
    )
    assert grid_of(phone) == record.grid
    phone.screenshot(path=str(artifacts / "records-room-phone.png"))
