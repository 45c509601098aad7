"""Duplicate Topword in Chromium (D1-D6): Ana creates a self-paced game on the home page,
Bob joins by its link, a spectator watches by the watch link; every turn Ana types the
top, Bob drags a lower move (or types one), nobody sees another's move before the turn
ends, then every page shows the top, the scores, the gaps and the shares, to the game's
end and its « rejouer ce tirage », which opens a game on the same draws.

Screenshots at desktop (1280×900) and phone (360×640) size are saved in tests/artifacts/.
"""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from websockets.sync.client import connect

from motamot.lexicon import load_lexicon
from motamot.topword.board import Board
from motamot.topword.duplicate import top_key
from motamot.topword.duplicate_record import parse_record
from motamot.topword.movegen import GeneratedMove, legal_moves
from motamot.topword.tiles import TOPWORD_FR, parse_rack, tile_label
from tests.browser.conftest import PageFrames, same_after_reload, unisolated
from tests.browser.screen import box
from tests.browser.test_new_player import DESKTOP, PHONE
from tests.browser.test_play_in_browser import serious_violations
from tests.server.live import LiveServer


def public_view(live: LiveServer, room: str) -> dict[str, Any]:
    """The room as a spectator's socket is shown it (the board and the rack are public)."""
    with connect(f"ws://127.0.0.1:{live.port}/ws/{room}") as socket:
        socket.send(json.dumps({"type": "hello"}))
        while True:
            message = json.loads(socket.recv(timeout=10))
            if message["type"] == "welcome":
                view: dict[str, Any] = message["view"]
                return view


def moves(view: dict[str, Any]) -> list[GeneratedMove]:
    """Every legal move of the common rack, the top first (D4)."""
    game = view["game"]
    board = Board.from_position(game["board"]["position"])
    rack = parse_rack("".join(label[0] for label in game["rack"]), TOPWORD_FR)
    return sorted(legal_moves(board, rack, TOPWORD_FR, load_lexicon("fr")), key=top_key)


def drag(page: Page, move: GeneratedMove) -> None:
    """Each tile of the move dragged from the rack to its cell (pointer events)."""
    page.evaluate("document.querySelector('section.board').scrollIntoView({block: 'start'})")
    for cell, tile in move.placements:
        exact = re.compile(f"^{tile_label(tile)}$")  # "U" is not the Qu tile
        source = page.locator("#rack .tile:not(.used)", has_text=exact).first
        start, end = box(source), box(page.locator(f'[data-cell="{cell}"]'))
        page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
        page.mouse.down()
        page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=6)
        page.mouse.up()


def text_of(page: Page) -> str:
    """What the page shows (its notation field's value is not shown text)."""
    text: str = page.locator("main").inner_text()
    return text


def times_shown(page: Page, notation: str) -> int:
    """How often the page shows this move whole ("8B ALITE" is not inside "8B ALITEE")."""
    return len(re.findall(rf"(?<!\w){re.escape(notation)}(?!\w)", text_of(page)))


def typed(page: Page, notation: str) -> None:
    page.fill("#notation", notation)


def errors_of(page: Page, errors: list[str]) -> Page:
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page


def check_axe(page: Page, name: str, artifacts: Path, found: dict[str, object]) -> None:
    found[name] = serious_violations(page)
    page.screenshot(path=str(artifacts / f"{name}.png"), full_page=True)


@pytest.mark.slow
def test_d1_d6_two_players_and_a_spectator_play_a_duplicate_game_to_its_end(
    browser: Browser, live: LiveServer, artifacts: Path, frames: PageFrames
) -> None:
    errors: list[str] = []
    found: dict[str, object] = {}
    contexts = [
        browser.new_context(viewport=DESKTOP, locale="fr-FR"),
        browser.new_context(viewport=PHONE, locale="fr-FR", has_touch=True),
        browser.new_context(viewport=PHONE, locale="fr-FR"),
    ]
    ana, bob, watcher = (errors_of(frames.watch(c.new_page()), errors) for c in contexts)
    try:
        ana.goto(live.url + "/#duplicate")  # the game chosen: its form opens
        ana.fill("#dup-name", "Ana")
        ana.check("input[name=pace][value=self]")
        ana.click("#create-duplicate button[type=submit]")
        ana.wait_for_url("**/r/*")
        room = ana.url.rsplit("/", 1)[1]
        bob.goto(f"{live.url}/r/{room}")
        expect(bob.locator("#join-name")).to_be_visible()
        bob.fill("#join-name", "Bob")
        bob.click("form:has(#join-name) button[type=submit]")
        watcher.goto(f"{live.url}/r/{room[:16]}/watch")
        expect(ana.locator("#players")).to_contain_text("Bob")
        expect(watcher.locator("main")).to_contain_text("Vous regardez la partie")
        check_axe(ana, "duplicate-lobby-desktop", artifacts, found)
        check_axe(bob, "duplicate-lobby-phone", artifacts, found)
        ana.click("#start")
        for page in (ana, bob, watcher):
            expect(page.locator("#turn")).to_contain_text("Coup 1")
        expect(bob.locator("#rack .tile")).to_have_count(7)
        expect(watcher.locator("#rack .tile")).to_have_count(7)  # the rack is everybody's
        assert watcher.locator("#submit").count() == 0 and watcher.locator("#notation").count() == 0
        assert bob.locator("#next-turn").count() == 0  # the host alone moves on
        turns = 0
        totals = {"Ana": 0, "Bob": 0, "top": 0}
        while True:
            view = public_view(live, room)
            game = view["game"]
            if game["finished"]:
                break
            turns += 1
            found_moves = moves(view)
            if found_moves:
                top = found_moves[0]
                lower = next((m for m in found_moves if m.points < top.points), None)
                seen = {page: times_shown(page, top.notation) for page in (bob, watcher)}
                typed(ana, top.notation)
                expect(ana.locator("#preview")).to_contain_text(f"{top.points} pt")
                ana.click("#submit")
                expect(ana.locator("#my-move")).to_contain_text(top.notation)
                expect(bob.locator("#submitted-count")).to_contain_text("1 sur 2")
                expect(watcher.locator("#submitted-count")).to_contain_text("1 sur 2")
                for page in (bob, watcher):  # D3: Ana's move is hers until the turn ends
                    assert times_shown(page, top.notation) == seen[page]
                if lower is not None:
                    seen = {ana: times_shown(ana, lower.notation)}
                    if turns % 2:
                        drag(bob, lower)
                    else:
                        typed(bob, lower.notation)
                    try:
                        expect(bob.locator("#preview")).to_contain_text(f"{lower.points} pt")
                    except AssertionError:
                        bob.screenshot(path=str(artifacts / "debug.png"))
                        print(
                            "DEBUG",
                            turns,
                            lower.notation,
                            lower.placements,
                            game["board"]["position"],
                        )
                        raise
                    bob.click("#submit")
                    expect(bob.locator("#my-move")).to_contain_text(lower.notation)
                    expect(ana.locator("#submitted-count")).to_contain_text("2 sur 2")
                    assert times_shown(ana, lower.notation) == seen[ana]
                if turns == 1:
                    check_axe(bob, "duplicate-turn-phone", artifacts, found)
                    check_axe(ana, "duplicate-turn-desktop", artifacts, found)
                    check_axe(watcher, "duplicate-turn-spectator-phone", artifacts, found)
                totals["Ana"] += top.points
                totals["Bob"] += lower.points if lower is not None else 0
                totals["top"] += top.points
            ana.click("#next-turn")
            for page in (ana, bob, watcher):
                expect(page.locator("#top-total")).to_contain_text(str(totals["top"]))
            if found_moves:
                expect(watcher.locator("#last-turn")).to_contain_text(found_moves[0].notation)
                expect(ana.locator("#last-turn")).to_contain_text("(0)")  # the top: no gap
                gap = totals["Bob"] - totals["top"]
                row = ana.locator('#standings tr[data-seat="s2"]').first
                expect(row).to_contain_text(f"−{-gap}" if gap else "0")
            if turns == 2:
                check_axe(ana, "duplicate-after-turn-desktop", artifacts, found)
            assert turns < 60
        assert turns >= 5
        for page in (ana, bob, watcher):
            expect(page.locator("#final")).to_contain_text("Fin de la partie")
            first = page.locator('#standings tr[data-seat="s1"]').first
            expect(first).to_contain_text("100\u202f%")
        standings = view["game"]["standings"]
        assert [s["total"] for s in standings] == [totals["Ana"], totals["Bob"]]
        for page in (ana, bob, watcher):  # every name in a bdi (issue 26 item 7)
            assert unisolated(page, ["Ana", "Bob"]) == []
        check_axe(ana, "duplicate-over-desktop", artifacts, found)
        check_axe(bob, "duplicate-over-phone", artifacts, found)
        check_axe(watcher, "duplicate-over-spectator-phone", artifacts, found)
        for page in (bob, watcher):  # a phone reads it without scrolling sideways
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        for page, name in ((ana, "desktop"), (bob, "phone")):  # the long page, part by part
            page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=str(artifacts / f"duplicate-over-{name}-screen.png"))
            for part in ("final", "standings", "sheet"):
                page.locator(f"#{part}").screenshot(
                    path=str(artifacts / f"duplicate-{part}-{name}.png")
                )
        for page in (ana, bob, watcher):  # every event folded as a fresh view shows it
            same_after_reload(page)
        frames.all_fit("welcome", "events", "ack", "preview")
        with urllib.request.urlopen(f"{live.url}/api/duplicate/{room}/record") as answer:
            record = answer.read().decode()  # what « Télécharger la partie » gives
        assert parse_record(record).players == ("Ana", "Bob")
        watcher.click("#replay")  # the board turn by turn, for the spectator too
        expect(watcher.locator("#step")).to_contain_text(f"Coup {turns} sur {turns}")
        watcher.click("#previous")
        expect(watcher.locator("#step")).to_contain_text(f"Coup {turns - 1} sur {turns}")
        # the step's top, or (a draw no word fits: it goes back to the bag) why none
        expect(watcher.locator("#step-detail")).to_contain_text(
            re.compile("Top :|Aucun coup possible avec ce tirage")
        )
        check_axe(watcher, "duplicate-replay-phone", artifacts, found)
        assert unisolated(watcher, ["Ana", "Bob"]) == []
        ana.click("#replay")
        expect(ana.locator("#standings")).to_contain_text("100\u202f%")
        check_axe(ana, "duplicate-replay-desktop", artifacts, found)
        ana.go_back()
        ana.click("#replay-draw")  # « rejouer ce tirage »: the same draws, alone
        expect(ana.locator("#replay-note")).to_be_visible()
        expect(ana.locator("input[name=pace][value=self]")).to_be_checked()
        ana.fill("#dup-name", "Ana")
        ana.click("#create-duplicate button[type=submit]")
        ana.wait_for_url("**/r/*")
        expect(ana.locator("#chosen-draw")).to_be_visible()
        ana.click("#start")
        first = view["game"]["sheet"][0]["rack"]
        expect(ana.locator("#rack .tile")).to_have_count(len(first))
        rack = [tile.inner_text() for tile in ana.locator("#rack .tile").all()]
        assert sorted(rack) == sorted(first)  # the first draw again
        assert errors == []
        assert {name: seen for name, seen in found.items() if seen} == {}
    finally:
        for context in contexts:
            context.close()
