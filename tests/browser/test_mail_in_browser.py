"""« Me prévenir par e-mail » in Chromium, on a real `motamot serve --smtp` and a real SMTP
server: an account leaves its address on a desktop, follows the link mailed to it and
sees it confirmed; a player without an account on a phone types a wrong address, reads
why, then a right one. Every state of the form passes axe; screenshots at desktop and
phone size in tests/artifacts/ (not committed)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.test_play_in_browser import DESKTOP, PHONE, serious_violations
from tests.browser.test_players_in_browser import sign_up
from tests.mailbox import Mailbox, Received
from tests.ports import free_port
from tests.server.live import LiveServer


@pytest.fixture(scope="module")
def box() -> Iterator[Mailbox]:
    mailbox = Mailbox().start()
    yield mailbox
    mailbox.stop()


@pytest.fixture(scope="module")
def mail_live(tmp_path_factory: pytest.TempPathFactory, box: Mailbox) -> Iterator[LiveServer]:
    port = free_port()
    options = ["--smtp", box.url, "--mail-from", "motamot@jeu.example"]
    options += ["--public-url", f"http://127.0.0.1:{port}"]
    db = tmp_path_factory.mktemp("mail") / "rooms.sqlite3"
    server = LiveServer(db, port=port, args=options).start()
    yield server
    server.stop()


def confirm_link(mail: Received, live: LiveServer) -> str:
    found = re.search(re.escape(live.url) + r"/e-mail/confirmer\?t=\S+", mail.text)
    assert found is not None, mail.text
    return found[0]


def test_an_account_leaves_an_address_and_confirms_it_by_the_mails_link(
    browser: Browser, mail_live: LiveServer, box: Mailbox, artifacts: Path
) -> None:
    context = browser.new_context(viewport=DESKTOP, locale="fr-FR")
    try:
        page = sign_up(context, mail_live, "Ana")
        section = page.locator("section[aria-labelledby=mail-title]")
        expect(section.get_by_role("heading")).to_have_text("Me prévenir par e-mail")
        assert serious_violations(page) == []
        page.get_by_label("Adresse e-mail").fill("ana@example.org")
        section.get_by_role("button", name="Envoyer le lien de confirmation").click()
        page.wait_for_url("**/compte?fait=mail_sent")
        expect(page.get_by_role("status")).to_contain_text("Lien de confirmation envoyé")
        expect(section).to_contain_text("En attente : ouvrez le lien envoyé à ana@example.org")
        assert serious_violations(page) == []
        page.screenshot(path=str(artifacts / "mail-pending-desktop.png"), full_page=True)
        (mail,) = box.wait_for(1, lambda m: m.rcpt == ["ana@example.org"])
        page.goto(confirm_link(mail, mail_live))
        expect(page.get_by_role("heading", level=1)).to_have_text("Adresse confirmée")
        assert serious_violations(page) == []
        page.get_by_role("link", name="Mon compte").last.click()
        expect(section).to_contain_text("Les e-mails vont à ana@example.org.")
        expect(section.get_by_role("button", name="Ne plus me prévenir")).to_be_visible()
        assert serious_violations(page) == []
        page.screenshot(path=str(artifacts / "mail-confirmed-desktop.png"), full_page=True)
    finally:
        context.close()


def test_a_player_without_an_account_on_a_phone_reads_why_an_address_is_refused(
    browser: Browser, mail_live: LiveServer, box: Mailbox, artifacts: Path
) -> None:
    context = browser.new_context(viewport=PHONE, locale="fr-FR")
    try:
        page = context.new_page()
        page.goto(mail_live.url + "/")
        answer = page.request.post(mail_live.url + "/api/rooms", data={"name": "Bob"})
        assert answer.ok  # a seat: this browser is a lasting player
        page.goto(mail_live.url + "/compte")
        expect(page.locator("main")).to_contain_text("Vous jouez sans compte")
        field = page.get_by_label("Adresse e-mail")
        field.fill("bob@exemple")  # the browser lets it through; the server does not
        page.get_by_role("button", name="Envoyer le lien de confirmation").click()
        expect(page.locator("#mail-error")).to_have_text(
            "ce n'est pas une adresse e-mail de la forme nom@exemple.fr"
        )
        expect(field).to_have_attribute("aria-invalid", "true")
        expect(field).to_have_value("bob@exemple")
        assert serious_violations(page) == []
        page.screenshot(path=str(artifacts / "mail-refused-phone.png"), full_page=True)
        field.fill("bob@example.org")
        page.get_by_role("button", name="Envoyer le lien de confirmation").click()
        page.wait_for_url("**/compte?fait=mail_sent")
        expect(page.locator("section[aria-labelledby=mail-title]")).to_contain_text(
            "En attente : ouvrez le lien envoyé à bob@example.org"
        )
        assert serious_violations(page) == []
        page.screenshot(path=str(artifacts / "mail-pending-phone.png"), full_page=True)
        (mail,) = box.wait_for(1, lambda m: m.rcpt == ["bob@example.org"])
        page.goto(confirm_link(mail, mail_live))
        expect(page.get_by_role("heading", level=1)).to_have_text("Adresse confirmée")
        page.goto(mail_live.url + "/compte")
        page.get_by_role("button", name="Ne plus me prévenir").click()
        page.wait_for_url("**/compte?fait=mail_removed")
        expect(page.get_by_role("status")).to_contain_text("Adresse retirée")
        assert serious_violations(page) == []
        page.screenshot(path=str(artifacts / "mail-removed-phone.png"), full_page=True)
    finally:
        context.close()
