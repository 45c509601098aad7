"""The frames of the lobby's socket (`/salon/ws`), each declared (docs/protocol.md)."""

from __future__ import annotations

import msgspec

from motamot.service.lobby.rows import LobbyRow


class LobbyTables(msgspec.Struct, tag="lobby", forbid_unknown_fields=True):
    """The whole lobby, on connecting (and again after every reconnect): each open
    table, the most recently active first."""

    tables: list[LobbyRow]
    #: The most tables the lobby lists.
    limit: int
    #: The server's clock.
    now: float


class LobbyChanged(msgspec.Struct, tag="lobby.changed", forbid_unknown_fields=True):
    """What changed since the last frame (at most one every half second): the tables
    new or changed, the tables gone, and every table's place after it."""

    tables: list[LobbyRow]
    #: The `room` of each table no longer listed.
    gone: list[str]
    #: The `room` of every table listed now, in the lobby's order.
    order: list[str]


#: What the lobby's socket sends besides `pong` and `error`.
LOBBY_FRAMES = (LobbyTables, LobbyChanged)
