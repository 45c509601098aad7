"""Told in time by mail (K10), through the real app and a real SMTP server: a round of a
tournament paired, each player away gets a mail with their table's link and the
tournament's (not one whose tournament page is open); a correspondence game's turns (days
a move) come as one digest a day of every game waiting for the player, not a mail a move,
the games played meanwhile left out."""

from __future__ import annotations

from typing import Any

from motamot.server.links import room_of
from motamot.service.mail.digest import digest_at
from motamot.service.ports import ManualClock
from tests.mailbox import Mailbox
from tests.server.helpers import hello, join
from tests.server.mail.helpers import SITE, mail_server
from tests.server.mail.test_turn_mails import (
    TURN,
    act,
    confirmed_address,
    move,
    still,
    subject,
)
from tests.server.players.helpers import Browsers, call, sign_up
from tests.web.topword.test_topword_ws import create_table, view_of

T0 = 1_700_000_000.0
PAIRED = subject("Ronde")
DAY = 86_400


def test_k10_a_round_paired_is_mailed_to_each_player_away_with_their_table(
    box: Mailbox,
) -> None:
    with mail_server(box, ManualClock(T0)) as client:
        b = Browsers(client, own_addresses=True)
        b.be("dora")
        sign_up(client, "Dora")
        body = {"name": "Dora", "title": "Coupe d'hiver", "rounds": 1, "gap_seconds": 0}
        created = client.post("/api/tournament", json=body).json()
        room, director = created["room"], created["token"]
        tokens = {}
        for name in ("Ana", "Ben"):
            b.be(name)
            sign_up(client, name)
            confirmed_address(client, box, f"{name.lower()}@example.org")
            tokens[name] = join(client, room, name)
            with client.websocket_connect(f"/ws/{room}") as socket:
                hello(socket, tokens[name])
                act(socket, {"type": "register", "id": 1})
        before = len(box.mails())
        keeper = client.app.state.rooms.kinds.get("tournament").keeper  # type: ignore[attr-defined]
        b.be("Ben")
        with client.websocket_connect(f"/ws/{room}") as ben:
            hello(ben, tokens["Ben"])  # Ben's tournament page is open: told there
            b.be("dora")
            with client.websocket_connect(f"/ws/{room}") as socket:
                hello(socket, director)
                act(socket, {"type": "start", "id": 2})
            call(client, keeper.step)
            (mail,) = box.wait_for(1, PAIRED)
            box.wait_for(1, TURN)  # the first player away is told their turn, as always
            still(box, before + 2)  # no round paired mailed to Ben: his page is open
        view = until_view(client, room, tokens["Ana"])
        table = view["your_table"]["table"]
        assert mail.rcpt == ["ana@example.org"]
        assert mail.message["Subject"] == "Ronde 1 : votre partie commence (Coupe d'hiver)"
        assert mail.text.startswith("Bonjour Ana,\n\nLa ronde 1 du tournoi « Coupe d'hiver »")
        assert f"Votre table : {SITE}/r/{table}\n" in mail.text
        assert f"{SITE}/r/{room_of(room)}" in mail.text
        assert str(mail.message["List-Unsubscribe"]).startswith(f"<{SITE}/e-mail/desabonner")


def until_view(client: Any, room: str, token: str) -> dict[str, Any]:
    with client.websocket_connect(f"/ws/{room}") as socket:
        view: dict[str, Any] = hello(socket, token)["view"]
        return view


def test_k10_correspondence_turns_come_in_one_digest_a_day_not_a_mail_a_move(
    box: Mailbox,
) -> None:
    clock = ManualClock(T0)
    with mail_server(box, clock) as client:
        b = Browsers(client)
        tables = []
        for number in range(2):  # Ana's two tables with Bob, a day a move
            ana = b.be("ana")
            room, ana_token = create_table(ana, seats=["person"], turn_seconds=DAY)
            if number == 0:
                confirmed_address(ana, box, "ana@example.org")
            bob = b.be("bob")
            bob_token = join(bob, room, "Bob")
            if number == 0:
                confirmed_address(bob, box, "bob@example.org")
            tables.append((room, ana_token, bob_token))
        count = len(box.mails())
        b.be("ana")
        for room, ana_token, _ in tables:
            with client.websocket_connect(f"/ws/{room}") as socket:
                hello(socket, ana_token)
                act(socket, {"type": "start", "id": 1})
                if view_of(socket)["game"]["current"] == "s1":  # Ana plays: Bob's turn
                    move(socket, 2)
        still(box, count, 0.5)  # no mail a move: the digest waits for its hour
        clock.advance(digest_at(T0) - T0 + 1)
        (mail,) = box.wait_for(count + 1)[count:]
        still(box, count + 1)
        assert mail.rcpt == ["bob@example.org"]  # Ana played hers: her rows were dropped
        assert mail.message["Subject"] == "2 parties attendent votre coup"
        assert mail.text.startswith("Bonjour Bob,\n\nVotre coup est attendu dans 2 parties par")
        for room, _, _ in tables:
            assert f"- Topword avec Ana : {SITE}/r/{room}\n" in mail.text
        assert str(mail.message["List-Unsubscribe"]).startswith(f"<{SITE}/e-mail/desabonner")
        # Bob plays one game; Ana answers at once: his turn again, in tomorrow's digest.
        # Each exchanges a tile: a pass could end the game (T18, everyone passed in a
        # row, when a rack has no word), and there would be no turn left to mail.
        room, ana_token, bob_token = tables[0]
        b.be("bob")
        with client.websocket_connect(f"/ws/{room}") as socket:
            rack = hello(socket, bob_token)["view"]["game"]["rack"]
            act(socket, {"type": "exchange", "tile": rack[0], "id": 3})
        b.be("ana")
        with client.websocket_connect(f"/ws/{room}") as socket:
            rack = hello(socket, ana_token)["view"]["game"]["rack"]
            act(socket, {"type": "exchange", "tile": rack[0], "id": 4})
        clock.advance(3600)  # the same day: nothing more
        still(box, count + 1, 0.5)
        clock.advance(DAY)
        second = box.wait_for(2, subject("2 parties"))[-1]
        assert second.rcpt == ["bob@example.org"]  # both wait for him again
        still(box, count + 2)
