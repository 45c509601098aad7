"""A redraw that changes nothing in the host's buttons leaves them in place.

Every event and presence frame redraws a Boggle room's page. The host's buttons used to
be made anew each time, so a press on « Lancer la manche » whose release came after a
redraw (a friend joining, a page coming back) reached a button no longer there, and the
round did not start. Now a button that would be drawn the same is left in place.
"""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.browser.conftest import PageFrames
from tests.browser.test_new_player import PHONE
from tests.server.live import LiveServer


def test_the_host_s_buttons_are_the_same_elements_after_a_friend_joins(
    browser: Browser, live: LiveServer, frames: PageFrames
) -> None:
    ana = frames.watch(browser.new_context(viewport=PHONE, locale="fr-FR").new_page())
    bob = frames.watch(browser.new_context(viewport=PHONE, locale="fr-FR").new_page())
    try:
        ana.goto(live.url + "/#boggle")
        ana.fill("#name", "Ana")
        ana.click("#create button[type=submit]")
        ana.wait_for_url("**/r/*")
        start = ana.locator("#start")
        expect(start).to_be_visible()
        held = start.element_handle()
        tools = ana.locator("#add-bot").element_handle()
        bob.goto(ana.url)
        bob.fill("#join-name", "Bob")
        bob.click(".join button[type=submit]")
        expect(ana.locator(".players")).to_contain_text("Bob")  # Ana's page redrawn
        assert held.evaluate("button => button.isConnected")
        assert tools.evaluate("button => button.isConnected")
        # what the buttons show still changes them: Ana ready, her button pressed
        ana.click("#ready")
        expect(ana.locator("#ready")).to_have_attribute("aria-pressed", "true")
        held.click()  # the button held since before Bob came starts the round
        expect(bob.locator(".grid")).to_be_visible(timeout=10_000)
    finally:
        ana.context.close()
        bob.context.close()
