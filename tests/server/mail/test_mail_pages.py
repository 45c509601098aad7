"""« Me prévenir par e-mail » on the account page, against a real SMTP server: an address
left is confirmed by the link mailed to it, changed, removed; every mail's unsubscribe
link (in its text and its List-Unsubscribe header, one click) stops them; a player
without an account has the same; without --smtp nothing of it is offered. Hostile:
malformed and oversized addresses, header injection, forged, expired and misused tokens,
another player's token, posts without a token: refused with a reason, never a 500,
nothing stored."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from motamot.service.mail.mailer import CONFIRMATIONS_PER_HOUR
from motamot.service.ports import ManualClock
from tests.mailbox import Mailbox
from tests.server.helpers import create
from tests.server.mail.helpers import link_in, mail_server, unsubscribe_header
from tests.server.players.helpers import Browsers, post_form, rows, sign_up
from tests.server.players.test_account_hostile import FORM, bodies

TITLE = "Me prévenir par e-mail"


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(1_700_000_000.0)


@pytest.fixture
def client(box: Mailbox, clock: ManualClock) -> Iterator[TestClient]:
    with mail_server(box, clock) as client:
        yield client


def leave(client: TestClient, address: str) -> object:
    return post_form(client, "/compte/e-mail", "/compte", address=address)


def mails(client: TestClient) -> list[tuple[object, ...]]:
    return rows(client, "SELECT address, confirmed FROM players_mail")


def test_without_smtp_nothing_of_mail_is_offered(clock: ManualClock) -> None:
    with mail_server(None, clock) as client:
        sign_up(client, "Ana")
        page = client.get("/compte")
        assert page.status_code == 200 and TITLE not in page.text
        assert post_form(client, "/compte/e-mail", "/compte", address="a@b.org").status_code == 404
        assert client.get("/e-mail/confirmer?t=x").status_code == 404
        assert client.get("/e-mail/desabonner?t=x").status_code == 404
        client.cookies.clear()
        create(client)  # a player without an account: no account page without mail
        assert client.get("/compte", follow_redirects=False).headers["location"] == (
            "/compte/connexion"
        )


def test_an_address_is_confirmed_by_its_link_then_stopped_by_the_mails_link(
    client: TestClient, box: Mailbox
) -> None:
    sign_up(client, "Ana")
    page = client.get("/compte")
    assert TITLE in page.text and 'type="email"' in page.text
    answer = leave(client, " Ana@Example.ORG ")
    assert answer.status_code == 303  # type: ignore[attr-defined]
    assert answer.headers["location"] == "/compte?fait=mail_sent"  # type: ignore[attr-defined]
    shown = client.get("/compte?fait=mail_sent").text
    assert "Lien de confirmation envoyé" in shown
    assert "En attente : ouvrez le lien envoyé à Ana@example.org" in shown
    assert mails(client) == [("Ana@example.org", 0)]
    (mail,) = box.wait_for(1)
    assert mail.rcpt == ["Ana@example.org"]
    assert mail.message["Subject"] == "Confirmez votre adresse pour motamot"
    confirmed = client.get(link_in(mail, "/e-mail/confirmer"))
    assert confirmed.status_code == 200 and "Adresse confirmée" in confirmed.text
    assert mails(client) == [("Ana@example.org", 1)]
    assert "Les e-mails vont à Ana@example.org." in client.get("/compte").text
    again = leave(client, "Ana@example.org")  # the same address: still confirmed, no mail
    assert again.headers["location"] == "/compte?fait=mail_kept"  # type: ignore[attr-defined]
    assert "les e-mails y vont déjà" in client.get("/compte?fait=mail_kept").text
    assert mails(client) == [("Ana@example.org", 1)] and len(box.mails()) == 1
    # the mail's own unsubscribe link, followed with no cookie at all (another device)
    link = link_in(mail, "/e-mail/desabonner")
    assert link == unsubscribe_header(mail)
    client.cookies.clear()
    asked = client.get(link)  # F16: the page asks, with a button; nothing changes yet
    assert asked.status_code == 200 and "Ne plus rien envoyer à Ana@example.org" in asked.text
    assert mails(client) == [("Ana@example.org", 1)]
    stopped = client.post(link)
    assert stopped.status_code == 200 and "ne recevra plus d&#39;e-mails" in stopped.text
    assert mails(client) == []
    assert client.post(link).status_code == 200  # once more: nothing left, still fine


def test_the_one_click_unsubscribe_post_of_a_mail_provider_works(
    client: TestClient, box: Mailbox
) -> None:
    sign_up(client, "Ana")
    leave(client, "ana@example.org")
    (mail,) = box.wait_for(1)
    client.cookies.clear()
    answer = client.post(
        unsubscribe_header(mail),
        content=b"List-Unsubscribe=One-Click",
        headers={"content-type": FORM},
    )
    assert answer.status_code == 200
    assert mails(client) == []


def test_a_player_without_an_account_leaves_an_address_too(
    client: TestClient, box: Mailbox
) -> None:
    assert client.get("/compte", follow_redirects=False).status_code == 303  # nobody yet
    create(client)  # a seat: this browser is a lasting player now
    page = client.get("/compte")
    assert page.status_code == 200 and TITLE in page.text and "sans compte" in page.text
    assert leave(client, "bob@example.org").status_code == 303  # type: ignore[attr-defined]
    (mail,) = box.wait_for(1)
    assert client.get(link_in(mail, "/e-mail/confirmer")).status_code == 200
    assert mails(client) == [("bob@example.org", 1)]
    assert "Les e-mails vont à bob@example.org." in client.get("/compte").text
    removed = post_form(client, "/compte/e-mail/retirer", "/compte")
    assert removed.headers["location"] == "/compte?fait=mail_removed"
    assert mails(client) == []


def test_a_changed_address_needs_its_own_link_and_the_old_links_do_nothing(
    client: TestClient, box: Mailbox, clock: ManualClock
) -> None:
    sign_up(client, "Ana")
    leave(client, "ana@example.org")
    (first,) = box.wait_for(1)
    old_confirm = link_in(first, "/e-mail/confirmer")
    old_unsubscribe = link_in(first, "/e-mail/desabonner")
    leave(client, "ana@other.example")
    second = box.wait_for(2)[1]
    assert second.rcpt == ["ana@other.example"]
    refused = client.get(old_confirm)  # the first address's link: that address is gone
    assert refused.status_code == 400 and "Lien sans effet" in refused.text
    assert mails(client) == [("ana@other.example", 0)]
    assert client.get(old_unsubscribe).status_code == 200  # says done: nothing of it left
    assert mails(client) == [("ana@other.example", 0)]  # the new one stays
    clock.advance(2 * 86400 + 1)  # the link expired
    expired = client.get(link_in(second, "/e-mail/confirmer"))
    assert expired.status_code == 400 and mails(client) == [("ana@other.example", 0)]


def test_forged_and_misused_tokens_change_nothing(client: TestClient, box: Mailbox) -> None:
    browsers = Browsers(client)
    sign_up(browsers.be("ana"), "Ana")
    leave(client, "ana@example.org")
    (ana_mail,) = box.wait_for(1)
    client.get(link_in(ana_mail, "/e-mail/confirmer"))
    sign_up(browsers.be("bob"), "Bob")
    leave(client, "bob@example.org")
    bob_mail = box.wait_for(2)[1]
    confirm = link_in(ana_mail, "/e-mail/confirmer").split("t=")[1]
    unsubscribe = link_in(ana_mail, "/e-mail/desabonner").split("t=")[1]
    payload, _, signature = unsubscribe.rpartition(".")
    before = rows(client, "SELECT * FROM players_mail ORDER BY player")
    forged = [
        "",
        "x",
        "a" * 5000,
        "%00%0d%0a",
        confirm,  # a confirmation token is not an unsubscribe token
        unsubscribe[:-2] + ("AA" if not unsubscribe.endswith("AA") else "BB"),
        payload + "." + signature[::-1],
        link_in(bob_mail, "/e-mail/confirmer").split("t=")[1],  # confirms Bob, not this
    ]
    for token in forged[:-1]:
        answer = client.get(f"/e-mail/desabonner?t={token}")
        assert answer.status_code == 400, token
        answer = client.post(f"/e-mail/desabonner?t={token}")
        assert answer.status_code == 400, token
    for token in [*forged[:4], unsubscribe, forged[5], forged[6]]:
        assert client.get(f"/e-mail/confirmer?t={token}").status_code == 400, token
    assert client.get("/e-mail/confirmer").status_code == 400
    assert client.get("/e-mail/desabonner?t=a&t=b").status_code == 400
    assert rows(client, "SELECT * FROM players_mail ORDER BY player") == before
    # Bob, signed in, following his own link confirms only his own address
    assert client.get(f"/e-mail/confirmer?t={forged[-1]}").status_code == 200
    after = dict(rows(client, "SELECT address, confirmed FROM players_mail"))
    assert after == {"ana@example.org": 1, "bob@example.org": 1}


@pytest.mark.parametrize(
    "address",
    [
        "",
        "ana",
        "ana@example",
        "ana@example.org\r\nBcc: eve@evil.example",
        "ana@example.org\nBcc: eve@evil.example",
        "Ana <ana@example.org>",
        "ana@example.org, eve@evil.example",
        "anaé@example.org",
        "a" * 65 + "@example.org",
        "a@" + "b" * 249 + ".org",
        "\x00@example.org",
        "<script>@example.org",
    ],
)
def test_a_malformed_address_is_refused_with_why_and_nothing_is_sent(
    client: TestClient, box: Mailbox, address: str
) -> None:
    sign_up(client, "Ana")
    answer = leave(client, address)
    assert answer.status_code == 400  # type: ignore[attr-defined]
    text = answer.text  # type: ignore[attr-defined]
    assert 'aria-invalid="true"' in text and 'id="mail-error"' in text
    assert "<script>" not in text
    assert mails(client) == []
    assert box.mails() == [] and rows(client, "SELECT * FROM players_outbox") == []


def test_an_oversized_form_is_refused(client: TestClient) -> None:
    sign_up(client, "Ana")
    answer = leave(client, "a" * 300 + "@example.org")
    assert answer.status_code == 413  # type: ignore[attr-defined]
    assert mails(client) == []


def test_a_player_cannot_flood_a_mailbox_with_confirmations(
    client: TestClient, box: Mailbox
) -> None:
    sign_up(client, "Ana")
    for number in range(CONFIRMATIONS_PER_HOUR):
        assert leave(client, f"victim{number}@example.org").status_code == 303  # type: ignore[attr-defined]
    refused = leave(client, "victim@example.org")
    assert refused.status_code == 429  # type: ignore[attr-defined]
    assert "attendez une heure" in refused.text  # type: ignore[attr-defined]
    assert len(box.wait_for(CONFIRMATIONS_PER_HOUR)) == CONFIRMATIONS_PER_HOUR


def test_mail_forms_refuse_hostile_posts_without_a_500(client: TestClient) -> None:
    rng = random.Random(23)
    sign_up(client, "Ana")
    page = client.get("/compte").text
    found = re.search(r'name="csrf" value="([^"]+)"', page)
    assert found is not None
    token = found[1]
    for path in ("/compte/e-mail", "/compte/e-mail/retirer"):
        for kind, body in bodies(token, rng):
            if path.endswith("retirer") and token.encode() in body and kind == FORM:
                continue  # a good token is all that form needs
            headers = {"content-type": kind} if kind else {}
            answer = client.post(path, content=body, headers=headers, follow_redirects=False)
            assert 400 <= answer.status_code < 500, (path, body[:40], answer.status_code)
        assert mails(client) == []
    other = TestClient(client.app)  # another browser: no cookie, the token is not its own
    answer = other.post("/compte/e-mail", data={"csrf": token, "address": "eve@evil.example"})
    assert answer.status_code == 403 and mails(client) == []
    assert client.get("/compte/e-mail").status_code == 405
