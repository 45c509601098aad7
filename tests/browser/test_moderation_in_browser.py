"""Behaviour in public (issue 23), in Chromium: in a public Boggle room a player reports a
name (« Signaler », a reason, « Envoyer le signalement ») and the host removes a player
(« Retirer », asked once more, « Non » focused first): the removed page says so and
stops, the others see the seat go; at a public Topword table a player removed mid-game
resigns (P1). axe finds no serious violation with the questions open.

Screenshots at phone (360×640) and desktop size are saved in tests/artifacts/.
"""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Browser, expect

from tests.browser.conftest import PageFrames
from tests.browser.test_new_player import DESKTOP, PHONE, seated
from tests.browser.test_play_in_browser import serious_violations
from tests.server.live import LiveServer

REMOVED = "l'hôte vous a retiré de cette salle : vous ne pouvez plus y jouer"


def test_p1_a_report_sent_and_a_player_removed_in_a_public_boggle_room(
    browser: Browser, live: LiveServer, artifacts: Path, frames: PageFrames
) -> None:
    ana_seat = live.post("/api/rooms", {"name": "Ana", "public": True, "duration": 120})
    room = ana_seat["room"]
    ana = frames.watch(seated(browser, live, ana_seat, DESKTOP))
    troll = frames.watch(browser.new_context(viewport=PHONE, locale="fr-FR").new_page())
    bob = frames.watch(browser.new_context(viewport=PHONE, locale="fr-FR").new_page())
    try:
        for page, name in ((troll, "Troll"), (bob, "Bob")):
            page.goto(f"{live.url}/r/{room}")
            page.fill("#join-name", name)
            page.click("form:has(#join-name) button[type=submit]")
            expect(page.locator(".players")).to_contain_text(name)
        expect(ana.locator(".players")).to_contain_text("Bob")
        # Bob reports Troll's name: a reason from the list, then sent
        report = bob.get_by_role("button", name="Signaler le nom Troll")
        report.click()
        reason = bob.locator("#report-reason-s2")
        expect(reason).to_be_focused()
        assert bob.locator("#report-reason-s2 option").all_inner_texts() == [
            "Nom injurieux ou choquant",
            "Se fait passer pour quelqu'un d'autre",
            "Triche",
            "Autre comportement déplacé",
        ]
        reason.select_option("cheating")
        assert serious_violations(bob) == []
        bob.screenshot(path=str(artifacts / "report-form-phone.png"), full_page=True)
        bob.click("#report-send-s2")
        expect(bob.locator(".players .reported")).to_have_text(
            "Troll signalé : merci, l'exploitant du serveur le verra."
        )
        expect(bob.get_by_role("button", name="Signaler le nom Troll")).to_have_count(0)
        bob.screenshot(path=str(artifacts / "report-sent-phone.png"), full_page=True)
        # only the host is offered « Retirer »; nobody is offered anything for themselves
        expect(bob.locator("#remove-player-s2")).to_have_count(0)
        expect(ana.locator("#report-s1")).to_have_count(0)
        ana.click("#remove-player-s2")
        expect(ana.locator("#remove-no-s2")).to_be_focused()  # the safe answer first
        expect(ana.locator(".seat-confirm")).to_contain_text(
            "Retirer Troll de la salle ? Troll ne pourra plus y revenir."
        )
        assert serious_violations(ana) == []
        ana.screenshot(path=str(artifacts / "remove-question-desktop.png"), full_page=True)
        ana.click("#remove-no-s2")  # « Non »: nothing happens
        expect(ana.locator(".players li[data-seat=s2]")).to_be_visible()
        ana.click("#remove-player-s2")
        ana.click("#remove-yes-s2")
        expect(troll.locator(".status")).to_have_text(REMOVED)
        expect(troll.locator("#join-name")).to_be_hidden()  # the page stops: no way back in
        expect(ana.locator(".players li[data-seat=s2]")).to_have_count(0)
        expect(bob.locator(".players li[data-seat=s2]")).to_have_count(0)
        assert serious_violations(troll) == []
        troll.screenshot(path=str(artifacts / "removed-phone.png"), full_page=True)
        ana.screenshot(path=str(artifacts / "removed-host-desktop.png"), full_page=True)
        troll.reload()  # a reload is no way back either: its seat's token is gone
        troll.fill("#join-name", "Gentil")
        troll.click("form:has(#join-name) button[type=submit]")
        expect(troll.locator(".join .error")).to_have_text(REMOVED)
    except Exception:
        for page, name in ((ana, "ana"), (bob, "bob"), (troll, "troll")):
            page.screenshot(path=str(artifacts / f"moderation-failed-{name}.png"), full_page=True)
        raise
    finally:
        for page in (ana, bob, troll):
            page.context.close()
    frames.all_fit("welcome", "events")


def test_p1_t21_a_player_removed_from_a_public_topword_game_resigns(
    browser: Browser, live: LiveServer, artifacts: Path, frames: PageFrames
) -> None:
    table = live.post("/api/tables", {"name": "Ana", "seats": ["person", "person"], "public": True})
    bob_seat = live.post(f"/api/rooms/{table['room']}/join", {"name": "Bob"})
    cy_seat = live.post(f"/api/rooms/{table['room']}/join", {"name": "Cy"})
    ana = frames.watch(seated(browser, live, table, DESKTOP))
    cy = frames.watch(seated(browser, live, cy_seat, PHONE))
    bob = frames.watch(seated(browser, live, bob_seat, PHONE))
    try:
        expect(ana.locator(".players")).to_contain_text("Cy")
        ana.click("#start")
        expect(ana.locator("#rack .tile").first).to_be_visible()
        ana.click("#remove-player-s3")
        ana.click("#remove-yes-s3")
        expect(cy.locator(".status")).to_have_text(REMOVED)
        expect(ana.locator(".players li[data-seat=s3]")).to_contain_text("a abandonné")
        expect(bob.locator(".players li[data-seat=s3]")).to_contain_text("a abandonné")
        assert serious_violations(ana) == []
        ana.screenshot(path=str(artifacts / "topword-removed-desktop.png"), full_page=True)
        cy.screenshot(path=str(artifacts / "topword-removed-phone.png"), full_page=True)
        view = json.loads(
            ana.evaluate("() => JSON.stringify(document.querySelector('.players').innerText)")
        )
        assert "Cy" in view
    finally:
        for page in (ana, bob, cy):
            page.context.close()
    frames.all_fit("welcome", "events")
