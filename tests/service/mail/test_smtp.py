"""The operator's SMTP URL, and mails handed to a real SMTP server (aiosmtpd): plain,
STARTTLS with a login, TLS from the first byte; a server down, refusing for now, refusing
for good; the password never in what is said of a failure."""

from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path

import pytest

from motamot.service.mail.smtp import SmtpServer, SmtpUrlError, parse_smtp_url, send_all
from tests.mailbox import Mailbox, certificate
from tests.ports import free_port


@pytest.mark.parametrize(
    ("url", "server"),
    [
        ("smtp://mail.example.org", SmtpServer("mail.example.org", 25)),
        ("smtp://127.0.0.1:2525", SmtpServer("127.0.0.1", 2525)),
        (
            "smtp://ana:s%40cret@mail.example.org?starttls=1",
            SmtpServer("mail.example.org", 587, "starttls", "ana", "s@cret"),
        ),
        (
            "smtps://ana%40example.org:pw@mail.example.org",
            SmtpServer("mail.example.org", 465, "tls", "ana@example.org", "pw"),
        ),
        ("smtp://mail.example.org:2525/?starttls=0", SmtpServer("mail.example.org", 2525)),
    ],
)
def test_smtp_urls_name_their_server(url: str, server: SmtpServer) -> None:
    assert parse_smtp_url(url) == server


@pytest.mark.parametrize(
    "url",
    [
        "",
        "mail.example.org",
        "http://mail.example.org",
        "smtp://",
        "smtp://mail.example.org:99999",
        "smtp://mail.example.org:port",
        "smtp://mail.example.org/path",
        "smtp://mail.example.org?tls=1",
        "smtp://mail.example.org?starttls=yes",
        "smtps://mail.example.org?starttls=1",
        "smtp://ana@mail.example.org",
    ],
)
def test_what_is_not_an_smtp_url_is_refused(url: str) -> None:
    with pytest.raises(SmtpUrlError):
        parse_smtp_url(url)


def test_a_refused_url_never_says_its_password() -> None:
    with pytest.raises(SmtpUrlError) as refused:
        parse_smtp_url("smtp://ana:hunter2@mail.example.org/x")
    assert "hunter2" not in str(refused.value)


def test_the_redacted_url_hides_the_password() -> None:
    server = parse_smtp_url("smtp://ana:hunter2@mail.example.org:2525?starttls=1")
    assert server.redacted == "smtp://ana:***@mail.example.org:2525?starttls=1"
    assert "hunter2" not in repr(server)


def mail(to: str = "ana@example.org", subject: str = "Bonjour") -> EmailMessage:
    message = EmailMessage()
    message["From"] = "motamot@example.org"
    message["To"] = to
    message["Subject"] = subject
    message.set_content("Un texte accentué : é à ç.\n")
    return message


def test_mails_reach_a_plain_smtp_server() -> None:
    box = Mailbox().start()
    try:
        results = send_all(parse_smtp_url(box.url), [mail(), mail("bob@example.org", "Deux")])
        assert results == [None, None]
        got = box.wait_for(2)
        assert [m.rcpt for m in got] == [["ana@example.org"], ["bob@example.org"]]
        assert got[0].text == "Un texte accentué : é à ç.\n"
    finally:
        box.stop()


@pytest.mark.parametrize("tls", ["starttls", "tls"])
def test_mails_go_over_tls_with_a_login(
    tls: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cert = certificate(tmp_path)
    monkeypatch.setenv("SSL_CERT_FILE", str(cert[0]))  # the test's own authority
    box = Mailbox(tls=tls, cert=cert, login=("ana", "s3cret:pw")).start()
    try:
        url = box.url.replace("s3cret:pw", "s3cret%3Apw")
        assert send_all(parse_smtp_url(url), [mail()]) == [None]
        assert box.wait_for(1)[0].message["Subject"] == "Bonjour"
        wrong = parse_smtp_url(url.replace("s3cret%3Apw", "wrong-password"))
        (failed,) = send_all(wrong, [mail()])
        assert failed is not None and not failed.lasting  # the operator's to fix: kept
        assert "wrong-password" not in failed.why
        assert "535" in failed.why, failed.why  # the server's refusal, not a timeout
    finally:
        box.stop()


def test_an_unknown_certificate_is_refused(tmp_path: Path) -> None:
    box = Mailbox(tls="tls", cert=certificate(tmp_path)).start()
    try:
        (failed,) = send_all(parse_smtp_url(box.url), [mail()])
        assert failed is not None and not failed.lasting
        assert box.mails() == []
    finally:
        box.stop()


def test_a_server_down_or_refusing_is_a_failure_said_not_raised() -> None:
    down = SmtpServer("127.0.0.1", free_port(), timeout=2)
    (failed,) = send_all(down, [mail()])
    assert failed is not None and not failed.lasting
    box = Mailbox(answer="451 4.3.0 try again later").start()
    try:
        (later,) = send_all(parse_smtp_url(box.url), [mail()])
        assert later is not None and not later.lasting
        box.answer = "550 5.1.1 no such mailbox"
        (never,) = send_all(parse_smtp_url(box.url), [mail()])
        assert never is not None and never.lasting
    finally:
        box.stop()
