"""The operators' page in Chromium (issue 36): Bob reports Troll from the room's page,
the operator (an account named with `motamot admin operators add`) sees the report with
what Troll said and why, removes Troll's line (every page of the room says « message
retiré par la modération » in its place) and bans Troll (asked once more, « Non »
first): Troll's page is told and its socket closed within 2 s of « Oui, exclure ». axe
finds no serious violation on the page.

Screenshots of the page at phone (393×851) and desktop size are saved in tests/artifacts/.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, WebSocket, expect

from tests.browser.conftest import PageFrames
from tests.browser.test_chat_in_browser import open_chat, say
from tests.browser.test_new_player import DESKTOP, seated
from tests.browser.test_play_in_browser import serious_violations
from tests.browser.test_players_in_browser import sign_up
from tests.server.live import LiveServer

PHONE_WIDE: ViewportSize = {"width": 393, "height": 851}
BANNED = "l'exploitant de ce serveur a exclu ce compte ou ce navigateur"
REMOVED = "message retiré par la modération"


def joined(
    browser: Browser, live: LiveServer, room: str, name: str, frames: PageFrames
) -> tuple[Page, list[WebSocket]]:
    """`name`'s page, seated in `room`, and the sockets it opens."""
    page = frames.watch(browser.new_context(viewport=PHONE_WIDE, locale="fr-FR").new_page())
    sockets: list[WebSocket] = []
    page.on("websocket", lambda socket: sockets.append(socket))
    page.goto(f"{live.url}/r/{room}")
    page.fill("#join-name", name)
    page.click("form:has(#join-name) button[type=submit]")
    expect(page.locator(".players")).to_contain_text(name)
    return page, sockets


@pytest.mark.slow
def test_a_report_a_removed_line_and_a_ban_that_closes_the_socket_within_2_s(
    browser: Browser, live: LiveServer, artifacts: Path, frames: PageFrames
) -> None:
    ana_seat = live.post("/api/rooms", {"name": "Ana", "duration": 120})
    room = ana_seat["room"]
    ana = frames.watch(seated(browser, live, ana_seat, DESKTOP))
    troll, troll_sockets = joined(browser, live, room, "Troll", frames)
    bob, _ = joined(browser, live, room, "Bob", frames)
    for page in (ana, troll, bob):
        open_chat(page)
    say(ana, "Bonjour à tous")
    say(troll, "vous êtes tous nuls <b>ha</b>")
    expect(bob.locator("#chat-log")).to_contain_text("vous êtes tous nuls <b>ha</b>")
    say(bob, "calme-toi")
    # Bob reports Troll, for two reasons
    for reason in ("behaviour", "offensive_name"):
        bob.get_by_role("button", name="Signaler le nom Troll").click()
        bob.locator("#report-reason-s2").select_option(reason)
        bob.click("#report-send-s2")
        expect(bob.locator(".players .reported")).to_be_visible()
        bob.reload()
        open_chat(bob)
    # the operator: an account, named from the command line
    operator_context = browser.new_context(viewport=DESKTOP, locale="fr-FR")
    sign_up(operator_context, live, "Claire")
    named = subprocess.run(
        [
            sys.executable,
            "-m",
            "motamot",
            "admin",
            "operators",
            "add",
            "Claire",
            "--db",
            str(live.db),
        ],
        capture_output=True,
        text=True,
        check=False,
    )  # its own process: Playwright's loop runs in this thread
    assert named.returncode == 0 and "Claire est opérateur" in named.stdout, named.stderr
    modo = frames.watch(operator_context.new_page())
    modo.goto(f"{live.url}/moderation")
    expect(modo.locator("h1")).to_have_text("Modération")
    report = modo.locator("article.report").first
    expect(report.locator("h3")).to_contain_text("Troll")
    expect(report).to_contain_text("Autre comportement déplacé (1)")
    expect(report).to_contain_text("Nom injurieux ou choquant (1)")
    theirs = report.locator(".chat-lines li.theirs")
    expect(theirs).to_have_count(1)
    expect(theirs).to_contain_text("vous êtes tous nuls <b>ha</b>")  # as text, never markup
    expect(report.locator(".chat-lines li")).to_have_count(3)  # with the lines around it
    assert serious_violations(modo) == []
    modo.screenshot(path=str(artifacts / "moderation-desktop.png"), full_page=True)
    phone = operator_context.new_page()
    phone.set_viewport_size(PHONE_WIDE)
    phone.goto(f"{live.url}/moderation")
    assert serious_violations(phone) == []
    phone.screenshot(path=str(artifacts / "moderation-phone.png"), full_page=True)
    # the line removed: the room's pages say so in its place
    theirs.get_by_role("button", name="Retirer le message de Troll").click()
    expect(modo.locator("p.done")).to_have_text("Message retiré.")
    for page in (ana, bob, troll):
        expect(page.locator("#chat-log p.removed")).to_contain_text(REMOVED)
        expect(page.locator("#chat-log p.removed .who")).to_have_text("Troll")
        expect(page.locator("#chat-log")).not_to_contain_text("nuls")
    expect(modo.locator("article.report .chat-lines li.theirs")).to_contain_text(REMOVED)
    modo.screenshot(path=str(artifacts / "moderation-line-removed-desktop.png"), full_page=True)
    # Troll banned from the page: told, and the socket closed, within 2 s
    live_sockets = [socket for socket in troll_sockets if not socket.is_closed()]
    assert live_sockets  # Troll's page is connected
    report = modo.locator("article.report").first
    report.get_by_role("button", name="Exclure Troll du serveur").click()
    # asked once more, « Non » first: nothing is done until « Oui, exclure »
    expect(modo.locator("#question")).to_contain_text("Exclure Troll du serveur ?")
    expect(modo.locator("#question-no")).to_be_focused()
    assert serious_violations(modo) == []
    modo.set_viewport_size(PHONE_WIDE)
    modo.screenshot(path=str(artifacts / "moderation-ban-question-phone.png"))
    modo.set_viewport_size(DESKTOP)
    assert all(not socket.is_closed() for socket in live_sockets)
    started = time.monotonic()
    modo.click("#question-yes")
    expect(troll.locator(".status")).to_contain_text(BANNED, timeout=2000)
    while not all(socket.is_closed() for socket in live_sockets):
        assert time.monotonic() - started < 2.0, "the banned socket is still open"
        troll.wait_for_timeout(20)
    assert time.monotonic() - started < 2.0
    expect(modo.locator("p.done")).to_have_text("Exclu : ses connexions sont fermées.")
    expect(ana.locator("#chat-log")).to_contain_text("calme-toi")  # the others play on
    assert serious_violations(modo) == []
    troll.screenshot(path=str(artifacts / "moderation-banned-phone.png"), full_page=True)
    assert frames.errors == []
