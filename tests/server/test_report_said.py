"""A report keeps what was said (issue 36): the chat lines around the reported person's
messages at report time (not the older ones, nor the ones after), every reason its
reporter gave, and the reporter's name in the room; a spectator's report has no name."""

from __future__ import annotations

from typing import Any

from motamot.service.ports import ManualClock
from tests.server.helpers import create, hello, join, of_type, send, server, until
from tests.server.test_moderation import browser, reports


def say(socket: Any, text: str) -> None:
    send(socket, {"type": "say", "text": text, "id": 1})
    until(socket, of_type("ack"))


def test_a_report_keeps_the_lines_around_the_reported_messages_and_every_reason() -> None:
    with server(ManualClock()) as client:
        room, ana = create(client, "Ana")
        bob_browser, troll_browser, spectator = browser(client), browser(client), browser(client)
        bob = join(bob_browser, room, "Bob")
        troll = join(troll_browser, room, "Troll")
        with (
            client.websocket_connect(f"/ws/{room}") as a,
            client.websocket_connect(f"/ws/{room}") as b,
            client.websocket_connect(f"/ws/{room}") as t,
        ):
            hello(a, ana), hello(b, bob), hello(t, troll)
            for socket, text in (
                (a, "A1"), (a, "A2"), (a, "A3"), (a, "A4"), (b, "B1"), (t, "<b>T1</b>"),
                (b, "B2"), (a, "A5"), (b, "B3"), (b, "B4"), (b, "B5"),
            ):  # fmt: skip
                say(socket, text)
        path = f"/api/rooms/{room}/report"
        assert bob_browser.post(path, json={"seat": "s3", "reason": "offensive_name"}).json() == {
            "reported": True,
            "new": True,
        }
        again = bob_browser.post(path, json={"seat": "s3", "reason": "behaviour"})
        assert again.json() == {"reported": True, "new": False}
        assert spectator.post(path, json={"seat": "s3", "reason": "cheating"}).status_code == 200
        kept = {one.reporter_name: one for one in reports(client)}
        assert set(kept) == {"Bob", None}
        by_bob = kept["Bob"]
        assert by_bob.given == ("offensive_name", "behaviour") and by_bob.closed is None
        lines = [(line.name, line.text) for line in by_bob.said]
        assert lines == [
            ("Ana", "A3"), ("Ana", "A4"), ("Bob", "B1"), ("Troll", "<b>T1</b>"),
            ("Bob", "B2"), ("Ana", "A5"), ("Bob", "B3"),
        ]  # fmt: skip
        assert [line.seat for line in by_bob.said][3] == "s3"
        assert kept[None].given == ("cheating",) and kept[None].said == by_bob.said
