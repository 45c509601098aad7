"""Events: the numbered facts a room is the fold of, and their JSON codec.

Every event is a frozen dataclass with `seq` (1, 2, 3... per room, no holes)
registered under a type tag (`@event("boggle.word_written")`). Fields hold
JSON values only: str, int, float, bool, None, tuples of them (a tuple is
a JSON array; arrays decode back to tuples) and frozen dataclasses made of
the same (a JSON object, decoded by the field's type), so
`decode(encode(e)) == e`.
"""

from __future__ import annotations

import dataclasses
import json
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from motamot.service.ports import StoredEvent


class EventDecodeError(ValueError):
    """A stored event that this version cannot read (an operator's problem, not a player's)."""


@dataclass(frozen=True)
class Event:
    """The base of every event: its number in the room."""

    seq: int


_TYPES: dict[str, type[Event]] = {}
_TAGS: dict[type[Event], str] = {}

E = TypeVar("E", bound=type[Event])


def event(tag: str) -> Callable[[E], E]:
    """Register an event class under `tag` (unique, stable: it is stored)."""

    def register(cls: E) -> E:
        if tag in _TYPES:
            raise ValueError(f"event type {tag!r} registered twice")
        _TYPES[tag] = cls
        _TAGS[cls] = tag
        return cls

    return register


def tag_of(value: Event | type[Event]) -> str:
    """The type tag of an event or event class."""
    return _TAGS[value if isinstance(value, type) else type(value)]


def registered() -> dict[str, type[Event]]:
    """Every known event class by tag (for tests and documentation)."""
    return dict(_TYPES)


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return value


def _frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_frozen(item) for item in value)
    return value


_SHAPES: dict[type[Any], tuple[dict[str, Any], frozenset[str]]] = {}


def _shape(cls: type[Any]) -> tuple[dict[str, Any], frozenset[str]]:
    """A class's field types and names, worked out once (decoding is on every hot path)."""
    shape = _SHAPES.get(cls)
    if shape is None:
        names = frozenset(f.name for f in dataclasses.fields(cls))
        shape = _SHAPES[cls] = (typing.get_type_hints(cls), names)
    return shape


def _build(cls: type[Any], data: dict[str, Any]) -> Any:
    """`cls(**data)` with lists as tuples and dataclass-typed fields built in turn."""
    hints, names = _shape(cls)
    if set(data) - names:
        raise TypeError(f"unknown fields {sorted(set(data) - names)}")
    values: dict[str, Any] = {}
    for key, value in data.items():
        hint = hints.get(key)
        if isinstance(hint, type) and dataclasses.is_dataclass(hint):
            if not isinstance(value, dict):
                raise TypeError(f"{key}: expected an object")
            values[key] = _build(hint, value)
        else:
            values[key] = _frozen(value)
    return cls(**values)


def as_dict(value: Event) -> dict[str, Any]:
    """The event as a JSON-able dict: `{"type": tag, "seq": n, ...fields}`."""
    fields = {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return {"type": tag_of(value), **fields}


def encode(value: Event) -> str:
    """The event's JSON text (compact, keys in field order)."""
    return json.dumps(as_dict(value), ensure_ascii=False, separators=(",", ":"))


def decode(text: str) -> Event:
    """The event whose JSON text is `text`; EventDecodeError if it is not one."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as error:
        raise EventDecodeError(f"not an event: {error}") from None
    if not isinstance(data, dict):
        raise EventDecodeError("not an event: not a JSON object")
    tag = data.pop("type", None)
    cls = _TYPES.get(tag) if isinstance(tag, str) else None
    if cls is None:
        raise EventDecodeError(f"unknown event type {tag!r}")
    try:
        built: Event = _build(cls, data)
    except (TypeError, ValueError) as error:
        raise EventDecodeError(f"event {tag!r}: {error}") from None
    return built


def to_stored(room: str, value: Event) -> StoredEvent:
    """The event as its store keeps it."""
    return StoredEvent(room, value.seq, encode(value))


def from_stored(row: StoredEvent) -> Event:
    """The event of a stored row (whose seq must be the row's)."""
    value = decode(row.data)
    if value.seq != row.seq:
        raise EventDecodeError(f"room {row.room}: row {row.seq} holds event {value.seq}")
    return value
