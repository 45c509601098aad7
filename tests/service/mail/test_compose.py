"""Mails as composed: the texts in French and English, the links, the unsubscribe header,
and no way for a name to reach a header's line break."""

from __future__ import annotations

from email import message_from_bytes
from email.policy import default

import pytest
from hypothesis import given
from hypothesis import strategies as st

from motamot.service.mail.compose import compose, one_line
from motamot.service.mail.outbox import Outgoing
from motamot.service.mail.settings import Mailing
from motamot.service.mail.smtp import SmtpServer
from motamot.service.mail.tokens import MailTokens
from motamot.service.ports import ManualClock

MAILING = Mailing(SmtpServer("127.0.0.1", 25), "motamot@jeu.example", "https://jeu.example")
TOKENS = MailTokens("k" * 43, ManualClock(1_700_000_000.0), MAILING.confirm_seconds)


def turn(others: list[str], name: str = "Bob") -> Outgoing:
    data = {"kind": "topword", "name": name, "others": others, "link": "/r/ROOMROOMROOMROOMinv"}
    return Outgoing("id1", "p2", "turn", "ROOMROOMROOMROOM", "s2", 5, None, None, data, 0)


def ended(rank: int, places: list[list[object]]) -> Outgoing:
    score = next(p[1] for p in places if p[2] == rank)
    data = {
        "kind": "topword",
        "name": "Bob",
        "others": ["Ana"],
        "link": "/r/ROOMROOMROOMROOMinv",
        "places": places,
        "rank": rank,
        "score": score,
    }
    return Outgoing("id2", "p2", "ended", "ROOMROOMROOMROOM", "s2", 30, None, None, data, 0)


def test_a_turn_mail_in_french_says_whose_game_and_links_to_it() -> None:
    message = compose(turn(["Ana"]), "bob@example.org", "fr", MAILING, TOKENS, 1.0)
    assert message["Subject"] == "À vous de jouer : Topword avec Ana"
    assert message["To"] == "bob@example.org"
    assert message["From"] == "motamot <motamot@jeu.example>"
    text = message.get_content()
    assert text.startswith("Bonjour Bob,\n\nC'est à vous de jouer dans votre partie de Topword")
    assert "Jouer votre coup : https://jeu.example/r/ROOMROOMROOMROOMinv" in text
    (header,) = message.get_all("List-Unsubscribe") or []
    link = header.strip("<>")
    assert link.startswith("https://jeu.example/e-mail/desabonner?t=")
    assert f"Ne plus recevoir de messages de motamot : {link}" in text
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert TOKENS.read_unsubscribe(link.split("t=")[1]) == ("p2", "bob@example.org")


def test_an_end_mail_in_english_gives_the_result_and_every_place() -> None:
    places: list[list[object]] = [["Ana", 120, 2], ["Bob", 131, 1]]
    message = compose(ended(1, places), "bob@example.org", "en", MAILING, TOKENS, 1.0)
    assert message["Subject"] == "Game won: Topword with Ana"
    text = message.get_content()
    assert "Your result: 1st of 2, 131 points." in text
    assert "1. Bob: 131 points\n2. Ana: 120 points" in text
    assert "See the game: https://jeu.example/r/ROOMROOMROOMROOMinv" in text
    lost = compose(
        ended(2, [["Ana", 131, 1], ["Bob", 120, 2]]), "b@example.org", "fr", MAILING, TOKENS, 1.0
    )
    assert lost["Subject"] == "Partie terminée : Topword avec Ana"
    assert "Votre résultat : 2e place sur 2, 120 points." in lost.get_content()
    tied = compose(
        ended(1, [["Ana", 99, 1], ["Bob", 99, 1]]), "b@example.org", "fr", MAILING, TOKENS, 1.0
    )
    assert tied["Subject"] == "Partie terminée à égalité : Topword avec Ana"
    assert "1re place ex aequo sur 2" in tied.get_content()


def test_a_confirmation_mail_carries_a_link_that_confirms_this_address() -> None:
    out = Outgoing("id3", "p2", "confirm", "", "", 4, "bob@example.org", "fr", {}, 0)
    message = compose(out, "bob@example.org", "fr", MAILING, TOKENS, 1.0)
    assert message["Subject"] == "Confirmez votre adresse pour motamot"
    text = message.get_content()
    line = next(line for line in text.splitlines() if "/e-mail/confirmer?t=" in line)
    assert line.startswith("https://jeu.example/e-mail/confirmer?t=")
    assert TOKENS.read_confirm(line.split("t=")[1]) == ("p2", "bob@example.org", 4)
    assert "valable 48 heures" in text


HOSTILE = [
    "Ana\r\nBcc: eve@evil.example",
    "Ana\nBcc: eve@evil.example",
    "Ana\rBcc: eve@evil.example",
    "Ana\u2028Bcc: eve@evil.example",
    "Ana\x00\x1b[31m",
    "Ana\u202eevE",
    "A" * 5000,
]


@pytest.mark.parametrize("name", HOSTILE)
def test_a_name_never_adds_a_header_to_the_mail(name: str) -> None:
    message = compose(turn([name, name], name), "bob@example.org", "fr", MAILING, TOKENS, 1.0)
    raw = message.as_bytes()
    parsed = message_from_bytes(raw, policy=default)
    assert parsed.get_all("Bcc") is None
    assert [key for key in parsed if key.lower() == "to"] == ["To"]
    assert len(str(parsed["Subject"])) <= 150
    assert "\r" not in str(parsed["Subject"]) and "\n" not in str(parsed["Subject"])
    head = raw.split(b"\r\n\r\n", 1)[0]
    names = [line.split(b":")[0] for line in head.split(b"\r\n") if not line[:1].isspace()]
    assert names == [
        b"From", b"To", b"Subject", b"Date", b"Message-ID", b"List-Unsubscribe",
        b"List-Unsubscribe-Post", b"Auto-Submitted", b"Content-Type",
        b"Content-Transfer-Encoding", b"MIME-Version",
    ]  # fmt: skip


@given(st.text(max_size=400))
def test_one_line_is_one_printable_line(text: str) -> None:
    line = one_line(text)
    assert "\r" not in line and "\n" not in line and len(line) <= 150
    assert all(char.isprintable() or char == " " for char in line)


def test_k10_a_round_paired_mail_in_english_links_the_table_and_the_tournament() -> None:
    data = {
        "kind": "tournament", "name": "Bob", "tournament": "Winter\r\nBcc: x@y.z",
        "round": 2, "link": "/r/TOURTOURTOURTOURinv", "table": "/r/TABLTABLTABLTABLinv",
    }  # fmt: skip
    out = Outgoing("id3", "p2", "paired", "TOURTOURTOURTOUR", "s3", 40, None, None, data, 0)
    message = compose(out, "bob@example.org", "en", MAILING, TOKENS, 1.0)
    assert message["Subject"] == "Round 2: your game starts (Winter Bcc: x@y.z)"
    assert message["Bcc"] is None  # a tournament's name never starts a header
    text = message.get_content()
    assert text.startswith("Hello Bob,\n\nRound 2 of the tournament")
    assert "Your table: https://jeu.example/r/TABLTABLTABLTABLinv" in text
    assert "(it seats you at your table): https://jeu.example/r/TOURTOURTOURTOURinv" in text


def test_k10_a_digest_of_one_game_in_french_says_it_in_the_singular() -> None:
    game = {"kind": "topword", "others": ["Ana", "Cléo"], "link": "/r/ROOMROOMROOMROOMinv"}
    data = {"name": "Bob", "games": [game]}
    out = Outgoing("id4", "p2", "digest", "ROOMROOMROOMROOM", "s2", 19677, None, None, data, 0)
    message = compose(out, "bob@example.org", "fr", MAILING, TOKENS, 1.0)
    assert message["Subject"] == "1 partie attend votre coup"
    text = message.get_content()
    assert "Votre coup est attendu dans 1 partie par correspondance :" in text
    assert "- Topword avec Ana et Cléo : https://jeu.example/r/ROOMROOMROOMROOMinv" in text
