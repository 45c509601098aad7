"""The actor every room is: its command loop, and what all rooms share, written once.

A room is the fold of its events. `handle` checks a command against the state and emits
its events, each applied at once (`_emit`), or refuses, changing nothing; `tick` emits
what the clock made due. Seats, bots, settings, ready and talk (`rooms.chat`) are the
same in every kind of room and are decided here; a kind (`service.boggle`,
`service.topword`, a test's toy game) adds only its own commands and events, and says
through a few small hooks when its rules close seating (a round running, a game started)
and how many seats it has.
Time is always passed in and randomness comes in as seeds (commands carry them), so a
room replays the same everywhere.
"""

from __future__ import annotations

import secrets
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Sequence
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

import msgspec

from motamot.lexicon import Lexicon
from motamot.service.rooms.chat import Chat
from motamot.service.rooms.commands import (
    HOST_ONLY,
    AddBot,
    Anonymise,
    ChangeSettings,
    Join,
    Leave,
    RemoveBot,
    RemovePlayer,
    Say,
    SayPhrase,
    SetPublic,
    SetReady,
    SwitchChat,
)
from motamot.service.rooms.events import (
    ChatSaid,
    ChatSwitched,
    Event,
    ReadyChanged,
    RoomCreated,
    SeatLeft,
    SeatRemoved,
    SeatRenamed,
    SeatTaken,
    SettingsChanged,
)
from motamot.service.rooms.listing import ListedSeat, Listing
from motamot.service.rooms.outcomes import Refusal
from motamot.service.rooms.results import GameOutcome
from motamot.service.rooms.seating import (
    Seat,
    anonymous_name,
    digest_refusal,
    free_bot_name,
    name_refusal,
    next_seat,
)
from motamot.service.rooms.settings import SettingsError

#: A dictionary name → its word list; the host caches them.
Lexicons = Callable[[str], Lexicon]


class RoomSettings(Protocol):
    """What the actor needs of a kind's settings."""

    @property
    def dictionary_name(self) -> str | None:
        """The word list the room plays with (None: a game without words)."""
        ...

    def check(self) -> None:
        """SettingsError unless the settings can be played."""
        ...


class PendingTurn(Protocol):
    """A computer player's turn for the host to compute outside the room (a worker thread)."""

    @property
    def seat(self) -> str: ...

    @property
    def not_before(self) -> float: ...

    def decide(self, stop: Callable[[], bool] | None = None) -> Any: ...


S = TypeVar("S", bound=RoomSettings)


class Actor(ABC, Generic[S]):
    """One room: the fold of its events, one command at a time."""

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
        self.settings = created.settings
        self._use_settings(created.settings)

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

    # --- what a kind adds ---------------------------------------------------------------

    @abstractmethod
    def _use_settings(self, settings: S) -> None:
        """Derive what the settings give (rules, word list): they are checked already."""

    @abstractmethod
    def _apply_own(self, event: Event) -> None:
        """Fold one of the kind's own events (ValueError for an event it does not know)."""

    @abstractmethod
    def _decide_own(
        self, seat: str | None, command: Any, now: float, out: list[Event]
    ) -> Refusal | None:
        """Decide one of the kind's own commands (Refusal("unknown_command") for others)."""

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

    def awaited(self) -> tuple[str, int] | None:
        """The person's seat the room waits for to play, and the seq of the event since
        which it waits (a turn); None: nobody in particular (a kind without turns)."""
        return None

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
                if digest is not None:  # taken back from another device: its new token
                    self.seats[seat].secret_digest = digest
            case SeatTaken(seat=seat, name=name, level=level, secret_digest=digest):
                self.seats[seat] = Seat(
                    seat, name, level, secret_digest=digest, player=event.player
                )
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
            case RoomCreated():
                raise ValueError(f"room {self.room_id}: created twice")
            case _:
                self._apply_own(event)
        self.last_seq = event.seq

    def _emit(self, event: Event, out: list[Event]) -> None:
        self.apply(event)
        out.append(event)

    # --- commands -----------------------------------------------------------------------

    def handle(self, seat: str | None, command: Any, now: float) -> list[Event] | Refusal:
        """Validate `command` from `seat` (None: the system) at `now`; emit its events or
        refuse (nothing changed). Call `tick(now)` first: a command is judged on the state
        the clock makes."""
        host_only = isinstance(command, (*HOST_ONLY, *self.HOST_ONLY))
        if host_only and seat is not None and seat != self.host:
            return Refusal("not_host")
        out: list[Event] = []
        refusal = self._decide(seat, command, now, out)
        return refusal if refusal is not None else out

    def _decide(
        self, seat: str | None, command: Any, now: float, out: list[Event]
    ) -> Refusal | None:
        match command:
            case Join():
                return self._join(seat, command, now, out)
            case Leave():
                if not self.is_person(seat):
                    return Refusal("not_seated")
                refusal = self.leaving_closed()
                if refusal is None:
                    assert seat is not None
                    self._emit(SeatLeft(self._next, seat, now), out)
                return refusal
            case SetReady(ready=ready) if self.HAS_READY:
                if not self.is_person(seat):
                    return Refusal("not_seated")
                assert seat is not None
                if self.seats[seat].ready != ready:
                    self._emit(ReadyChanged(self._next, seat, ready), out)
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
                if seat is not None:
                    return Refusal("not_host")
                self._anonymise(player, out)
            case Say() | SayPhrase() | SwitchChat():
                return self._talk(seat, command, now, out)
            case _:
                return self._decide_own(seat, command, now, out)
        return None

    def _join(
        self, seat: str | None, command: Join, now: float, out: list[Event]
    ) -> Refusal | None:
        if self.is_present(seat):
            return Refusal("already_seated")
        invite = self.created.invite
        if invite is not None and not secrets.compare_digest(command.invite or "", invite):
            return Refusal("watch_only")
        if self._was_removed(command):
            return Refusal("removed")
        refusal = (
            self.joining_closed()
            or digest_refusal(command.secret_digest)
            or self.seat_refusal(bot=False)
        )
        if refusal is None and self.rated and not command.account:
            refusal = Refusal("rated_needs_account")
        if refusal is not None:
            return refusal
        for other in self.seats.values():
            if other.is_bot:
                continue
            if other.name != command.name:
                continue
            same_token = not other.present and other.secret_digest == command.secret_digest
            if same_token or (command.player is not None and other.player == command.player):
                # the same token back, or the same lasting player under the same name from
                # another device (its new token proves the seat from now on)
                digest = other.secret_digest if same_token else command.secret_digest
                again = SeatTaken(self._next, other.seat, other.name, digest, at=now)
                self._emit(msgspec.structs.replace(again, player=other.player), out)
                return None
        refusal = name_refusal(command.name, self.RESERVED_IN_NAMES, self.names_in_use())
        if refusal is not None:
            return refusal
        new = next_seat(len(self.seats))
        taken = SeatTaken(
            self._next, new, command.name, command.secret_digest, at=now, player=command.player
        )
        self._emit(taken, out)
        return None

    def _was_removed(self, command: Join) -> bool:
        """Whether the person joining was removed from this room (P1): their seat's token,
        or their lasting player."""
        for other in self.seats.values():
            if not other.removed:
                continue
            if other.secret_digest is not None and secrets.compare_digest(
                other.secret_digest, command.secret_digest
            ):
                return True
            if command.player is not None and other.player == command.player:
                return True
        return False

    def _remove_player(
        self, seat: str | None, target: str, now: float, out: list[Event]
    ) -> Refusal | None:
        """P1: the host removes a person, present or gone (so that they do not come
        back); never themselves (they leave), never a computer player (remove_bot)."""
        found = self.seats.get(target)
        if found is None or found.is_bot:
            return Refusal("not_a_person", {"seat": target})
        if target == seat:
            return Refusal("remove_self")
        if found.removed:
            return Refusal("already_removed", {"name": found.name})
        if self.rated and self.settings_closed() is not None:
            # a rated game is not won by removing the player ahead
            return Refusal("rated_in_play")
        self._before_removal(target, now, out)
        self._emit(SeatRemoved(self._next, target, now), out)
        return None

    def _talk(
        self, seat: str | None, command: Say | SayPhrase | SwitchChat, now: float, out: list[Event]
    ) -> Refusal | None:
        """C1-C5: a seated person says something, if the room lets them; the host (checked
        already) turns the chat on or off."""
        if not self.HAS_CHAT:
            return Refusal("chat_none")
        if isinstance(command, SwitchChat):
            if self.chat.on != command.on:
                self._emit(ChatSwitched(self._next, command.on, seat), out)
            return None
        if not self.is_person(seat):
            return Refusal("not_seated")
        assert seat is not None
        said = self.chat.message(seat, command, now, self.public, self.free_text_closed)
        if isinstance(said, Refusal):
            return said
        self._emit(ChatSaid(self._next, seat, now, *said), out)
        return None

    def _anonymise(self, player: str, out: list[Event]) -> None:
        for seat in list(self.seats.values()):
            if seat.player == player:
                name = anonymous_name(other.name for other in self.seats.values())
                self._emit(SeatRenamed(self._next, seat.seat, name), out)

    def _add_bot(self, command: AddBot, now: float, out: list[Event]) -> Refusal | None:
        refusal = self.seating_closed()
        if refusal is not None:
            return refusal
        if command.level not in self.BOT_LEVELS:
            return Refusal("unknown_level", {"level": command.level})
        refusal = self.seat_refusal(bot=True)
        if refusal is not None:
            return refusal
        name = command.name or free_bot_name(seat.name for seat in self.seats.values())
        refusal = name_refusal(name, self.RESERVED_IN_NAMES, self.names_in_use())
        if refusal is not None:
            return refusal
        seat = next_seat(len(self.seats))
        self._emit(SeatTaken(self._next, seat, name, level=command.level, at=now), out)
        return None

    def _remove_bot(self, target: str, now: float, out: list[Event]) -> Refusal | None:
        refusal = self.seating_closed()
        if refusal is not None:
            return refusal
        if target not in self.seats or not self.seats[target].is_bot:
            return Refusal("not_a_bot", {"seat": target})
        if not self.seats[target].present:
            return Refusal("not_seated", {"seat": target})
        self._emit(SeatLeft(self._next, target, now), out)
        return None

    def _change_settings(self, settings: S, out: list[Event]) -> Refusal | None:
        refusal = self.settings_closed() or settings_refusal(settings, self.lexicons)
        if refusal is None and bool(getattr(settings, "rated", False)) != self.rated:
            refusal = Refusal("rated_fixed")  # chosen at creation: who may sit depends on it
        if refusal is not None:
            return refusal
        self._before_settings(out)
        self._emit(SettingsChanged(self._next, settings), out)
        return None

    def _set_public(self, public: bool, out: list[Event]) -> Refusal | None:
        """Only `public` changes: no rule, seat or round depends on it, so it may change
        while a round or a game runs (and no match is reset)."""
        if not hasattr(self.settings, "public"):
            return Refusal("unknown_command")  # a kind whose rooms are never listed
        if self.public != public:
            changed = msgspec.structs.replace(self.settings, public=public)  # type: ignore[type-var]
            self._emit(SettingsChanged(self._next, changed), out)
        return None

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


def settings_refusal(settings: RoomSettings, lexicons: Lexicons) -> Refusal | None:
    """Why these settings cannot be played (their checks, their word list), or None."""
    try:
        settings.check()
        if settings.dictionary_name is not None:
            lexicons(settings.dictionary_name)
    except SettingsError as error:
        return Refusal(error.code, {"detail": str(error)})
    except (LookupError, ValueError, OSError) as error:
        return Refusal("unknown_dictionary", {"detail": str(error)})
    return None
