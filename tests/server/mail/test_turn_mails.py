"""Told when it is my turn, through the real app and a real SMTP server: a Topword player
whose turn comes while their table is not open gets one mail for that turn (French, or
English when that is their language), with the players' link; a player at the table
gets none; at the end each player away gets their result and the link. With two server
processes over PostgreSQL and Redis a turn is mailed once, whichever process serves
whom."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient, WebSocketTestSession

from motamot.server.operations import Operations
from motamot.server.serve import build_cluster_app
from motamot.service.ports import ManualClock
from motamot.text.numbers import number_text
from motamot.web import default_kinds
from tests.mailbox import Mailbox, Received
from tests.server.helpers import hello, join, send, until
from tests.server.mail.helpers import SITE, fast_mailing, link_in, mail_server
from tests.server.players.helpers import Browsers, post_form
from tests.service.backends import postgres_schema, redis_prefix
from tests.web.topword.test_topword_ws import create_table, play_best, view_of

Wanted = Callable[[Received], bool]
ADDRESSES = {"s1": "ana@example.org", "s2": "bob@example.org"}


def confirmed_address(client: TestClient, box: Mailbox, address: str) -> None:
    """The browser's player leaves `address` and follows the link mailed to it."""
    before = len(box.mails())
    assert post_form(client, "/compte/e-mail", "/compte", address=address).status_code == 303
    mail = box.wait_for(before + 1)[before]
    assert mail.rcpt == [address]
    assert client.get(link_in(mail, "/e-mail/confirmer")).status_code == 200


def subject(start: str | tuple[str, ...], address: str | None = None) -> Wanted:
    """Mails whose subject starts with `start` (to `address`, if given)."""
    return lambda mail: (
        str(mail.message["Subject"]).startswith(start)
        and (address is None or mail.rcpt == [address])
    )


#: A turn's mail, in either language.
TURN = subject(("À vous de jouer", "Your turn"))


def act(socket: WebSocketTestSession, message: dict[str, Any]) -> None:
    send(socket, message)
    answer = until(socket, lambda m: m["type"] in ("ack", "refused") and m["id"] == message["id"])
    assert answer["type"] == "ack", answer


def move(socket: WebSocketTestSession, request: int) -> None:
    """The seat of `socket`, whose turn it is, plays its best move."""
    play_best(socket, view_of(socket)["game"], request)


def still(box: Mailbox, count: int, seconds: float = 1.0) -> None:
    """Exactly `count` mails still, after a while (the sender had time to send more)."""
    time.sleep(seconds)
    assert len(box.mails()) == count, [str(m.message["Subject"]) for m in box.mails()]


def table_of_two(browsers: Browsers, box: Mailbox) -> dict[str, str]:
    """Ana (her language English) and Bob at a correspondence table (no turn clock),
    each with a confirmed address: the players' link, and each seat's token."""
    ana = browsers.be("ana")
    ana.cookies.set("motamot_lang", "en")
    room, ana_token = create_table(ana, seats=["person"])
    confirmed_address(ana, box, ADDRESSES["s1"])
    bob = browsers.be("bob")
    bob_token = join(bob, room, "Bob")
    confirmed_address(bob, box, ADDRESSES["s2"])
    return {"room": room, "s1": ana_token, "s2": bob_token}


def test_a_turn_is_mailed_once_to_the_player_away_never_to_one_at_the_table(
    box: Mailbox,
) -> None:
    with mail_server(box, ManualClock(1_700_000_000.0)) as client:
        table = table_of_two(Browsers(client), box)
        room, confirmations = table["room"], len(box.mails())
        with client.websocket_connect(f"/ws/{room}") as ana:
            hello(ana, table["s1"])
            act(ana, {"type": "start", "id": 1})
            if view_of(ana)["game"]["current"] == "s1":  # at the table: not mailed
                still(box, confirmations, 0.5)
                move(ana, 2)
            # Bob's turn, and his table is not open: one mail
            (mail,) = box.wait_for(1, TURN)
            still(box, confirmations + 1)
        assert mail.rcpt == [ADDRESSES["s2"]]
        assert mail.message["Subject"] == "À vous de jouer : Topword avec Ana"
        assert mail.text.startswith("Bonjour Bob,\n\nC'est à vous de jouer dans votre partie")
        assert f"Jouer votre coup : {SITE}/r/{room}\n" in mail.text
        assert str(mail.message["List-Unsubscribe"]).startswith(f"<{SITE}/e-mail/desabonner")
        # Bob comes and plays while Ana is away: Ana's turn is mailed, in English
        with client.websocket_connect(f"/ws/{room}") as bob:
            hello(bob, table["s2"])
            move(bob, 3)
            (mail,) = box.wait_for(1, subject("Your turn"))
        assert mail.rcpt == [ADDRESSES["s1"]]
        assert mail.message["Subject"] == "Your turn: Topword with Bob"
        assert mail.text.startswith("Hello Ana,\n\nIt is your turn in your game of Topword")
        assert f"Play your move: {SITE}/r/{room}\n" in mail.text
        assert "Stop these messages from motamot: https://jeu.example/e-mail/desabonner" in (
            mail.text
        )
        still(box, confirmations + 2)


def test_the_end_is_mailed_with_the_result_to_the_player_away_only(box: Mailbox) -> None:
    with mail_server(box, ManualClock(1_700_000_000.0)) as client:
        table = table_of_two(Browsers(client), box)
        room = table["room"]
        with client.websocket_connect(f"/ws/{room}") as ana:
            hello(ana, table["s1"])
            act(ana, {"type": "start", "id": 1})
            if view_of(ana)["game"]["current"] == "s1":
                move(ana, 2)
            box.wait_for(1, TURN)  # Bob's turn, while he is away
            with client.websocket_connect(f"/ws/{room}") as bob:
                hello(bob, table["s2"])
                act(bob, {"type": "pass", "id": 3})
            count = len(box.mails())
            send(ana, {"type": "pass", "id": 4})  # T18 (3): each passed in a row, it ends
            ack = until(ana, lambda m: m["type"] in ("ack", "refused") and m["id"] == 4)
            assert ack["type"] == "ack", ack  # a refusal says why, instead of a silent wait
            (ended,) = [e for e in ack["events"] if e["type"] == "topword.game_ended"]
            (mail,) = box.wait_for(1, subject(("Partie gagnée", "Partie terminée")))
            still(box, count + 1)  # Ana, at the table, is told nothing
        scores = ended["final_scores"]
        rank = {
            seat: 1 + sum(1 for other in scores.values() if other > scores[seat]) for seat in scores
        }
        tied = scores["s1"] == scores["s2"]
        assert mail.rcpt == [ADDRESSES["s2"]]
        assert mail.message["Subject"] == (
            "Partie terminée à égalité : Topword avec Ana"
            if tied
            else "Partie terminée : Topword avec Ana"
        )
        assert mail.text.startswith(
            "Bonjour Bob,\n\nVotre partie de Topword avec Ana est terminée."
        )
        place = "1re place ex aequo" if tied else "2e place"
        shown = {seat: number_text(score, "fr") for seat, score in scores.items()}  # « −35 »
        assert f"Votre résultat : {place} sur 2, {shown['s2']} point" in mail.text
        for seat, name in (("s1", "Ana"), ("s2", "Bob")):
            assert f"\n{rank[seat]}. {name} : {shown[seat]} point" in mail.text
        assert f"Revoir la partie : {SITE}/r/{room}\n" in mail.text


def test_play_goes_on_while_the_smtp_server_is_down_and_the_turn_is_mailed_once_it_is_up(
    box: Mailbox,
) -> None:
    clock = ManualClock(1_700_000_000.0)
    with mail_server(box, clock) as client:
        table = table_of_two(Browsers(client), box)
        room, count = table["room"], len(box.mails())
        box.stop()  # the SMTP server goes down
        with client.websocket_connect(f"/ws/{room}") as ana:
            hello(ana, table["s1"])
            started = time.monotonic()
            act(ana, {"type": "start", "id": 1})
            if view_of(ana)["game"]["current"] == "s1":
                move(ana, 2)
            assert time.monotonic() - started < 5  # acknowledged as always
            sender = client.app.state.players.mailer.sender  # type: ignore[attr-defined]
            deadline = time.monotonic() + 15
            while sender.counts["retried"] < 2:  # Bob's turn: tried, tried again
                assert time.monotonic() < deadline, sender.counts
                clock.advance(1)  # the retries' waits go by on the server's clock
                time.sleep(0.1)
            assert len(box.mails()) == count
            box.start()  # up again: the waiting mail goes at its next try, once
            clock.advance(1)
            (mail,) = box.wait_for(1, TURN)
            still(box, count + 1)
        assert mail.rcpt == [ADDRESSES["s2"]]
        assert sender.counts["sent"] >= 1 and sender.counts["failed"] == 0


@pytest.fixture
def two_processes(box: Mailbox) -> Iterator[tuple[TestClient, TestClient]]:
    """Two server processes over one PostgreSQL schema and one Redis prefix, mail on."""
    clock = ManualClock(1_700_000_000.0)
    kinds = default_kinds()
    with postgres_schema() as db, redis_prefix() as broker:
        ops = [Operations(mail=fast_mailing(box)) for _ in range(2)]
        apps = [build_cluster_app(db, broker, clock, kinds, ops=one) for one in ops]
        with TestClient(apps[0]) as first, TestClient(apps[1]) as second:
            yield first, second


def test_with_two_processes_each_turn_is_mailed_once(
    box: Mailbox, two_processes: tuple[TestClient, TestClient]
) -> None:
    first, second = two_processes  # Ana's browser is served by one, Bob's by the other
    room, ana_token = create_table(first, seats=["person"])  # the first process owns it
    confirmed_address(first, box, ADDRESSES["s1"])
    bob_token = join(second, room, "Bob")
    confirmed_address(second, box, ADDRESSES["s2"])
    tokens = {"s1": ana_token, "s2": bob_token}
    with second.websocket_connect(f"/ws/{room}") as socket:
        hello(socket, ana_token)
        act(socket, {"type": "start", "id": 1})
        if view_of(socket)["game"]["current"] == "s1":  # at the table: she plays at once
            move(socket, 2)
    current, mailed = "s2", 1
    assert box.wait_for(1, TURN)[-1].rcpt == [ADDRESSES["s2"]]
    for turn in range(1, 5):
        # whoever is to play plays through one process or the other, alone at the table
        process = (first, second)[turn % 2]
        with process.websocket_connect(f"/ws/{room}") as socket:
            hello(socket, tokens[current])
            move(socket, 10 + turn)
            current = view_of(socket)["game"]["current"]
        mailed += 1
        assert box.wait_for(mailed, TURN)[-1].rcpt == [ADDRESSES[current]]
    still(box, len(box.mails()), 1.5)  # nothing twice, from either process
    assert len([mail for mail in box.mails() if TURN(mail)]) == mailed >= 4
