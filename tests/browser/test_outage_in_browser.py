"""Nothing a player typed is lost (issue 34), in Chromium against a real server: the
browser offline for 10 s, the server frozen by SIGSTOP, answers lost then a reload, a
socket that swallows everything past the round's deadline. Each word typed shows
« en attente » until the server answers it, is sent again with its key, and is stored
once: counted in the store itself (its SQLite file).

Screenshots (tests/artifacts/, not committed) at 393×851 and 1280×800: the words
waiting while offline, the lost connection's warning.
"""

from __future__ import annotations

import json
import re
import signal
import sqlite3
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, WebSocketRoute, expect
from playwright.sync_api import WebSocket as PlaywrightSocket

from motamot.server.links import room_of
from motamot.topword.move import format_move
from tests.browser.conftest import PageFrames
from tests.browser.test_duplicate_in_browser import moves, public_view
from tests.browser.test_new_player import valid_words
from tests.browser.test_play_in_browser import write
from tests.server.live import LiveServer

PHONE: ViewportSize = {"width": 393, "height": 851}
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
LOST = "Connexion perdue, reconnexion…"
#: A grid of 333 words: enough to type more than a socket's credits at once.
GRID_SEED = 7


@pytest.fixture
def live(tmp_path: Path) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path / "rooms.sqlite3").start()
    yield server
    if server.process is not None and server.process.poll() is None:
        server.process.send_signal(signal.SIGCONT)  # a test that failed while it was frozen
    server.stop()


def seated_page(page: Page, live: LiveServer, saved: dict[str, Any]) -> None:
    page.goto(live.url + "/")
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [f"motamot.seat.{saved['room']}", json.dumps(saved)],
    )
    page.goto(f"{live.url}/r/{saved['room']}")


def round_page(
    browser: Browser, live: LiveServer, frames: PageFrames, duration: int
) -> tuple[Page, str, Refusals]:
    """Ana alone in a Boggle room, her round started: her page, the room's id, and what
    her page will be refused."""
    saved = live.post("/api/rooms", {"name": "Ana", "duration": duration, "seed": GRID_SEED})
    context = browser.new_context(viewport=PHONE, locale="fr-FR")
    page = context.new_page()
    refusals = Refusals(frames.watch(page))
    seated_page(page, live, saved)
    page.click("#start")
    expect(page.locator(".grid")).to_be_visible()
    return page, room_of(saved["room"]), refusals


def stored_words(live: LiveServer, room: str) -> list[tuple[str, str | None]]:
    """The words the room stored, (text, key) in order, read from the SQLite file."""
    with sqlite3.connect(f"file:{live.db}?mode=ro", uri=True) as db:
        rows = db.execute("SELECT data FROM events WHERE room = ? ORDER BY seq", (room,))
        events = [json.loads(data) for (data,) in rows]
    return [(e["text"], e.get("key")) for e in events if e["type"] == "boggle.word_written"]


class Refusals:
    """The words the server refused for good (not `retryable`) on a page's sockets, and
    the errors it sent (a flood's, before it closes the socket)."""

    def __init__(self, page: Page) -> None:
        self.words: list[tuple[str, str]] = []  # (the word, the reason said)
        self.errors: list[str] = []
        page.on("websocket", self._socket)

    def _socket(self, socket: PlaywrightSocket) -> None:
        sent: dict[int, str] = {}

        def out(payload: str | bytes) -> None:
            message = json.loads(payload)
            if message.get("type") == "word":
                sent[message["id"]] = message["text"]

        def back(payload: str | bytes) -> None:
            message = json.loads(payload)
            if message.get("type") == "refused" and not message["retryable"]:
                self.words.append((sent[message["id"]], message["text"]))
            elif message.get("type") == "error":
                self.errors.append(message["code"])

        socket.on("framesent", out)
        socket.on("framereceived", back)


def tally(
    live: LiveServer, room: str, page: Page, typed: list[str], refusals: Refusals
) -> dict[str, int]:
    """What became of the words typed: stored once (acknowledged), refused with the
    reason shown on the page, lost (neither), or stored twice (doubled)."""
    stored = stored_words(live, room)
    keys = Counter(key for _, key in stored)
    assert None not in keys  # every word the page sent carried its key
    shown = page.locator("main").inner_text()
    said = [word for word, why in refusals.words if f"{word.lower()} : refusé, {why}" in shown]
    return {
        "typed": len(typed),
        "acknowledged": len(keys),
        "refused with a reason": len(said),
        "lost": len(typed) - len(keys) - len(said),
        "doubled": sum(n - 1 for n in keys.values()),
    }


def say(scenario: str, figures: dict[str, int], **more: float) -> None:
    parts = [f"{name} {value}" for name, value in figures.items()]
    parts += [f"{name.replace('_', ' ')} {value:.1f} s" for name, value in more.items()]
    print(f"\n{scenario}: " + ", ".join(parts))


def screenshots(page: Page, artifacts: Path, name: str) -> None:
    page.screenshot(path=str(artifacts / f"{name}-393x851.png"))
    page.set_viewport_size(DESKTOP)
    page.screenshot(path=str(artifacts / f"{name}-1280x800.png"))
    page.set_viewport_size(PHONE)


@pytest.mark.slow
def test_offline_10_s_while_typing_every_word_waits_then_is_stored_once(
    browser: Browser, live: LiveServer, artifacts: Path, frames: PageFrames
) -> None:
    ana, room, refusals = round_page(browser, live, frames, duration=300)
    words = valid_words(ana)
    typed = words[:2]
    for word in typed:
        write(ana, word)
    expect(ana.locator("#my-words li.ok")).to_have_count(2)
    # and answered: the events come before the answer, and an answer lost with the socket
    # puts its word back « en attente » (sent again with its key, stored once)
    expect(ana.locator("#my-words li.waiting")).to_have_count(0)
    ana.context.set_offline(True)
    went = time.monotonic()
    expect(ana.locator(".status")).to_have_text(LOST)
    noticed = time.monotonic() - went
    # more than the socket's credits at once (40: server/throttle.py), one word the
    # dictionary refuses, one typed twice
    offline = [*words[2:42], "zzqx", words[2]]
    for word in offline:
        write(ana, word)
    typed += offline
    waiting = ana.locator("#my-words li.waiting")
    expect(waiting).to_have_count(len(offline))
    expect(waiting.first).to_contain_text("en attente, envoyé dès le retour de la connexion")
    screenshots(ana, artifacts, "outage-offline-waiting")
    ana.wait_for_timeout(max(0, 10_000 - (time.monotonic() - went) * 1000))
    ana.context.set_offline(False)
    back = time.monotonic()
    expect(waiting).to_have_count(0, timeout=30_000)
    resumed = time.monotonic() - back
    expect(ana.locator(".status")).to_have_text("")
    expect(ana.locator("#my-words")).to_contain_text(f"{words[2].lower()} : refusé, déjà écrit")
    figures = tally(live, room, ana, typed, refusals)
    say("offline 10 s", figures, warning_after=noticed, all_answered_after=resumed)
    assert figures["lost"] == 0 and figures["doubled"] == 0
    assert figures["acknowledged"] == len(typed) - 1 and figures["refused with a reason"] == 1
    assert refusals.errors == []  # paced: no flood, no socket closed
    assert noticed < 5
    frames.all_fit("welcome", "ack", "refused")
    ana.context.close()


@pytest.mark.slow
def test_a_frozen_server_is_said_within_seconds_and_the_words_go_when_it_wakes(
    browser: Browser, live: LiveServer, artifacts: Path, frames: PageFrames
) -> None:
    """SIGSTOP for 12 s: the socket looks open but nothing comes back; the page says the
    connection is lost, keeps the words typed, and sends them (once) when it wakes."""
    ana, room, refusals = round_page(browser, live, frames, duration=300)
    words = valid_words(ana)[:4]
    assert live.process is not None
    live.process.send_signal(signal.SIGSTOP)
    stopped = time.monotonic()
    for word in words:
        write(ana, word)
    expect(ana.locator("#my-words li.waiting")).to_have_count(4)
    expect(ana.locator("#my-words li.waiting").first).to_contain_text("en attente")
    expect(ana.locator(".status")).to_have_text(LOST, timeout=15_000)
    noticed = time.monotonic() - stopped
    expect(ana.locator(".players")).to_contain_text("connexion à vérifier")
    screenshots(ana, artifacts, "outage-connection-lost")
    ana.wait_for_timeout(max(0, 12_000 - (time.monotonic() - stopped) * 1000))
    live.process.send_signal(signal.SIGCONT)
    woke = time.monotonic()
    expect(ana.locator("#my-words li.ok")).to_have_count(4, timeout=30_000)
    resumed = time.monotonic() - woke
    expect(ana.locator("#my-words li.waiting")).to_have_count(0)
    expect(ana.locator(".status")).to_have_text("")
    figures = tally(live, room, ana, words, refusals)
    say("SIGSTOP 12 s", figures, warning_after=noticed, all_answered_after=resumed)
    assert figures == {**figures, "acknowledged": 4, "lost": 0, "doubled": 0}
    assert noticed < 10  # the words typed are probes: two waits of 2.5 s
    ana.context.close()


class Tap:
    """Between the page and the server: answers dropped (`answers`), or nothing through
    either way (`silent`): a socket that looks open and is not."""

    def __init__(self) -> None:
        self.answers = True
        self.silent = False

    def route(self, page_side: WebSocketRoute) -> None:
        server = page_side.connect_to_server()
        page_side.on_message(lambda message: None if self.silent else server.send(message))
        server.on_message(
            lambda message: None if self.silent or not self.answers else page_side.send(message)
        )


@pytest.mark.slow
def test_words_whose_answers_were_lost_are_sent_again_after_a_reload_and_stored_once(
    browser: Browser, live: LiveServer, frames: PageFrames
) -> None:
    """The server stores three words but their acks never reach the page (« en attente »);
    the player reloads: the page sends them again with their keys, the server answers
    that it has them, and each is in the store once."""
    ana, room, refusals = round_page(browser, live, frames, duration=300)
    tap = Tap()
    ana.route_web_socket(re.compile(r"/ws/"), tap.route)
    ana.reload()  # its socket through the tap
    expect(ana.locator(".grid")).to_be_visible()
    words = valid_words(ana)[:3]
    tap.answers = False
    for word in words:
        write(ana, word)
    expect(ana.locator("#my-words li.waiting")).to_have_count(3)
    deadline = time.monotonic() + 10
    while len(stored_words(live, room)) < 3 and time.monotonic() < deadline:
        ana.wait_for_timeout(100)
    assert [text.upper() for text, _ in stored_words(live, room)] == words  # not answered
    tap.answers = True
    ana.reload()
    expect(ana.locator("#my-words li.ok")).to_have_count(3, timeout=20_000)
    expect(ana.locator("#my-words li.waiting")).to_have_count(0)
    assert (
        ana.evaluate("Object.keys(sessionStorage).filter((k) => k.startsWith('motamot.outbox'))")
        == []
    )
    figures = tally(live, room, ana, words, refusals)
    say("answers lost, then a reload", figures)
    assert figures == {**figures, "acknowledged": 3, "lost": 0, "doubled": 0}
    ana.context.close()


@pytest.mark.slow
def test_b10_a_word_held_by_a_dead_socket_past_the_deadline_is_shown_refused_too_late(
    browser: Browser, live: LiveServer, artifacts: Path, frames: PageFrames
) -> None:
    """The socket goes silent both ways near the round's end (no close, no error): the
    page notices within seconds, and the word typed in it, sent again once the deadline
    has passed, comes back refused « trop tard », said above the results."""
    ana, room, _ = round_page(browser, live, frames, duration=30)  # M1: 30 s at least
    tap = Tap()
    ana.route_web_socket(re.compile(r"/ws/"), tap.route)
    ana.reload()
    expect(ana.locator(".grid")).to_be_visible()
    word = valid_words(ana)[0]
    tap.silent = True
    silent = time.monotonic()
    write(ana, word)
    expect(ana.locator("#my-words li.waiting")).to_have_count(1)
    expect(ana.locator(".status")).to_have_text(LOST, timeout=10_000)
    noticed = time.monotonic() - silent
    expect(ana.locator(".timer")).to_have_text("0:00", timeout=45_000)
    ana.wait_for_timeout(1500)  # past the deadline, for the server's clock too
    tap.silent = False
    late = ana.locator("#late-words")
    expect(late).to_be_visible(timeout=30_000)
    expect(late.locator("li")).to_have_text(
        [f"{word.lower()} : refusé, trop tard : la manche est finie"]
    )
    assert stored_words(live, room) == []
    print(f"\nsilent socket: warning after {noticed:.1f} s, the word refused « trop tard »")
    assert noticed < 7  # the word is the first probe: two waits of 2.5 s
    ana.context.close()


@pytest.mark.slow
def test_d3_a_submission_held_by_a_dead_socket_past_its_turn_is_shown_refused(
    browser: Browser, live: LiveServer, frames: PageFrames
) -> None:
    """Bob's socket goes silent as he submits; the host ends the turn; Bob's page notices,
    reconnects and sends his move again: refused « trop tard » for turn 1, said to him,
    never counted in turn 2."""
    ana_seat = live.post("/api/duplicate", {"name": "Ana", "turn_seconds": None})
    bob_seat = live.post(f"/api/rooms/{ana_seat['room']}/join", {"name": "Bob"})
    ana = browser.new_context(viewport=DESKTOP, locale="fr-FR").new_page()
    bob = browser.new_context(viewport=PHONE, locale="fr-FR").new_page()
    tap = Tap()
    bob.route_web_socket(re.compile(r"/ws/"), tap.route)
    seated_page(frames.watch(ana), live, ana_seat)
    seated_page(frames.watch(bob), live, bob_seat)
    ana.click("#start")
    expect(bob.locator("#turn")).to_have_text("Coup 1")
    move = format_move(moves(public_view(live, ana_seat["room"]))[-1].move)
    tap.silent = True
    bob.fill("#notation", move)
    bob.click("#submit")
    expect(bob.locator("#queued")).to_have_text(f"Coup en attente : {move}")
    ana.click("#next-turn")
    expect(ana.locator("#turn")).to_have_text("Coup 2")
    # two probes of 2.5 s (the Boggle test above times it); a loaded browser's timers lag
    expect(bob.locator(".status")).to_have_text(LOST, timeout=20_000)
    tap.silent = False
    expect(bob.locator(".status")).to_have_text(
        f"Coup {move} refusé : trop tard : le tour 1 est fini", timeout=30_000
    )
    expect(bob.locator("#queued")).to_have_count(0)
    expect(bob.locator("#turn")).to_have_text("Coup 2")
    expect(bob.locator("#my-move")).to_have_text("Aucun coup proposé pour l'instant.")
    ana.context.close()
    bob.context.close()
