"""A tournament in Chromium (K1-K10): a Swiss of six (two people, four computer players)
over three rounds, with a forfeit, a bye, the standings and the podium, and a round
paired again by its director; screenshots of the tournament's pages on a phone and a
desktop. The Boggle tournament arena is test_tournament_arena_in_browser.py."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.browser.conftest import PageFrames
from tests.browser.test_play_in_browser import serious_violations
from tests.browser.test_players_in_browser import sign_up
from tests.server.live import LiveServer

PHONE: ViewportSize = {"width": 393, "height": 851}
DESKTOP: ViewportSize = {"width": 1280, "height": 800}

CREATE = """async (body) => {
  const response = await fetch("/api/tournament", {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  const answer = await response.json();
  localStorage.setItem(`motamot.seat.${answer.room}`, JSON.stringify(answer));
  return answer.room;
}"""


def create(page: Page, **settings: Any) -> str:
    """The director's tournament, created as the home page's form does: its link."""
    room: str = page.evaluate(CREATE, {"name": "Dora", "title": "Coupe d'hiver", **settings})
    page.goto(f"/r/{room}")
    return room


def shoot(page: Page, artifacts: Path, name: str) -> None:
    page.screenshot(path=str(artifacts / f"{name}.png"), full_page=True)


def register(page: Page, live: LiveServer, room: str, name: str) -> None:
    page.goto(f"{live.url}/r/{room}")
    page.fill("#tn-join-name", name)
    page.click("#tn-join button[type=submit]")
    expect(page.locator("#tn-withdraw")).to_be_visible(timeout=10_000)


def play_round(ana: Page, room: str, number: int, artifacts: Path) -> None:
    """Ana's part of round `number`: told that her game starts (K10), she goes to her
    table and, on her turn, passes against Ben (who never comes: he forfeits) or resigns
    against a computer player (T21); or she has the bye."""
    section = ana.locator(".tn-round", has=ana.locator("h3", has_text=f"Ronde {number} sur"))
    expect(section).to_have_count(1, timeout=90_000)
    if "Exempt : Ana" in section.inner_text():
        return
    expect(ana.locator("#your-game")).to_contain_text(f"ronde {number}", timeout=30_000)
    if number == 1:
        shoot(ana, artifacts, "tournament-your-game-phone")
        assert serious_violations(ana) == []
    ana.click("#go-to-table")
    ana.wait_for_url(re.compile(r"/r/"))
    expect(ana.locator("#resign")).to_be_enabled(timeout=30_000)
    if "Ben" in ana.locator("main").inner_text():
        ana.click("#pass")
        ana.click("#confirm-yes")
        expect(ana.locator("main")).to_contain_text("Ana passe", timeout=10_000)
    else:
        ana.click("#resign")
        ana.click("#resign-yes")
        expect(ana.locator("main")).to_contain_text("Ana abandonne", timeout=10_000)
    ana.goto(f"/r/{room}")


@pytest.mark.slow
def test_k1_k2_k5_k7_k8_k10_a_swiss_of_six_with_a_forfeit_a_bye_and_a_podium(
    browser: Browser, live: LiveServer, artifacts: Path, frames: PageFrames
) -> None:
    contexts = {
        name: browser.new_context(base_url=live.url, viewport=size, locale="fr-FR")
        for name, size in (("dora", DESKTOP), ("ana", PHONE), ("ben", DESKTOP))
    }
    dora = frames.watch(sign_up(contexts["dora"], live, "Dora"))
    room = create(dora, rounds=3, gap_seconds=0, no_show_seconds=10, turn_seconds=20,
                  bot_seconds=0)  # fmt: skip
    ana = frames.watch(sign_up(contexts["ana"], live, "Ana"))
    register(ana, live, room, "Ana")
    ben = frames.watch(sign_up(contexts["ben"], live, "Ben"))
    ben.goto(f"{live.url}/r/{room}")
    ben.fill("#tn-join-name", "Ben")
    dora.click("#tn-add-bot")  # news while Ben types his name: his page is drawn again
    expect(ben.locator(".tn-registered h2")).to_contain_text("Inscrits (2)")
    expect(ben.locator("#tn-join-name")).to_have_value("Ben")  # and keeps what he typed
    ben.click("#tn-join button[type=submit]")
    expect(ben.locator("#tn-withdraw")).to_be_visible(timeout=10_000)
    for count in range(4, 7):  # one at a time: each click draws the page again
        dora.click("#tn-add-bot")
        expect(dora.locator(".tn-registered h2")).to_contain_text(f"Inscrits ({count})")
    shoot(dora, artifacts, "tournament-registration-desktop")
    shoot(ana, artifacts, "tournament-registration-phone")
    assert serious_violations(dora) == []

    dora.click("#tn-start-now")
    ben.close()  # Ben never comes to his tables: he forfeits (K8)
    for number in (1, 2, 3):
        play_round(ana, room, number, artifacts)
        if number == 1:
            # the director takes Ben out once he has forfeited: five left, a bye (K2)
            expect(dora.locator("main")).to_contain_text("forfait de Ben", timeout=60_000)
            controls = dora.locator(".tn-director-controls")
            remove_ben = controls.locator("button[id^=tn-remove-]", has_text="Ben")
            remove_ben.click()
            expect(remove_ben).to_have_count(0)
    expect(dora.locator("#podium")).to_be_visible(timeout=120_000)
    expect(dora.locator(".tn-phase")).to_contain_text("Terminé")
    expect(dora.locator("main")).to_contain_text("Exempt")
    expect(dora.locator("main")).to_contain_text("abandon d'Ana")
    expect(dora.locator(".tn-standings")).to_contain_text("Classement final")
    shoot(dora, artifacts, "tournament-final-desktop")
    ana.goto(f"/r/{room}")
    expect(ana.locator("#podium")).to_be_visible(timeout=10_000)
    shoot(ana, artifacts, "tournament-final-phone")
    assert serious_violations(dora) == []
    assert serious_violations(ana) == []
    # « Tournois »: the finished tournament is listed with its winner (K10)
    for page, size in ((dora, "desktop"), (ana, "phone")):
        page.goto("/tournois")
        finished = page.locator("section", has=page.locator("#tn-finished"))
        expect(finished).to_contain_text("Coupe d'hiver", timeout=10_000)
        expect(finished).to_contain_text("vainqueur")
        shoot(page, artifacts, f"tournament-list-{size}")
        assert serious_violations(page) == []
    for context in contexts.values():
        context.close()


@pytest.mark.slow
def test_k9_the_director_pairs_a_round_again_before_it_starts(
    browser: Browser, live: LiveServer, artifacts: Path
) -> None:
    """Five computer players, round 1 paired ten minutes ahead: the director swaps two
    players between boards; the page shows the new pairing, the same after a reload."""
    for name, size in (("desktop", DESKTOP), ("phone", PHONE)):
        context = browser.new_context(base_url=live.url, viewport=size, locale="fr-FR")
        dora = sign_up(context, live, f"Dora{name[0]}")
        create(dora, rounds=1, gap_seconds=600)
        for count in range(1, 6):
            dora.click("#tn-add-bot")
            registered = dora.locator(".tn-registered h2")  # a bot's seat: under CI load, seconds
            expect(registered).to_contain_text(f"Inscrits ({count})", timeout=15_000)
        dora.click("#tn-start-now")
        expect(dora.locator("#tn-repair")).to_be_visible(timeout=10_000)
        first = dora.locator("#tn-rp-0-a").input_value()
        other = dora.locator("#tn-rp-1-a").input_value()
        dora.select_option("#tn-rp-0-a", other)
        dora.select_option("#tn-rp-1-a", first)
        shoot(dora, artifacts, f"tournament-repair-{name}")
        assert serious_violations(dora) == []
        dora.click("#tn-repair button[type=submit]")
        board = dora.locator(".tn-round .tn-board").first
        expect(board).to_contain_text(dora.locator("#tn-rp-0-a option:checked").inner_text())
        dora.reload()
        expect(dora.locator("#tn-rp-0-a")).to_have_value(other, timeout=10_000)
        context.close()
