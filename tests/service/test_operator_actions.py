"""The server's operator acts on a room (issue 36), in every kind: a message removed
(`room.chat_removed`: the views show the line removed, without its words), a person
removed (`room.seat_removed` by the operator, even from a rated game in play), the room
closed (`room.closed`: every command refused, its clock stopped). Only the system (seat
None) gives these commands; hostile numbers are refused and change nothing; everything
replays the same from the store."""

from __future__ import annotations

from typing import Any

import pytest

from motamot.service.boggle.commands import StartRound
from motamot.service.rooms.actor import Actor
from motamot.service.rooms.chat import around
from motamot.service.rooms.codec import CommandCodec
from motamot.service.rooms.commands import (
    CloseRoom,
    Join,
    RemoveMessage,
    RemovePlayer,
    Say,
    SetReady,
)
from motamot.service.rooms.events import ChatRemoved, Event, RoomClosed, SeatRemoved
from motamot.service.rooms.outcomes import Refusal
from motamot.service.rooms.shown import frame_json
from motamot.service.topword.commands import Start
from tests.service.conftest import digest, lexicons
from tests.service.test_removal import ROOMS, new_room, replayed, sit

T0 = 1_700_000_000.0


def said(room: Actor[Any], seat: str, text: str, log: list[Event]) -> int:
    out = room.handle(seat, Say(text), T0)
    assert isinstance(out, list), out
    log.extend(out)
    return out[-1].seq


@pytest.mark.parametrize("kind", sorted(ROOMS))
def test_a_message_removed_by_the_operator_shows_removed_everywhere(kind: str) -> None:
    room = new_room(kind)
    log: list[Event] = []
    before = room.last_seq
    ana, troll = sit(room, "Ana"), sit(room, "Troll")
    first = said(room, ana, "bonjour", log)
    bad = said(room, troll, "insulte", log)
    last = said(room, ana, "hé !", log)
    for seat in (ana, troll):  # nobody seated removes a message, not even the host
        assert room.handle(seat, RemoveMessage(bad), T0) == Refusal("not_host")
    for hostile in (0, -1, 2**62, before, first - 1):
        out = room.handle(None, RemoveMessage(hostile), T0)
        assert isinstance(out, Refusal) and out.code == "no_such_message"
    seq = room.last_seq
    out = room.handle(None, RemoveMessage(bad), T0 + 1)
    assert isinstance(out, list) and out == [ChatRemoved(seq + 1, bad, T0 + 1)]
    again = room.handle(None, RemoveMessage(bad), T0 + 2)
    assert isinstance(again, Refusal) and again.code == "message_removed_already"
    lines = frame_json(room.view(None))["chat"]["lines"]
    assert [(line["seq"], line.get("text"), line.get("removed")) for line in lines] == [
        (first, "bonjour", None),
        (bad, None, True),
        (last, "hé !", None),
    ]
    shown = frame_json(room.visible(out[0], ana))
    assert shown == {"type": "room.chat_removed", "seq": seq + 1, "said": bad}
    # a report made now keeps only what is still shown: Troll said nothing else
    assert around(room.chat.lines, troll, room.chat.removed) == []


@pytest.mark.parametrize("kind", ["boggle", "topword"])
def test_the_operator_removes_a_person_even_from_a_rated_game_in_play(kind: str) -> None:
    room = new_room(kind, rated=True)
    ana = sit(room, "Ana", "player-ana")
    troll = sit(room, "Troll", "player-troll")
    start = StartRound(7) if kind == "boggle" else Start(7)
    assert isinstance(room.handle(ana, start, T0), list)
    assert room.handle(ana, RemovePlayer(troll), T0) == Refusal("rated_in_play")  # the host
    out = room.handle(None, RemovePlayer(troll), T0)
    assert isinstance(out, list)
    removed = [event for event in out if isinstance(event, SeatRemoved)]
    assert removed and removed[0].operator is True and removed[0].seat == troll
    back = room.handle(None, Join("Troll", digest("Troll"), player="player-troll"), T0)
    assert isinstance(back, Refusal)  # removed for good, as by the host (P1)


@pytest.mark.parametrize("kind", sorted(ROOMS))
def test_a_closed_room_takes_nothing_and_replays_closed(kind: str) -> None:
    room = new_room(kind)
    joined = room.handle(None, Join("Ana", digest("Ana")), T0)
    assert isinstance(joined, list)
    ana = joined[-1].seat  # type: ignore[attr-defined]
    assert room.handle(ana, CloseRoom(), T0) == Refusal("not_host")  # the host may not
    out = room.handle(None, CloseRoom(), T0 + 5)
    assert isinstance(out, list) and out == [RoomClosed(room.last_seq, T0 + 5)]
    assert room.closed and replayed(room, [room.created, *joined, *out]).closed
    for seat, command in (
        (ana, Say("encore ?")),
        (ana, SetReady(True)),
        (None, Join("Bob", digest("Bob"))),
        (None, CloseRoom()),
        (None, RemovePlayer(ana)),
    ):
        assert room.handle(seat, command, T0 + 6) == Refusal("room_closed")
    assert frame_json(room.visible(out[0], None)) == {"type": "room.closed", "seq": out[0].seq}


def test_the_commands_travel_between_processes_and_hostile_ones_are_refused() -> None:
    from motamot.web import default_kinds

    codec: CommandCodec = default_kinds().rooms.commands
    for command in (RemoveMessage(7), CloseRoom()):
        assert codec.decode(codec.encode(None, command)) == (None, command)
    for hostile in (
        '{"type": "remove_message", "said": "7"}',
        '{"type": "remove_message"}',
        '{"type": "close_room", "at": 1}',
    ):
        relayed = '{"kind": "boggle", "seat": null, "command": ' + hostile + "}"
        with pytest.raises(ValueError, match="not a known command"):
            codec.decode(relayed)


def test_a_closed_room_s_clock_stops_in_the_host_and_it_may_be_unloaded() -> None:
    from motamot.service.boggle.commands import StartRound
    from motamot.service.brokers.local import LocalBroadcaster
    from motamot.service.ports import ManualClock
    from motamot.service.rooms.host import RoomHost
    from motamot.service.rooms.outcomes import Ack
    from motamot.service.stores.memory import MemoryStore
    from tests.service.conftest import KINDS, lexicons, run
    from tests.service.test_host import seated_room

    async def body() -> None:
        store, clock = MemoryStore(), ManualClock()
        host = RoomHost(store, LocalBroadcaster(), clock, lexicons, KINDS)
        room_id = await seated_room(host, "ana")
        assert isinstance(await host.submit(room_id, "s1", StartRound(3)), Ack)
        assert not await host.unload(room_id)  # a round running: its clock has work
        assert isinstance(await host.submit(room_id, None, CloseRoom()), Ack)
        stored = len(await store.load(room_id))
        clock.advance(3600)
        assert await host.tick(room_id) == []  # the round's end never comes
        assert len(await store.load(room_id)) == stored
        assert await host.unload(room_id)  # nothing left to run: memory given back
        again = await host.submit(room_id, "s1", StartRound(4))  # rebuilt from the store
        assert isinstance(again, Refusal) and again.code == "room_closed"

    run(body)


def test_the_arena_s_room_is_never_closed_its_people_may_be_removed() -> None:
    from motamot.service.arena.room import ArenaRoom
    from tests.service.arena.helpers import SCHEDULE, SECRET

    settings = SCHEDULE.settings(SECRET, 3)
    room = ArenaRoom.create("a", settings, settings.start - 5, lexicons)
    assert isinstance(room, ArenaRoom) and not room.CLOSABLE
    joined = room.handle(None, Join("ana", digest("ana"), None, "ana"), settings.start - 4)
    assert isinstance(joined, list)
    refused = room.handle(None, CloseRoom(), settings.start - 3)
    assert isinstance(refused, Refusal) and refused.code == "not_closable" and not room.closed
    removed = room.handle(None, RemovePlayer("s1"), settings.start - 2)
    assert isinstance(removed, list) and removed[-1] == SeatRemoved(
        room.last_seq, "s1", settings.start - 2, operator=True
    )
