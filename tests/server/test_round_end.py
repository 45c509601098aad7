"""A round's end costs the server what a word does (issue 27): the results are built once per
room, off the event loop, and every seat and spectator gets the same frame; a socket is
closed for silence, never for a busy server's late pong."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from motamot.server import ws
from motamot.server.feed import Listener, RoomFeed
from motamot.service.boggle import views
from motamot.service.boggle.commands import StartRound, WriteWord
from motamot.service.boggle.room import BoggleRoom
from motamot.service.boggle.settings import BoggleSettings
from motamot.service.brokers.local import LocalBroadcaster
from motamot.service.ports import ManualClock
from motamot.service.rooms.commands import Join
from motamot.service.rooms.host import RoomHost
from motamot.service.rooms.outcomes import Ack
from motamot.service.stores.memory import MemoryStore
from tests.server.helpers import create, hello
from tests.service.conftest import KINDS, digest, lexicons


def played_room() -> tuple[BoggleRoom, list[Any]]:
    """A room of four whose round has just ended, and the events of its end."""
    room = BoggleRoom.create("r" * 16, BoggleSettings(duration=60.0), 0.0, lexicons)
    assert isinstance(room, BoggleRoom)
    for name in ("ana", "bob", "cat", "dan"):
        assert isinstance(room.handle(None, Join(name, digest(name)), 0.0), list)
    assert isinstance(room.handle("s1", StartRound(2024), 0.0), list)
    for seat, text in (("s1", "main"), ("s2", "faim"), ("s3", "main"), ("s4", "zzq")):
        room.handle(seat, WriteWord(text), 5.0)
    return room, room.tick(61.0)


def test_every_seat_and_spectator_gets_one_and_the_same_results_frame(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    room, ended = played_room()
    built = 0
    build = views._result_shown

    def counted(*args: Any) -> Any:
        nonlocal built
        built += 1
        return build(*args)

    monkeypatch.setattr(views, "_result_shown", counted)
    feed = RoomFeed(room.visible)
    listeners = [Listener(seat) for seat in ("s1", "s2", "s3", "s4", None, None)]
    for listener in listeners:
        feed.add(listener)
    feed.deliver(ended)
    frames = [listener.outbox.get_nowait() for listener in listeners]
    assert all(frame is frames[0] for frame in frames)  # one string in every outbox
    assert '"boggle.round_ended"' in str(frames[0]) and '"missed"' in str(frames[0])
    for seat in (None, "s1", "s2"):  # and the pages that reconnect later
        assert room.view(seat)["round"]["result"] == room.view(None)["round"]["result"]
    assert built == 1


def test_the_host_builds_the_results_off_the_event_loop() -> None:
    async def main() -> tuple[set[str], bool]:
        host = RoomHost(MemoryStore(), LocalBroadcaster(), ManualClock(), lexicons, KINDS)
        await host.start(timers=False)
        room_id = await host.create(BoggleSettings(duration=60.0), [Join("ana", digest("ana"))])
        assert isinstance(room_id, str)
        await host.submit(room_id, "s1", StartRound(7))
        await host.submit(room_id, "s1", WriteWord("main"))
        room = host.room(room_id)
        assert isinstance(room, BoggleRoom)
        threads: set[str] = set()
        prepare = room.preparing

        def watched(events: Any) -> Any:
            work = prepare(events)
            if work is None:
                return None

            def run() -> None:
                threads.add(threading.current_thread().name)
                work()

            return run

        room.preparing = watched  # type: ignore[method-assign]
        host.clock.advance(61)  # type: ignore[attr-defined]
        await host.tick(room_id)
        state = room.round
        assert state is not None
        return threads, state.shown_end is not None

    threads, built = asyncio.run(main())
    assert built and threads and threading.main_thread().name not in threads


def test_a_silent_socket_is_closed_as_gone(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ws, "IDLE_SECONDS", 0.3)
    room, ana = create(client)
    with client.websocket_connect(f"/ws/{room}") as socket:
        hello(socket, ana)
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                socket.receive_json()
        assert closed.value.code == ws.CLOSE_IDLE


def test_rounds_ending_together_take_turns_and_a_room_still_playing_is_answered() -> None:
    """More rooms than ENDS_AT_ONCE reach their deadline at once while their results cannot
    be built (the results thread is held): no more than ENDS_AT_ONCE have ended (the
    others wait their turn), and a word of a room still playing is answered meanwhile;
    once let go, every room has ended."""
    from motamot.service.rooms.host import ENDS_AT_ONCE

    ending = ENDS_AT_ONCE + 6

    async def main() -> tuple[int, bool, int]:
        host = RoomHost(MemoryStore(), LocalBroadcaster(), ManualClock(), lexicons, KINDS)
        await host.start(timers=True)
        held = threading.Event()
        rooms: list[BoggleRoom] = []
        for _ in range(ending + 1):
            room_id = await host.create(BoggleSettings(duration=60.0), [Join("ana", digest("ana"))])
            assert isinstance(room_id, str)
            room = host.room(room_id)
            assert isinstance(room, BoggleRoom)
            rooms.append(room)
        playing = rooms.pop()
        for room in rooms:
            await host.submit(room.room_id, "s1", StartRound(7))
            prepare = room.preparing

            def watched(events: Any, prepare: Any = prepare) -> Any:
                work = prepare(events)
                if work is None:
                    return None

                def run() -> None:
                    held.wait(10)
                    work()

                return run

            room.preparing = watched  # type: ignore[method-assign]
        host.clock.advance(30)  # type: ignore[attr-defined]
        await host.submit(playing.room_id, "s1", StartRound(8))
        host.clock.advance(31)  # type: ignore[attr-defined]
        for room in rooms:
            host._poke(room.room_id)
        await asyncio.sleep(0.3)
        ended_while_held = sum(1 for room in rooms if room.finished())
        answer = await asyncio.wait_for(host.submit(playing.room_id, "s1", WriteWord("main")), 2)
        held.set()
        for _ in range(250):
            await asyncio.sleep(0.02)
            if all(room.finished() for room in rooms):
                break
        ended = sum(1 for room in rooms if room.finished())
        await host.close()
        return ended_while_held, isinstance(answer, Ack), ended

    ended_while_held, answered, ended = asyncio.run(main())
    assert ended_while_held == ENDS_AT_ONCE and answered and ended == ending


def test_a_summary_to_every_socket_goes_out_in_parts_each_socket_once() -> None:
    """A kind's live summary (the arena's activity) to thousands of sockets is sent a part
    at a time: over the n parts every socket gets it exactly once, and no part holds them
    all (the loop serves words between two parts)."""
    feed = RoomFeed(lambda event, seat: None)
    listeners = [Listener(f"s{n}") for n in range(1000)]
    for listener in listeners:
        feed.add(listener)
    sent = [feed.broadcast("summary", (part, 10)) for part in range(10)]
    assert sum(sent) == 1000 and max(sent) < 200
    assert all(listener.outbox.qsize() == 1 for listener in listeners)
    assert feed.broadcast("again") == 1000  # whole, as before
