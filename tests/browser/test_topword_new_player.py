"""What a new player tripped on at a Topword table (issue 21), in Chromium: the waiting
seat, the settings and « Copier » in the lobby, a start that says who is awaited, « Mes
tables » by players and date; the board as one tab stop moved by the arrow keys and typed
on; heights that are not numbers; the rack's order kept on reload; a stale refusal gone.

Screenshots at phone (360×640) and desktop size are saved in tests/artifacts/.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import PageFrames
from tests.browser.test_new_player import DESKTOP, PHONE, seated
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
        for part in ("Topword (français)", "Dictionnaire : fr", "60 s par tour", "conseils permis"):
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
        bob.click("form button[type=submit]")
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
        expect(ana.locator('[data-cell="55"].draft')).to_have_text(letter)
        expect(ana.locator(".status")).to_have_text("")
        assert active_cell(ana) == "56"  # the focus stayed on the board, on the next cell
        expect(ana.locator('[data-cell="55"] .stack i')).to_have_count(1)  # marks, no number
        assert ana.locator(".cell .height").count() == 0
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
