"""What a new player tripped on (issue 21), in Chromium: each test failed on the pages as
they were. An invited friend is asked to play; the others' counts are of words that
stand; nobody wins a round nobody scored; a rematch shows the new match; a page whose
connection is down claims nobody is connected and keeps the words typed meanwhile.

Screenshots at phone (360×640) and desktop size are saved in tests/artifacts/.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from motamot.boggle import get_preset, parse_grid, solve
from motamot.boggle.grid import roll
from motamot.lexicon import load_lexicon
from motamot.lexicon.accents import written_forms
from tests.browser.conftest import PageFrames, same_after_reload
from tests.browser.screen import box_of
from tests.browser.test_play_in_browser import grid_of, serious_violations, write
from tests.server.live import LiveServer

PHONE: ViewportSize = {"width": 360, "height": 640}
DESKTOP: ViewportSize = {"width": 1280, "height": 900}
WATCHING = "Vous regardez la partie sans y jouer."


def seated(
    browser: Browser, live: LiveServer, saved: dict[str, Any], viewport: ViewportSize
) -> Page:
    """A page of the seat `saved` (as POST /api/rooms or /join answered), in French."""
    page = browser.new_context(viewport=viewport, locale="fr-FR").new_page()
    page.goto(live.url + "/")
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [f"motamot.seat.{saved['room']}", json.dumps(saved)],
    )
    page.goto(f"{live.url}/r/{saved['room']}")
    return page


def room_of_two(live: LiveServer, **settings: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    ana = live.post("/api/rooms", {"name": "Ana", **settings})
    bob = live.post(f"/api/rooms/{ana['room']}/join", {"name": "Bob"})
    return ana, bob


def valid_words(page: Page) -> list[str]:
    """The words of the grid the page shows, best first."""
    found = solve(parse_grid(grid_of(page)), get_preset("classic-fr"), load_lexicon("fr"))
    return [word.word for word in found.words]


@pytest.mark.parametrize("kind", ["boggle", "topword"])
def test_an_invited_friend_is_asked_to_play_not_told_to_watch(
    browser: Browser, live: LiveServer, artifacts: Path, frames: PageFrames, kind: str
) -> None:
    created = live.post(
        "/api/rooms" if kind == "boggle" else "/api/tables",
        {"name": "Ana"} if kind == "boggle" else {"name": "Ana", "seats": ["person"]},
    )
    room = created["room"]
    friend = frames.watch(browser.new_context(viewport=PHONE, locale="fr-FR").new_page())
    friend.goto(f"{live.url}/r/{room}")  # the players' link, with its invitation
    expect(friend.locator("#join-name")).to_be_visible()
    expect(friend.locator("main")).not_to_contain_text(WATCHING)
    friend.screenshot(path=str(artifacts / f"{kind}-invited-phone.png"), full_page=True)
    watcher = frames.watch(browser.new_context(viewport=DESKTOP, locale="fr-FR").new_page())
    watcher.goto(f"{live.url}/r/{room[:16]}/watch")  # the watch link: the id alone
    expect(watcher.locator("main")).to_contain_text(WATCHING)
    expect(watcher.locator("#join-name")).to_have_count(0)
    watcher.screenshot(path=str(artifacts / f"{kind}-watch-desktop.png"), full_page=True)
    for page in (friend, watcher):
        page.context.close()
    frames.all_fit("welcome")


def test_the_others_count_accepted_words_not_refused_ones(
    browser: Browser, live: LiveServer, artifacts: Path, frames: PageFrames
) -> None:
    """With instant verdicts Bob sees Ana's 1 accepted word, not her 2 entries (the
    terminal counted 1, the page 2); a reload says the same."""
    ana_seat, bob_seat = room_of_two(live, duration=120)
    ana = frames.watch(seated(browser, live, ana_seat, DESKTOP))
    bob = frames.watch(seated(browser, live, bob_seat, PHONE))
    try:
        expect(ana.locator(".players")).to_contain_text("Bob")
        ana.click("#start")
        expect(ana.locator(".grid")).to_be_visible()
        write(ana, "zzzq")  # refused: not on the grid
        write(ana, valid_words(ana)[0])
        expect(ana.locator("#my-words li")).to_have_count(2)
        ana_row = bob.locator(".players li[data-seat=s1]")
        expect(ana_row).to_contain_text("1 mot")
        expect(ana_row).not_to_contain_text("2 mots")
        expect(ana.locator(".players li[data-seat=s1]")).to_contain_text("1 mot")
        bob.screenshot(path=str(artifacts / "counts-phone.png"))
        same_after_reload(bob)
        same_after_reload(ana)
        found = solve(parse_grid(grid_of(ana)), get_preset("classic-fr"), load_lexicon("fr"))
        word = found.words[0]
        total = sum(w.points for w in found.words)
        points = f"{word.points} pt" if word.points < 2 else f"{word.points} pts"  # 1 pt
        ana.get_by_role("button", name="Arrêter la manche").click()
        mine = ana.locator(".sheet").filter(has=ana.locator("h3", has_text="Ana")).locator(".found")
        expect(mine).to_have_text(
            f"Vous avez trouvé 1 mot sur {len(found.words)} ({points} sur {total})"
        )
        expect(bob.locator("details.sheet .found").first).to_have_text(
            f"Ana a trouvé 1 mot sur {len(found.words)} ({points} sur {total})"
        )
        expect(bob.locator("p.found").last).to_contain_text("Ensemble, vous avez trouvé 1 mot")
        frames.all_fit("welcome", "events", "ack")
    finally:
        ana.context.close()
        bob.context.close()


def test_verify_at_end_counts_are_of_words_written(
    browser: Browser, live: LiveServer, artifacts: Path, frames: PageFrames
) -> None:
    ana_seat, bob_seat = room_of_two(live, duration=120, verify_at_end=True)
    ana = frames.watch(seated(browser, live, ana_seat, PHONE))
    bob = frames.watch(seated(browser, live, bob_seat, DESKTOP))
    try:
        expect(ana.locator(".players")).to_contain_text("Bob")
        ana.click("#start")
        expect(ana.locator(".grid")).to_be_visible()
        write(ana, valid_words(ana)[0])
        expect(bob.locator(".players li[data-seat=s1]")).to_contain_text("1 mot écrit")
        bob.screenshot(path=str(artifacts / "written-counts-desktop.png"))
        same_after_reload(bob)
    finally:
        ana.context.close()
        bob.context.close()


def test_b14_m2_a_round_nobody_scored_has_no_winner_a_decider_and_a_rematch_shows_the_new_match(
    browser: Browser, live: LiveServer, artifacts: Path, frames: PageFrames
) -> None:
    """A one-round match where nobody wrote a word: no « gagnée par » everybody (a tie at
    0 plays an extra round); Ana scores in it and wins; then « Revanche »: the old results
    and « Partie gagnée » leave the screen, for both."""
    ana_seat, bob_seat = room_of_two(live, duration=120, rounds=1)
    ana = frames.watch(seated(browser, live, ana_seat, DESKTOP))
    bob = frames.watch(seated(browser, live, bob_seat, PHONE))
    try:
        expect(ana.locator(".players")).to_contain_text("Bob")
        ana.click("#start")
        expect(ana.locator(".grid")).to_be_visible()
        ana.get_by_role("button", name="Arrêter la manche").click()
        for page in (ana, bob):
            expect(page.locator(".winner")).to_have_text(
                "Personne n'a marqué de point : pas de gagnant pour cette manche"
            )
            expect(page.locator("main")).not_to_contain_text("gagnée par")
            # M2: the tie at the top is said, and the round to come is the decider
            expect(page.locator("#decider")).to_have_text(
                "Égalité en tête de la partie : une manche décisive départagera Ana, Bob."
            )
        expect(ana.locator("#start")).to_have_text("Jouer la manche décisive")
        ana.screenshot(path=str(artifacts / "nobody-scored-desktop.png"), full_page=True)
        bob.screenshot(path=str(artifacts / "nobody-scored-phone.png"), full_page=True)
        ana.click("#start")
        expect(ana.locator("#word")).to_be_visible()
        expect(bob.locator(".round-head h1")).to_have_text("Manche 2, décisive")
        write(ana, valid_words(ana)[0])
        expect(ana.locator("#my-words li.ok")).to_have_count(1)
        ana.get_by_role("button", name="Arrêter la manche").click()
        expect(bob.locator(".scores caption")).to_have_text("Partie gagnée par Ana")
        ana.click("#rematch")
        for page in (ana, bob):
            expect(page.locator("#new-match")).to_be_visible()
            expect(page.locator(".sheet")).to_have_count(0)
            expect(page.locator("main")).not_to_contain_text("gagnée par")
        expect(ana.locator("#start")).to_have_text("Lancer la manche")
        bob.screenshot(path=str(artifacts / "rematch-phone.png"), full_page=True)
        same_after_reload(bob)
        frames.all_fit("welcome", "events", "ack")
    finally:
        ana.context.close()
        bob.context.close()


@pytest.mark.slow
def test_words_typed_offline_wait_and_go_in_order_when_the_connection_is_back(
    browser: Browser, tmp_path: Path, artifacts: Path, frames: PageFrames
) -> None:
    """The server dies mid-round: the page says the connection is lost, claims nobody is
    « connecté » (itself included), keeps each word typed « en attente » in order, and
    sends them when the server is back; the referee judges them as usual."""
    live = LiveServer(tmp_path / "rooms.sqlite3").start()
    ana_seat, bob_seat = room_of_two(live, duration=180)
    ana = frames.watch(seated(browser, live, ana_seat, PHONE))
    bob = frames.watch(seated(browser, live, bob_seat, DESKTOP))
    try:
        expect(ana.locator(".players li[data-seat=s2]")).to_contain_text("connecté")
        ana.click("#start")
        expect(ana.locator(".grid")).to_be_visible()
        words = valid_words(ana)[:3]
        live.kill()
        expect(ana.locator(".status")).to_contain_text("reconnexion")
        expect(ana.locator(".players")).not_to_contain_text("connecté")
        for word in words:
            write(ana, word)
        waiting = ana.locator("#my-words li.waiting")
        expect(waiting).to_have_count(3)
        expect(waiting.first).to_contain_text("en attente")
        ana.screenshot(path=str(artifacts / "offline-words-phone.png"))
        bob.screenshot(path=str(artifacts / "offline-desktop.png"))
        live.start()
        accepted = ana.locator("#my-words li.ok")
        expect(accepted).to_have_count(3, timeout=30_000)
        expect(waiting).to_have_count(0)
        newest_first = [item.inner_text().split(" ")[0] for item in accepted.all()]
        assert newest_first == [word for word in reversed(words)]  # sent in the order typed
        expect(bob.locator(".players li[data-seat=s1]")).to_contain_text("3 mots")
        expect(ana.locator(".players li[data-seat=s2]")).to_contain_text("connecté")
        ana.screenshot(path=str(artifacts / "offline-words-sent-phone.png"))
    finally:
        ana.context.close()
        bob.context.close()
        live.stop()
    assert frames.errors == []


def test_the_focus_stays_on_a_control_when_the_controls_are_drawn_again(
    browser: Browser, live: LiveServer, frames: PageFrames
) -> None:
    """Somebody joins or gets ready: the lobby's controls are drawn again, and the
    keyboard user's focus stays where it was (it fell to the page's body)."""
    ana_seat = live.post("/api/rooms", {"name": "Ana"})
    ana = frames.watch(seated(browser, live, ana_seat, DESKTOP))
    try:
        expect(ana.locator("#ready")).to_be_visible()
        ana.locator("#ready").focus()
        bob = live.post(f"/api/rooms/{ana_seat['room']}/join", {"name": "Bob"})
        expect(ana.locator(".players")).to_contain_text("Bob")
        assert ana.evaluate("document.activeElement.id") == "ready"
        ana.keyboard.press("Enter")  # ready: drawn again, still focused
        expect(ana.locator("#ready")).to_have_attribute("aria-pressed", "true")
        assert ana.evaluate("document.activeElement.id") == "ready"
        assert bob["seat"] == "s2"
    finally:
        ana.context.close()


def accented_grid() -> tuple[int, str, tuple[str, ...]]:
    """A seed whose grid holds a word written with an accent: (seed, folded, forms)."""
    preset, french = get_preset("classic-fr"), load_lexicon("fr")
    for seed in range(1, 500):
        for word in solve(roll(preset, seed), preset, french).words:
            forms = written_forms(word.word, "fr")
            if len(word.word) >= 4 and len(forms) == 1:
                return seed, word.word, forms
    raise AssertionError("no grid with an accented word")


def test_words_are_shown_as_written_and_linked_to_the_wiktionnaire(
    browser: Browser, live: LiveServer, artifacts: Path, frames: PageFrames
) -> None:
    seed, folded, forms = accented_grid()
    ana_seat = live.post("/api/rooms", {"name": "Ana", "seed": str(seed), "duration": 120})
    ana = frames.watch(seated(browser, live, ana_seat, PHONE))
    try:
        ana.click("#start")
        write(ana, folded)
        expect(ana.locator("#my-words li.ok")).to_have_count(1)
        ana.get_by_role("button", name="Arrêter la manche").click()
        entry = ana.locator(".sheet li.scored").first
        expect(entry.locator(".word-button")).to_have_text(forms[0])  # ARÊTES, not ARETES
        link = entry.locator("a.wikt")
        expect(link).to_have_attribute(
            "href", "https://fr.wiktionary.org/wiki/" + quote(forms[0].lower())
        )
        expect(link).to_have_attribute("aria-label", f"{forms[0]} sur le Wiktionnaire")
        assert ana.locator(".missed a.wikt").count() > 0
        ana.screenshot(path=str(artifacts / "accents-phone.png"), full_page=True)
    finally:
        ana.context.close()
    frames.all_fit("welcome", "events")


#: Every tone a page starts, by frequency (the page's AudioContext, wrapped before it runs).
COUNT_TONES = """
window.__tones = [];
const Real = window.AudioContext;
window.AudioContext = class extends Real {
  createOscillator() {
    const oscillator = super.createOscillator();
    const start = oscillator.start.bind(oscillator);
    oscillator.start = (...when) => {
      window.__tones.push(oscillator.frequency.value);
      return start(...when);
    };
    return oscillator;
  }
};
"""


def tones(page: Page) -> list[float]:
    found: list[float] = page.evaluate("window.__tones")
    return found


@pytest.mark.slow
def test_a_round_sounds_its_start_last_seconds_and_end_unless_muted_and_muting_is_kept(
    browser: Browser, live: LiveServer, artifacts: Path, frames: PageFrames
) -> None:
    ana_seat = live.post("/api/rooms", {"name": "Ana", "duration": 30})  # M1: 30 s at least
    context = browser.new_context(viewport=DESKTOP, locale="fr-FR")
    context.add_init_script(COUNT_TONES)
    page = context.new_page()
    page.goto(live.url + "/")
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [f"motamot.seat.{ana_seat['room']}", json.dumps(ana_seat)],
    )
    page.goto(f"{live.url}/r/{ana_seat['room']}")
    frames.watch(page)
    try:
        switch = page.locator("#sound")
        expect(switch).to_have_attribute("aria-pressed", "true")
        page.click("#start")
        expect(page.locator(".sheet")).to_be_visible(timeout=50_000)  # the round ran out
        heard = tones(page)
        assert heard[:2] == [523, 784]  # the start, rising
        assert heard.count(880) >= 5  # a tick for (most of) each of the last ten seconds
        assert heard[-2:] == [784, 523]  # the end, falling
        switch.click()
        expect(switch).to_have_attribute("aria-pressed", "false")
        expect(switch).to_have_text("Son : coupé")
        page.screenshot(path=str(artifacts / "sound-off-desktop.png"))
        page.reload()  # the switch is remembered in this browser
        expect(page.locator("#sound")).to_have_attribute("aria-pressed", "false")
        page.click("#start")
        expect(page.locator(".timer")).to_be_visible()
        page.wait_for_timeout(1500)
        assert tones(page) == []  # muted: nothing is played
    finally:
        context.close()


@pytest.mark.slow
def test_play_this_grid_later_is_followed_to_the_same_grid_and_the_same_settings(
    browser: Browser, live: LiveServer, artifacts: Path, frames: PageFrames
) -> None:
    """Ana's room, read in English: 2 rounds of 75 s, verdicts at the end, a penalty of 1,
    a beginner and an expert computer player. After round 1 she clicks « Play this grid
    later »: the form comes in English with all of it, and the room it makes has the
    same settings and computer players, and plays the grid of her round 1 first. A
    friend given the link in a French browser reads the form in English: the link
    carries the room's language too."""
    settings = {"duration": 75, "rounds": 2, "verify_at_end": True, "invalid_penalty": 1}
    ana_seat = live.post("/api/rooms", {"name": "Ana", **settings, "bots": ["beginner", "expert"]})
    ana = frames.watch(seated(browser, live, ana_seat, PHONE))
    friend = browser.new_context(viewport=DESKTOP, locale="fr-FR").new_page()
    try:
        ana.goto(f"{live.url}/r/{ana_seat['room']}?lang=en")
        ana.click("#start")
        expect(ana.locator(".grid")).to_be_visible()
        grid = grid_of(ana)
        ana.get_by_role("button", name="Stop the round").click()
        link = ana.locator("#same-grid")
        expect(link).to_have_text("Play this grid later")
        ana.screenshot(path=str(artifacts / "same-grid-link-phone.png"), full_page=True)
        href = link.get_attribute("href") or ""
        for part in ("rounds=2", "bots=beginner%2Cexpert", "lang=en", "duration=75"):
            assert part in href, href
        link.click()  # followed, as a player does
        expect(ana.locator("#same-grid-note")).to_be_visible()
        expect(ana.locator("h1")).to_have_text("Word games with friends")
        expect(ana.locator("#duration")).to_have_value("75")
        expect(ana.locator("#count")).to_have_value("2")
        expect(ana.locator("input[name=match][value=rounds]")).to_be_checked()
        expect(ana.locator("input[name=verify][value=end]")).to_be_checked()
        expect(ana.locator("#penalty")).to_have_value("1")
        boxes = ana.locator(".same-bots li")
        expect(boxes).to_have_text(["computer · beginner", "computer · expert"])
        expect(ana.locator("input[name=same_bot]:checked")).to_have_count(2)
        assert serious_violations(ana) == []
        ana.locator("#create").screenshot(path=str(artifacts / "same-grid-form-phone.png"))
        ana.fill("#name", "Ana")
        ana.click("#create button[type=submit]")
        ana.wait_for_url(re.compile(r"/r/[\w-]{12,}$"))
        assert ana.url.rsplit("/", 1)[1] != ana_seat["room"]
        line = ana.locator(".settings")
        for part in ("75 s", "Rounds: 2", "at the end of the round", ": 1"):
            expect(line).to_contain_text(part)
        players = ana.locator(".players")
        expect(players).to_contain_text("computer · beginner")
        expect(players).to_contain_text("computer · expert")
        ana.click("#start")
        expect(ana.locator(".grid")).to_be_visible()
        assert grid_of(ana) == grid  # the same grid, from the same seed
        ana.screenshot(path=str(artifacts / "same-grid-again-phone.png"))
        friend.goto(href)  # the link sent to a friend whose browser is French
        expect(friend.locator("h1")).to_have_text("Word games with friends")
        expect(friend.locator("#same-grid-note")).to_be_visible()
        friend.screenshot(path=str(artifacts / "same-grid-friend-desktop.png"))
    finally:
        ana.context.close()
        friend.context.close()


@pytest.mark.slow
def test_b10_a_word_typed_offline_that_arrives_after_the_deadline_is_refused_and_said(
    browser: Browser, tmp_path: Path, artifacts: Path, frames: PageFrames
) -> None:
    """The server dies mid-round; Ana types two words (« en attente »); the deadline
    passes while it is down; it comes back: the words go, the referee refuses them
    (after_deadline, B10), and the results Ana sees say so above everything else."""
    live = LiveServer(tmp_path / "rooms.sqlite3").start()
    ana_seat, bob_seat = room_of_two(live, duration=30)  # M1: 30 s at least
    ana = frames.watch(seated(browser, live, ana_seat, PHONE))
    bob = frames.watch(seated(browser, live, bob_seat, DESKTOP))
    try:
        expect(ana.locator(".players")).to_contain_text("Bob")
        ana.click("#start")
        expect(ana.locator(".grid")).to_be_visible()
        words = valid_words(ana)[:2]
        live.kill()
        for word in words:
            write(ana, word)
        expect(ana.locator("#my-words li.waiting")).to_have_count(2)
        expect(ana.locator(".timer")).to_have_text("0:00", timeout=45_000)  # the deadline
        ana.wait_for_timeout(1000)
        live.start()
        late = ana.locator("#late-words")
        expect(late).to_be_visible(timeout=30_000)
        expect(late.locator("h2")).to_have_text("Arrivés après la fin de la manche")
        expect(late.locator("li")).to_have_text(
            [f"{word.lower()} : refusé, trop tard : la manche est finie" for word in words]
        )
        expect(ana.locator("#live")).to_contain_text("trop tard")  # told to screen readers
        mine = ana.locator(".sheet").filter(has=ana.locator("h3", has_text="Ana"))
        expect(mine).to_contain_text("aucun mot")  # not written: nothing counts
        assert box_of(ana, "#late-words")["y"] < box_of(ana, "table.scores")["y"]
        expect(bob.locator("#late-words")).to_be_hidden()  # Ana's own, nobody else's
        ana.screenshot(path=str(artifacts / "late-words-phone.png"))
        same_after_reload(bob)
    finally:
        ana.context.close()
        bob.context.close()
        live.stop()
    assert frames.errors == []


@pytest.mark.parametrize("phone", [PHONE, {"width": 390, "height": 844}], ids=["360", "390"])
def test_results_on_a_phone_open_on_the_winner_the_next_round_and_the_own_sheet(
    browser: Browser, live: LiveServer, artifacts: Path, frames: PageFrames, phone: ViewportSize
) -> None:
    """After a round, both phones (the host's with its buttons) show the winner, the
    host's « Manche suivante », the grid and the player's own sheet under it on the first
    screen, then the match's scores and the others' sheets (a small phone, 360×640, and a
    common one, 390×844; issue 37)."""
    ana_seat, bob_seat = room_of_two(live, duration=120)
    ana = frames.watch(seated(browser, live, ana_seat, phone))
    bob = frames.watch(seated(browser, live, bob_seat, phone))
    try:
        expect(ana.locator(".players")).to_contain_text("Bob")
        ana.click("#start")
        expect(ana.locator(".grid")).to_be_visible()
        write(ana, valid_words(ana)[0])
        expect(ana.locator("#my-words li.ok")).to_have_count(1)
        ana.get_by_role("button", name="Arrêter la manche").click()
        for page in (ana, bob):
            expect(page.locator("#my-sheet")).to_be_visible()
            page.evaluate("window.scrollTo(0, 0)")
            selectors = (".winner", ".results-grid", "#my-sheet", "table.scores", ".sheets")
            order = [box_of(page, s)["y"] for s in selectors]
            assert order == sorted(order), order
            mine = box_of(page, "#my-sheet")
            assert mine["y"] < phone["height"]  # the own sheet begins on the first screen
            for found in page.locator("p.found").all():  # « 1 pt », never « 1 pts »
                expect(found).not_to_contain_text(re.compile(r"(?<![0-9])1 pts"))
        buttons = box_of(ana, "#start")  # « Manche suivante », right after the winner
        assert box_of(ana, ".winner")["y"] < buttons["y"] < box_of(ana, ".results-grid")["y"]
        assert serious_violations(ana) == []
        width = phone["width"]
        ana.screenshot(path=str(artifacts / f"results-first-screen-host-phone-{width}.png"))
        bob.screenshot(path=str(artifacts / f"results-first-screen-phone-{width}.png"))
        same_after_reload(ana)
    finally:
        ana.context.close()
        bob.context.close()
