"""A club's duplicate evening in Chromium (D7, D8): the arbiter creates the room on the home
page (« je suis l'arbitre », a pause between turns), three players join by the link, the
arbiter seats a fourth who plays on paper and opens the room's screen at 1920×1080; the
clock is stopped and time added on every screen, a turn cancelled and played again, the
paper player's slip entered, the pause between turns shows the top and the standings,
a score corrected with its reason in the match sheet, the game ended.

Screenshots (desktop 1280×800, phone 393×851, the screen 1920×1080) in tests/artifacts/.
"""

from __future__ import annotations

import csv
import io
import re
import subprocess
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.browser.conftest import PageFrames, unisolated
from tests.browser.test_duplicate_in_browser import errors_of, moves, public_view, typed
from tests.browser.test_play_in_browser import serious_violations
from tests.server.live import LiveServer

DESKTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 393, "height": 851}
SCREEN: ViewportSize = {"width": 1920, "height": 1080}
TURN_SECONDS = 30  # the turn played again after the cancel: two players and a slip, under CI load
PAUSE_SECONDS = 60


def shot(page: Page, name: str, artifacts: Path, found: dict[str, object]) -> None:
    found[name] = serious_violations(page)
    page.screenshot(path=str(artifacts / f"{name}.png"), full_page=True)


def printed(
    page: Page, live: LiveServer, room: str, top: int, artifacts: Path, found: dict[str, object]
) -> None:
    """The standings and the match sheet on A4 (a PDF, looked at as PNG pages) and as CSV."""
    page.click("#print-link")
    expect(page.locator("#print-standings")).to_contain_text("Eve")
    shot(page, "evening-print-desktop", artifacts, found)
    pdf = artifacts / "evening-print.pdf"
    page.pdf(path=str(pdf), format="A4", print_background=True)
    subprocess.run(
        ["pdftoppm", "-png", "-r", "60", str(pdf), str(artifacts / "evening-print")], check=True
    )
    assert (artifacts / "evening-print-1.png").exists()
    href = page.locator("#csv").get_attribute("href")
    with urllib.request.urlopen(live.url + (href or "")) as answer:
        rows = list(csv.reader(io.StringIO(answer.read().decode())))
    assert rows[0] == ["place", "name", "total", "gap", "percent", "t1"]
    assert rows[1][:3] == ["1", "Bob", str(top)] and rows[3][:3] == ["3", "Cat", "3"]
    assert rows[-1][1:3] == ["top", str(top)]


@pytest.mark.slow
def test_d7_d8_an_arbiter_runs_an_evening_with_a_player_on_paper_and_the_room_s_screen(
    browser: Browser, live: LiveServer, artifacts: Path, frames: PageFrames
) -> None:
    errors: list[str] = []
    found: dict[str, object] = {}
    contexts = [
        browser.new_context(viewport=DESKTOP, locale="fr-FR"),  # the arbiter
        browser.new_context(viewport=DESKTOP, locale="fr-FR"),  # Bob
        browser.new_context(viewport=PHONE, locale="fr-FR", has_touch=True),  # Cat
        browser.new_context(viewport=PHONE, locale="fr-FR"),  # Dan
        browser.new_context(viewport=SCREEN, locale="fr-FR"),  # the room's screen
    ]
    arb, bob, cat, dan, screen = (errors_of(frames.watch(c.new_page()), errors) for c in contexts)
    try:
        arb.goto(live.url + "/#duplicate")  # the game chosen: its form opens
        arb.fill("#dup-name", "Arbitre")
        arb.fill("#dup-clock", str(TURN_SECONDS))
        arb.fill("#dup-pause", str(PAUSE_SECONDS))
        arb.check("#dup-arbiter")
        arb.click("#create-duplicate button[type=submit]")
        arb.wait_for_url("**/r/*")
        room = arb.url.rsplit("/", 1)[1]
        for page, name in ((bob, "Bob"), (cat, "Cat"), (dan, "Dan")):
            page.goto(f"{live.url}/r/{room}")
            page.fill("#join-name", name)
            page.click("form:has(#join-name) button[type=submit]")
            # a page to load, a seat to take, its news to reach the arbiter: under load, slow
            expect(arb.locator("#players")).to_contain_text(name, timeout=15_000)
        arb.fill("#paper-name", "Eve")
        arb.click("#paper-form button[type=submit]")
        expect(arb.locator("#players")).to_contain_text("sur papier")
        expect(bob.locator("#players")).to_contain_text("Eve")
        shot(arb, "evening-lobby-arbiter-desktop", artifacts, found)
        screen.goto(live.url + (arb.locator("#screen-link").get_attribute("href") or ""))
        expect(screen.locator("main")).to_contain_text("En attente")
        arb.click("#start")
        for page in (bob, cat, dan, screen):
            expect(page.locator("#clock")).to_contain_text("Reste")
        assert arb.locator("#submit").count() == 0  # the arbiter does not play
        # the clock stopped for everybody, time added, then the turn played again
        arb.fill("#arbiter-reason", "bruit dans la salle")
        arb.click("#arbiter-clock")
        for page in (arb, bob, cat, screen):
            expect(page.locator("#clock")).to_contain_text("Pendule arrêtée")
        arb.click("#arbiter-add-60")
        expect(bob.locator("#clock")).to_contain_text(re.compile(r"reste 1:[0-3]\d"))
        shot(screen, "evening-screen-paused", artifacts, found)
        shot(cat, "evening-paused-phone", artifacts, found)
        arb.click("#arbiter-clock")  # « Relancer la pendule »
        expect(bob.locator("#clock")).to_contain_text("Reste 1:")
        view = public_view(live, room)
        top = moves(view)[0]
        typed(bob, top.notation)
        bob.click("#submit")
        expect(bob.locator("#my-move")).to_contain_text(top.notation)
        arb.fill("#arbiter-reason", "tirage mal lu")
        arb.click("#arbiter-cancel")
        expect(bob.locator("#my-move")).to_contain_text("Aucun coup proposé")
        expect(bob.locator("#clock")).to_contain_text("Reste 0:")
        # the turn again: Bob and Cat play, Eve's slip entered by the arbiter
        for page in (bob, cat):
            typed(page, top.notation)
            page.click("#submit")
            expect(page.locator("#my-move")).to_contain_text(top.notation)
        arb.select_option("#slip-seat", label="Eve")
        arb.fill("#slip-move", top.notation)
        arb.click("#slip-form button[type=submit]")
        # three moves acknowledged, their count to reach the arbiter: under load, slow
        expect(arb.locator("#submitted-count")).to_contain_text("3 sur 4", timeout=15_000)
        shot(arb, "evening-turn-arbiter-desktop", artifacts, found)
        shot(dan, "evening-turn-phone", artifacts, found)
        # the pause between turns: the top and the standings on every screen
        for page in (arb, bob, dan, screen):
            expect(page.locator("#clock")).to_contain_text("Coup suivant dans", timeout=60_000)
        expect(screen.locator("#screen-top")).to_contain_text(top.notation)
        expect(screen.locator("#screen-standings")).to_contain_text("Eve")
        expect(dan.locator("#last-turn")).to_contain_text(top.notation)
        shot(screen, "evening-screen-pause", artifacts, found)
        shot(dan, "evening-pause-phone", artifacts, found)
        # D7: in the pause the arbiter may take the turn back and replay it (not done here)
        expect(arb.locator("#arbiter-replay")).to_have_text("Annuler le coup joué et le rejouer")
        expect(arb.locator("#arbiter-cancel")).to_have_count(0)
        shot(arb, "evening-pause-arbiter-desktop", artifacts, found)
        arb.click("#next-turn")  # the arbiter ends the pause early
        for page in (bob, screen):
            expect(page.locator("#clock")).to_contain_text("Reste")
        expect(screen.locator("h1")).to_contain_text("Coup 2")
        shot(screen, "evening-screen-turn", artifacts, found)
        # a correction: Cat's slip was misread
        arb.select_option("#correct-seat", label="Cat")
        arb.fill("#correct-turn", "1")
        arb.fill("#correct-points", "3")
        arb.fill("#arbiter-reason", "mot mal recopié")
        arb.click("#correct-form button[type=submit]")
        expect(cat.locator("#sheet")).to_contain_text("mot mal recopié")
        expect(bob.locator("#decisions")).to_contain_text("Cat : " + str(top.points) + " → 3 pt")
        arb.click("#arbiter-end")
        arb.fill("#arbiter-reason", "la salle ferme")
        arb.click("#arbiter-end-sure")
        for page in (arb, bob, cat, dan):
            expect(page.locator("#final")).to_contain_text("L'arbitre a terminé la partie")
        expect(screen.locator("h1")).to_contain_text("Fin de la partie")
        final = public_view(live, room)["game"]["standings"]
        totals = [(s["seat"], s["total"]) for s in final]
        assert totals == [("s2", top.points), ("s5", top.points), ("s3", 3), ("s4", 0)]
        for page, name in ((arb, "arbiter-desktop"), (cat, "phone")):
            shot(page, f"evening-over-{name}", artifacts, found)
            page.locator("#decisions").screenshot(
                path=str(artifacts / f"evening-decisions-{name}.png")
            )
        shot(screen, "evening-screen-over", artifacts, found)
        assert cat.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        sheet = cat.locator("#sheet .scroll")  # the match sheet on a phone: nothing cut
        assert sheet.evaluate("el => el.scrollWidth <= el.clientWidth")
        expect(cat.locator("#sheet")).to_contain_text("Votre coup")
        cat.locator("#sheet").screenshot(path=str(artifacts / "evening-sheet-phone.png"))
        printed(arb, live, room, top.points, artifacts, found)
        for page in (arb, bob, screen):
            assert unisolated(page, ["Bob", "Cat", "Dan", "Eve"]) == []
        assert errors == []
        assert {name: seen for name, seen in found.items() if seen} == {}
    finally:
        for context in contexts:
            context.close()
