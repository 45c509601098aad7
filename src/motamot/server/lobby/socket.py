"""The lobby's socket: the whole lobby first, then each change as the watch sees it.

The browser only pings (`ping`); everything else is an `error`. Reconnecting is starting
again: the whole lobby comes first, so a page never needs what it missed.
"""

from __future__ import annotations

from typing import Any

from starlette.websockets import WebSocket

from motamot.server.feed import Listener
from motamot.server.lobby.frames import LobbyChanged, LobbyTables
from motamot.server.protocol import encode
from motamot.server.side import side_socket
from motamot.server.texts import request_language
from motamot.service.lobby.watch import Changes, LobbyWatch

_last: tuple[Changes, str] | None = None


def changed_frame(changes: Changes) -> str:
    """The `lobby.changed` frame of `changes`, encoded once for every page told of them
    (the watch tells all its followers the same changes in a row)."""
    global _last
    if _last is None or _last[0] is not changes:
        _last = (changes, encode(LobbyChanged(changes.rows, changes.gone, changes.order)))
    return _last[1]


class LobbySession:
    """One page's following of the lobby."""

    def __init__(self, watch: LobbyWatch, clock: Any) -> None:
        self.watch = watch
        self.clock = clock
        self.out: Listener | None = None

    async def start(self, out: Listener) -> bool:
        self.out = out
        rows = self.watch.follow(self.told)
        out.push(encode(LobbyTables(rows, self.watch.limit, self.clock.now())))
        return True

    def told(self, changes: Changes) -> None:
        if self.out is not None:
            self.out.push(changed_frame(changes))

    async def handle(self, message: Any, out: Listener) -> None:
        """Nothing but pings (answered already) comes on this socket."""

    async def stop(self) -> None:
        self.watch.unfollow(self.told)


async def lobby_socket(websocket: WebSocket, rooms: Any) -> None:
    lang = request_language(websocket)
    if rooms.lobby is None:
        await websocket.close(1013)  # the lobby is not running (yet): try again later
        return
    session = LobbySession(rooms.lobby.watch, rooms.clock)
    await side_socket(websocket, rooms, (), session, lang)
