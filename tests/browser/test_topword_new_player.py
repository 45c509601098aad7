"""What a new player tripped on at a Topword table (issue 21), in Chromium: the waiting
seat, the settings and « Copier » in the lobby, a start that says who is awaited, « Mes
tables » by players and date; the board as one tab stop moved by the arrow keys and typed
on; heights written as numbers; the rack's order kept on reload; a stale refusal gone;
a move played while the connection is down kept and sent when it is back, and nobody
« connecté » meanwhile.

Screenshots at phone (360×640) and desktop size are saved in tests/artifacts/.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from motamot.topword import format_move
from tests.browser.conftest import PageFrames
from tests.browser.screen import box
from tests.browser.test_new_player import DESKTOP, PHONE, seated
from tests.browser.test_topword_in_browser import best, seat_view
from tests.server.live import LiveServer


def active_cell(page: Page) -> str | None:
    cell: str | None = page.evaluate("document.activeElement?.dataset?.cell ?? null")
    return cell


def test_the_lobby_shows_the_waiting_seat_the_settings_and_who_is_awaited(
    browser: Browser, live: LiveServer, artifacts: Path, frames: PageFrames
) -> None:
    table = live.post(
        "/api/tables", {"name": "Ana", "seats": ["person"], "turn_seconds": 60, "hints": True}
    )
    ana = frames.watch(seated(browser, live, table, DESKTOP))
    try:
        expect(ana.locator("#waiting-seats")).to_have_text("Place 2 : en attente d'un joueur")
        settings = ana.locator("#settings")
        for part in (
            "Topword (français)",
            "Dictionnaire : français",
            "1 min par coup",
            "conseils permis",
        ):
            expect(settings).to_contain_text(part)
        share = ana.locator(".share")
        expect(share.get_by_role("button", name="Copier")).to_have_count(2)
        ana.click("#start")
        expect(ana.locator(".status")).to_have_text(
            "il manque 1 joueur : envoyez-leur le lien à donner aux joueurs"
        )
        ana.screenshot(path=str(artifacts / "topword-lobby-desktop.png"), full_page=True)
        bob = frames.watch(browser.new_context(viewport=PHONE, locale="fr-FR").new_page())
        bob.goto(f"{live.url}/r/{table['room']}")
        bob.screenshot(path=str(artifacts / "topword-lobby-invited-phone.png"), full_page=True)
        bob.fill("#join-name", "Bob")
        bob.click("form:has(#join-name) button[type=submit]")
        expect(ana.locator("#waiting-seats")).to_have_count(0)
        expect(ana.locator("#awaited")).to_have_count(0)
        ana.goto(live.url + "/")
        listed = ana.locator(f'#table-list li[data-room="{table["room"]}"]')
        expect(listed).to_contain_text("vous, Bob")
        expect(listed).to_contain_text("créée le")
        assert table["room"] not in (listed.inner_text())  # players, not the raw id
        ana.screenshot(path=str(artifacts / "my-tables-desktop.png"), full_page=True)
        bob.context.close()
        frames.all_fit("welcome", "events")
    finally:
        ana.context.close()


def test_the_board_is_one_tab_stop_moved_by_arrows_and_typed_on(
    browser: Browser, live: LiveServer, artifacts: Path, frames: PageFrames
) -> None:
    table = live.post("/api/tables", {"name": "Ana", "seats": ["person"]})
    bob_seat = live.post(f"/api/rooms/{table['room']}/join", {"name": "Bob"})
    ana = frames.watch(seated(browser, live, table, DESKTOP))
    bob = frames.watch(seated(browser, live, bob_seat, PHONE))
    try:
        expect(ana.locator(".players")).to_contain_text("Bob")
        ana.click("#start")
        expect(ana.locator("#rack .tile").first).to_be_visible()
        stops = ana.locator('.board-grid [data-cell]:not([tabindex="-1"])')
        expect(stops).to_have_count(1)  # one tab stop for 100 cells
        ana.locator('[data-cell="44"]').focus()
        ana.keyboard.press("ArrowRight")
        assert active_cell(ana) == "45"
        ana.keyboard.press("ArrowDown")
        assert active_cell(ana) == "55"
        expect(stops).to_have_count(1)
        missing = next(c for c in "ZYXWVKJ" if c not in ana.locator("#rack").inner_text())
        ana.keyboard.press(missing)  # not on the rack: refused at the top
        expect(ana.locator(".status")).to_contain_text(missing)
        letter = ana.locator("#rack .tile").first.inner_text()
        ana.keyboard.press(letter[0])  # a tile put on 6F; the refusal is stale now
        expect(ana.locator('[data-cell="55"].draft .letter')).to_have_text(letter)
        expect(ana.locator(".status")).to_have_text("")
        assert active_cell(ana) == "56"  # the focus stayed on the board, on the next cell
        expect(ana.locator('[data-cell="55"] .stack')).to_have_text("1")  # the stack's height
        expect(ana.locator(".board-legend")).to_contain_text("empilées")
        ana.screenshot(path=str(artifacts / "topword-keyboard-desktop.png"), full_page=True)
        ana.keyboard.press("Escape")
        for _ in range(3):
            ana.click("#shuffle")
        order = ana.locator("#rack .tile").all_inner_texts()
        ana.reload()
        expect(ana.locator("#rack .tile").first).to_be_visible()
        assert ana.locator("#rack .tile").all_inner_texts() == order  # the player's order
        bob.screenshot(path=str(artifacts / "topword-started-phone.png"), full_page=True)
        frames.all_fit("welcome", "events")
    finally:
        ana.context.close()
        bob.context.close()


def test_t21_resign_is_confirmed_and_with_three_the_others_play_on(
    browser: Browser, live: LiveServer, artifacts: Path, frames: PageFrames
) -> None:
    """Ana, Bob and Cy: whoever is to play resigns (« Abandonner », then « Non » first,
    then « Oui »); the two others play on, each page says who resigned; then the next
    resigns too and the last one wins."""
    table = live.post("/api/tables", {"name": "Ana", "seats": ["person", "person"]})
    others = [live.post(f"/api/rooms/{table['room']}/join", {"name": n}) for n in ("Bob", "Cy")]
    sizes = (DESKTOP, PHONE, PHONE)
    pages: dict[str, Page] = {
        str(saved["seat"]): frames.watch(seated(browser, live, saved, size))
        for saved, size in zip([table, *others], sizes, strict=True)
    }
    try:
        expect(pages["s1"].locator(".players")).to_contain_text("Cy")
        pages["s1"].click("#start")
        names = {"s1": "Ana", "s2": "Bob", "s3": "Cy"}

        def to_play() -> str:
            for seat, page in pages.items():
                if page.locator("#whose.mine").count():
                    return seat
            raise AssertionError("nobody to play")

        expect(pages["s1"].locator("#whose")).to_be_visible()
        expect(pages["s2"].locator("#whose")).to_be_visible()
        expect(pages["s3"].locator("#whose")).to_be_visible()
        leaver = to_play()
        page = pages[leaver]
        page.click("#resign")
        expect(page.locator("#resign-confirm")).to_contain_text("les autres continuent")
        assert page.evaluate("document.activeElement.id") == "resign-no"  # the safe answer
        page.screenshot(path=str(artifacts / "topword-resign-confirm.png"), full_page=True)
        page.click("#resign-no")
        expect(page.locator("#resign-confirm")).to_have_count(0)
        expect(page.locator("#whose.mine")).to_be_visible()  # nothing happened
        page.click("#resign")
        page.click("#resign-yes")
        for viewer in pages.values():
            expect(viewer.locator("#last-move")).to_contain_text(f"{names[leaver]} abandonne")
            expect(viewer.locator(f'.players li[data-seat="{leaver}"]')).to_contain_text(
                "a abandonné"
            )
        expect(pages[leaver].locator("#final")).to_have_count(0)  # the others play on
        expect(pages[leaver].locator("#rack .tile")).to_have_count(0)
        pages[leaver].screenshot(path=str(artifacts / "topword-resigned-desktop.png"))
        second = to_play()
        assert second != leaver
        pages[second].click("#resign")
        pages[second].click("#resign-yes")
        last = next(seat for seat in pages if seat not in (leaver, second))
        for viewer in pages.values():
            expect(viewer.locator("#final .winner")).to_have_text(f"Gagné par {names[last]}")
        pages[last].screenshot(path=str(artifacts / "topword-resign-won-phone.png"), full_page=True)
        frames.all_fit("welcome", "events", "ack")
    finally:
        for page in pages.values():
            page.context.close()


def to_play(pages: dict[str, Page]) -> str:
    """The seat whose page says it is their turn (after the start's draw)."""
    for _ in range(100):
        for seat, page in pages.items():
            if page.locator("#whose.mine").count():
                return seat
        next(iter(pages.values())).wait_for_timeout(100)
    raise AssertionError("nobody to play")


@pytest.mark.slow
def test_a_move_played_offline_is_kept_and_goes_when_the_connection_is_back(
    browser: Browser, tmp_path: Path, artifacts: Path, frames: PageFrames
) -> None:
    """The server dies at a table: each page stops saying « connecté » (itself included);
    the player to play plays a move: it stays on the board, « Hors ligne : votre coup est
    gardé… », and the turn's buttons wait for its answer; the server comes back: the move
    is played (once) and both pages show it, and « connecté » again."""
    live = LiveServer(tmp_path / "rooms.sqlite3").start()
    table = live.post("/api/tables", {"name": "Ana", "seats": ["person"]})
    bob_seat = live.post(f"/api/rooms/{table['room']}/join", {"name": "Bob"})
    pages = {"s1": frames.watch(seated(browser, live, table, DESKTOP))}
    pages["s2"] = frames.watch(seated(browser, live, bob_seat, PHONE))
    try:
        ana = pages["s1"]
        expect(ana.locator('.players li[data-seat="s2"]')).to_contain_text("connecté")
        ana.click("#start")
        mover_seat = to_play(pages)
        hint = best(seat_view(live, pages[mover_seat], table["room"]))
        if hint is None:  # a drawn rack with no first move at all (rare): it passes
            pages[mover_seat].click("#pass")
            pages[mover_seat].click("#confirm-yes")  # a pass is asked first
            expect(pages[mover_seat].locator("#whose.mine")).to_have_count(0)
            mover_seat = to_play(pages)
            hint = best(seat_view(live, pages[mover_seat], table["room"]))
        assert hint is not None  # one of two racks has a first move on the empty board
        mover, other = pages[mover_seat], pages["s2" if mover_seat == "s1" else "s1"]
        notation = format_move(hint.verdict.move)
        expect(mover.locator(f'.players li[data-seat="{mover_seat}"]')).to_contain_text("connecté")
        last_before = mover.locator("#last-move").all_text_contents()  # the pass, if any
        live.kill()
        for page in pages.values():
            expect(page.locator(".status")).to_contain_text("reconnexion")
            expect(page.locator(".players")).not_to_contain_text("connecté")
            expect(page.locator(".players")).to_contain_text("connexion à vérifier")
        mover.fill("#notation", notation)
        mover.click("#play")
        expect(mover.locator("#queued")).to_have_text(
            "Hors ligne : votre coup est gardé, il partira au retour de la connexion."
        )
        for button in ("#play", "#pass", "#exchange", "#resign"):  # one action a turn
            expect(mover.locator(button)).to_be_disabled()
        expect(mover.locator("#live")).to_contain_text("Hors ligne : votre coup est gardé")
        expect(mover.locator("#notation")).to_have_value(notation)  # the draft is kept
        assert mover.locator("#last-move").all_text_contents() == last_before  # not played yet
        for seat, page in pages.items():  # Ana's desktop, Bob's phone
            page.screenshot(path=str(artifacts / f"topword-offline-{seat}-{mover_seat}-plays.png"))
        live.start()
        for page in pages.values():
            expect(page.locator("#last-move")).to_contain_text(
                hint.verdict.move.word, timeout=30_000
            )
            expect(page.locator(f'.players li[data-seat="{mover_seat}"] .count')).to_have_text(
                str(hint.verdict.points)
            )
        expect(mover.locator("#queued")).to_have_count(0)
        expect(mover.locator("#notation")).to_have_value("")
        expect(mover.locator("#whose")).not_to_have_class(re.compile(r"\bmine\b"))
        other_seat = "s2" if mover_seat == "s1" else "s1"
        expect(mover.locator(f'.players li[data-seat="{other_seat}"]')).to_contain_text("connecté")
        expect(other.locator("#whose.mine")).to_be_visible()
        for seat, page in pages.items():
            page.screenshot(path=str(artifacts / f"topword-back-{seat}-{mover_seat}-played.png"))
        frames.all_fit("welcome", "events", "ack")
    finally:
        for page in pages.values():
            page.context.close()
        live.stop()


def test_on_a_phone_touching_the_rack_brings_the_board_back_into_view(
    browser: Browser, live: LiveServer, artifacts: Path, frames: PageFrames
) -> None:
    """A phone scrolled down to the rack and the move's field (the board above, off the
    screen): a finger on a rack tile brings the board back, the rack still in sight."""
    table = live.post("/api/tables", {"name": "Ana", "seats": ["person"]})
    live.post(f"/api/rooms/{table['room']}/join", {"name": "Bob"})
    context = browser.new_context(viewport=PHONE, locale="fr-FR", has_touch=True)
    page = frames.watch(context.new_page())
    try:
        page.goto(live.url + "/")
        page.evaluate(
            "([key, value]) => localStorage.setItem(key, value)",
            [f"motamot.seat.{table['room']}", json.dumps(table)],
        )
        page.goto(f"{live.url}/r/{table['room']}")
        page.click("#start")
        tile = page.locator("#rack .tile").first
        expect(tile).to_be_visible()
        page.evaluate("document.querySelector('#rack').scrollIntoView({block: 'start'})")
        board = page.locator("section.board")

        def board_top() -> float:
            return box(board)["y"]

        assert board_top() < -100  # scrolled off the top of the screen
        page.screenshot(path=str(artifacts / "topword-rack-scrolled-phone.png"))
        tile.tap()
        page.wait_for_function(
            "document.querySelector('section.board').getBoundingClientRect().top >= -1"
        )
        assert board_top() < 10  # the board's top at the top of the screen
        expect(page.locator("#rack")).to_be_in_viewport()
        page.screenshot(path=str(artifacts / "topword-rack-touched-phone.png"))
    finally:
        context.close()


def test_a_player_is_connected_only_while_their_page_is_open(
    browser: Browser, live: LiveServer, artifacts: Path, frames: PageFrames
) -> None:
    """Issue 21: at a started table Bob closes his page: Ana's page stops saying Bob is
    « connecté » (« absent »), herself still connected; Bob opens the table again: Ana
    sees him « connecté » again."""
    table = live.post("/api/tables", {"name": "Ana", "seats": ["person"]})
    bob_seat = live.post(f"/api/rooms/{table['room']}/join", {"name": "Bob"})
    ana = frames.watch(seated(browser, live, table, DESKTOP))
    bob = frames.watch(seated(browser, live, bob_seat, PHONE))
    bob_row = ana.locator('.players li[data-seat="s2"]')
    try:
        expect(bob_row).to_contain_text("connecté")
        ana.click("#start")
        expect(ana.locator("#rack .tile").first).to_be_visible()
        expect(bob.locator("#rack .tile").first).to_be_visible()
        expect(bob_row).to_contain_text("connecté")
        bob.context.close()
        expect(bob_row).not_to_contain_text("connecté")
        expect(bob_row).to_contain_text("absent")
        expect(ana.locator('.players li[data-seat="s1"]')).to_contain_text("connecté")
        ana.screenshot(path=str(artifacts / "topword-friend-gone-desktop.png"))
        bob = frames.watch(seated(browser, live, bob_seat, PHONE))
        expect(bob.locator("#rack .tile").first).to_be_visible()
        expect(bob_row).to_contain_text("connecté")
        expect(bob_row).not_to_contain_text("absent")
        expect(bob.locator('.players li[data-seat="s1"]')).to_contain_text("connecté")
        frames.all_fit("welcome", "events")
    finally:
        ana.context.close()
        bob.context.close()
