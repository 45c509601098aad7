"""W4, W5 in Chromium: a word the list refuses is contested by Ana and Bob from the
results, the operator accepts it on `/moderation/mots`; a room created before the
change still refuses it, a room created after accepts it; `/mots` lists it, dated, with
its reason. axe finds no serious violation; screenshots at phone and desktop size are
saved in tests/artifacts/."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from motamot.boggle import get_preset, roll
from motamot.lexicon import load_lexicon
from tests.browser.conftest import PageFrames
from tests.browser.test_new_player import DESKTOP
from tests.browser.test_operator_page_in_browser import PHONE_WIDE
from tests.browser.test_play_in_browser import grid_of, serious_violations, write
from tests.browser.test_players_in_browser import sign_up
from tests.server.live import LiveServer
from tests.service.test_word_versions import a_path_not_a_word

SEED = 4242


def room_with_seed(context: BrowserContext, live: LiveServer, name: str) -> Page:
    """`name`'s page in a new room whose first grid is SEED's (the home page's link)."""
    page = context.new_page()
    page.goto(f"{live.url}/?seed={SEED}&preset=classic-fr")
    page.fill("#name", name)
    page.fill("#duration", "600")
    page.click("#create button[type=submit]")
    page.wait_for_url(re.compile(r"/r/[\w-]{12,}$"))
    return page


def contest(page: Page, word: str, reason: str) -> None:
    refused = page.locator(".sheet li.refused").filter(has_text=word).first
    refused.get_by_role("button", name=f"Contester le refus de {word}").click()
    page.fill(".contest-form input", reason)
    page.locator(".contest-form").get_by_role("button", name="Envoyer").click()
    expect(refused.locator(".contest-sent")).to_contain_text("l'exploitant du serveur lira")


@pytest.mark.slow
def test_w4_w5_contested_by_two_accepted_by_the_operator_new_rooms_take_it(
    browser: Browser, live: LiveServer, artifacts: Path, frames: PageFrames
) -> None:
    word = a_path_not_a_word(roll(get_preset("classic-fr"), SEED), load_lexicon("fr"))
    ana_context = browser.new_context(viewport=PHONE_WIDE, locale="fr-FR")
    bob_context = browser.new_context(viewport=PHONE_WIDE, locale="fr-FR")
    ana = frames.watch(room_with_seed(ana_context, live, "Ana"))
    old = frames.watch(room_with_seed(ana_context, live, "Ana"))  # an old room, not started
    bob = frames.watch(bob_context.new_page())
    bob.goto(ana.url)
    bob.fill("#join-name", "Bob")
    bob.click(".join button[type=submit]")
    expect(ana.locator(".players")).to_contain_text("Bob")
    ana.click("#start")
    for page in (ana, bob):
        write(page, word)
        expect(page.locator("#my-words")).to_contain_text(f"{word} : refusé")
    ana.get_by_role("button", name="Arrêter la manche").click()
    contest(ana, word, "dans l'ODS")
    contest(bob, word, "on le joue en club")
    assert serious_violations(bob) == []
    bob.screenshot(path=str(artifacts / "contest-results-phone.png"), full_page=True)
    # the operator accepts it
    operator_context = browser.new_context(viewport=DESKTOP, locale="fr-FR")
    sign_up(operator_context, live, "Claire")
    named = subprocess.run(
        [sys.executable, "-m", "motamot", "admin", "operators", "add", "Claire",
         "--db", str(live.db)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert named.returncode == 0, named.stderr
    modo = operator_context.new_page()
    modo.goto(f"{live.url}/moderation/mots")
    proposal = modo.locator("article.proposal").filter(has_text=word)
    expect(proposal).to_contain_text("2 demandes, 1 adresse")  # one machine
    expect(proposal).to_contain_text("on le joue en club")
    assert serious_violations(modo) == []
    modo.screenshot(path=str(artifacts / "words-operator-desktop.png"), full_page=True)
    modo.set_viewport_size(PHONE_WIDE)
    modo.screenshot(path=str(artifacts / "words-operator-phone.png"), full_page=True)
    proposal.locator("input[name=reason]").fill("ODS 8")
    proposal.get_by_role("button", name="Accepter").click()
    expect(modo.locator("p.done")).to_contain_text("les nouvelles parties jouent avec fr+1")
    # the old room keeps its list, a new one gets the new version; each says which
    expect(old.locator(".settings")).to_contain_text("Dictionnaire : français (fr) ·")
    old.click("#start")
    write(old, word)
    expect(old.locator("#my-words")).to_contain_text(f"{word} : refusé")
    new = frames.watch(room_with_seed(ana_context, live, "Ana"))
    expect(new.locator(".settings")).to_contain_text("Dictionnaire : français (fr+1) ·")
    new.click("#start")
    write(new, word)
    expect(new.locator("#my-words")).to_contain_text(f"{word} : accepté")
    # the public changelog, and Bob's contest answered
    bob.goto(f"{live.url}/mots")
    expect(bob.locator("h1")).to_have_text("Mots ajoutés et retirés sur ce serveur")
    row = bob.locator("table.word-changes tr").filter(has_text=word)
    expect(row).to_contain_text("ajouté")
    expect(row).to_contain_text("ODS 8")
    expect(bob.locator(".my-contests")).to_contain_text("accepté")
    assert serious_violations(bob) == []
    bob.screenshot(path=str(artifacts / "words-changelog-phone.png"), full_page=True)
    modo.goto(f"{live.url}/mots")
    modo.set_viewport_size(DESKTOP)
    modo.screenshot(path=str(artifacts / "words-changelog-desktop.png"), full_page=True)
    for context in (ana_context, bob_context, operator_context):
        context.close()


@pytest.mark.slow
def test_the_solver_page_at_phone_and_desktop_size(
    browser: Browser, live: LiveServer, artifacts: Path
) -> None:
    for name, viewport in (("phone", PHONE_WIDE), ("desktop", DESKTOP)):
        page = browser.new_context(viewport=viewport, locale="fr-FR").new_page()
        page.goto(f"{live.url}/boggle/solveur")
        page.fill("#grille", "orte/best/inam/gted")
        page.get_by_role("button", name="Chercher les mots").click()
        expect(page.locator("#found-title")).to_contain_text("mots")
        page.get_by_role("link", name="DANSE", exact=True).click()
        expect(page.locator(".traced")).to_have_text("DANSE, tracé sur la grille.")
        expect(page.locator(".pic-die.lit")).to_have_count(5)
        assert serious_violations(page) == []
        page.screenshot(path=str(artifacts / f"solver-{name}.png"))
        page.context.close()


@pytest.mark.slow
def test_t20_a_typed_topword_position_analysed_at_phone_and_desktop_size(
    browser: Browser, live: LiveServer, artifacts: Path
) -> None:
    rows = ["." * 10] * 4 + ["....MAIN.."] + ["." * 10] * 5
    for name, viewport in (("phone", PHONE_WIDE), ("desktop", DESKTOP)):
        page = browser.new_context(viewport=viewport, locale="fr-FR").new_page()
        page.goto(f"{live.url}/topword/analyse")
        page.fill("#position", "\n".join(rows))
        page.fill("#chevalet", "etsu")
        page.get_by_role("button", name="Trouver les meilleurs coups").click()
        expect(page.locator(".best-moves > li")).to_have_count(10)
        expect(page.locator(".tw-typed-board td.filled")).to_have_count(4)
        expect(page.locator(".best-moves > li").first).to_contain_text("MAINS : 10")
        shared = page.locator("#position-link").get_attribute("href")
        assert shared is not None and "chevalet=etsu" in shared
        assert serious_violations(page) == []
        page.screenshot(path=str(artifacts / f"topword-analysis-{name}.png"), full_page=True)
        page.goto(live.url + shared)  # the link gives the same moves
        expect(page.locator(".best-moves > li")).to_have_count(10)
        page.context.close()


@pytest.mark.slow
def test_b16_a_box_round_on_two_phones_and_a_scorers_round(
    browser: Browser, live: LiveServer, artifacts: Path, frames: PageFrames
) -> None:
    ana = frames.watch(browser.new_context(viewport=PHONE_WIDE, locale="fr-FR").new_page())
    ana.goto(live.url + "/")
    ana.locator("#fold-boggle summary").click()  # the create form, folded on the home page
    ana.fill("#name", "Ana")
    ana.fill("#duration", "600")
    ana.fill("#box-grid", "orte/best/inam/gted")
    ana.click("#create button[type=submit]")
    ana.wait_for_url(re.compile(r"/r/[\w-]{12,}$"))
    bob = frames.watch(browser.new_context(viewport=PHONE_WIDE, locale="fr-FR").new_page())
    bob.goto(ana.url)
    bob.fill("#join-name", "Bob")
    bob.click(".join button[type=submit]")
    expect(ana.locator(".players")).to_contain_text("Bob")
    note = "Grille de la boîte\u00a0: ORTE/BEST/INAM/GTED, tapée à la table, jamais classée."
    ana.click("#start")  # the hourglass runs on both phones
    for page in (ana, bob):
        expect(page.locator("#chosen-grid")).to_have_text(note)
        assert grid_of(page) == "ORTE/BEST/INAM/GTED"
        write(page, "danse")
    write(bob, "ânes")
    expect(bob.locator("#my-words")).to_contain_text("accepté")
    bob.screenshot(path=str(artifacts / "box-round-phone.png"))
    ana.get_by_role("button", name="Arrêter la manche").click()
    for page in (ana, bob):
        expect(page.locator(".sheet li.crossed").first).to_contain_text("aussi : ")
    expect(bob.locator(".sheet").filter(has=bob.locator("h3", has_text="Bob"))).to_contain_text(
        "Total : 1"
    )
    assert serious_violations(ana) == []
    ana.screenshot(path=str(artifacts / "box-results-phone.png"), full_page=True)
    # the dice rolled again: the host types the next grid, the match goes on with it
    ana.fill("#box-next", "aaaa/bbbb/cccc/dddd")
    ana.get_by_role("button", name="Jouer cette grille").click()
    expect(ana.locator("#box-next")).to_have_value("aaaa/bbbb/cccc/dddd")  # kept on redraws
    ana.click("#start")
    expect(bob.locator(".round-head")).to_contain_text("Manche 2")
    expect(bob.locator("#chosen-grid")).to_contain_text("AAAA/BBBB/CCCC/DDDD")
    assert grid_of(bob) == "AAAA/BBBB/CCCC/DDDD"
    # the same round played on paper: one scorer types every list
    for name, viewport in (("phone", PHONE_WIDE), ("desktop", DESKTOP)):
        scorer = browser.new_context(viewport=viewport, locale="fr-FR").new_page()
        scorer.goto(f"{live.url}/boggle/compter")
        scorer.fill("#grille", "ORTE/BEST/INAM/GTED")
        scorer.fill("#nom1", "Ana")
        scorer.fill("#mots1", "danse\nzzz")
        scorer.fill("#nom2", "Bob")
        scorer.fill("#mots2", "danse ânes")
        scorer.get_by_role("button", name="Compter").click()
        expect(scorer.locator("#scorer-result")).to_have_text("En tête\u00a0: Bob")
        expect(scorer.locator(".sheet li.refused")).to_contain_text("ZZZ pas dans la grille")
        assert serious_violations(scorer) == []
        scorer.locator("#scorer-result").scroll_into_view_if_needed()
        scorer.screenshot(path=str(artifacts / f"box-scorer-{name}.png"))
        scorer.context.close()
