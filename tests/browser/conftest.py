"""Debian's Chromium driven by Playwright (never `playwright install`), a live server, and
every frame the pages' sockets receive checked against its declared schema."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Playwright, WebSocket, sync_playwright

from tests.server.frames import FrameCheck
from tests.server.live import LiveServer

CHROMIUM = os.environ.get("MOTAMOT_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"


# Module scope: Playwright's sync API keeps an event loop running in this thread, which
# would stop later tests' `asyncio.run`; it is closed when the browser tests are done.
@pytest.fixture(scope="module")
def playwright() -> Iterator[Playwright]:
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing: .ci/run installs Debian's chromium")
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="module")
def browser(playwright: Playwright) -> Iterator[Browser]:
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path_factory.mktemp("live") / "rooms.sqlite3").start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


class PageFrames:
    """Every frame the watched pages' sockets receive, decoded strictly by its kind's
    schema (`server.frames`, each kind's view and shown events)."""

    def __init__(self) -> None:
        self.check = FrameCheck()
        self.errors: list[str] = []
        #: How many times the pages asked for the whole room again (resync from 0), and
        #: the frames each of those pages had received last (what it could not fold).
        self.whole_room = 0
        self.before_resync: list[list[str]] = []

    def watch(self, page: Page) -> Page:
        page.on("websocket", self._socket)
        return page

    def _socket(self, socket: WebSocket) -> None:
        received: list[str] = []
        socket.on("framereceived", lambda payload: self._frame(payload, received))
        socket.on("framesent", lambda payload: self._sent(payload, received))

    def _sent(self, payload: str | bytes, received: list[str]) -> None:
        message = json.loads(payload)
        if message.get("type") == "resync" and message.get("last_seq") == 0:
            self.whole_room += 1
            self.before_resync.append(received[-3:])

    def _frame(self, payload: str | bytes, received: list[str]) -> None:
        received.append(payload if isinstance(payload, str) else payload.decode())
        del received[:-3]
        try:
            self.check.check(payload)
        except AssertionError as error:
            self.errors.append(str(error))

    def await_frame(self, page: Page, kind: str, seconds: float = 10.0) -> None:
        """Until a frame of `kind` was received (the page may show what an earlier frame
        brought before it: the round's start comes before the start's ack)."""
        for _ in range(int(seconds * 10)):
            if self.check.seen[kind] > 0:
                return
            page.wait_for_timeout(100)
        raise AssertionError(f"no {kind} frame within {seconds} s: {self.check.seen}")

    def all_fit(self, *types: str) -> None:
        """No frame fitted no schema, frames of each of `types` were checked, and no page
        asked for the whole room again (each folded every event it was shown)."""
        assert self.errors == []
        for kind in types:
            assert self.check.seen[kind] > 0, (kind, self.check.seen)
        assert self.whole_room == 0, self.before_resync


#: What a page shows that a reload may say otherwise: the connection's line, what was
#: just announced, the last verdict, the clock, this player's arrangement of the rack.
TRANSIENT = ".status, #live, #verdict, .timer, #clock, #rack, #preview"


def shown_text(page: Page) -> str:
    """The words a page shows, the transient ones left out."""
    text: str = page.evaluate(
        """(transient) => {
          const main = document.querySelector("main").cloneNode(true);
          main.querySelectorAll(transient).forEach((el) => el.remove());
          return main.innerText.replace(/\\s+/g, " ").trim();
        }""",
        TRANSIENT,
    )
    return text


def same_after_reload(page: Page, wait_s: float = 10.0) -> None:
    """The page as it folded the events it was shown says what a fresh view says.

    The page is read once it has been still for a second: another page's reload just before
    shows its player away for a moment, and a fresh view taken after they are back would
    differ from a snapshot taken while they were gone, though both pages folded right.
    """
    deadline = time.monotonic() + wait_s
    before = shown_text(page)
    while time.monotonic() < deadline:
        page.wait_for_timeout(1000)
        settled = shown_text(page)
        if settled == before:
            break
        before = settled
    page.reload()
    deadline = time.monotonic() + wait_s
    after = shown_text(page)
    while after != before and time.monotonic() < deadline:
        page.wait_for_timeout(200)
        after = shown_text(page)
    assert after == before


@pytest.fixture
def frames() -> PageFrames:
    return PageFrames()


#: The text nodes of the page that hold a player's name outside any isolating element
#: (a `<bdi>`, or an element with `dir="auto"`): each as its parent's tag and the text.
UNISOLATED = """(names) => {
  const found = [];
  const walker = document.createTreeWalker(document.querySelector("main"), NodeFilter.SHOW_TEXT);
  const whole = names.map((name) => new RegExp(`(?<!\\\\p{L})${name}(?!\\\\p{L})`, "u"));
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!whole.some((name) => name.test(node.data))) continue;
    const parent = node.parentElement;
    if (parent.closest("bdi, [dir=auto]") || parent.closest("[hidden], .sr-only, #live")) continue;
    found.push(`${parent.tagName.toLowerCase()}.${parent.className}: ${node.data}`);
  }
  return found;
}"""


def unisolated(page: Page, names: list[str]) -> list[str]:
    """Where the page shows one of `names` outside a `<bdi>` or a `dir="auto"` element
    (issue 26 item 7): each as its parent's tag and class, and the text."""
    found: list[str] = page.evaluate(UNISOLATED, names)
    return found


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every browser test starts Chromium against a live server: slow by nature, so they all
    carry the `slow` marker (the quick loop `-m "not slow"` leaves them out)."""
    for item in items:
        if "tests/browser/" in item.nodeid:
            item.add_marker(pytest.mark.slow)
