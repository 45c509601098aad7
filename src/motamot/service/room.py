"""What the host needs of a room, whatever the game: the actor's interface and its kinds.

A kind ties a game's setup type and creation event to its room class, so the
host creates rooms from a setup and rebuilds any room from its events.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from motamot.lexicon import Lexicon
from motamot.service.events import Event
from motamot.service.outcomes import Refusal

#: A dictionary name (or path) → its word list; the host caches them.
Lexicons = Callable[[str], Lexicon]


class PendingTurn(Protocol):
    """A computer player's turn for the host to compute outside the room (a worker thread)."""

    @property
    def seat(self) -> str: ...

    @property
    def not_before(self) -> float: ...

    def decide(self, stop: Callable[[], bool] | None = None) -> Any: ...


class Room(Protocol):
    """One game's actor (ROOMS.md): the fold of its events, one command at a time."""

    room_id: str
    last_seq: int

    @property
    def created(self) -> Event: ...

    def handle(self, seat: str | None, command: Any, now: float) -> list[Event] | Refusal: ...

    def apply(self, event: Event) -> None: ...

    def tick(self, now: float) -> list[Event]: ...

    def next_wakeup(self) -> float | None: ...

    def pending_bot(self) -> PendingTurn | None: ...

    def view(self, seat: str | None) -> dict[str, Any]: ...

    def visible(self, event: Event, seat: str | None) -> dict[str, Any] | None: ...


@dataclass(frozen=True)
class RoomKind:
    """One game for the host: how to create its rooms and how to rebuild them."""

    name: str
    setup: type[Any]
    created: type[Event]
    create: Callable[[str, Any, float, Lexicons], Room | Refusal]
    from_events: Callable[[Sequence[Event], Lexicons], Room]
