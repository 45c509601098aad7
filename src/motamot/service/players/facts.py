"""What the players' projections take from a room's events: seats taken by lasting
players, matches and games that ended, seats renamed. Found the same way live (the
host's observer) and from the store (the catch-up at start, a rebuild)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec

from motamot.service.ports import StoredEvent
from motamot.service.rooms.actor import Actor, Lexicons
from motamot.service.rooms.events import Event, SeatRenamed, SeatTaken
from motamot.service.rooms.kinds import Kinds
from motamot.service.rooms.results import GameOutcome


@dataclass(frozen=True)
class SeatFact:
    player: str
    room: str
    seat: str
    kind: str
    name: str
    joined: float
    #: The room's invitation: « Mes parties » gives the player back the players' link.
    invite: str | None = None


@dataclass(frozen=True)
class RenameFact:
    room: str
    seat: str
    name: str


@dataclass
class RoomFacts:
    """One room's facts up to event `last`: the projection's mark for the room is `last`."""

    room: str
    last: int
    seats: list[SeatFact] = field(default_factory=list)
    outcomes: list[GameOutcome] = field(default_factory=list)
    renames: list[RenameFact] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.seats or self.outcomes or self.renames)


def _seat_fact(room: Actor[Any], event: SeatTaken) -> SeatFact | None:
    if event.player is None:
        return None
    joined = event.at if event.at is not None else room.created.at
    return SeatFact(
        event.player, room.room_id, event.seat, room.KIND, event.name, joined, room.created.invite
    )


def _handed_fact(room: Actor[Any], seat: str, player: str, since: float) -> SeatFact:
    """A seat handed to another player (`Actor.handed`) is that player's seat too."""
    name = room.seats[seat].name
    return SeatFact(player, room.room_id, seat, room.KIND, name, since, room.created.invite)


def collect(room: Actor[Any], event: Event, facts: RoomFacts) -> None:
    """Add what `event`, just folded into `room`, brings (nothing for most events); the
    room's mark is its last event that brought something."""
    match event:
        case SeatTaken():
            seat = _seat_fact(room, event)
            if seat is None:
                return
            facts.seats.append(seat)
        case SeatRenamed(seat=seat, name=name):
            facts.renames.append(RenameFact(room.room_id, seat, name))
        case _:
            handed = room.handed(event)
            if handed is not None:
                facts.seats.append(_handed_fact(room, *handed))
            outcome = room.outcome(event)
            if outcome is not None:
                facts.outcomes.append(outcome)
            if handed is None and outcome is None:
                return
    facts.last = max(facts.last, event.seq)


def live_facts(room: Actor[Any], events: Sequence[Event]) -> RoomFacts | None:
    """What events just stored bring, read off the room as it is now; None if an ending
    is not the last of them (the room has moved on: the projector folds the store)."""
    facts = RoomFacts(room.room_id, 0)
    for event in events:
        if isinstance(event, room.ENDINGS) and event.seq != room.last_seq:
            return None
        collect(room, event, facts)
    return facts


def ending_tags(kinds: Kinds) -> frozenset[str]:
    """The stored tags of every kind's endings."""
    return frozenset(
        str(ending.__struct_config__.tag) for kind in kinds for ending in kind.room.ENDINGS
    )


class _Head(msgspec.Struct):
    type: str
    player: str | None = None


_HEAD = msgspec.json.Decoder(_Head)


def interesting(rows: Iterable[StoredEvent], endings: frozenset[str]) -> bool:
    """Whether stored rows hold a fact (read by their tags and player only: cheap)."""
    for row in rows:
        head = _HEAD.decode(row.data)
        if head.type in endings or head.type == "room.seat_renamed":
            return True
        if head.type == "room.seat_taken" and head.player is not None:
            return True
    return False


def stored_facts(
    kinds: Kinds, rows: Sequence[StoredEvent], lexicons: Lexicons, after: int = 0
) -> RoomFacts:
    """A room folded from its stored events, with the facts of those after `after`."""
    kind = kinds.of_first(rows[0])
    events: Iterator[Event] = (kind.codec.from_stored(row) for row in rows)
    room = kind.from_events([next(events)], lexicons)
    facts = RoomFacts(room.room_id, 0)
    for event in events:
        room.apply(event)
        if event.seq > after:
            collect(room, event, facts)
    return facts
