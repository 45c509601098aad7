"""The frames the server sends on a room's socket, each declared (docs/protocol.md).

Every frame is a msgspec Struct tagged with its `type`, so what the server may send is
written down once, checked when encoded, and read back strictly by the tests. A room
kind adds its own (a Topword move's preview); what a view or an event holds is the
kind's (`views` of each game).
"""

from __future__ import annotations

from typing import Any

import msgspec


class Welcome(msgspec.Struct, tag="welcome", forbid_unknown_fields=True):
    """The whole room as this socket's seat sees it, and the server's clock."""

    seat: str | None
    view: dict[str, Any]
    now: float


class Events(msgspec.Struct, tag="events", forbid_unknown_fields=True):
    """New events of the room, numbered without holes (a hidden one is a bare seq)."""

    events: list[dict[str, Any]]


class Acked(msgspec.Struct, tag="ack", forbid_unknown_fields=True):
    """A seat action stored and applied: the room's new seq and what the writer may see."""

    id: int
    seq: int
    events: list[dict[str, Any]]


class Refused(msgspec.Struct, tag="refused", forbid_unknown_fields=True):
    """A seat action the room would not take (nothing changed), and why, in words."""

    id: int
    code: str
    fields: dict[str, Any]
    text: str


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


#: The frames every room's socket may carry (a kind adds its own).
FRAMES = (Welcome, Events, Acked, Refused, Error, Pong, Presence)
