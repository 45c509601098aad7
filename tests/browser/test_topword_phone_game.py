"""Issue 37: a Topword game played start to finish on a phone (393×851, touch) against a
friend on a desktop (1280×800): tiles put by taps, a draft kept across a reload, an
exchange and a pass each confirmed; at every step no sideways scroll and the next
action's element already in sight (never scrolled to), then the end, the replay and its
move list, the analysis at the page's width, a rematch both take. Screenshots at both
sizes in tests/artifacts/.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Locator, Page, ViewportSize, expect

from motamot.topword.tiles import tile_label
from tests.browser.conftest import PageFrames
from tests.browser.screen import box
from tests.browser.test_topword_in_browser import best, seat_view, type_move
from tests.browser.topword_table import join_table
from tests.server.live import LiveServer

PHONE: ViewportSize = {"width": 393, "height": 851}
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
#: How long a page may take to hear the server on a busy machine (ms).
HEAR = 20_000


def seated(
    browser: Browser, live: LiveServer, saved: dict[str, Any], viewport: ViewportSize
) -> Page:
    """A page of the seat `saved`, in French; a phone's is touched (a finger, no mouse)."""
    phone = viewport["width"] < 600
    context = browser.new_context(viewport=viewport, locale="fr-FR", has_touch=phone)
    page = context.new_page()
    page.goto(live.url + "/")
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [f"motamot.seat.{saved['room']}", json.dumps(saved)],
    )
    page.goto(f"{live.url}/r/{saved['room']}")
    return page


def no_sideways(page: Page) -> None:
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")


def next_action(page: Page, target: Locator) -> Locator:
    """The next thing to touch: in sight as the page stands (the test never scrolls)."""
    expect(target).to_be_in_viewport(ratio=0.95, timeout=HEAR)  # whole, give or take a pixel
    no_sideways(page)
    return target


def turn_taken(live: LiveServer, page: Page, room: str, seat: str) -> None:
    """Wait until the server has `seat`'s action (its turn over, or the game): a page stops
    showing its turn as it sends, before the server has folded the action."""
    deadline = time.monotonic() + HEAR / 1000
    while time.monotonic() < deadline:
        game = seat_view(live, page, room)["game"]
        if game["finished"] or game["current"] != seat:
            return
        time.sleep(0.1)
    raise AssertionError(f"the server never took {seat}'s action")


def tap_move(page: Page, live: LiveServer, room: str) -> int:
    """The best move put tile by tile: a cell tapped, then the tile; reloaded half-way (the
    draft is kept); its points."""
    hint = best(seat_view(live, page, room))
    assert hint is not None
    placements = hint.verdict.placements
    for n, (cell, tile) in enumerate(placements):
        target = next_action(page, page.locator(f'[data-cell="{cell}"]'))
        target.tap()
        if len(placements) == 1 and not hint.move.move.across:
            target.tap()  # a second tap turns the way: down
        exact = re.compile(f"^{tile_label(tile)}$")  # "U" is not the Qu tile
        source = page.locator("#rack .tile:not(.used)", has_text=exact).first
        next_action(page, source).tap()
        if n == 0:
            page.reload()  # the draft so far is kept in this browser
            expect(page.locator(".cell.draft")).to_have_count(1, timeout=HEAR)
    expect(page.locator(".cell.draft")).to_have_count(len(placements))
    expect(page.locator("#preview")).to_contain_text(f"{hint.verdict.points} pt", timeout=HEAR)
    next_action(page, page.locator("#play")).tap()
    return hint.verdict.points


def test_a_topword_game_start_to_finish_on_a_phone(
    browser: Browser, live: LiveServer, artifacts: Path, frames: PageFrames
) -> None:
    table = live.post("/api/tables", {"name": "Anne", "seats": ["person"]})
    room = table["room"]
    bob_seat = live.post(f"/api/rooms/{room}/join", {"name": "Bob"})
    anne = frames.watch(seated(browser, live, table, PHONE))
    bob = frames.watch(seated(browser, live, bob_seat, DESKTOP))
    try:
        expect(anne.locator(".players")).to_contain_text("Bob", timeout=HEAR)
        next_action(anne, anne.locator("#start")).tap()
        expect(anne.locator("#rack .tile")).to_have_count(7, timeout=HEAR)
        tops = anne.locator("#rack .tile").evaluate_all("ts => ts.map(t => t.offsetTop)")
        assert len(set(tops)) == 1  # the rack on one line
        cell = box(anne.locator('[data-cell="0"]'))
        assert cell["width"] >= 32  # a finger's cell at 393 px
        anne.screenshot(path=str(artifacts / "tw37-phone-start.png"))
        bob.screenshot(path=str(artifacts / "tw37-desktop-start.png"))
        expect(bob.locator("#rack")).to_be_in_viewport()  # row 1 and the rack in one screen
        expect(bob.locator('[data-cell="0"]')).to_be_in_viewport()
        anne_plan = ["play", "exchange", "pass", "pass"]
        bob_played = False
        for _ in range(12):
            game = seat_view(live, anne, room)["game"]
            if game["finished"]:
                break
            if game["current"] == "s1":
                expect(anne.locator("#whose.mine")).to_be_visible(timeout=HEAR)
                action = anne_plan.pop(0)
                if action == "play":
                    tap_move(anne, live, room)
                    anne.screenshot(path=str(artifacts / "tw37-phone-played.png"))
                else:
                    if action == "exchange":
                        next_action(anne, anne.locator("#exchange")).tap()
                        next_action(anne, anne.locator("#rack .tile").first).tap()
                    else:
                        next_action(anne, anne.locator("#pass")).tap()
                    expect(anne.locator("#confirm")).to_be_visible()
                    anne.screenshot(path=str(artifacts / f"tw37-phone-confirm-{action}.png"))
                    next_action(anne, anne.locator("#confirm-yes")).tap()
                expect(anne.locator("#whose.mine")).to_have_count(0, timeout=HEAR)
                turn_taken(live, anne, room, "s1")
            else:
                expect(bob.locator("#whose.mine")).to_be_visible(timeout=HEAR)
                hint = None if bob_played else best(seat_view(live, bob, room))
                if hint is not None:
                    type_move(bob, hint)
                    expect(bob.locator("#preview")).to_contain_text(
                        f"{hint.verdict.points} pt", timeout=HEAR
                    )
                    bob.click("#play")
                    bob_played = True
                else:
                    bob.click("#pass")
                    bob.click("#confirm-yes")
                expect(bob.locator("#whose.mine")).to_have_count(0, timeout=HEAR)
                turn_taken(live, bob, room, game["current"])
        final = next_action(anne, anne.locator("#final"))  # brought into sight at the end
        expect(final).to_contain_text("Fin de la partie", timeout=HEAR)
        no_sideways(anne)
        anne.screenshot(path=str(artifacts / "tw37-phone-end.png"))
        bob.screenshot(path=str(artifacts / "tw37-desktop-end.png"), full_page=True)
        next_action(anne, anne.locator("#rematch")).tap()  # a new table, the same seats
        expect(anne).not_to_have_url(f"{live.url}/r/{room}", timeout=HEAR)
        expect(anne.locator("#waiting-seats")).to_contain_text("Place 2", timeout=HEAR)
        bob.locator("#rematch-join").click()  # shown to the other player
        bob.fill("#join-name", "Bob")
        bob.click("form:has(#join-name) button[type=submit]")
        expect(anne.locator(".players")).to_contain_text("Bob", timeout=HEAR)
        assert anne.url == bob.url
        anne.screenshot(path=str(artifacts / "tw37-phone-rematch.png"))
        for page, size in ((anne, "phone"), (bob, "desktop")):
            page.goto(f"{live.url}/r/{room}/replay")
            moves = page.locator("#moves button")
            expect(moves.first).to_be_visible()
            moves.nth(0).click()
            expect(page.locator("#step")).to_contain_text("Coup 1 sur")
            expect(moves.nth(0)).to_have_attribute("aria-current", "step")
            expect(page.locator("#scores-now")).to_contain_text("Anne")
            no_sideways(page)
            page.screenshot(path=str(artifacts / f"tw37-replay-{size}.png"), full_page=True)
            page.goto(f"{live.url}/r/{room}/analysis")
            expect(page.locator("table.review")).to_be_visible()
            no_sideways(page)
            page.screenshot(path=str(artifacts / f"tw37-analysis-{size}.png"), full_page=True)
        assert box(bob.locator("table.review"))["width"] > 900  # the page's width, not 362 px
        frames.all_fit("welcome", "events", "ack")
    finally:
        anne.context.close()
        bob.context.close()


def test_exchange_and_pass_ask_first_and_work_from_the_keyboard(
    browser: Browser, live: LiveServer, artifacts: Path, frames: PageFrames
) -> None:
    """Issue 37: no exchange or pass on one tap: each asks first, « Non » focused; and the
    keyboard alone does both (a rack tile answers Enter and Space as a tap)."""
    table = live.post("/api/tables", {"name": "Anne", "seats": ["person"]})
    room = table["room"]
    bob_seat = live.post(f"/api/rooms/{room}/join", {"name": "Bob"})
    pages = {
        "s1": frames.watch(seated(browser, live, table, DESKTOP)),
        "s2": frames.watch(seated(browser, live, bob_seat, DESKTOP)),
    }
    try:
        expect(pages["s1"].locator(".players")).to_contain_text("Bob")
        pages["s1"].click("#start")
        seat = seat_view(live, pages["s1"], room)["game"]["current"]
        page, other = pages[seat], pages["s2" if seat == "s1" else "s1"]
        expect(page.locator("#whose.mine")).to_be_visible()
        page.locator("#exchange").focus()
        page.keyboard.press("Enter")  # the exchange's mode: pick a tile
        expect(page.locator("#exchange")).to_have_attribute("aria-pressed", "true")
        tile = page.locator("#rack .tile").nth(2)
        put_back = tile.inner_text()
        tile.focus()
        page.keyboard.press(" ")  # Space on a rack tile: as a tap
        confirm = page.locator("#confirm")
        expect(confirm).to_have_attribute("role", "alertdialog")
        expect(confirm).to_contain_text(f"Échanger {put_back}")
        expect(page.locator("#confirm-no")).to_be_focused()
        page.keyboard.press("Enter")  # « Non »: nothing sent, the button has the focus back
        expect(confirm).to_have_count(0)
        expect(page.locator("#exchange")).to_be_focused()
        assert seat_view(live, page, room)["game"]["turns"] == []
        page.keyboard.press("Enter")
        page.locator("#rack .tile").nth(2).focus()
        page.keyboard.press("Enter")  # Enter on a tile too
        page.locator("#confirm-yes").focus()
        page.screenshot(path=str(artifacts / "tw37-keyboard-exchange-desktop.png"))
        page.keyboard.press("Enter")
        expect(other.locator("#last-move")).to_contain_text("échange une lettre")
        expect(other.locator("#whose.mine")).to_be_visible()
        other.locator("#pass").focus()
        other.keyboard.press("Enter")
        expect(other.locator("#confirm")).to_contain_text("Passer votre tour")
        assert seat_view(live, other, room)["game"]["turn"] == 2  # nothing sent yet
        other.locator("#confirm-yes").focus()
        other.keyboard.press("Space")
        expect(page.locator("#last-move")).to_contain_text("passe")
        turns = seat_view(live, page, room)["game"]["turns"]
        assert [turn["action"] for turn in turns] == ["exchange", "pass"]
        frames.all_fit("welcome", "events", "ack")
    finally:
        for one in pages.values():
            one.context.close()


def test_t23_the_form_says_the_seats_and_a_full_table_offers_no_seat(
    browser: Browser, live: LiveServer, artifacts: Path, frames: PageFrames
) -> None:
    """The create form counts the seats as the table will (a place left at « aucune » is
    none); a friend of a friend opening the link of a full table for two is told it is
    full, with no form to fill in."""
    anne = frames.watch(browser.new_context(viewport=PHONE, locale="fr-FR").new_page())
    bob = frames.watch(browser.new_context(viewport=PHONE, locale="fr-FR").new_page())
    cleo = frames.watch(browser.new_context(viewport=PHONE, locale="fr-FR").new_page())
    try:
        anne.goto(live.url + "/#topword")  # the game chosen: its form opens
        count = anne.locator("#tw-seat-count")
        expect(count).to_contain_text("pour 2 joueurs")  # the host and a computer player
        anne.select_option("#tw-seat-2", "expert")
        expect(count).to_contain_text("pour 3 joueurs")
        anne.select_option("#tw-seat-2", "")
        anne.select_option("#tw-seat-1", "person")
        expect(count).to_contain_text("pour 2 joueurs")
        anne.fill("#tw-name", "Anne")
        anne.click("#create-table button[type=submit]")
        expect(anne.locator("#waiting-seats")).to_contain_text("Place 2")
        bob.goto(anne.url)
        join_table(bob, anne)
        cleo.goto(anne.url)
        expect(cleo.locator("#table-full")).to_have_text(
            "Cette table est complète\u00a0: vous pouvez regarder la partie."
        )
        expect(cleo.locator("#join-name")).to_have_count(0)
        no_sideways(cleo)
        cleo.screenshot(path=str(artifacts / "tw37-full-table-phone.png"), full_page=True)
    finally:
        for page in (anne, bob, cleo):
            page.context.close()
