"""B17 in Chromium, « a scorer's round »: Ana creates a box room with a scorer, seats
Chloé who has no phone, starts the hourglass on both phones; Bob types a word on his,
Ana types the paper lists under each name, the last after the hourglass (the round
waits for her, Bob's own late word is refused), then closes the lists: the referee
crosses out and scores as for any round. Bob never sees the scorer's tools. Screenshots
at phone and desktop size in tests/artifacts/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.browser.conftest import PageFrames
from tests.browser.test_new_player import DESKTOP
from tests.browser.test_operator_page_in_browser import PHONE_WIDE
from tests.browser.test_play_in_browser import serious_violations, write
from tests.server.live import LiveServer


def type_list(page: Page, name: str, words: str) -> None:
    """The scorer types `name`'s paper list."""
    label = page.locator("#paper-whose option").filter(has_text=name).first.inner_text()
    page.select_option("#paper-whose", label=label)
    page.fill("#paper-words", words)
    page.get_by_role("button", name="Ajouter ces mots").click()
    count = len(words.split())
    expect(page.locator("#paper-sent")).to_contain_text(f"{count} mot")
    expect(page.locator("#paper-sent")).to_contain_text(name)


def sheet(page: Page, name: str) -> Locator:
    return page.locator(".sheet").filter(has=page.locator("h3", has_text=name))


@pytest.mark.slow
def test_b17_a_scorers_round(
    browser: Browser, live: LiveServer, artifacts: Path, frames: PageFrames
) -> None:
    ana = frames.watch(browser.new_context(viewport=PHONE_WIDE, locale="fr-FR").new_page())
    ana.goto(live.url + "/")
    ana.locator("#fold-boggle summary").click()
    ana.fill("#name", "Ana")
    ana.fill("#duration", "30")
    ana.fill("#box-grid", "orte/best/inam/gted")
    ana.check("#box-scorer")
    ana.locator("#box-scorer").scroll_into_view_if_needed()
    ana.screenshot(path=str(artifacts / "scorer-create-phone.png"))
    ana.set_viewport_size(DESKTOP)
    ana.locator("#box-scorer").scroll_into_view_if_needed()
    ana.screenshot(path=str(artifacts / "scorer-create-desktop.png"))
    ana.set_viewport_size(PHONE_WIDE)
    ana.click("#create button[type=submit]")
    ana.wait_for_url(re.compile(r"/r/[\w-]{12,}$"))
    bob = frames.watch(browser.new_context(viewport=PHONE_WIDE, locale="fr-FR").new_page())
    bob.goto(ana.url)
    bob.fill("#join-name", "Bob")
    bob.click(".join button[type=submit]")
    expect(ana.locator(".players")).to_contain_text("Bob")
    # a seat for Chloé, who has no phone
    ana.fill("#paper-name", "Chloé")
    ana.get_by_role("button", name="Ajouter cette place").click()
    chloe = ana.locator('.players li[data-seat="s3"]')
    expect(chloe).to_contain_text("Chloé")
    expect(chloe).to_contain_text("sans téléphone")
    expect(bob.locator(".players")).to_contain_text("Chloé")
    expect(bob.locator("#paper-title")).to_be_hidden()  # the scorer's tools are the host's
    assert serious_violations(ana) == []
    ana.click("#start")
    expect(bob.locator("#grid, .grid").first).to_be_visible()
    write(bob, "danse")  # Bob types on his phone
    expect(bob.locator("#my-words")).to_contain_text("accepté")
    type_list(ana, "Chloé", "danse bien zzz")
    type_list(ana, "Ana", "dent")
    expect(bob.locator("#paper-words")).to_have_count(0)
    # the hourglass runs out: Bob's own word is too late, the round waits for the scorer
    expect(ana.locator("#scoring")).to_have_text(
        "Le sablier est fini\u00a0: le compteur tape les listes.", timeout=45_000
    )
    write(bob, "ânes")
    expect(bob.locator("#my-words")).to_contain_text("trop tard")
    type_list(ana, "Bob", "ânes")  # from Bob's paper: the scorer's word counts
    expect(bob.locator("#my-words")).to_contain_text("ANES : accepté")
    assert serious_violations(ana) == []
    ana.screenshot(path=str(artifacts / "scorer-typing-phone.png"), full_page=True)
    ana.get_by_role("button", name="Fin de la saisie").click()
    for page in (ana, bob):
        expect(sheet(page, "Bob")).to_contain_text("Total : 1")  # ÂNES; DANSE crossed
        expect(sheet(page, "Chloé")).to_contain_text("Total : 1")  # BIEN
        expect(sheet(page, "Ana")).to_contain_text("Total : 1")  # DENT
    expect(sheet(ana, "Chloé").locator("li.crossed")).to_contain_text("DANSE")
    expect(sheet(ana, "Chloé").locator("li.refused")).to_contain_text("ZZZ")
    assert serious_violations(ana) == []
    ana.screenshot(path=str(artifacts / "scorer-results-phone.png"), full_page=True)
    ana.set_viewport_size(DESKTOP)
    ana.screenshot(path=str(artifacts / "scorer-results-desktop.png"), full_page=True)
    ana.context.close()
    bob.context.close()
