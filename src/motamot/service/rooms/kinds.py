"""Room kinds: each game or mode is one, registered by name; the host knows only these.

A kind names its settings type, its actor class, its own events and commands, and the
tags it stored in older versions. From them come its event codec and its part of the
command codec, so a new game is one new kind and nothing else in the rooms changes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from motamot.service.ports import StoredEvent
from motamot.service.rooms.actor import Actor, Lexicons
from motamot.service.rooms.codec import (
    CommandCodec,
    EventCodec,
    EventDecodeError,
    created_kind,
)
from motamot.service.rooms.commands import Command
from motamot.service.rooms.events import Event
from motamot.service.rooms.outcomes import Refusal


@dataclass(frozen=True, eq=False)
class RoomKind:
    """One game or mode of play, as the rooms layer sees it."""

    name: str
    settings: type[Any]
    room: type[Actor[Any]]
    #: The kind's own events and commands (the shared ones are every kind's).
    events: tuple[type[Event], ...]
    commands: tuple[type[Command], ...]
    #: Tags this kind stored before the rooms shared their vocabulary → today's tags.
    legacy_tags: Mapping[str, str] = field(default_factory=dict)

    @cached_property
    def codec(self) -> EventCodec:
        return EventCodec(self.name, self.settings, self.events, self.legacy_tags)

    def create(
        self,
        room_id: str,
        settings: Any,
        now: float,
        lexicons: Lexicons,
        invite: str | None = None,
    ) -> Actor[Any] | Refusal:
        return self.room.create(room_id, settings, now, lexicons, invite)

    def from_events(self, events: Sequence[Event], lexicons: Lexicons) -> Actor[Any]:
        return self.room.from_events(events, lexicons)


class Kinds:
    """The kinds a host serves, by name and by settings type."""

    def __init__(self, kinds: Iterable[RoomKind]) -> None:
        self._by_name: dict[str, RoomKind] = {}
        for kind in kinds:
            if kind.name in self._by_name:
                raise ValueError(f"room kind {kind.name!r} registered twice")
            self._by_name[kind.name] = kind
        self._by_settings = {kind.settings: kind for kind in self._by_name.values()}
        self._legacy_created = {
            old: kind.name
            for kind in self._by_name.values()
            for old, new in kind.legacy_tags.items()
            if new == "room.created"
        }
        self.commands = CommandCodec(
            [(kind.name, kind.settings, kind.commands) for kind in self._by_name.values()]
        )

    def __iter__(self) -> Any:
        return iter(self._by_name.values())

    def __getitem__(self, name: str) -> RoomKind:
        return self._by_name[name]

    def names(self) -> list[str]:
        return list(self._by_name)

    def for_settings(self, settings: Any) -> RoomKind | None:
        return self._by_settings.get(type(settings))

    def of_first(self, row: StoredEvent) -> RoomKind:
        """The kind of the room whose first stored event is `row`."""
        name = created_kind(row.data, self._legacy_created)
        kind = self._by_name.get(name) if name is not None else None
        if kind is None:
            raise EventDecodeError("unknown_kind", room=row.room, kind=name)
        return kind

    def rebuild(self, rows: Sequence[StoredEvent], lexicons: Lexicons) -> Actor[Any]:
        """The room whose stored events are `rows` (the first is its creation)."""
        kind = self.of_first(rows[0])
        events = [kind.codec.from_stored(row) for row in rows]
        return kind.from_events(events, lexicons)
