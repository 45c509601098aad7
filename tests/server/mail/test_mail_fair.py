"""Issue 35's « mail to anyone »: confirmation mails cannot be aimed at a mailbox (F15)
and an unsubscribe link opened in a browser only asks (F16), against a real SMTP server.

On the main of 6d5e836 a fresh identity per room created could ask a confirmation for
`victim+N@…` each: about 60 mails a minute from one address."""

from __future__ import annotations

import asyncio
import re

import pytest
from starlette.testclient import TestClient

from motamot.service.mail.addresses import address_key
from motamot.service.players.store import PlayerStore
from motamot.service.ports import ManualClock
from tests.mailbox import Mailbox
from tests.server.helpers import create
from tests.server.mail.helpers import link_in, mail_server, unsubscribe_header
from tests.server.players.helpers import post_form, rows, sign_up
from tests.service.mail.test_sender import desk, mailing


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(1_700_000_000.0)


def fresh_identity_asks(client: TestClient, address: str) -> int:
    """A browser without cookies creates a room (a fresh identity), then asks for a
    confirmation mail to `address`: the answer's status."""
    client.cookies.clear()
    create(client)
    answer = post_form(client, "/compte/e-mail", "/compte", address=address)
    status: int = answer.status_code
    return status


def test_f15_fresh_identities_cannot_aim_mails_at_one_mailbox_by_its_tags(
    box: Mailbox, clock: ManualClock
) -> None:
    with mail_server(box, clock) as client:
        answers = [fresh_identity_asks(client, f"victim+{n}@example.org") for n in range(8)]
        assert answers == [303, 303, 303, 429, 429, 429, 429, 429]
        refused = post_form(client, "/compte/e-mail", "/compte", address="Victim@example.org")
        assert refused.status_code == 429
        assert "cette boîte a déjà reçu plusieurs liens" in refused.text
        assert len(box.wait_for(3)) == 3
        asks = rows(client, "SELECT mailbox FROM players_mail_asks")
        assert asks == [("victim@example.org",)] * 3
        clock.advance(3601)  # an hour later the mailbox may be asked for again
        assert fresh_identity_asks(client, "victim@example.org") == 303
        assert len(box.wait_for(4)) == 4


def test_f15_one_address_asks_for_a_class_not_for_a_crowd(box: Mailbox, clock: ManualClock) -> None:
    with mail_server(box, clock, confirmations_per_origin=5) as client:
        answers = [fresh_identity_asks(client, f"pupil{n}@example.org") for n in range(7)]
        assert answers == [303] * 5 + [429, 429]
        refused = post_form(client, "/compte/e-mail", "/compte", address="more@example.org")
        assert "depuis votre réseau" in refused.text
        assert len(box.wait_for(5)) == 5


def test_f15_the_server_bounds_its_confirmations_and_the_same_address_costs_nothing() -> None:
    box = Mailbox().start()

    async def body() -> None:
        async with desk(mailing(box.url, confirmations_per_server=4)) as mailer:
            for number in range(4):  # four players, four networks, four mailboxes
                asked = await mailer.ask(f"p{number}", f"m{number}@example.org", "fr", f"o{number}")
                assert asked.refused is None
            late = await mailer.ask("p9", "m9@example.org", "fr", "o9")
            assert late.refused == "server_asked" and late.mail is None
            assert await mailer.store.mail_of("p9") is None  # nothing kept of it
            store: PlayerStore = mailer.store
            kept = await store.db.run(lambda tx: tx.execute("SELECT origin FROM players_mail_asks"))
            assert all(len(origin) == 64 and "o1" not in origin for (origin,) in kept)

    try:
        asyncio.run(body())
    finally:
        box.stop()


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("victim+1@example.org", "victim@example.org"),
        ("Victim+news+2@Example.org", "victim@example.org"),
        ("v.ictim@gmail.com", "victim@gmail.com"),
        ("V.I.C.T.I.M+x@googlemail.com", "victim@gmail.com"),
    ],
)
def test_f15_tags_and_gmail_dots_are_one_mailbox(one: str, other: str) -> None:
    assert address_key(one) == address_key(other) == other


def test_f15_dots_elsewhere_are_other_mailboxes() -> None:
    assert address_key("jean.luc@example.org") != address_key("jeanluc@example.org")
    assert address_key("jean-luc@example.org") != address_key("jean@example.org")


def test_f16_an_unsubscribe_link_opened_in_a_browser_asks_with_a_button(
    box: Mailbox, clock: ManualClock
) -> None:
    with mail_server(box, clock) as client:
        sign_up(client, "Ana")
        post_form(client, "/compte/e-mail", "/compte", address="ana@example.org")
        (mail,) = box.wait_for(1)
        client.get(link_in(mail, "/e-mail/confirmer"))
        link = unsubscribe_header(mail)
        client.cookies.clear()
        for _ in range(3):  # a scanner, a preview, the person: GET changes nothing
            page = client.get(link)
            assert page.status_code == 200
            assert rows(client, "SELECT confirmed FROM players_mail") == [(1,)]
        form = re.search(r'<form[^>]+method="post" action="([^"]+)"', page.text)
        assert form is not None and "<button" in page.text
        assert form[1].replace("&amp;", "&") == link
        english = client.get(link, headers={"accept-language": "en"})
        assert "Send nothing more to ana@example.org?" in english.text
        done = client.post(form[1].replace("&amp;", "&"))
        assert done.status_code == 200 and rows(client, "SELECT * FROM players_mail") == []
        bad = client.get(link[:-3] + "xyz")
        assert bad.status_code == 400 and "<button" not in bad.text
