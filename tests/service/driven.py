"""A room driven by hand with a manual clock, every event kept: what the rooms' tests
share (the duplicate's, the tournament's). A kind's helper subclasses it, creates its
room and seats its people."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from motamot.service.rooms.actor import Actor
from motamot.service.rooms.events import Event
from motamot.service.rooms.outcomes import Refusal
from tests.service.conftest import KINDS, lexicons

T0 = 1_700_000_000.0

R = TypeVar("R", bound=Actor[Any])


class Driven(Generic[R]):
    """`room`, created at `now`, each command handled after its due ticks."""

    def __init__(self, room: R, now: float = T0) -> None:
        self.room = room
        self.now = now
        self.events: list[Event] = [room.created]

    def send(self, seat: str | None, command: Any) -> list[Event] | Refusal:
        self.events.extend(self.room.tick(self.now))
        out = self.room.handle(seat, command, self.now)
        if isinstance(out, list):
            self.events.extend(out)
        return out

    def ok(self, seat: str | None, command: Any) -> list[Event]:
        out = self.send(seat, command)
        assert isinstance(out, list), out
        return out

    def refused(self, seat: str | None, command: Any) -> str:
        """The refusal's code; nothing was stored."""
        before = self.room.last_seq
        out = self.send(seat, command)
        assert isinstance(out, Refusal), out
        assert self.room.last_seq == before
        return out.code

    def advance(self, seconds: float) -> list[Event]:
        self.now += seconds
        due = self.room.tick(self.now)
        self.events.extend(due)
        return due

    def rebuilt(self) -> R:
        """The room again from its events, each through the kind's codec (as stored)."""
        codec = KINDS[self.room.KIND].codec
        stored = [codec.decode(codec.encode(event)) for event in self.events]
        room = type(self.room).from_events(stored, lexicons)
        assert isinstance(room, type(self.room))
        return room
