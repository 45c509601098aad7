"""What the host needs of a room, whatever the game: the actor's interface and its kinds.

A kind ties a game's setup type and creation event to its room class, so the
host creates rooms from a setup and rebuilds any room from its events.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

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


C = TypeVar("C")


class Actor(ABC, Generic[C]):
    """The command loop every game's room shares: host-only commands checked, then the
    game decides; each event it emits is applied at once, and a refusal leaves no trace."""

    #: Commands only the host may give (a system command, seat None, always may).
    HOST_ONLY: ClassVar[tuple[type, ...]] = ()
    last_seq: int

    @property
    @abstractmethod
    def host(self) -> str | None: ...

    @abstractmethod
    def apply(self, event: Event) -> None: ...

    @abstractmethod
    def _decide(
        self, seat: str | None, command: C, now: float, out: list[Event]
    ) -> Refusal | None: ...

    @property
    def _next(self) -> int:
        return self.last_seq + 1

    def _emit(self, event: Event, out: list[Event]) -> None:
        self.apply(event)
        out.append(event)

    def handle(self, seat: str | None, command: C, now: float) -> list[Event] | Refusal:
        """Validate `command` from `seat` (None: the system) at `now`; emit its events or
        refuse (nothing changed). Call `tick(now)` first: a command is judged on the state
        the clock makes."""
        if isinstance(command, self.HOST_ONLY) and seat is not None and seat != self.host:
            return Refusal("not_host")
        out: list[Event] = []
        refusal = self._decide(seat, command, now, out)
        return refusal if refusal is not None else out


@dataclass(frozen=True)
class RoomKind:
    """One game for the host: how to create its rooms and how to rebuild them."""

    name: str
    setup: type[Any]
    created: type[Event]
    create: Callable[[str, Any, float, Lexicons], Room | Refusal]
    from_events: Callable[[Sequence[Event], Lexicons], Room]
