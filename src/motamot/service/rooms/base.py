"""What every room is made of: its state, the hooks a kind answers, and the fold.

`rooms.actor` builds the room's command loop on this base; the shared commands are
decided by concern in `rooms.sitting` (joining, leaving, ready, computer players),
`rooms.moderation` (the host's settings and removals, the system's anonymising) and
`rooms.talk` (the chat). Each of them only reads this state and emits events through
`_emit`, so the fold here stays the one place a room's state changes.
"""

from __future__ import annotations

import secrets
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Sequence
from typing import Any, ClassVar, Generic, TypeVar

import msgspec

from motamot.lexicon import Lexicon
from motamot.service.rooms.chat import Chat
from motamot.service.rooms.events import (
    ChatRemoved,
    ChatSaid,
    ChatSwitched,
    Event,
    ReadyChanged,
    RoomClosed,
    RoomCreated,
    SeatLeft,
    SeatRemoved,
    SeatRenamed,
    SeatTaken,
    SettingsChanged,
)
from motamot.service.rooms.keys import ActionKeys, carries_key
from motamot.service.rooms.listing import ListedSeat, Listing
from motamot.service.rooms.outcomes import Refusal
from motamot.service.rooms.results import GameOutcome
from motamot.service.rooms.seating import Seat
from motamot.service.rooms.settings import RoomSettings

#: A dictionary name → its word list; the host caches them.
Lexicons = Callable[[str], Lexicon]

S = TypeVar("S", bound=RoomSettings)


class RoomBase(ABC, Generic[S]):
    """One room's state as its events leave it, and what a kind says of its rules."""

    #: The kind's name, stored in the room's creation event.
    KIND: ClassVar[str]
    #: The kind's own commands only the host may give (a system command, seat None, always may).
    HOST_ONLY: ClassVar[tuple[type, ...]] = ()
    #: Characters a name may not hold in this kind (its records use them).
    RESERVED_IN_NAMES: ClassVar[str] = ""
    #: The computer players' levels of this kind.
    BOT_LEVELS: ClassVar[Collection[str]] = ()
    #: Whether people say they are ready before play starts (a kind without it refuses it).
    HAS_READY: ClassVar[bool] = True
    #: Whether the room has a chat (docs/rules.md, C1-C5; a kind without it refuses talk).
    HAS_CHAT: ClassVar[bool] = True
    #: Whether the server's operators may close a room of the kind (`room.closed`).
    CLOSABLE: ClassVar[bool] = True
    #: The kind's events that end a match or a game (`outcome` says what they ended).
    ENDINGS: ClassVar[tuple[type[Event], ...]] = ()
    #: Its pages take event numbers with holes: a catch-up leaves out an event the seat
    #: may not see (elsewhere it is sent as `hidden`, its number only). Such a kind may
    #: also give its events an audience (`audience`).
    SPARSE: ClassVar[bool] = False
    #: Whether its people may be told by mail of their turns and of a game's end
    #: (`service.mail`): a game played over days, where nobody waits at the table.
    NOTIFIES: ClassVar[bool] = False

    def __init__(self, created: RoomCreated[S], lexicons: Lexicons) -> None:
        if created.seq != 1:
            raise ValueError("a room starts with its creation event, seq 1")
        self.room_id = created.room
        self.created = created
        self.last_seq = 1
        self.lexicons = lexicons
        self.seats: dict[str, Seat] = {}
        #: What is said in the room (`rooms.chat`).
        self.chat = Chat()
        #: The keys of the seats' last actions (`rooms.keys`: each applied at most once),
        #: and the key of the action being decided, for the first event it makes.
        self.keys = ActionKeys()
        self._key: str | None = None
        #: The server's operator closed the room (`room.closed`): it takes nothing more.
        self.closed = False
        self.settings = created.settings
        self._use_settings(created.settings)

    # --- what a kind adds ---------------------------------------------------------------

    @abstractmethod
    def _use_settings(self, settings: S) -> None:
        """Derive what the settings give (rules, word list): they are checked already."""

    @abstractmethod
    def _apply_own(self, event: Event) -> None:
        """Fold one of the kind's own events (ValueError for an event it does not know)."""

    def seating_closed(self) -> Refusal | None:
        """Why bots may not be added or removed now (a round running, a game started)."""
        return None

    def joining_closed(self) -> Refusal | None:
        """Why nobody may sit down now."""
        return None

    def leaving_closed(self) -> Refusal | None:
        """Why a person may not leave now."""
        return None

    def settings_closed(self) -> Refusal | None:
        """Why the settings may not change now."""
        return self.seating_closed()

    def free_text_closed(self) -> Refusal | None:
        """Why only set phrases may be said now, free text could give the game away (a
        Boggle round running: docs/rules.md, C4)."""
        return None

    def seat_refusal(self, bot: bool) -> Refusal | None:
        """Why one more person (or computer player) may not sit: the room is full."""
        return None

    def names_in_use(self) -> list[str]:
        """Names a newcomer may not take (a removed person's stays taken: P1)."""
        return [seat.name for seat in self.seats.values() if seat.present or seat.removed]

    def _before_settings(self, out: list[Event]) -> None:
        """Events that come before new settings (a match reset, say)."""

    def _before_removal(self, seat: str, now: float, out: list[Event]) -> None:
        """Events that come before a person is removed (P1: a Topword player resigns)."""

    def _renamed(self, seat: str) -> None:
        """A seat's name changed: forget what was worked out with the old one."""

    # --- derived state ------------------------------------------------------------------

    @property
    def host(self) -> str | None:
        """The first person still in the room: who may give the host's commands."""
        for seat in self.seats.values():
            if seat.present and not seat.is_bot:
                return seat.seat
        return None

    def name_of(self, seat: str) -> str:
        return self.seats[seat].name

    def seat_with_digest(self, digest: str) -> str | None:
        """The person's seat whose token has this digest (compared in constant time)."""
        for seat in self.seats.values():
            if seat.secret_digest is not None and secrets.compare_digest(
                seat.secret_digest, digest
            ):
                return seat.seat
        return None

    @property
    def rated(self) -> bool:
        """Whether the room's games are rated (a setting chosen at creation; a kind
        without it never is): only accounts and computer players sit in a rated room."""
        return bool(getattr(self.settings, "rated", False))

    @property
    def public(self) -> bool:
        """Whether the room is open to strangers (listed in the lobby; a kind without the
        setting never is)."""
        return bool(getattr(self.settings, "public", False))

    def listing(self) -> Listing | None:
        """What the lobby shows of the room and whose move it waits for, as it stands
        (`rooms.listing`; None: a kind whose rooms are never listed)."""
        return None

    def listed_seats(self) -> tuple[ListedSeat, ...]:
        """Everybody sitting now, for a kind's listing."""
        return tuple(
            ListedSeat(seat.name, seat.player, seat.level)
            for seat in self.seats.values()
            if seat.present
        )

    def outcome(self, event: Event) -> GameOutcome | None:
        """What `event`, just folded, ended (a match, a game): its places and each one's
        figures, for profiles and ratings (`service.players`); None for any other event."""
        return None

    def handed(self, event: Event) -> tuple[str, str, float] | None:
        """The seat `event`, just folded, handed to another lasting player, that player,
        and since when it sits there (a daily play adopted by an account: docs/rules.md
        F2); None for any other event."""
        return None

    def awaited(self) -> tuple[str, int] | None:
        """The person's seat the room waits for to play, and the seq of the event since
        which it waits (a turn); None: nobody in particular (a kind without turns)."""
        return None

    def daily_turns(self) -> bool:
        """Whether its turns last days (correspondence): told by mail once a day, in a
        digest of every game waiting for the player, not a mail a turn."""
        return False

    def told(self, events: Sequence[Event]) -> list[tuple[str, str, int, dict[str, Any]]]:
        """What `events` tell people by mail besides turns and ends (a tournament's round
        paired): (seat, what, the event's seq, what the mail says); nothing by default."""
        del events
        return []

    def is_present(self, seat: str | None) -> bool:
        return seat is not None and seat in self.seats and self.seats[seat].present

    def is_person(self, seat: str | None) -> bool:
        """A person sitting in the room now (not a computer player)."""
        return self.is_present(seat) and not self.seats[seat or ""].is_bot

    def present(self) -> list[str]:
        return [seat.seat for seat in self.seats.values() if seat.present]

    @property
    def _next(self) -> int:
        return self.last_seq + 1

    # --- the fold -----------------------------------------------------------------------

    def apply(self, event: Event) -> None:
        """Fold one event (the next one: seq last_seq + 1) into the state."""
        if event.seq != self.last_seq + 1:
            raise ValueError(f"room {self.room_id}: event {event.seq} after {self.last_seq}")
        match event:
            case SettingsChanged(settings=settings):
                self.settings = settings
                self._use_settings(settings)
            case SeatTaken(seat=seat, secret_digest=digest) if seat in self.seats:
                self.seats[seat].present = True
                self.seats[seat].account |= event.account
                if digest is not None:  # taken back from another device: its new token
                    self.seats[seat].secret_digest = digest
            case SeatTaken(seat=seat, name=name, level=level, secret_digest=digest):
                self.seats[seat] = Seat(
                    seat, name, level, secret_digest=digest, player=event.player,
                    account=event.account, marks=event.marks,
                )  # fmt: skip
            case SeatLeft(seat=seat):
                self.seats[seat].present = False
                self.seats[seat].ready = False
            case SeatRemoved(seat=seat):
                self.seats[seat].present = False
                self.seats[seat].ready = False
                self.seats[seat].removed = True
            case SeatRenamed(seat=seat, name=name):
                self.seats[seat].name = name
                self._renamed(seat)
            case ReadyChanged(seat=seat, ready=ready):
                self.seats[seat].ready = ready
            case ChatSaid():
                self.chat.said(event)
            case ChatSwitched(on=on):
                self.chat.on = on
            case ChatRemoved(said=said):
                self.chat.remove(said)
            case RoomClosed():
                self.closed = True
            case RoomCreated():
                raise ValueError(f"room {self.room_id}: created twice")
            case _:
                self._apply_own(event)
        self.last_seq = event.seq
        self.keys.remember(event)

    def _emit(self, event: Event, out: list[Event]) -> None:
        if self._key is not None and carries_key(event):  # the action's first such event
            event, self._key = msgspec.structs.replace(event, key=self._key), None
        self.apply(event)
        out.append(event)
