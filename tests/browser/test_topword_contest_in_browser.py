"""W5 on a Topword table in Chromium: a move typed whole (`5E XYZ`) that the referee
refuses for a word the list lacks says so in the table's status line with « Contester »
beside the word; the player sends it with a reason. The next move played, the other
player asks from the last move's itemised score that one of its words leave the list.
The operator's page shows both. Screenshots at phone and desktop size in tests/artifacts/.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.browser.conftest import PageFrames
from tests.browser.test_new_player import DESKTOP
from tests.browser.test_operator_page_in_browser import PHONE_WIDE
from tests.browser.test_play_in_browser import serious_violations
from tests.browser.test_players_in_browser import sign_up
from tests.browser.test_topword_in_browser import best, seat_view
from tests.browser.topword_table import create_table, join_table
from tests.server.live import LiveServer
from tests.web.topword.test_topword_contest import a_first_move_not_a_word


def send_contest(page: Page, where: str, label: str, reason: str) -> None:
    """Open the « Contester » control in `where`, give a reason, send it."""
    control = page.locator(where)
    control.get_by_role("button", name=label).click()
    control.locator(".contest-form input").fill(reason)
    control.locator(".contest-form").get_by_role("button", name="Envoyer").click()
    expect(control.locator(".contest-sent")).to_contain_text("l'exploitant du serveur lira")


def proposal(page: Page, word: str) -> Locator:
    """The operators' card of `word`, exactly (IEU's card is not DIEUX's)."""
    title = page.locator(".changed-word").get_by_text(word, exact=True)
    return page.locator("article.proposal", has=title)


@pytest.mark.slow
def test_w5_a_refused_topword_move_and_a_played_word_are_contested_from_the_table(
    browser: Browser, live: LiveServer, artifacts: Path, frames: PageFrames
) -> None:
    ana_context = browser.new_context(viewport=PHONE_WIDE, locale="fr-FR")
    bob_context = browser.new_context(viewport=DESKTOP, locale="fr-FR")
    ana, bob = frames.watch(ana_context.new_page()), frames.watch(bob_context.new_page())
    room = create_table(ana, live.url)
    bob.goto(f"{live.url}/r/{room}")
    join_table(bob, ana)
    ana.click("#start")
    expect(ana.locator(".starter")).to_contain_text("commence")
    pages = {"s1": ana, "s2": bob}
    view = seat_view(live, ana, room)
    seat = view["game"]["current"]
    mover, other = pages[seat], pages["s2" if seat == "s1" else "s1"]
    view = seat_view(live, mover, room)
    move, word = a_first_move_not_a_word(view["game"]["rack"])
    mover.fill("#notation", move)
    mover.locator("#notation").press("Enter")
    status = mover.locator(".room-bar .status")
    expect(status).to_contain_text(f"mot absent du dictionnaire : {word}")
    send_contest(mover, ".room-bar .status", f"Contester le refus de {word}", "dans l'ODS")
    assert serious_violations(mover) == []
    mover.screenshot(path=str(artifacts / f"topword-contest-refused-{seat}.png"))
    # the next move played: the other player asks that one of its words leave the list
    hint = best(seat_view(live, mover, room))
    assert hint is not None
    mover.fill("#notation", str(hint.move.move))
    mover.locator("#notation").press("Enter")
    last = other.locator("#last-move")
    expect(last).to_contain_text(str(hint.move.move))
    first = last.locator(".breakdown li").first
    label = first.locator(".contest-open").get_attribute("aria-label") or ""
    assert label.startswith("Demander le retrait de "), label
    played = label.removeprefix("Demander le retrait de ")
    send_contest(other, "#last-move .breakdown li >> nth=0", label, "un sigle")
    assert serious_violations(other) == []
    for page in (ana, bob):
        page.locator("#last-move").scroll_into_view_if_needed()
    ana.screenshot(path=str(artifacts / "topword-contest-phone.png"))
    bob.screenshot(path=str(artifacts / "topword-contest-desktop.png"))
    # the game over (Ana resigns on her turn), the replay offers the same for its words
    other.click("#resign")
    other.click("#resign-yes")
    for page, size in ((ana, "phone"), (bob, "desktop")):
        page.goto(f"{live.url}/r/{room}/replay")
        page.locator('#moves button[data-step="1"]').click()  # the move played
        words = page.locator(".breakdown li")
        expect(words.first).to_be_visible()
        control = words.first.locator(".contest-open")
        expect(control).to_have_attribute("aria-label", re.compile("^Demander le retrait de "))
        assert serious_violations(page) == []
        page.screenshot(path=str(artifacts / f"topword-replay-contest-{size}.png"), full_page=True)
    # the operator sees both: one to add, one to remove
    operator = browser.new_context(viewport=DESKTOP, locale="fr-FR")
    sign_up(operator, live, "Claire")
    named = subprocess.run(
        [sys.executable, "-m", "motamot", "admin", "operators", "add", "Claire",
         "--db", str(live.db)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert named.returncode == 0, named.stderr
    modo = operator.new_page()
    modo.goto(f"{live.url}/moderation/mots")
    added = proposal(modo, word)
    expect(added).to_contain_text("à ajouter")
    expect(added).to_contain_text("dans l'ODS")
    removed = proposal(modo, played)
    expect(removed).to_contain_text("à retirer")
    expect(removed).to_contain_text("un sigle")
    for context in (ana_context, bob_context, operator):
        context.close()
