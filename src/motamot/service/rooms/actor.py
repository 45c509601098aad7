"""The actor every room is: its command loop, and what all rooms share, written once.

A room is the fold of its events (`rooms.base`). `handle` checks a command against the
state and emits its events, each applied at once, or refuses, changing nothing; `tick`
emits what the clock made due. Seats, bots, settings, ready and talk are the same in
every kind of room and are decided by concern (`rooms.sitting`, `rooms.moderation`,
`rooms.talk`); a kind (`service.boggle`, `service.topword`, a test's toy game) adds only
its own commands and events, and says through a few small hooks (`rooms.base`) when its
rules close seating (a round running, a game started) and how many seats it has.
Time is always passed in and randomness comes in as seeds (commands carry them), so a
room replays the same everywhere.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Sequence
from typing import Any, Protocol, Self

from motamot.service.rooms.base import Lexicons, S
from motamot.service.rooms.commands import (
    HOST_ONLY,
    SYSTEM_ONLY,
    AddBot,
    Anonymise,
    ChangeSettings,
    CloseRoom,
    Join,
    Leave,
    RemoveBot,
    RemoveMessage,
    RemovePlayer,
    Say,
    SayPhrase,
    SetPublic,
    SetReady,
    SwitchChat,
)
from motamot.service.rooms.events import Event, RoomCreated
from motamot.service.rooms.keys import key_of
from motamot.service.rooms.moderation import Moderation
from motamot.service.rooms.outcomes import Refusal
from motamot.service.rooms.settings import settings_refusal
from motamot.service.rooms.sitting import Sitting
from motamot.service.rooms.talk import Talking

__all__ = ["Actor", "Lexicons", "PendingTurn", "S"]


class PendingTurn(Protocol):
    """A computer player's turn for the host to compute outside the room (a worker thread)."""

    @property
    def seat(self) -> str: ...

    @property
    def not_before(self) -> float: ...

    def decide(self, stop: Callable[[], bool] | None = None) -> Any: ...


class Actor(Sitting[S], Moderation[S], Talking[S]):
    """One room: the fold of its events, one command at a time."""

    @classmethod
    def create(
        cls,
        room_id: str,
        settings: S,
        now: float,
        lexicons: Lexicons,
        invite: str | None = None,
    ) -> Self | Refusal:
        """A new room (sitting in it takes `invite`, if given), or a refusal if the
        settings cannot be played."""
        refusal = settings_refusal(settings, lexicons)
        if refusal is not None:
            return refusal
        return cls(RoomCreated(1, cls.KIND, room_id, settings, now, invite), lexicons)

    @classmethod
    def from_events(cls, events: Sequence[Event], lexicons: Lexicons) -> Self:
        """The room as its events left it."""
        first = events[0]
        if not isinstance(first, RoomCreated) or first.kind != cls.KIND:
            raise ValueError(f"a {cls.KIND} room starts with its RoomCreated")
        room = cls(first, lexicons)
        for event in events[1:]:
            room.apply(event)
        return room

    # --- commands -----------------------------------------------------------------------

    def handle(self, seat: str | None, command: Any, now: float) -> list[Event] | Refusal:
        """Validate `command` from `seat` (None: the system) at `now`; emit its events or
        refuse (nothing changed). Call `tick(now)` first: a command is judged on the state
        the clock makes."""
        host_only = isinstance(command, (*HOST_ONLY, *self.HOST_ONLY)) and seat != self.host
        if seat is not None and (host_only or isinstance(command, SYSTEM_ONLY)):
            return Refusal("not_host")
        if self.closed:  # by the server's operator: it takes nothing more
            return Refusal("room_closed")
        out: list[Event] = []
        self._key = key_of(command) if seat is not None else None
        try:
            refusal = self._decide(seat, command, now, out)
        finally:
            self._key = None
        return refusal if refusal is not None else out

    def applied(self, seat: str | None, command: Any) -> int | None:
        """The seq of the event that already applied this action of `seat` (its key seen
        before: `rooms.keys`), or None: the command is to be handled."""
        return self.keys.applied(seat, key_of(command))

    def _decide(
        self, seat: str | None, command: Any, now: float, out: list[Event]
    ) -> Refusal | None:
        match command:
            case Join():
                return self._join(seat, command, now, out)
            case Leave():
                return self._leave(seat, now, out)
            case SetReady(ready=ready) if self.HAS_READY:
                return self._set_ready(seat, ready, out)
            case ChangeSettings(settings=settings):
                return self._change_settings(settings, out)
            case SetPublic(public=public):
                return self._set_public(public, out)
            case AddBot():
                return self._add_bot(command, now, out)
            case RemoveBot(seat=target):
                return self._remove_bot(target, now, out)
            case RemovePlayer(seat=target):
                return self._remove_player(seat, target, now, out)
            case Anonymise(player=player):
                return self._anonymise(seat, player, out)
            case RemoveMessage(said=said):
                return self._remove_message(said, now, out)
            case CloseRoom():
                return self._close(now, out)
            case Say() | SayPhrase() | SwitchChat():
                return self._talk(seat, command, now, out)
            case _:
                return self._decide_own(seat, command, now, out)

    @abstractmethod
    def _decide_own(
        self, seat: str | None, command: Any, now: float, out: list[Event]
    ) -> Refusal | None:
        """Decide one of the kind's own commands (Refusal("unknown_command") for others)."""

    # --- the clock and the computer players (a kind overrides what it has) --------------

    def next_wakeup(self) -> float | None:
        """The referee time of the next thing the clock makes due (None: nothing)."""
        return None

    def tick(self, now: float) -> list[Event]:
        """Everything due by `now`, each at its own time."""
        return []

    def pending_bot(self) -> PendingTurn | None:
        """A computer player's turn to compute outside the room, if one is to play now."""
        return None

    def ahead(self, events: Sequence[Event]) -> Callable[[], None] | None:
        """Work that `events`, just stored, let the room do off the event loop before it
        is needed (a round's grid solved while it is played); nothing waits for it. It
        may only read the room and fill its caches. None: nothing to do."""
        return None

    def preparing(self, events: Sequence[Event]) -> Callable[[], None] | None:
        """Work to do before `events` are shown, heavy enough to keep off the event loop
        (a round's results): the host runs it in a worker thread while it stores them.
        It may only read the room and fill its caches. None: nothing to do."""
        return None

    # --- retention (a kind overrides what it has) ----------------------------------------

    def finished(self) -> bool:
        """Whether nothing is in play (no round, no game running): an old room that is
        finished may be removed (`rooms.retention`). A kind that says nothing keeps its
        rooms for good."""
        return False

    def records(self) -> list[str]:
        """The room's plain-text records (its engine's record format), kept before the
        room is removed (none: nothing worth keeping was played)."""
        return []

    # --- what each seat sees (the kind's views) -----------------------------------------

    @abstractmethod
    def view(self, seat: str | None) -> Any:
        """The whole room as `seat` may see it (None: a spectator)."""

    @abstractmethod
    def visible(self, event: Event, seat: str | None) -> Any:
        """`event` as `seat` may see it now (None: nothing to show but its number)."""

    def audience(self, event: Event) -> tuple[str, ...] | None:
        """Who is sent `event` as it happens: None, every socket of the room (one that may
        not see it gets its number, `hidden`); or these seats only, the others nothing at
        all (a `SPARSE` kind: the arena, where thousands of players must not get a frame
        for each other's word)."""
        return None
