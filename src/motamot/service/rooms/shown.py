"""What a seat is shown of the events every room shares, declared as msgspec Structs.

A kind's views show its events as Structs tagged like the events (`type`), so what a
socket may carry is written down (docs/protocol.md) and read back strictly by the tests.
The shared events are shown here once; a kind says how its settings are shown (their
type is the parameter of `RoomCreatedShown` and `SettingsChangedShown`). A seat's
secret digest is never shown.

An event is shown with what a page needs to fold it into the view it holds (the host
after a seat changes), so a page asks for the whole view only after a gap. What an event
adds of the room's state is the room as it was after the event, or later (as it stands
when the event is shown): folding a run of events in order ends on the room as it is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

import msgspec
from msgspec import UNSET, UnsetType

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
from motamot.service.rooms.seating import Seat

S = TypeVar("S")


class Shown(msgspec.Struct, tag_field="type", forbid_unknown_fields=True):
    """Every event a socket carries: its number in the room (1, 2, 3... no holes)."""

    seq: int


class Hidden(Shown, tag="hidden"):
    """An event this seat is not shown, or that could not be shown now: its number only
    (the client asks for the whole room again)."""


class RoomCreatedShown(Shown, Generic[S], tag="room.created"):
    """Seq 1 of every room: its kind, its id and its first settings."""

    kind: str
    room: str
    settings: S
    at: float


class SettingsChangedShown(Shown, Generic[S], tag="room.settings_changed"):
    """The host changed the settings (between rounds or games)."""

    settings: S
    #: Whether the room is open to strangers now: its talk is set phrases only
    #: (docs/rules.md, C3).
    public: bool = False


class SeatTakenShown(Shown, tag="room.seat_taken"):
    """A person sits down or comes back to their seat, or a computer player is seated."""

    seat: str
    name: str
    #: Who may give the host's commands now (the first person still in the room).
    host: str | None
    #: A computer player's level; null for a person.
    level: str | None = None
    at: float | None = None


class SeatLeftShown(Shown, tag="room.seat_left"):
    """A person left, or a computer player was removed."""

    seat: str
    #: Who may give the host's commands now.
    host: str | None
    at: float | None = None


class SeatRemovedShown(Shown, tag="room.seat_removed"):
    """The host removed a person (docs/rules.md, P1): the seat is gone for good."""

    seat: str
    #: Who may give the host's commands now.
    host: str | None
    at: float | None = None


class SeatRenamedShown(Shown, tag="room.seat_renamed"):
    """A seat's name replaced by one that says nobody (its player's account was deleted)."""

    seat: str
    name: str


class ReadyChangedShown(Shown, tag="room.ready_changed"):
    """A person says they are ready (or not) for what the room plays next."""

    seat: str
    ready: bool


class ChatSaidShown(Shown, tag="room.chat_said"):
    """A seated person said something (docs/rules.md, C1-C4): free text as the room
    cleaned it, or a set phrase by id, which each page says in its reader's language."""

    seat: str
    at: float
    text: str | UnsetType = UNSET
    #: A set phrase's id (one of the page data's `chat.phrases`).
    phrase: str | UnsetType = UNSET


class ChatSwitchedShown(Shown, tag="room.chat_switched"):
    """The host turned the room's chat off or on (C5)."""

    on: bool
    #: Who did (null: the system).
    seat: str | None


class ChatRemovedShown(Shown, tag="room.chat_removed"):
    """The server's operator removed the message numbered `said`: pages show « message
    retiré par la modération » in its place."""

    said: int


class RoomClosedShown(Shown, tag="room.closed"):
    """The server's operator closed the room: nothing more happens in it (its sockets are
    closed next, code 4452)."""


class SeatView(msgspec.Struct, forbid_unknown_fields=True):
    """A seat as a room's view lists it."""

    seat: str
    name: str
    #: A computer player's level; null for a person.
    bot: str | None
    #: Still in the room (a person who left keeps the seat's number, not its place).
    present: bool


class ChatLine(msgspec.Struct, forbid_unknown_fields=True):
    """A message of the room's chat, as `room.chat_said` shows it; one the server's
    operator removed has neither text nor phrase, and `removed`."""

    seq: int
    seat: str
    at: float
    text: str | UnsetType = UNSET
    phrase: str | UnsetType = UNSET
    removed: bool | UnsetType = UNSET


class ChatView(msgspec.Struct, forbid_unknown_fields=True):
    """The room's chat (docs/rules.md, C1-C5)."""

    #: The host has not turned it off.
    on: bool
    #: The room is open to strangers: set phrases only (C3).
    public: bool
    #: The last messages, oldest first (at most 50; the older ones stay in the room's
    #: events).
    lines: list[ChatLine]


def shared_types(settings: Any) -> tuple[Any, ...]:
    """The shown shared events of a kind whose settings are shown as `settings`."""
    return (
        RoomCreatedShown[settings],
        SettingsChangedShown[settings],
        SeatTakenShown,
        SeatLeftShown,
        SeatRemovedShown,
        SeatRenamedShown,
        ReadyChangedShown,
        ChatSaidShown,
        ChatSwitchedShown,
        ChatRemovedShown,
        RoomClosedShown,
    )


def shared_shown(event: Event, settings: Callable[[Any], Any], host: str | None) -> Shown | None:
    """How a shared event is shown (None: it is one of the kind's own); `settings`
    shows the kind's settings, `host` is the room's host now."""
    match event:
        case SeatTaken():
            return SeatTakenShown(event.seq, event.seat, event.name, host, event.level, event.at)
        case SeatLeft():
            return SeatLeftShown(event.seq, event.seat, host, event.at)
        case SeatRemoved():
            return SeatRemovedShown(event.seq, event.seat, host, event.at)
        case SeatRenamed():
            return SeatRenamedShown(event.seq, event.seat, event.name)
        case ReadyChanged():
            return ReadyChangedShown(event.seq, event.seat, event.ready)
        case RoomCreated():
            return RoomCreatedShown(
                event.seq, event.kind, event.room, settings(event.settings), event.at
            )
        case SettingsChanged():
            public = bool(getattr(event.settings, "public", False))
            return SettingsChangedShown(event.seq, settings(event.settings), public)
        case ChatSaid():
            return ChatSaidShown(event.seq, event.seat, event.at, *_said(event))
        case ChatSwitched():
            return ChatSwitchedShown(event.seq, event.on, event.seat)
        case ChatRemoved():
            return ChatRemovedShown(event.seq, event.said)
        case RoomClosed():
            return RoomClosedShown(event.seq)
    return None


def _said(event: ChatSaid) -> tuple[str | UnsetType, str | UnsetType]:
    """A message's text and phrase, the one it does not have left out."""
    text = UNSET if event.text is None else event.text
    phrase = UNSET if event.phrase is None else event.phrase
    return text, phrase


def chat_view(chat: Chat, public: bool) -> ChatView:
    """The room's chat as every seat sees it (spectators too: they read, C1)."""
    lines = [
        ChatLine(said.seq, said.seat, said.at, removed=True)
        if said.seq in chat.removed
        else ChatLine(said.seq, said.seat, said.at, *_said(said))
        for said in chat.lines
    ]
    return ChatView(chat.on, public, lines)


def seat_view(seat: Seat) -> SeatView:
    return SeatView(seat.seat, seat.name, seat.level, seat.present)


#: What a room's `visible` gives: a shape's plain JSON values, or its JSON text once
#: encoded (`encoded`: what every seat is shown alike, carried by every frame as it is).
Frame = dict[str, Any] | msgspec.Raw

_ENCODER = msgspec.json.Encoder()


def plain(shape: msgspec.Struct) -> dict[str, Any]:
    """A shape's plain JSON values (what a room's `view` and `visible` give), the parts
    already `encoded` among them read back."""
    data: dict[str, Any] = msgspec.json.decode(_ENCODER.encode(shape))
    return data


def encoded(shape: msgspec.Struct) -> msgspec.Raw:
    """`shape` as JSON text, once. A round's results are thousands of small objects that
    every seat is shown alike: kept as one string, they cost each frame a copy, the
    collector nothing and the memory a fifth (`benchmarks/bench_server.py` round ends)."""
    return msgspec.Raw(_ENCODER.encode(shape))


def frame_json(frame: Frame) -> dict[str, Any]:
    """A frame's plain JSON values, whichever form `visible` gave it in."""
    if isinstance(frame, msgspec.Raw):
        data: dict[str, Any] = msgspec.json.decode(frame)
        return data
    return frame
