"""The one strict codec: events as stored, commands and answers as they travel between
processes, all msgspec Structs in tagged unions, every field's type checked on the way in.

Each kind has its own union (the shared events and commands with the kind's settings
type, then its own), so `{"type": "boggle.word_written", "seq": "seven", ...}` is
refused with the field it got wrong. Tags are stable names, never module paths.

Older stores hold tags of the time before the rooms shared their vocabulary
(`boggle.player_joined`, `topword.table_created`...): a kind lists them with today's tag
for each (`legacy_tags`), and they are read as today's events, field for field.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Union

import msgspec

from motamot.errors import CodedError
from motamot.service.ports import StoredEvent
from motamot.service.rooms.commands import (
    AddBot,
    Anonymise,
    ChangeSettings,
    CloseRoom,
    Command,
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
from motamot.service.rooms.events import (
    SHARED_EVENTS,
    Event,
    RoomCreated,
    SettingsChanged,
)
from motamot.service.rooms.outcomes import Ack, Refusal

_ENCODER = msgspec.json.Encoder()


class EventDecodeError(CodedError, ValueError):
    """A stored event that this version cannot read (an operator's problem, not a
    player's): `unreadable` (the detail says which field), `misnumbered`, `unknown_kind`."""

    TEMPLATES: ClassVar[dict[str, str]] = {
        "unreadable": "not a {kind} event: {detail}",
        "misnumbered": "room {room}: row {row} holds event {event}",
        "unknown_kind": "room {room}: no room kind {kind!r} here",
    }


def _union(types: Sequence[Any]) -> Any:
    return Union[tuple(types)]  # noqa: UP007 (a union built at run time)


class EventCodec:
    """The events of one kind of room: its settings type's shared events, then its own."""

    def __init__(
        self,
        kind: str,
        settings: type[Any],
        own: Sequence[type[Event]],
        legacy_tags: Mapping[str, str] | None = None,
    ) -> None:
        self.kind = kind
        generic = (RoomCreated, SettingsChanged)
        self.types: tuple[Any, ...] = (
            RoomCreated[settings],  # type: ignore[valid-type]
            SettingsChanged[settings],  # type: ignore[valid-type]
            *(event for event in SHARED_EVENTS if event not in generic),
            *own,
        )
        self._type = _union(self.types)
        self._decoder = msgspec.json.Decoder(self._type)
        self._legacy = dict(legacy_tags or {})

    def encode(self, event: Event) -> str:
        return _ENCODER.encode(event).decode("utf-8")

    def decode(self, text: str | bytes) -> Event:
        """The event whose JSON text is `text`; EventDecodeError if it is not one."""
        try:
            event: Event = self._decoder.decode(text)
            return event
        except msgspec.DecodeError as error:
            older = self._upcast(text)
            if older is None:
                raise EventDecodeError("unreadable", kind=self.kind, detail=str(error)) from None
        try:
            upcast: Event = msgspec.convert(older, self._type)
            return upcast
        except msgspec.ValidationError as error:
            raise EventDecodeError("unreadable", kind=self.kind, detail=str(error)) from None

    def _upcast(self, text: str | bytes) -> dict[str, Any] | None:
        """An event stored under an older tag, as today's event's fields (None: not one)."""
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            return None
        tag = data.get("type") if isinstance(data, dict) else None
        new = self._legacy.get(tag) if isinstance(tag, str) else None
        if new is None:
            return None
        upcast: dict[str, Any] = data
        upcast["type"] = new
        if new == "room.created":
            upcast["kind"] = self.kind
        return upcast

    def to_stored(self, room: str, event: Event) -> StoredEvent:
        return StoredEvent(room, event.seq, self.encode(event))

    def from_stored(self, row: StoredEvent) -> Event:
        """The event of a stored row (whose seq must be the row's)."""
        event = self.decode(row.data)
        if event.seq != row.seq:
            raise EventDecodeError("misnumbered", room=row.room, row=row.seq, event=event.seq)
        return event


class _Head(msgspec.Struct):
    """The first fields of a room's first event: enough to know its kind."""

    type: str
    kind: str | None = None


_HEAD = msgspec.json.Decoder(_Head)


def created_kind(text: str | bytes, legacy_created: Mapping[str, str]) -> str | None:
    """The kind of room whose creation event `text` is (None: not a creation event)."""
    try:
        head = _HEAD.decode(text)
    except msgspec.DecodeError:
        return None
    if head.type == "room.created":
        return head.kind
    return legacy_created.get(head.type)


# --- commands and answers between processes --------------------------------------------


class _Relayed(msgspec.Struct, frozen=True):
    """A command on its way to its room's owner: the kind whose codec reads it, the seat."""

    kind: str
    seat: str | None
    command: msgspec.Raw


_RELAYED = msgspec.json.Decoder(_Relayed)
#: Commands whose type is the same in every kind (ChangeSettings is not: its settings).
_SHARED_PLAIN = (
    Join,
    Leave,
    AddBot,
    RemoveBot,
    RemovePlayer,
    SetReady,
    Anonymise,
    SetPublic,
    Say,
    SayPhrase,
    SwitchChat,
    RemoveMessage,
    CloseRoom,
)


class CommandCodec:
    """Commands of every kind given, as JSON for the trip to the owner; only known types."""

    def __init__(self, kinds: Sequence[tuple[str, type[Any], Sequence[type[Command]]]]) -> None:
        """`kinds`: each kind's name, settings type and own commands."""
        self._decoders: dict[str, msgspec.json.Decoder[Any]] = {}
        self._kind_of: dict[type[Any], str] = {}
        self._settings_kind: dict[type[Any], str] = {}
        for name, settings, own in kinds:
            union = _union([*_SHARED_PLAIN, ChangeSettings[settings], *own])  # type: ignore[valid-type]
            self._decoders[name] = msgspec.json.Decoder(union)
            self._settings_kind[settings] = name
            for command in own:
                self._kind_of[command] = name
        #: shared commands read the same in every kind: any kind's decoder reads them
        self._any = next(iter(self._decoders), "")

    def _kind(self, command: Command) -> str:
        if isinstance(command, ChangeSettings):
            return self._settings_kind[type(command.settings)]
        return self._kind_of.get(type(command), self._any)

    def encode(self, seat: str | None, command: Command) -> str:
        relayed = _Relayed(self._kind(command), seat, msgspec.Raw(_ENCODER.encode(command)))
        return _ENCODER.encode(relayed).decode("utf-8")

    def decode(self, text: str | bytes) -> tuple[str | None, Command]:
        """(seat, command); ValueError for anything else."""
        try:
            relayed = _RELAYED.decode(text)
            decoder = self._decoders.get(relayed.kind)
            if decoder is None:
                raise ValueError(f"no room kind {relayed.kind!r}")
            command: Command = decoder.decode(relayed.command)
        except msgspec.DecodeError as error:
            raise ValueError(f"not a known command: {error}") from None
        return relayed.seat, command


class _AckAnswer(msgspec.Struct, frozen=True, tag="ack"):
    seq: int
    events: tuple[dict[str, Any], ...]
    #: The owner has just given the room up, for the sender to take.
    moved: bool = False


class _RefusedAnswer(msgspec.Struct, frozen=True, tag="refused"):
    code: str
    fields: dict[str, str | int | float]
    retryable: bool


class _NotOwner(msgspec.Struct, frozen=True, tag="not_owner"):
    pass


_ANSWER = msgspec.json.Decoder(_AckAnswer | _RefusedAnswer | _NotOwner)


def encode_answer(answer: Ack | Refusal | None, moved: bool = False) -> str:
    """The owner's answer to a relayed command (None: it does not own the room)."""
    shape: _AckAnswer | _RefusedAnswer | _NotOwner
    if answer is None:
        shape = _NotOwner()
    elif isinstance(answer, Ack):
        shape = _AckAnswer(answer.seq, tuple(_plain(event) for event in answer.events), moved)
    else:
        shape = _RefusedAnswer(answer.code, dict(answer.fields), answer.retryable)
    return _ENCODER.encode(shape).decode("utf-8")


def _plain(event: Any) -> dict[str, Any]:
    """An event as the writer sees it, as plain JSON values (it may be a Struct)."""
    plain: dict[str, Any] = msgspec.to_builtins(event)
    return plain


def decode_relayed(text: str | bytes) -> tuple[Ack | Refusal | None, bool]:
    """The owner's answer, and whether it hands the room over to the sender (`moved`);
    a malformed one is a retryable refusal."""
    try:
        answer = _ANSWER.decode(text)
    except msgspec.DecodeError:
        return Refusal("room_unavailable", retryable=True), False
    match answer:
        case _NotOwner():
            return None, False
        case _AckAnswer(seq=seq, events=events, moved=moved):
            return Ack(seq, events), moved
        case _RefusedAnswer(code=code, fields=fields, retryable=retryable):
            return Refusal(code, fields, retryable), False
    return Refusal("room_unavailable", retryable=True), False


def decode_answer(text: str | bytes) -> Ack | Refusal | None:
    """The owner's answer (None: it does not own the room); a malformed one is a refusal."""
    return decode_relayed(text)[0]
