"""Issue 35's « presence for everyone, on every hello » (docs/rules.md, F20): a socket
whose hello changes no seat's presence makes nobody else a frame, N spectators coming
in cost N frames (not N²), and seats arriving together are told together.

On the main of 6d5e836 every hello sent `presence` to every socket of the room: 1,000
spectators and one client opening and closing a socket 20 times a second kept a core
busy."""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence

import pytest
from starlette.testclient import TestClient

from motamot.server import feed as feed_module
from motamot.server.announce import WINDOW_SECONDS, Announcer
from motamot.server.feed import Listener, RoomFeed
from motamot.service.rooms.presence import LocalPresence
from tests.server.helpers import create, hello, join, send, until

SPECTATORS = 40


@pytest.fixture
def presence_frames(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter[int]]:
    """How many `presence` frames each socket (by its number) was given."""
    counted: Counter[int] = Counter()
    push = Listener.push

    def counting(self: Listener, frame: str) -> None:
        if frame.startswith('{"type":"presence"'):
            counted[self.number] += 1
        push(self, frame)

    monkeypatch.setattr(feed_module.Listener, "push", counting)
    yield counted


def test_f20_spectators_coming_in_cost_a_frame_each(
    client: TestClient, presence_frames: Counter[int]
) -> None:
    room, ana = create(client, duration=60)
    bob = join(client, room, "Bob")
    with client.websocket_connect(f"/ws/{room}") as a, client.websocket_connect(f"/ws/{room}") as b:
        hello(a, ana)
        hello(b, bob)
        time.sleep(WINDOW_SECONDS * 3)  # Bob's arrival told
        before = sum(presence_frames.values())
        watchers = [client.websocket_connect(f"/ws/{room}") for _ in range(SPECTATORS)]
        opened = [watcher.__enter__() for watcher in watchers]
        try:
            for watcher in opened:
                hello(watcher, None)
        finally:
            for watcher in watchers:
                watcher.__exit__(None, None, None)
        time.sleep(WINDOW_SECONDS * 3)  # a telling planned by mistake would have gone
        sent = sum(presence_frames.values()) - before
        assert sent == SPECTATORS  # each newcomer told once, on arrival; main: ~N²/2
        for socket in (a, b):  # the players play on
            send(socket, {"type": "ping", "c": 2})
            until(socket, lambda m: m["type"] == "pong")


def test_f20_a_seat_s_page_reloaded_tells_the_others_nothing(
    client: TestClient, presence_frames: Counter[int]
) -> None:
    room, ana = create(client, duration=60)
    bob = join(client, room, "Bob")
    with client.websocket_connect(f"/ws/{room}") as b:
        hello(b, bob)
        with client.websocket_connect(f"/ws/{room}") as a:
            hello(a, ana)
            until(b, lambda m: m["type"] == "presence" and len(m["seats"]) == 2)
            told = sum(presence_frames.values())
            with client.websocket_connect(f"/ws/{room}") as again:  # Ana's page reloaded
                hello(again, ana)
                time.sleep(WINDOW_SECONDS * 3)
                assert sum(presence_frames.values()) == told + 1  # the new page's own
        until(b, lambda m: m["type"] == "presence" and len(m["seats"]) == 1)  # Ana gone


def test_f20_seats_arriving_together_are_told_together() -> None:
    async def body() -> None:
        feed = RoomFeed(lambda event, seat: None)
        feeds = {"room": feed}
        announcer = Announcer(LocalPresence(), feeds.get)
        listeners = [Listener(f"s{number}") for number in range(1, 11)]
        for listener in listeners:  # ten players connect within one window
            feed.add(listener)
            await announcer.arrived("room", feed, listener)
        await asyncio.sleep(WINDOW_SECONDS * 2)
        frames = [[listener.outbox.get_nowait() for _ in range(listener.outbox.qsize())]
                  for listener in listeners]  # fmt: skip
        # each: its own arrival's presence, then everybody's once
        assert [len(told) for told in frames] == [2] * 10
        everybody = (
            '{"type":"presence","seats":["s1","s10","s2","s3","s4","s5","s6","s7","s8","s9"]}'
        )
        assert all(told[-1] == everybody for told in frames)
        feed.remove(listeners[0])  # one leaves: one frame to each of the others
        await announcer.left("room", feed)
        await asyncio.sleep(WINDOW_SECONDS * 2)
        assert [listener.outbox.qsize() for listener in listeners[1:]] == [1] * 9
        await announcer.close()

    asyncio.run(body())


def test_f20_a_read_that_answers_after_a_later_one_is_not_told() -> None:
    """On a busy process two reads of a room's presence can be in flight: the later one
    (the seat gone) answering first, the earlier (the seat there) after. What stays told
    is the later read's."""

    class Slow:
        """One process's presence whose reads answer when the test says so."""

        def __init__(self) -> None:
            self.inner = LocalPresence()
            self.answers: list[asyncio.Event] = []

        async def update(self, room: str, seats: Sequence[str]) -> list[str]:
            return await self.inner.update(room, seats)

        async def seats(self, room: str) -> list[str]:
            answered, seats = asyncio.Event(), await self.inner.seats(room)
            self.answers.append(answered)
            await answered.wait()
            return seats

        def on_change(self, changed: Callable[[str], None]) -> None:
            self.inner.on_change(changed)

        async def close(self) -> None:
            await self.inner.close()

    class Told:
        """A room's feed here, as the announcer sees it: what it was told."""

        presence_shown = True

        def __init__(self) -> None:
            self.listeners = [object()]
            self.told: list[list[str]] = []

        def announce_presence(self, seats: list[str]) -> None:
            self.told.append(seats)

    async def reads(presence: Slow, count: int) -> None:
        while len(presence.answers) < count:
            await asyncio.sleep(0.01)

    async def main() -> None:
        presence, feed = Slow(), Told()
        announcer = Announcer(presence, lambda room: feed)  # type: ignore[arg-type,return-value]
        await presence.update("room", ["s1", "s2"])
        announcer.changed_elsewhere("room")  # another process's seat came
        await reads(presence, 1)
        await presence.update("room", ["s1"])
        announcer.changed_elsewhere("room")  # and went
        await reads(presence, 2)
        presence.answers[1].set()  # the later read answers first
        await asyncio.sleep(0.05)
        presence.answers[0].set()
        await asyncio.sleep(0.05)
        assert feed.told == [["s1"]]
        assert not announcer._reads  # nothing kept of a room once its reads answered
        await announcer.close()

    asyncio.run(main())
