"""Two people with accounts play a rated Boggle match and a rated Topword game in
Chromium: both profiles show the games, the winner's ratings went up and the other's
down, the leaderboard lists them; the account, profile, leaderboard and « Mes parties »
pages pass axe; screenshots of the profile and leaderboard, desktop and phone, in
tests/artifacts/ (not committed)."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from motamot.boggle import get_preset, parse_grid, solve
from motamot.lexicon import load_lexicon
from tests.browser.conftest import PageFrames
from tests.browser.test_play_in_browser import DESKTOP, PHONE, grid_of, serious_violations, write
from tests.browser.test_topword_in_browser import best, seat_view, type_move
from tests.browser.topword_table import create_table, join_table
from tests.server.live import LiveServer

PASSWORD = "correct horse battery"


def sign_up(context: BrowserContext, live: LiveServer, name: str) -> Page:
    page = context.new_page()
    page.goto(live.url + "/compte/creer")
    assert serious_violations(page) == []
    page.fill("#name", name)
    page.fill("#password", PASSWORD)
    page.fill("#again", PASSWORD)
    page.click("form.account-form button[type=submit]")
    page.wait_for_url("**/compte")
    expect(page.locator("main")).to_contain_text(f"Connecté en tant que {name}")
    assert serious_violations(page) == []
    return page


def rating_of(page: Page, live: LiveServer, name: str, family: str) -> int:
    """The shown rating of `name` in `family`, from the profile (waiting for the
    projection: the page is read again until the family is there)."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        page.goto(f"{live.url}/joueur/{name}")
        card = page.locator(".rating-card").filter(has_text=family)
        if card.count():
            return int(re.sub(r"\D", "", card.locator(".rating-value").inner_text()))
        time.sleep(0.3)
    raise AssertionError(f"no {family} rating for {name}")


def play_boggle(ana: Page, bob: Page, live: LiveServer) -> None:
    """Ana creates a rated one-round room, Bob joins by its link; Ana finds three words,
    Bob one; Ana stops the round (the match ends)."""
    ana.goto(live.url + "/?seed=2024")  # a grid of 70 words: the test needs four
    expect(ana.locator("#name")).to_have_value("Ana")  # the account's name, remembered
    ana.fill("#count", "1")
    ana.fill("#duration", "300")
    ana.check("#create input[name=rated]")
    ana.click("#create button[type=submit]")
    ana.wait_for_url(re.compile(r"/r/[\w-]{12,}$"))
    bob.goto(ana.url)
    bob.fill("#join-name", "Bob")
    bob.click(".join button[type=submit]")
    expect(ana.locator(".players")).to_contain_text("Bob")
    ana.click("#start")
    expect(bob.locator(".grid")).to_be_visible()
    words = sorted(
        (
            w.word
            for w in solve(
                parse_grid(grid_of(ana)), get_preset("classic-fr"), load_lexicon("fr")
            ).words
        ),
        key=len,
    )
    for word in words[:3]:
        write(ana, word)
        expect(ana.locator("#my-words")).to_contain_text(f"{word} : accepté")
    write(bob, words[3])
    expect(bob.locator("#my-words")).to_contain_text(f"{words[3]} : accepté")
    ana.get_by_role("button", name="Arrêter la manche").click()
    expect(bob.locator(".sheet").first).to_be_visible(timeout=30_000)  # a busy machine


def play_topword(ana: Page, bob: Page, live: LiveServer) -> str | None:
    """A rated table of Ana and Bob: each lays the best move of their rack in turn until
    both laid two (R5), then both pass (T18). The winner's name (None: a tie)."""
    room = create_table(ana, live.url, rated=True)
    bob.goto(f"{live.url}/r/{room}")
    join_table(bob, ana)
    ana.click("#start")
    expect(ana.locator(".starter")).to_contain_text("commence")
    pages = {"s1": ana, "s2": bob}
    played = {"s1": 0, "s2": 0}
    while min(played.values()) < 2:  # R5: a game rates once each side laid two moves
        seat = seat_view(live, ana, room)["game"]["current"]
        page = pages[seat]
        expect(page.locator("#pass")).to_be_enabled()
        hint = best(seat_view(live, page, room))
        if hint is None:  # no move on this rack: the seat passes, the other plays on
            page.click("#pass")
            page.click("#confirm-yes")  # a pass is asked first
            continue
        type_move(page, hint)
        expect(page.locator("#preview")).to_contain_text(f"{hint.verdict.points} pt")
        page.click("#play")
        played[seat] += 1
        expect(page.locator("#pass")).to_be_disabled()
    for _ in range(2):  # both pass (T18): the game is over
        seat = seat_view(live, ana, room)["game"]["current"]
        expect(pages[seat].locator("#pass")).to_be_enabled()
        pages[seat].click("#pass")
        pages[seat].click("#confirm-yes")  # a pass is asked first
    for page in pages.values():
        expect(page.locator("#final")).to_contain_text("Fin de la partie")
    winners = seat_view(live, ana, room)["game"]["winners"]
    return None if len(winners) != 1 else {"s1": "Ana", "s2": "Bob"}[winners[0]]


@pytest.fixture(scope="module")
def apart(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server behind a proxy on this machine, so that each browser says its own address
    (X-Forwarded-For): two people of one address do not rate each other (R6)."""
    server = LiveServer(
        tmp_path_factory.mktemp("apart") / "rooms.sqlite3", args=["--proxy", "127.0.0.1"]
    ).start()
    yield server
    server.stop()


@pytest.mark.slow
def test_two_accounts_play_rated_games_and_see_their_profiles_and_the_leaderboard(
    browser: Browser, apart: LiveServer, artifacts: Path, frames: PageFrames
) -> None:
    live = apart
    ana_context = browser.new_context(
        viewport=DESKTOP, locale="fr-FR", extra_http_headers={"X-Forwarded-For": "192.0.2.1"}
    )
    bob_context = browser.new_context(
        viewport=PHONE, locale="fr-FR", extra_http_headers={"X-Forwarded-For": "198.51.100.2"}
    )
    try:
        ana, bob = sign_up(ana_context, live, "Ana"), sign_up(bob_context, live, "Bob")
        frames.watch(ana)
        frames.watch(bob)
        play_boggle(ana, bob, live)
        winner = play_topword(ana, bob, live)
        assert (
            rating_of(ana, live, "Ana", "Boggle 4×4")
            > 1500
            > rating_of(ana, live, "Bob", "Boggle 4×4")
        )
        if winner is None:  # a tie between equals moves nobody
            assert rating_of(bob, live, "Ana", "Topword") == 1500
        else:
            loser = "Bob" if winner == "Ana" else "Ana"
            won, lost = (
                rating_of(bob, live, winner, "Topword"),
                rating_of(bob, live, loser, "Topword"),
            )
            assert won > 1500 > lost
        for page, name in ((ana, "Ana"), (bob, "Bob")):
            page.goto(f"{live.url}/joueur/{name}")
            games = page.locator("section[aria-labelledby=games-title] tbody tr")
            expect(games).to_have_count(2)  # the match and the game
            expect(page.locator("main")).to_contain_text("Topword (français)")
            expect(page.locator("main")).to_contain_text("4×4 français (classique)")
            expect(page.locator(".rating-card .rating-value").first).to_contain_text("?")
            assert serious_violations(page) == []
        ana.goto(f"{live.url}/joueur/Bob")
        ana.screenshot(path=str(artifacts / "profile-desktop.png"), full_page=True)
        bob.goto(f"{live.url}/joueur/Ana")
        bob.screenshot(path=str(artifacts / "profile-phone.png"), full_page=True)
        for page, size in ((ana, "desktop"), (bob, "phone")):
            page.goto(f"{live.url}/classements")
            for name in ("Ana", "Bob"):
                expect(page.get_by_role("link", name=name).first).to_be_visible()
            assert serious_violations(page) == []
            page.screenshot(path=str(artifacts / f"leaderboards-{size}.png"), full_page=True)
        bob.goto(f"{live.url}/mes-parties")
        expect(bob.locator(".my-rooms li")).to_have_count(2)
        assert serious_violations(bob) == []
        bob.screenshot(path=str(artifacts / "my-games-phone.png"), full_page=True)
        ana.goto(f"{live.url}/compte")
        assert serious_violations(ana) == []
        ana.screenshot(path=str(artifacts / "account-desktop.png"), full_page=True)
        ana.goto(f"{live.url}/joueur/Ana?lang=en")
        expect(ana.locator("h1")).to_have_text("Player Ana")
        frames.all_fit("welcome", "events", "ack")
    finally:
        ana_context.close()
        bob_context.close()
