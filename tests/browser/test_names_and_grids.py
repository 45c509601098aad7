"""Issue 26 in Chromium: a room replaying a grid says so to every player (item 8), and
every name a page shows is isolated from the text around it (item 7).

Screenshots at phone (390×844) and desktop size are saved in tests/artifacts/.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Browser, ViewportSize, expect

from motamot.server.links import room_of
from tests.browser.conftest import PageFrames, unisolated
from tests.browser.test_new_player import DESKTOP, seated
from tests.browser.test_play_in_browser import grid_of, serious_violations
from tests.server.live import LiveServer

PHONE: ViewportSize = {"width": 390, "height": 844}


def test_item8_every_player_is_told_the_room_replays_a_grid(
    browser: Browser, live: LiveServer, artifacts: Path, frames: PageFrames
) -> None:
    """Ana plays a round, then makes a room on its grid (its seed and origin). Bob, who
    did not make it, joins by the invitation on his phone: the lobby and the round say
    « Même grille que la partie d'origine », linked to the origin's watch page; an
    English spectator reads it too. A room of its own grid says nothing of the kind."""
    first = live.post("/api/rooms", {"name": "Ana", "duration": 60})
    ana = frames.watch(seated(browser, live, first, DESKTOP))
    bob = frames.watch(browser.new_context(viewport=PHONE, locale="fr-FR").new_page())
    watcher = frames.watch(browser.new_context(viewport=DESKTOP, locale="en-GB").new_page())
    try:
        ana.click("#start")
        expect(ana.locator(".grid")).to_be_visible()
        expect(ana.locator("#chosen-grid")).to_have_count(0)  # a grid of its own
        grid = grid_of(ana)
        ana.get_by_role("button", name="Arrêter la manche").click()
        link = ana.locator("#same-grid")
        expect(link).to_be_visible()
        expect(ana.locator("#chosen-grid")).to_have_count(0)
        query = parse_qs(urlsplit(link.get_attribute("href") or "").query)
        seed, origin = query["seed"][0], query["from"][0]
        again = live.post("/api/rooms", {"name": "Ana", "seed": seed, "origin": origin})
        bob.goto(f"{live.url}/r/{again['room']}")
        bob.fill("#join-name", "Bob")
        bob.click("form:has(#join-name) button[type=submit]")
        note = bob.locator("#chosen-grid")
        expect(note).to_have_text(
            "Même grille que la partie d'origine : elle a déjà été jouée, certains la "
            "connaissent peut-être."
        )
        expect(note.get_by_role("link")).to_have_attribute("href", f"/r/{origin}/watch")
        assert serious_violations(bob) == []
        bob.screenshot(path=str(artifacts / "chosen-grid-lobby-phone.png"), full_page=True)
        host = frames.watch(seated(browser, live, again, DESKTOP))
        expect(host.locator(".players")).to_contain_text("Bob")
        expect(host.locator("#chosen-grid")).to_be_visible()
        host.click("#start")
        expect(bob.locator(".grid")).to_be_visible()
        assert grid_of(bob) == grid
        expect(bob.locator("#chosen-grid")).to_contain_text("Même grille que")
        bob.screenshot(path=str(artifacts / "chosen-grid-round-phone.png"), full_page=True)
        watcher.goto(f"{live.url}/r/{room_of(again['room'])}/watch")
        expect(watcher.locator("#chosen-grid")).to_contain_text("Same grid as the original game")
        watcher.screenshot(path=str(artifacts / "chosen-grid-watch-desktop.png"))
        host.context.close()
        frames.all_fit("welcome", "events")
    finally:
        for page in (ana, bob, watcher):
            page.context.close()


#: A name in Hebrew letters (right to left: allowed; only the invisible controls are not).
RTL_NAME = "שרה"

#: The left edge of the name's text and of the first digit after it in `selector`'s
#: first element holding the name: a name not isolated lets the digits jump before it.
EDGES = """([selector, name]) => {
  const el = [...document.querySelectorAll(selector)].find((e) => e.textContent.includes(name));
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  let nameLeft = null, digitLeft = null;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = node.data.indexOf(name);
    const range = document.createRange();
    if (at >= 0 && nameLeft === null) {
      range.setStart(node, at); range.setEnd(node, at + name.length);
      nameLeft = range.getBoundingClientRect().left;
    }
    const digit = nameLeft === null ? -1 : node.data.search(/[0-9]/);
    if (digit >= 0 && digitLeft === null) {
      range.setStart(node, digit); range.setEnd(node, digit + 1);
      digitLeft = range.getBoundingClientRect().left;
    }
  }
  return [nameLeft, digitLeft];
}"""


def test_item7_names_are_isolated_on_every_page_of_a_boggle_room(
    browser: Browser, live: LiveServer, artifacts: Path, frames: PageFrames
) -> None:
    """A host named in Hebrew and Bob: the room's lobby and its chat, the round, the
    results and then the public tables' lobby (/salon) show every name in an isolating
    element (bdi or dir=auto), so a right-to-left name never reorders the next
    player's name or the numbers beside it."""
    host = live.post("/api/rooms", {"name": RTL_NAME, "duration": 60})
    bob_seat = live.post(f"/api/rooms/{host['room']}/join", {"name": "Bob"})
    sara = frames.watch(seated(browser, live, host, DESKTOP))
    bob = frames.watch(seated(browser, live, bob_seat, PHONE))
    names = [RTL_NAME, "Bob"]
    try:
        expect(bob.locator(".players")).to_contain_text(RTL_NAME)
        sara.click("#phrase-hello")  # the chat names who said it
        expect(bob.locator("#chat-log p")).to_have_count(1)
        expect(bob.locator("#chat-log bdi.who")).to_have_text(RTL_NAME)
        for page in (sara, bob):
            assert unisolated(page, names) == []
        sara.click("#start")
        expect(bob.locator(".grid")).to_be_visible()
        assert unisolated(bob, names) == []
        sara.get_by_role("button", name="Arrêter la manche").click()
        for page in (sara, bob):
            expect(page.locator("table.scores")).to_contain_text(RTL_NAME)
            expect(page.locator(".sheet h3 bdi", has_text=RTL_NAME)).to_have_count(1)
            expect(page.locator("table.scores th bdi")).to_have_text(names, ignore_case=False)
            assert unisolated(page, names) == []
        bob.screenshot(path=str(artifacts / "rtl-name-results-phone.png"), full_page=True)
        sara.screenshot(path=str(artifacts / "rtl-name-results-desktop.png"), full_page=True)
        live.post("/api/tables", {"name": RTL_NAME, "public": True})
        bob.goto(f"{live.url}/salon")  # the lobby lists the table by its players
        expect(bob.locator("td bdi", has_text=RTL_NAME).first).to_be_visible()
        assert unisolated(bob, names) == []
        bob.screenshot(path=str(artifacts / "rtl-name-salon-phone.png"), full_page=True)
    finally:
        sara.context.close()
        bob.context.close()


def test_item7_a_right_to_left_name_keeps_its_place_at_a_topword_table(
    browser: Browser, live: LiveServer, artifacts: Path, frames: PageFrames
) -> None:
    """At a Topword table whose host is named in Hebrew, one player resigns: in the end's
    lines « שרה : 0 (…) » the score stays after the name (without isolation the digits
    jump before it), and no name on either page is outside an isolating element."""
    host = live.post("/api/tables", {"name": RTL_NAME, "seats": ["person"]})
    bob_seat = live.post(f"/api/rooms/{host['room']}/join", {"name": "Bob"})
    pages = {
        "s1": frames.watch(seated(browser, live, host, DESKTOP)),
        "s2": frames.watch(seated(browser, live, bob_seat, PHONE)),
    }
    names = [RTL_NAME, "Bob"]
    try:
        expect(pages["s1"].locator(".players")).to_contain_text("Bob")
        pages["s1"].click("#start")
        for page in pages.values():
            expect(page.locator("#whose")).to_be_visible()
            assert unisolated(page, names) == []
        mover = next(p for p in pages.values() if p.locator("#whose.mine").count())
        mover.click("#resign")
        mover.click("#resign-yes")
        for page in pages.values():
            expect(page.locator("#final li", has_text=RTL_NAME)).to_be_visible()
            name_left, digit_left = page.evaluate(EDGES, ["#final li", RTL_NAME])
            assert name_left is not None and digit_left is not None
            assert name_left < digit_left  # « שרה : 0 », not « 0 : שרה »
            assert unisolated(page, names) == []
        pages["s2"].screenshot(
            path=str(artifacts / "rtl-name-topword-end-phone.png"), full_page=True
        )
        pages["s1"].screenshot(
            path=str(artifacts / "rtl-name-topword-end-desktop.png"), full_page=True
        )
    finally:
        for page in pages.values():
            page.context.close()
