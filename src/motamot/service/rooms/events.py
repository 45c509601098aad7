"""Events: the numbered facts a room is the fold of, and the ones every kind of room shares.

An event is a frozen msgspec Struct tagged with its stored type (`room.seat_taken`,
`boggle.word_written`). The tag is written into the store, so a shipped tag never
changes; a kind's codec (`rooms.codec`) reads every tag that kind ever wrote. Fields
hold JSON values only (str, int, float, bool, None, tuples, and Structs of the same), so
`decode(encode(e)) == e`, and decoding checks every field's type.

The shared facts (a room created, a seat taken by a person or a computer, a seat left,
the settings changed, a seat ready, a message said, the chat switched, the operator's
removal of a message and closing of the room) are generic in
the kind's settings type: a Boggle room's `RoomCreated[BoggleSettings]` and a Topword
room's `RoomCreated[TopwordSettings]` are one event with one tag, decoded by each kind's
codec with its own settings.
"""

from __future__ import annotations

from typing import Generic, TypeVar

import msgspec


class Event(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    """The base of every event: its number in the room (1, 2, 3... with no holes)."""

    seq: int


S = TypeVar("S")


class RoomCreated(Event, Generic[S], frozen=True, tag="room.created"):
    """Seq 1 of every room: its kind (which game), its id and its first settings."""

    kind: str
    room: str
    settings: S
    at: float
    #: The secret a player's link carries besides the room's id: whoever knows only the
    #: id (a spectator's link) may watch, not sit (None: anybody with the id may sit).
    invite: str | None = None


class SettingsChanged(Event, Generic[S], frozen=True, tag="room.settings_changed"):
    settings: S


class SeatTaken(Event, frozen=True, tag="room.seat_taken"):
    """A person sits down (or comes back to their seat), or a computer player is seated."""

    seat: str
    name: str
    #: sha256 of a person's seat token, never shown to anybody; None for a computer player.
    secret_digest: str | None = None
    #: A computer player's level; None for a person.
    level: str | None = None
    at: float | None = None
    #: The lasting player (a browser's identity, or the account it became) a person's seat
    #: is linked to: what profiles and ratings are projected by. None: a computer player,
    #: or a seat taken before players were kept.
    player: str | None = None
    #: The player was signed in to an account when they sat (the public lists of the
    #: arena and the daily grid rank accounts: docs/rules.md, F1). False in older stores.
    account: bool = False
    #: A rated room's seat: its kin marks (`Join.marks`, R6). Empty elsewhere.
    marks: tuple[str, ...] = ()


class SeatLeft(Event, frozen=True, tag="room.seat_left"):
    """A person leaves, or a computer player is removed."""

    seat: str
    at: float | None = None


class SeatRemoved(Event, frozen=True, tag="room.seat_removed"):
    """The host removed a person (docs/rules.md, P1): the seat is left for good, and
    neither its token, its lasting player nor its name may sit in the room again."""

    seat: str
    at: float | None = None
    #: The server's operator removed them (the moderation page), not the host.
    operator: bool = False


class SeatRenamed(Event, frozen=True, tag="room.seat_renamed"):
    """A seat's name replaced: the player's account was deleted, its seats keep a name
    that says nobody (the room's records and results show it from then on)."""

    seat: str
    name: str


class ReadyChanged(Event, frozen=True, tag="room.ready_changed"):
    seat: str
    ready: bool


class ChatSaid(Event, frozen=True, tag="room.chat_said"):
    """A seated person said something (docs/rules.md, C1-C4): free text, cleaned, or a set
    phrase by its id (each page says it in its reader's language)."""

    seat: str
    at: float
    text: str | None = None
    phrase: str | None = None
    #: The key the page sent the message with (`rooms.keys`; None: sent without one).
    key: str | None = None


class ChatSwitched(Event, frozen=True, tag="room.chat_switched"):
    """The host turned the room's chat off or on (C5)."""

    on: bool
    #: Who did (None: the system).
    seat: str | None = None


class ChatRemoved(Event, frozen=True, tag="room.chat_removed"):
    """The server's operator removed a message (the one event `said` numbers): every page
    shows « message retiré par la modération » in its place."""

    said: int
    at: float


class RoomClosed(Event, frozen=True, tag="room.closed"):
    """The server's operator closed the room: it takes no command any more, its clock
    stops, and its sockets are closed."""

    at: float


#: The events of every kind, besides its own (the codec adds the kind's settings type).
SHARED_EVENTS = (
    RoomCreated,
    SettingsChanged,
    SeatTaken,
    SeatLeft,
    SeatRemoved,
    SeatRenamed,
    ReadyChanged,
    ChatSaid,
    ChatSwitched,
    ChatRemoved,
    RoomClosed,
)
