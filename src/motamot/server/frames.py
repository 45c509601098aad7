"""The frames the server sends on a room's socket, each declared (docs/protocol.md).

Every frame is a msgspec Struct tagged with its `type`, so what the server may send is
written down once and read back strictly by the tests. The envelopes are generic in
what they carry: a room's view and its events as shown are declared by its kind (the
`shown` module of each game), and a kind adds its own frames (a Topword move's
preview); `frames_of` puts one kind's together.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, Literal, TypeVar, Union

import msgspec

from motamot.service.rooms.shown import Hidden

V = TypeVar("V")
E = TypeVar("E")


class Welcome(msgspec.Struct, Generic[V], tag="welcome", forbid_unknown_fields=True):
    """The whole room as this socket's seat sees it, and the server's clock."""

    seat: str | None
    view: V
    now: float


class Events(msgspec.Struct, Generic[E], tag="events", forbid_unknown_fields=True):
    """New events of the room, numbered without holes (one not shown is `hidden`)."""

    events: list[E]


class Acked(msgspec.Struct, Generic[E], tag="ack", forbid_unknown_fields=True):
    """A seat action stored and applied: the room's new seq and what the writer may see."""

    id: int
    seq: int
    events: list[E]


class Refused(msgspec.Struct, tag="refused", forbid_unknown_fields=True):
    """A seat action the room would not take (nothing changed), and why, in words."""

    id: int
    code: str
    fields: dict[str, Any]
    text: str
    #: Nothing happened, but the same action may be taken later (the store could not
    #: write, the room's owner was away): the page keeps it and sends it again.
    retryable: bool = False


class Error(msgspec.Struct, tag="error", forbid_unknown_fields=True, omit_defaults=True):
    """A message the server could not read, or a socket it will not serve."""

    code: str
    text: str
    detail: str | None = None


class Pong(msgspec.Struct, tag="pong", forbid_unknown_fields=True):
    """The answer to a ping: the client's time echoed, the server's time."""

    c: float
    s: float


class Presence(msgspec.Struct, tag="presence", forbid_unknown_fields=True):
    """The seats with a socket open now, over every server process."""

    seats: list[str]


class Status(msgspec.Struct, tag="status", forbid_unknown_fields=True):
    """The server's store cannot write (`down`: what the page sends is refused as
    retryable, and kept) or writes again (`up`: the page sends what it kept), told to
    every socket of the process when it changes, and to a socket opened while it is down."""

    store: Literal["up", "down"]


#: The frames every room's socket may carry (a kind adds its own).
FRAMES = (Welcome, Events, Acked, Refused, Error, Pong, Presence, Status)


def frames_of(view: Any, shown: Sequence[Any], own: Sequence[Any]) -> Any:
    """The union of every frame a kind's sockets carry: its `view`, its events as
    `shown` (none declared: plain objects) and its `own` frames."""
    event: Any = Union[(*shown, Hidden)] if shown else dict[str, Any]
    envelopes = (Welcome[view], Events[event], Acked[event], Refused, Error, Pong, Presence, Status)
    return Union[(*envelopes, *own)]
