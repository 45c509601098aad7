"""Two people play Topword in Chromium: a table from the home page, the second player by
its link, moves made by dragging rack tiles and by typing on the board, the referee's
preview before each move and the itemised score after it, for both.

Screenshots of the board at phone (360×640) and desktop size are saved in tests/artifacts/.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect
from websockets.sync.client import connect

from motamot.lexicon import load_lexicon
from motamot.topword.board import Board
from motamot.topword.hints import Hint, hints
from motamot.topword.tiles import TOPWORD_FR, parse_rack, tile_label
from tests.browser.conftest import PageFrames, same_after_reload
from tests.browser.screen import box
from tests.browser.topword_table import create_table, join_table
from tests.server.live import LiveServer

PHONE: ViewportSize = {"width": 360, "height": 640}
DESKTOP: ViewportSize = {"width": 1280, "height": 900}


def seat_view(live: LiveServer, page: Page, room: str) -> dict[str, Any]:
    """The table as the server shows it, with the rack the page holds. The rack is read
    from the page: a socket of the page's seat would close the page's own (as a second tab
    of the same seat does), so the view comes as a spectator's."""
    with connect(f"ws://127.0.0.1:{live.port}/ws/{room}") as socket:
        socket.send(json.dumps({"type": "hello"}))
        while True:
            message = json.loads(socket.recv(timeout=10))
            if message["type"] == "welcome":
                view: dict[str, Any] = message["view"]
                break
    tiles = page.locator("#rack .tile")
    if view["game"] is not None and tiles.count():
        view["game"]["rack"] = [tile.get_attribute("aria-label") for tile in tiles.all()]
    return view


def best(view: dict[str, Any]) -> Hint | None:
    """The best move for the seat's rack (None: it has none)."""
    game = view["game"]
    board = Board.from_position(game["board"]["position"])
    rack = parse_rack("".join(label[0] for label in game["rack"]), TOPWORD_FR)
    found = hints(board, rack, TOPWORD_FR, load_lexicon("fr"), 1)
    return found[0] if found else None


def drag_move(page: Page, hint: Hint) -> None:
    """Each tile of the move dragged from the rack to its cell (pointer events)."""
    page.evaluate("document.querySelector('section.board').scrollIntoView({block: 'start'})")
    for cell, tile in hint.verdict.placements:
        label = tile_label(tile)
        exact = re.compile(f"^{label}$")  # "U" is not the Qu tile
        source = page.locator("#rack .tile:not(.used)", has_text=exact).first
        target = page.locator(f'[data-cell="{cell}"]')
        start, end = box(source), box(target)
        page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
        page.mouse.down()
        page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=6)
        page.mouse.up()


def type_move(page: Page, hint: Hint) -> None:
    """Tap the word's first cell (twice to go down), then type its letters."""
    move = hint.move.move
    page.evaluate("document.querySelector('section.board').scrollIntoView({block: 'start'})")
    first = page.locator(f'[data-cell="{move.row * 10 + move.col}"]')
    first.click()
    if not move.across:
        first.click()
    page.keyboard.type("".join(move.tiles))  # the Qu tile is typed Q


@pytest.mark.slow
def test_two_people_play_topword_by_dragging_and_typing(
    browser: Browser, live: LiveServer, artifacts: Path, frames: PageFrames
) -> None:
    ana_context = browser.new_context(viewport=DESKTOP, locale="fr-FR")
    bob_context = browser.new_context(viewport=PHONE, locale="fr-FR", has_touch=True)
    ana, bob = frames.watch(ana_context.new_page()), frames.watch(bob_context.new_page())
    try:
        room = create_table(ana, live.url)
        bob.goto(f"{live.url}/r/{room}")
        join_table(bob, ana)
        bob_row = ana.locator('.players li[data-seat="s2"]')
        expect(bob_row).to_have_class(re.compile(r"\bonline\b"))  # Bob's page is open
        ana.click("#start")
        expect(ana.locator(".starter")).to_contain_text("commence")
        pages = {"s1": ana, "s2": bob}
        number = 0
        for _ in range(8):  # four moves (a rack with none passes: its turn is not counted)
            if number == 4:
                break
            seat = seat_view(live, ana, room)["game"]["current"]
            page, other = pages[seat], pages["s2" if seat == "s1" else "s1"]
            hint = best(seat_view(live, page, room))
            expect(page.locator("#play")).to_be_enabled()
            if hint is None:
                page.click("#pass")
                page.click("#confirm-yes")  # a pass is asked first
                expect(other.locator("#last-move")).to_contain_text("passe")
                continue
            if number % 2 == 0:
                drag_move(page, hint)
            else:
                type_move(page, hint)
            page.screenshot(path=str(artifacts / f"topword-turn-{number}.png"))
            preview = page.locator("#preview")
            expect(preview).to_contain_text(f"{hint.verdict.points} pt")
            if number == 1:
                page.screenshot(path=str(artifacts / "topword-preview.png"))
            page.click("#play")
            for viewer in (page, other):  # the itemised score, for everybody
                last = viewer.locator("#last-move")
                expect(last).to_contain_text(str(hint.move.move))
                expect(last.locator(".breakdown li").first).to_be_visible()
            number += 1
        for page in (ana, bob):  # every move folded into each page as a fresh view shows it
            same_after_reload(page)
        watcher = frames.watch(browser.new_context(viewport=PHONE, locale="fr-FR").new_page())
        watcher.goto(f"{live.url}/r/{room}/watch")
        expect(watcher.locator("#last-move")).to_be_visible()
        assert watcher.locator("#rack").count() == 0 and watcher.locator("#play").count() == 0
        watcher.screenshot(path=str(artifacts / "topword-spectator-phone.png"), full_page=True)
        watcher.context.close()
        bob.screenshot(path=str(artifacts / "topword-phone.png"), full_page=True)
        ana.screenshot(path=str(artifacts / "topword-desktop.png"), full_page=True)
        view = seat_view(live, ana, room)
        seat = view["game"]["current"]
        page, other = pages[seat], pages["s2" if seat == "s1" else "s1"]
        page.click("#exchange")  # then tap the tile to put back (T17)
        tile = page.locator("#rack .tile").first
        put_back = tile.inner_text()
        tile.click()
        expect(page.locator("#confirm")).to_contain_text(f"Échanger {put_back}")
        page.click("#confirm-yes")  # an exchange is asked first
        expect(other.locator("#last-move")).to_contain_text("échange une lettre")
        expect(page.locator("#last-move")).to_contain_text(f"échange {put_back}")
        turns = seat_view(live, ana, room)["game"]["turns"]
        assert [turn["action"] for turn in turns].count("play") == 4
        assert turns[-1]["action"] == "exchange"
        bob.close()  # Bob leaves: Ana sees him away
        expect(bob_row).to_have_class(re.compile(r"\boffline\b"))
        expect(bob_row).to_contain_text("absent")
        ana.screenshot(path=str(artifacts / "topword-away-desktop.png"), full_page=True)
        ana.goto(live.url + "/")
        expect(ana.locator("#table-list")).to_contain_text("Bob")
        frames.all_fit("welcome", "events", "ack", "preview", "presence", "pong")
    finally:
        ana_context.close()
        bob_context.close()


def test_a_game_that_ends_live_ends_on_every_page(
    browser: Browser, live: LiveServer, artifacts: Path, frames: PageFrames
) -> None:
    """Both people pass (T18: the game is over): each page, the spectator's too, folds the
    passes and the end as they come, and says what a fresh view says."""
    table = live.post("/api/tables", {"name": "Ana", "seats": ["person"]})
    bob = live.post(f"/api/rooms/{table['room']}/join", {"name": "Bob"})
    pages = {}
    for saved, viewport in ((table, DESKTOP), (bob, PHONE)):
        page = frames.watch(browser.new_context(viewport=viewport, locale="fr-FR").new_page())
        page.goto(live.url + "/")
        page.evaluate(
            "([key, value]) => localStorage.setItem(key, value)",
            [f"motamot.seat.{table['room']}", json.dumps(saved)],
        )
        page.goto(f"{live.url}/r/{table['room']}")
        pages[saved["seat"]] = page
    watcher = frames.watch(browser.new_context(viewport=PHONE, locale="fr-FR").new_page())
    watcher.goto(f"{live.url}/r/{table['room']}/watch")
    try:
        expect(pages["s2"].locator(".players")).to_contain_text("Ana")
        pages["s1"].click("#start")
        for _ in range(2):
            seat = seat_view(live, pages["s1"], table["room"])["game"]["current"]
            expect(pages[seat].locator("#pass")).to_be_enabled()
            pages[seat].click("#pass")
            pages[seat].click("#confirm-yes")  # a pass is asked first
        for page in (*pages.values(), watcher):
            expect(page.locator("#final")).to_contain_text("Fin de la partie")
            same_after_reload(page)
        pages["s1"].screenshot(path=str(artifacts / "topword-over-desktop.png"), full_page=True)
        watcher.screenshot(path=str(artifacts / "topword-over-spectator-phone.png"), full_page=True)
        frames.all_fit("welcome", "events", "ack")
    finally:
        for page in (*pages.values(), watcher):
            page.context.close()
