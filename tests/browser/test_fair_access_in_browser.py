"""The account pages issue 35 touched, in Chromium on a real `motamot serve --smtp`: a
sign-in refused for too many tries says when to come back (F12), a name that mixes
scripts is refused with why (F13), and a mail's unsubscribe link opened in a browser
asks first, with a button (F16). Each passes axe; screenshots at phone (393x851) and
desktop (1280x800) size in tests/artifacts/ (not committed)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, ViewportSize, expect

from tests.browser.test_mail_in_browser import box, mail_live  # noqa: F401 (fixtures)
from tests.browser.test_play_in_browser import serious_violations
from tests.browser.test_players_in_browser import PASSWORD, sign_up
from tests.mailbox import Mailbox
from tests.server.live import LiveServer

SIZES: dict[str, ViewportSize] = {
    "phone": {"width": 393, "height": 851},
    "desktop": {"width": 1280, "height": 800},
}


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_f12_f13_the_account_forms_say_why_and_when(
    browser: Browser,
    mail_live: LiveServer,  # noqa: F811 (the fixture)
    artifacts: Path,
    size: str,
) -> None:
    context = browser.new_context(viewport=SIZES[size], locale="fr-FR")
    try:
        page = context.new_page()
        page.goto(mail_live.url + "/compte/creer")
        page.fill("#name", "Fаrmer")  # a Cyrillic а
        page.fill("#password", PASSWORD)
        page.fill("#again", PASSWORD)
        page.click("form.account-form button[type=submit]")
        expect(page.get_by_role("alert")).to_contain_text("mêle plusieurs écritures")
        assert serious_violations(page) == []
        page.screenshot(path=str(artifacts / f"fair-mixed-name-{size}.png"), full_page=True)
        owner = f"Proprio{size}"
        sign_up(browser.new_context(viewport=SIZES[size], locale="fr-FR"), mail_live, owner)
        page.goto(mail_live.url + "/compte/connexion")
        for _ in range(6):
            page.fill("#name", owner)
            page.fill("#password", "pas le bon mot de passe")
            page.click("form.account-form button[type=submit]")
            page.wait_for_load_state()
        expect(page.get_by_role("alert")).to_have_text("trop d'essais : réessayez dans 2 min")
        assert serious_violations(page) == []
        page.screenshot(path=str(artifacts / f"fair-too-many-tries-{size}.png"), full_page=True)
    finally:
        context.close()


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_f16_an_unsubscribe_link_opened_in_a_browser_asks_with_a_button(
    browser: Browser,
    mail_live: LiveServer,  # noqa: F811 (the fixture)
    box: Mailbox,  # noqa: F811 (the fixture)
    artifacts: Path,
    size: str,
) -> None:
    context = browser.new_context(viewport=SIZES[size], locale="fr-FR")
    try:
        address = f"desabo-{size}@example.org"
        page = sign_up(context, mail_live, f"Desabo{size}")
        page.get_by_label("Adresse e-mail").fill(address)
        page.get_by_role("button", name="Envoyer le lien de confirmation").click()
        page.wait_for_url("**/compte?fait=mail_sent")
        (mail,) = box.wait_for(1, lambda m: m.rcpt == [address])
        found = re.search(re.escape(mail_live.url) + r"/e-mail/desabonner\?t=\S+", mail.text)
        assert found is not None, mail.text
        page.goto(found[0])
        expect(page.get_by_role("heading", level=1)).to_have_text("Ne plus recevoir d'e-mails")
        expect(page.locator("main")).to_contain_text(f"Ne plus rien envoyer à {address} ?")
        assert serious_violations(page) == []
        page.screenshot(path=str(artifacts / f"fair-unsubscribe-{size}.png"), full_page=True)
        page.reload()  # opened again: still asking, nothing changed
        page.get_by_role("button", name="Ne plus recevoir d'e-mails").click()
        expect(page.get_by_role("heading", level=1)).to_have_text("Plus d'e-mails")
        assert serious_violations(page) == []
        page.screenshot(path=str(artifacts / f"fair-unsubscribed-{size}.png"), full_page=True)
    finally:
        context.close()
