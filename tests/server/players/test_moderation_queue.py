"""The command line's queued room actions as a server does them: taken by one process
only, submitted to the room, what came of it written (done, a refusal with its fields,
an unreadable command, a host that failed), and actions done long ago forgotten."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from motamot.server.players.moderation_queue import (
    DONE,
    LIVE_SEATS,
    QUEUE_KEPT,
    encode,
    live_rooms,
    refusal_of,
    run_one,
)
from motamot.service.players.operators import Queued
from motamot.service.players.store import PlayerStore
from motamot.service.ports import ManualClock
from motamot.service.rooms.commands import CloseRoom, RemoveMessage
from motamot.service.rooms.outcomes import Ack, Refusal
from tests.service.conftest import run


class Host:
    """A host that answers each room as told, and remembers what it was given."""

    def __init__(self) -> None:
        self.given: list[tuple[str, Any]] = []

    async def submit(self, room: str, seat: str | None, command: Any) -> Ack | Refusal:
        assert seat is None  # the system's
        self.given.append((room, command))
        if room == "broken":
            raise ConnectionError("store down")
        if room == "closed":
            return Refusal("room_closed")
        if isinstance(command, RemoveMessage) and command.said == 9:
            return Refusal("no_such_message", {"said": 9})
        return Ack(7, ())


def test_each_queued_action_is_done_once_and_its_outcome_kept(tmp_path: Path) -> None:
    async def body() -> None:
        store = await PlayerStore.open(str(tmp_path / "rooms.sqlite3"))
        clock, host = ManualClock(), Host()
        try:
            actions = [
                Queued("a", "r" * 16, encode(CloseRoom()), 1.0),
                Queued("b", "r" * 16, encode(RemoveMessage(9)), 2.0),
                Queued("c", "closed", encode(CloseRoom()), 3.0),
                Queued("d", "r" * 16, '{"type": "drop_tables"}', 4.0),
                Queued("e", "broken", encode(CloseRoom()), 5.0),
            ]
            for action in actions:
                await store.enqueue(action)
            waiting = await store.waiting()
            assert [one.id for one in waiting] == ["a", "b", "c", "d", "e"]
            outcomes = [await run_one(store, host, clock, one) for one in waiting]
            assert outcomes[0] == DONE
            assert refusal_of(outcomes[1] or "") == Refusal("no_such_message", {"said": 9})
            assert refusal_of(outcomes[2] or "").code == "room_closed"
            assert refusal_of(outcomes[3] or "").code == "bad_command"
            assert refusal_of(outcomes[4] or "").code == "failed"
            assert len(host.given) == 4  # the unreadable one never reached a room
            assert await run_one(store, host, clock, waiting[0]) is None  # taken already
            assert await store.waiting() == []
            done = await store.queued("a")
            assert done is not None and done.outcome == DONE
            assert refusal_of("not json").code == "bad_command"
            clock.advance(QUEUE_KEPT + 1)  # a week on: the old actions go as a new one ends
            await store.enqueue(Queued("f", "r" * 16, encode(CloseRoom()), 6.0))
            assert await run_one(store, host, clock, (await store.waiting())[0]) == DONE
            assert await store.queued("a") is None and await store.queued("f") is not None
        finally:
            await store.close()

    run(body)


def test_the_rooms_held_are_written_with_their_first_present_seats_fullest_first() -> None:
    """An arena round of thousands is written with LIVE_SEATS of its present seats; the
    absent and removed are left out; a closed room is not written."""
    from types import SimpleNamespace

    def seat(n: int, present: bool = True, removed: bool = False) -> Any:
        return SimpleNamespace(
            seat=f"s{n}",
            name=f"P{n}",
            player=f"p{n}",
            is_bot=False,
            present=present,
            removed=removed,
        )

    def room(kind: str, seats: list[Any], closed: bool = False) -> Any:
        return SimpleNamespace(KIND=kind, closed=closed, seats={s.seat: s for s in seats})

    arena = [seat(0, present=False), seat(1, removed=True)] + [seat(n) for n in range(2, 3000)]
    rooms = {
        "small": room("boggle", [seat(1), seat(2, present=False)]),
        "arena": room("arena", arena),
        "shut": room("boggle", [seat(1)], closed=True),
    }
    host = SimpleNamespace(in_memory=lambda: list(rooms), loaded=rooms.get)
    written = live_rooms(host)
    assert [one["room"] for one in written] == ["arena", "small"]
    assert [s["seat"] for s in written[0]["seats"]] == [f"s{n}" for n in range(2, 2 + LIVE_SEATS)]
    assert written[1]["seats"] == [{"seat": "s1", "name": "P1", "player": "p1", "bot": False}]
