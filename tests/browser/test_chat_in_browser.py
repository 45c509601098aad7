"""The chat panel in Chromium (docs/rules.md, C1-C5): two browsers talk in a Boggle room
and at a Topword table; markup stays text under the Content-Security-Policy; a phone
starts with the panel folded and counts what it has not read; set phrases in each
reader's language; the rate's refusal, the host's switch, a round's set phrases only, a
public room; keyboard only; axe on the pages with the panel open; screenshots."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import PageFrames
from tests.browser.test_new_player import DESKTOP, PHONE, room_of_two
from tests.browser.test_play_in_browser import serious_violations
from tests.server.live import LiveServer

#: What a hostile friend types: it must show as these characters, never run.
ATTACK = '<img src=x onerror="window.pwned=1"><script>window.pwned=2</script>'
#: Collects every Content-Security-Policy violation and error of the page.
WATCH_POLICY = """
window.__violations = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.__violations.push(e.violatedDirective));
window.addEventListener("error", (e) => window.__violations.push("error: " + e.message));
"""


def watched(page: Page) -> Page:
    page.add_init_script(WATCH_POLICY)
    return page


def clean(page: Page) -> None:
    """Nothing ran that should not have, nothing the policy refused, no script error."""
    assert page.evaluate("window.pwned") is None
    assert page.evaluate("window.__violations") == []


def seat_page(browser: Browser, live: LiveServer, seat: dict[str, Any], viewport: Any) -> Page:
    """The seat's page, its violations watched from the first script."""
    context = browser.new_context(viewport=viewport, locale="fr-FR")
    context.add_init_script(WATCH_POLICY)
    page = context.new_page()
    page.goto(live.url + "/")
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [f"motamot.seat.{seat['room']}", json.dumps(seat)],
    )
    page.goto(f"{live.url}/r/{seat['room']}")
    return page


def open_chat(page: Page) -> None:
    toggle = page.locator("#chat-toggle")
    if toggle.get_attribute("aria-expanded") == "false":
        toggle.click()
    expect(page.locator("#chat-body")).to_be_visible()


def say(page: Page, text: str) -> None:
    page.fill("#chat-input", text)
    page.press("#chat-input", "Enter")


def lines(page: Page) -> list[str]:
    return [" ".join(t.split()) for t in page.locator("#chat-log p").all_inner_texts()]


@pytest.mark.slow
def test_c1_c2_c5_two_browsers_talk_in_a_boggle_room(
    browser: Browser, live: LiveServer, artifacts: Path, frames: PageFrames
) -> None:
    ana_seat, bob_seat = room_of_two(live, duration=120)
    ana = frames.watch(seat_page(browser, live, ana_seat, DESKTOP))
    bob = frames.watch(seat_page(browser, live, bob_seat, PHONE))
    expect(ana.locator("#start")).to_be_visible()
    # a wide screen opens the panel, a phone folds it (the game first)
    expect(ana.locator("#chat-toggle")).to_have_attribute("aria-expanded", "true")
    expect(bob.locator("#chat-toggle")).to_have_attribute("aria-expanded", "false")
    expect(bob.get_by_role("button", name="Discussion", exact=True)).to_be_visible()
    expect(ana.locator("#chat-nothing")).to_have_text("Personne n'a encore rien dit.")

    say(ana, f"Salut Bob {ATTACK}")
    expect(ana.locator("#chat-log p")).to_have_count(1)
    expect(ana.locator("#chat-input")).to_have_value("")  # said: the field is emptied
    expect(bob.locator("#chat-toggle .unread")).to_have_text("1 nouveau")
    bob.screenshot(path=str(artifacts / "chat-boggle-folded-phone.png"), full_page=True)
    open_chat(bob)
    expect(bob.locator("#chat-toggle .unread")).to_have_count(0)
    assert lines(bob) == [f"Ana : Salut Bob {ATTACK}"]
    assert bob.locator("#chat-log img, #chat-log script").count() == 0
    bob.click("#phrase-thanks")
    expect(ana.locator("#chat-log p")).to_have_count(2)
    assert lines(ana)[-1] == "Bob : Merci !"
    # a spectator reads, in their own language, and writes nothing
    english = frames.watch(browser.new_context(viewport=DESKTOP, locale="en-GB").new_page())
    watched(english).goto(f"{live.url}/r/{ana_seat['room'][:16]}/watch?lang=en")
    expect(english.locator("#chat-log p")).to_have_count(2)
    assert [line.split(": ", 1)[1] for line in lines(english)] == [f"Salut Bob {ATTACK}", "Thanks!"]
    expect(english.locator("#chat-body")).to_contain_text("You are reading the chat")
    expect(english.locator("#chat-input, #chat-body [data-phrase]")).to_have_count(0)
    for page in (ana, bob, english):
        clean(page)

    # five in ten seconds, then the room says to wait; what was typed stays
    for n in range(4):
        say(ana, f"message {n}")
        expect(ana.locator("#chat-log p")).to_have_count(3 + n)
    say(ana, "un de trop")
    expect(ana.locator("#chat-error")).to_have_text("trop de messages, attendez un peu")
    expect(ana.locator("#chat-input")).to_have_value("un de trop")
    first_letter = "getComputedStyle(document.querySelector('#chat-error'), '::first-letter')"
    assert (
        ana.evaluate(f"{first_letter}.textTransform") == "uppercase"
    )  # « Trop de messages, attendez un peu »

    # axe with the panel open, and the screenshots a player would see
    for page, name in ((ana, "desktop"), (bob, "phone")):
        assert serious_violations(page) == []
        page.screenshot(path=str(artifacts / f"chat-boggle-lobby-{name}.png"), full_page=True)

    # the host turns it off: every page says so, nobody can say anything
    ana.click("#chat-switch")
    expect(bob.locator("#chat-off")).to_have_text("La discussion est coupée par l'hôte.")
    expect(bob.locator("#chat-body [data-phrase]")).to_have_count(0)
    expect(english.locator("#chat-off")).to_have_text("The host has turned the chat off.")
    expect(ana.locator("#chat-switch")).to_have_attribute("aria-pressed", "false")
    expect(ana.locator("#chat-switch")).to_have_text("Discussion : coupée")
    ana.click("#chat-switch")
    expect(bob.locator("#phrase-hello")).to_be_visible()

    # a round: set phrases only (no words given away), free text again after it
    ana.wait_for_timeout(10_000)  # the rate's window has passed
    ana.click("#start")
    expect(ana.locator("#word")).to_be_visible()
    expect(ana.locator("#chat-closed")).to_contain_text("pas de mots soufflés")
    expect(ana.locator("#chat-input")).to_have_count(0)
    ana.click("#phrase-good_luck")
    expect(bob.locator("#chat-log p").last).to_have_text("Ana : Bonne chance !")
    for page, name in ((ana, "desktop"), (bob, "phone")):
        open_chat(page)
        assert serious_violations(page) == []
        page.screenshot(path=str(artifacts / f"chat-boggle-round-{name}.png"), full_page=True)
    ana.get_by_role("button", name="Arrêter la manche").click()
    expect(ana.locator("#chat-input")).to_be_visible()

    # a reload (and the stored events) keep the history
    count = len(lines(bob))
    bob.reload()
    open_chat(bob)
    expect(bob.locator("#chat-log p")).to_have_count(count)
    for page in (ana, bob, english):
        clean(page)
        page.context.close()
    frames.all_fit("welcome", "events", "ack")


@pytest.mark.slow
def test_c1_two_browsers_talk_at_a_topword_table_by_keyboard(
    browser: Browser, live: LiveServer, artifacts: Path, frames: PageFrames
) -> None:
    ana_seat = live.post("/api/tables", {"name": "Ana", "seats": ["person"], "bot_seconds": 0})
    bob_seat = live.post(f"/api/rooms/{ana_seat['room']}/join", {"name": "Bob"})
    ana = frames.watch(seat_page(browser, live, ana_seat, DESKTOP))
    bob = frames.watch(seat_page(browser, live, bob_seat, PHONE))
    expect(ana.locator("#start")).to_be_visible()
    ana.click("#start")
    expect(ana.locator("#rack")).to_be_visible()
    expect(bob.locator("#rack")).to_be_visible()
    # keyboard only: to the panel's button, open it, type, Enter
    bob.locator("#chat-toggle").focus()
    bob.keyboard.press("Enter")
    expect(bob.locator("#chat-toggle")).to_have_attribute("aria-expanded", "true")
    bob.keyboard.press("Tab")  # the log scrolls by keyboard
    assert bob.evaluate("document.activeElement.id") == "chat-log"
    bob.locator("#chat-input").focus()
    bob.keyboard.type("MAIN en 5E ?")  # a table talks during its game (C4)
    bob.keyboard.press("Enter")
    expect(ana.locator("#chat-log p")).to_have_count(1)
    assert lines(ana) == ["Bob : MAIN en 5E ?"]
    assert bob.locator(".cell.draft").count() == 0  # the letters went to the chat, not the board
    ana.locator("#phrase-well_played").focus()
    ana.keyboard.press("Enter")
    expect(bob.locator("#chat-log p")).to_have_count(2)
    assert lines(bob)[-1] == "Ana : Bien joué !"
    for page, name in ((ana, "desktop"), (bob, "phone")):
        open_chat(page)
        assert serious_violations(page) == []
        clean(page)
        page.screenshot(path=str(artifacts / f"chat-topword-{name}.png"), full_page=True)
    for page in (ana, bob):
        page.context.close()
    frames.all_fit("welcome", "events", "ack")


@pytest.mark.slow
def test_c3_a_public_room_offers_set_phrases_only(
    browser: Browser, live: LiveServer, artifacts: Path, frames: PageFrames
) -> None:
    ana_seat, bob_seat = room_of_two(live, public=True)
    ana = frames.watch(seat_page(browser, live, ana_seat, DESKTOP))
    bob = frames.watch(seat_page(browser, live, bob_seat, DESKTOP))
    expect(ana.locator("#chat-public")).to_have_text(
        "Salle publique : seulement des phrases toutes faites."
    )
    expect(ana.locator("#chat-input")).to_have_count(0)
    ana.click("#phrase-hello")
    expect(bob.locator("#chat-log p")).to_have_count(1)
    assert lines(bob) == ["Ana : Bonjour !"]
    # closed to the public, the friends' free text is back; opened again, it goes
    ana.click("#public-toggle")
    expect(bob.locator("#chat-input")).to_be_visible()
    expect(bob.locator("#chat-public")).to_have_count(0)
    ana.click("#public-toggle")
    expect(bob.locator("#chat-public")).to_be_visible()
    expect(bob.locator("#chat-input")).to_have_count(0)
    assert serious_violations(ana) == []
    ana.screenshot(path=str(artifacts / "chat-public-desktop.png"), full_page=True)
    for page in (ana, bob):
        clean(page)
        page.context.close()
    frames.all_fit("welcome", "events")


@pytest.mark.slow
def test_c4_a_duplicate_game_talks_in_set_phrases_while_its_turns_run(
    browser: Browser, live: LiveServer, artifacts: Path, frames: PageFrames
) -> None:
    ana_seat = live.post("/api/duplicate", {"name": "Ana", "turn_seconds": None})
    bob_seat = live.post(f"/api/rooms/{ana_seat['room']}/join", {"name": "Bob"})
    ana = frames.watch(seat_page(browser, live, ana_seat, DESKTOP))
    bob = frames.watch(seat_page(browser, live, bob_seat, PHONE))
    expect(ana.locator("#start")).to_be_visible()
    say(ana, "On joue en duplicate ?")  # before the game: free text
    open_chat(bob)
    expect(bob.locator("#chat-log p")).to_have_count(1)
    assert lines(bob) == ["Ana : On joue en duplicate ?"]
    ana.click("#start")
    expect(bob.locator("#turn")).to_contain_text("Coup 1")
    expect(bob.locator(".dup-head")).not_to_contain_text("null")  # self-paced: no clock
    # every turn follows another: no free text until the game is over (no top given away)
    expect(bob.locator("#chat-closed")).to_contain_text("pas de coup soufflé")
    expect(bob.locator("#chat-input")).to_have_count(0)
    bob.click("#phrase-good_game")
    expect(ana.locator("#chat-log p")).to_have_count(2)
    assert lines(ana)[-1] == "Bob : Bonne partie !"
    for page, name in ((ana, "desktop"), (bob, "phone")):
        assert serious_violations(page) == []
        clean(page)
        page.screenshot(path=str(artifacts / f"chat-duplicate-{name}.png"), full_page=True)
    for page in (ana, bob):
        page.context.close()
    frames.all_fit("welcome", "events", "ack")
