"""The event codec: every event of every kind round-trips through JSON; bad text is refused."""

from __future__ import annotations

import types
import typing
from typing import Any

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from motamot.service.rooms.codec import EventDecodeError
from motamot.service.rooms.events import Event
from tests.service.conftest import KINDS, decode


def registered() -> dict[str, Any]:
    """Every event type of every kind, by tag (each kind's settings in its shared events)."""
    return {
        f"{kind.name}:{msgspec.inspect.type_info(cls).tag}": cls  # type: ignore[attr-defined]
        for kind in KINDS
        for cls in kind.codec.types
    }


_SCALARS: dict[Any, st.SearchStrategy[Any]] = {
    str: st.text(max_size=12),
    int: st.integers(-(2**53), 2**53),
    float: st.floats(allow_nan=False, allow_infinity=False),
    bool: st.booleans(),
    type(None): st.none(),
}


def strategy(hint: Any) -> st.SearchStrategy[Any]:
    """Values of a field type (the types events may hold)."""
    if hint in _SCALARS:
        return _SCALARS[hint]
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return st.one_of(*(strategy(arg) for arg in typing.get_args(hint)))
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return st.lists(strategy(args[0]), max_size=4).map(tuple)
        return st.tuples(*(strategy(arg) for arg in args))
    info = msgspec.inspect.type_info(hint)
    if isinstance(info, msgspec.inspect.StructType):
        hints = typing.get_type_hints(typing.get_origin(hint) or hint)
        parameters = dict(
            zip(
                getattr(typing.get_origin(hint), "__parameters__", ()),
                typing.get_args(hint),
                strict=True,
            )
        )
        fields = {
            f.name: strategy(parameters.get(hints[f.name], hints[f.name])) for f in info.fields
        }
        return st.builds(hint, **fields)
    raise TypeError(f"no strategy for {hint!r}")


#: (kind, event): every event of every kind, with the kind whose codec reads it.
ANY_EVENT = st.sampled_from(sorted(registered().items())).flatmap(
    lambda item: st.tuples(st.just(item[0].split(":")[0]), strategy(item[1]))
)


@given(ANY_EVENT)
def test_every_event_round_trips_through_json(kind_and_event: tuple[str, Event]) -> None:
    kind, event = kind_and_event
    codec = KINDS[kind].codec
    assert codec.decode(codec.encode(event)) == event


def test_every_event_type_is_covered() -> None:
    tags = set(registered())
    assert {
        "boggle:room.created",
        "boggle:boggle.word_written",
        "boggle:boggle.round_ended",
    } <= tags
    assert {"topword:room.created", "topword:topword.played", "topword:room.seat_taken"} <= tags


@pytest.mark.parametrize(
    "text",
    [
        "",
        "not json",
        "[1, 2]",
        '{"seq": 1}',
        '{"type": "boggle.nope", "seq": 1}',
        '{"type": "boggle.player_left", "seq": 1}',
        '{"type": "boggle.player_left", "seq": 1, "seat": "s1", "at": 0, "extra": 1}',
        '{"type": "boggle.room_created", "seq": 1, "room": "r", "settings": 3, "at": 0}',
        '{"type": "boggle.room_created", "seq": 1, "room": "r", "settings": {"x": 1}, "at": 0}',
        "[" * 100000,
    ],
)
def test_bad_event_text_is_refused_clearly(text: str) -> None:
    with pytest.raises(EventDecodeError):
        decode(text)
