"""Two people play a round in Chromium: the room by its link, typed and traced words,
a word found by both crossed out, a reload mid-round, results; axe on every page.

Screenshots at phone size (360×640) are saved in tests/artifacts/ (not committed).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Dialog, Page, ViewportSize, expect

from motamot.boggle import get_preset, parse_grid, solve
from motamot.boggle.grid import roll
from motamot.lexicon import load_lexicon
from motamot.lexicon.accents import written_forms
from tests.browser.conftest import PageFrames, same_after_reload
from tests.browser.screen import box
from tests.server.live import LiveServer

PHONE: ViewportSize = {"width": 360, "height": 640}
DESKTOP: ViewportSize = {"width": 1280, "height": 900}
XSS_NAME = "<img src=x onerror=alert(1)>"


def serious_violations(page: Page, *rules: str) -> list[Any]:
    """axe-core's serious and critical violations on the page as it is now; `rules`: rules
    axe leaves off by default to run too (`target-size`: WCAG 2.2's 24 px targets)."""
    options: dict[str, Any] = {"resultTypes": ["violations"]}
    if rules:
        options["rules"] = {rule: {"enabled": True} for rule in rules}
    results = Axe().run(page, options=options)
    return [
        (v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def grid_of(page: Page) -> str:
    """The grid's text form read from the page (its label lists the faces row by row)."""
    label = page.locator(".grid").first.get_attribute("aria-label") or ""
    rows = label.split(":", 1)[1].split("/")
    return "/".join("".join(row.split()) for row in rows)


def trace(page: Page, path: list[tuple[int, int]]) -> None:
    """Press on the first die, drag through the others, release: a word traced by mouse."""
    page.locator(".round-head").scroll_into_view_if_needed()  # the whole grid on screen
    centres = []
    for row, col in path:
        die = box(page.locator(f'.die[data-row="{row}"][data-col="{col}"]'))
        centres.append((die["x"] + die["width"] / 2, die["y"] + die["height"] / 2))
    page.mouse.move(*centres[0])
    page.mouse.down()
    for x, y in centres[1:]:
        page.mouse.move(x, y, steps=4)
    page.mouse.up()


def as_written(word: str) -> str:
    """How the results write a folded word (ÉPÉE for EPEE: the written forms)."""
    return " / ".join(written_forms(word, "fr")) or word


def write(page: Page, word: str) -> None:
    page.fill("#word", word.lower())
    page.press("#word", "Enter")


@pytest.mark.slow
def test_two_players_play_a_round_by_link(
    browser: Browser, live: LiveServer, artifacts: Path, frames: PageFrames
) -> None:
    alerts: list[str] = []
    ana_context = browser.new_context(viewport=PHONE, locale="fr-FR")
    bob_context = browser.new_context(viewport=PHONE, locale="fr-FR")
    ana, bob = ana_context.new_page(), bob_context.new_page()

    def refuse(dialog: Dialog) -> None:
        alerts.append(dialog.message)
        dialog.dismiss()

    for page in (ana, bob):
        page.on("dialog", refuse)
        frames.watch(page)

    ana.goto(live.url + "/#boggle")  # the game chosen: its form opens
    expect(ana.locator("h1")).to_have_text("Des jeux de lettres entre amis")
    assert serious_violations(ana) == []
    ana.fill("#name", "Ana")
    ana.fill("#duration", "120")
    ana.click("#create button[type=submit]")
    ana.wait_for_url(re.compile(r"/r/[\w-]{12,}$"))
    expect(ana.locator(".players")).to_contain_text("Ana")
    assert serious_violations(ana) == []
    link = ana.url

    bob.goto(link)
    bob.fill("#join-name", XSS_NAME)
    bob.click(".join button[type=submit]")
    expect(ana.locator(".players")).to_contain_text(XSS_NAME)  # shown as text, never run
    expect(bob.locator(".players li[data-seat=s2]")).to_contain_text("vous")
    assert serious_violations(bob) == []
    same_after_reload(ana)  # Bob's seat folded into Ana's page as a fresh view shows it

    ana.click("#start")
    for page in (ana, bob):
        expect(page.locator(".grid")).to_be_visible()
    grid = grid_of(ana)
    assert grid_of(bob) == grid
    solution = solve(parse_grid(grid), get_preset("classic-fr"), load_lexicon("fr")).words
    common, traced = solution[0], solution[1]

    top, entry = box(ana.locator(".round-head")), box(ana.locator("#word"))
    assert top["y"] >= 0 and entry["y"] + entry["height"] <= PHONE["height"]  # no scrolling
    write(ana, common.word)
    write(bob, common.word)
    expect(ana.locator("#my-words")).to_contain_text(f"{common.word} : accepté")
    expect(bob.locator("#my-words")).to_contain_text(f"{common.word} : accepté")
    expect(ana.locator("#live")).to_contain_text(common.word)  # told to screen readers
    trace(ana, list(traced.path))
    expect(ana.locator("#my-words")).to_contain_text(f"{traced.word} : accepté")
    expect(ana.locator("#verdict")).to_contain_text(f"{traced.word} : accepté")  # in sight
    expect(bob.locator(".players li[data-seat=s1]")).to_contain_text("2 mots")

    bob.reload()  # mid-round: the page comes back with Bob's words
    expect(bob.locator("#my-words")).to_contain_text(f"{common.word} : accepté")
    ana.screenshot(path=str(artifacts / "round-phone.png"))  # what the player sees, unscrolled
    bob.screenshot(path=str(artifacts / "round-phone-after-reload.png"))
    assert serious_violations(ana) == []

    watcher = browser.new_context(viewport=DESKTOP, locale="en-GB")
    watching = frames.watch(watcher.new_page())
    watching.goto(link + "/watch")  # a spectator mid-round: the grid, counts, no words
    expect(watching.locator(".players li[data-seat=s1]")).to_contain_text("2 words")
    outside_grid = watching.evaluate(
        "(() => { const m = document.querySelector('main').cloneNode(true);"
        " m.querySelectorAll('.grid').forEach((g) => g.remove()); return m.textContent; })()"
    )
    assert common.word not in outside_grid and traced.word not in outside_grid
    watching.screenshot(path=str(artifacts / "round-desktop-spectator.png"))

    ana.get_by_role("button", name="Arrêter la manche").click()
    for page in (ana, bob):  # each sees both lists, the common word crossed out in both
        for player, other in (("Ana", XSS_NAME), (XSS_NAME, "Ana")):
            sheet = page.locator(".sheet").filter(has=page.locator("h3", has_text=player))
            crossed = sheet.locator("li.crossed").filter(has_text=as_written(common.word))
            expect(crossed).to_contain_text(f"aussi : {other}")
    same_after_reload(bob)  # the results and the match, folded from the round's end
    scored = ana.locator(".sheet li.scored").filter(has_text=as_written(traced.word)).first
    expect(scored).to_be_visible()
    scored.get_by_role("button").click()  # its path lights up, die by die
    expect(ana.locator(".die.lit")).to_have_count(len(traced.path))
    assert serious_violations(ana) == []
    ana.screenshot(path=str(artifacts / "results-phone.png"), full_page=True)

    expect(watching.locator(".sheet").first).to_be_visible()  # the results came to it live
    expect(watching.locator("h1").first).to_contain_text("Results of round 1")
    same_after_reload(watching)
    watching.screenshot(path=str(artifacts / "results-desktop-spectator.png"), full_page=True)
    watching.goto(live.url + "/?lang=en")
    expect(watching.locator("h1")).to_have_text("Word games with friends")
    watching.screenshot(path=str(artifacts / "home-desktop.png"))
    watching.goto(link + "/watch")
    expect(watching.locator("h1").first).to_contain_text("Results of round 1")  # the switch sticks
    assert serious_violations(watching) == []
    assert alerts == []
    frames.all_fit("welcome", "events", "ack", "presence", "pong")


def test_a_63_bit_seed_from_a_link_plays_its_own_grid(
    browser: Browser, live: LiveServer, frames: PageFrames
) -> None:
    """A seed a JavaScript number would round (to 9079581759720113000) rolls its own grid."""
    seed = 9079581759720112984
    context = browser.new_context(viewport=DESKTOP, locale="fr-FR")
    page = frames.watch(context.new_page())
    page.goto(f"{live.url}/?seed={seed}&preset=classic-fr")
    expect(page.locator("#same-grid-note")).to_be_visible()
    page.fill("#name", "Ana")
    page.click("#create button[type=submit]")
    page.wait_for_url(re.compile(r"/r/[\w-]{12,}$"))
    page.click("#start")
    expect(page.locator(".grid")).to_be_visible()
    assert grid_of(page) == roll(get_preset("classic-fr"), seed).text
    assert grid_of(page) != roll(get_preset("classic-fr"), 9079581759720113000).text
    frames.await_frame(page, "ack")  # the start's, which follows the round's start
    context.close()
    frames.all_fit("welcome", "ack")
