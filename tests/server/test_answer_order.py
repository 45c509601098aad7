"""A writer's answer never overtakes the events stored before its own (issue 27: with
several processes, a page saw its own word's number one past the last event it held,
took it as a hole and resynced, 13-25 times a run of bench_server --store scale)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from motamot.server.feed import CLOSE_REMOVED, Listener, RoomFeed
from motamot.server.rooms import Rooms
from motamot.service.brokers.local import LocalSubscription
from motamot.service.rooms.events import Event
from tests.server.helpers import create, hello, join, send, until

#: How late the room's events reach this process's sockets (another process wrote them).
LATE = 0.3


def test_an_answer_waits_for_the_events_stored_before_its_own(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    batches = LocalSubscription.batches

    async def late(self: LocalSubscription) -> AsyncIterator[list[Any]]:
        async for batch in batches(self):
            await asyncio.sleep(LATE)
            yield batch

    monkeypatch.setattr(LocalSubscription, "batches", late)
    room, ana = create(client)
    bob = join(client, room, "Bob")
    with (
        client.websocket_connect(f"/ws/{room}") as ana_socket,
        client.websocket_connect(f"/ws/{room}") as bob_socket,
    ):
        hello(ana_socket, ana)
        last = hello(bob_socket, bob)["view"]["seq"]
        send(ana_socket, {"type": "start", "id": 1})
        until(ana_socket, lambda m: m["type"] == "ack")
        seen = [e["seq"] for e in until(bob_socket, lambda m: m["type"] == "events")["events"]]
        last = max(last, *seen)
        send(ana_socket, {"type": "word", "text": "zzzz", "id": 2})
        until(ana_socket, lambda m: m["type"] == "ack")
        send(bob_socket, {"type": "word", "text": "yyyy", "id": 3})
        order = []
        while True:
            message = until(bob_socket, lambda m: m["type"] in ("events", "ack"))
            order.append((message["type"], [e["seq"] for e in message["events"]]))
            if message["type"] == "ack":
                break
    numbers = [seq for _, seqs in order for seq in seqs if seq > last]
    assert numbers == sorted(numbers) and numbers[0] == last + 1, order


def test_reach_waits_for_a_delivery_and_gives_up_after_its_time() -> None:
    async def main() -> tuple[bool, bool, bool]:
        feed = RoomFeed(lambda event, seat: None)
        feed.seq = 4
        at_once = await feed.reach(4, 0.01)
        waiting = asyncio.create_task(feed.reach(6, 5.0))
        await asyncio.sleep(0)
        feed.deliver([Event(5)])
        await asyncio.sleep(0)
        assert not waiting.done()
        feed.deliver([Event(6)])
        reached = await waiting
        given_up = await feed.reach(9, 0.01)
        return at_once, reached, given_up

    assert asyncio.run(main()) == (True, True, False)


def test_reach_settles_each_waiter_when_its_event_comes_in_any_order_of_waiting() -> None:
    """Waiters kept by seq (a heap): each settles with the delivery of its own seq, not
    before; those given up leave nothing behind once the feed passes them."""

    async def main() -> list[int]:
        feed = RoomFeed(lambda event, seat: None)
        wanted = [7, 3, 9, 3, 5, 8]
        waiters = [asyncio.create_task(feed.reach(seq, 5.0)) for seq in wanted]
        gave_up = await feed.reach(6, 0.01)
        assert not gave_up
        settled: list[int] = []
        for seq in range(1, 10):
            feed.deliver([Event(seq)])
            for _ in range(3):  # the future set, then the task woken
                await asyncio.sleep(0)
            now = sorted(w for w, task in zip(wanted, waiters, strict=True) if task.done())
            assert now == sorted(w for w in wanted if w <= seq), (seq, now)
            settled = now
        assert all(await asyncio.gather(*waiters))
        assert len(feed._reaching) == 0  # the one given up too
        return settled

    assert asyncio.run(main()) == [3, 3, 5, 7, 8, 9]


def test_a_socket_s_first_frame_is_its_welcome_and_what_came_meanwhile_follows(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While Bob's welcome is made, Ana starts the round: the event reaches Bob's socket
    after his welcome (the welcome not holding it), never before it, where his page took
    it for a hole and asked for the whole room again (CI: the players' browser test)."""
    made, gate = threading.Event(), threading.Event()
    view = Rooms.view

    async def slow(self: Rooms, room_id: str, seat: str | None) -> Any:
        shown = await view(self, room_id, seat)
        if seat == "s2":  # Bob's welcome is made: it waits until Ana has started
            made.set()
            await asyncio.to_thread(gate.wait, 10)
        return shown

    room, ana = create(client)
    bob = join(client, room, "Bob")
    with client.websocket_connect(f"/ws/{room}") as ana_socket:
        hello(ana_socket, ana)
        monkeypatch.setattr(Rooms, "view", slow)
        with client.websocket_connect(f"/ws/{room}") as bob_socket:
            send(bob_socket, {"type": "hello", "token": bob})
            assert made.wait(10)
            send(ana_socket, {"type": "start", "id": 1})
            until(ana_socket, lambda m: m["type"] == "ack")
            gate.set()
            first = bob_socket.receive_json()
            assert first["type"] == "welcome", first
            welcomed = first["view"]["seq"]
            started = until(bob_socket, lambda m: m["type"] == "events")["events"]
            assert started[-1]["seq"] == welcomed + len(started), (welcomed, started)


def test_what_a_held_socket_is_given_goes_after_its_first_frame_in_order() -> None:
    async def main() -> list[str | int | None]:
        listener = Listener("s1")
        listener.hold()
        listener.push("event 5")
        listener.dismiss("removed", CLOSE_REMOVED)
        listener.release("welcome")
        listener.push("after")  # no longer held
        return [listener.outbox.get_nowait() for _ in range(listener.outbox.qsize())]

    sent = asyncio.run(main())
    assert sent[0] == "welcome" and sent[1] == "event 5"
    assert '"type":"error"' in str(sent[2]) and sent[3] == CLOSE_REMOVED and sent[4] == "after"


def test_a_socket_turned_away_while_held_gets_nothing_of_the_room_only_why() -> None:
    async def main() -> list[str | int | None]:
        listener = Listener("s1")
        listener.hold()
        listener.push("event 5")  # the room's, while the welcome was being made
        listener.turn_away("banned", CLOSE_REMOVED)
        return [listener.outbox.get_nowait() for _ in range(listener.outbox.qsize())]

    sent = asyncio.run(main())
    assert len(sent) == 2 and '"type":"error"' in str(sent[0]) and '"banned"' in str(sent[0])
    assert sent[1] == CLOSE_REMOVED
