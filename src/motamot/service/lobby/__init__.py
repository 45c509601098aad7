"""The lobby (« Tables ouvertes »): the public rooms with a free seat, the same on every
server process, and the games that wait for a player's move.

```
RoomHost._commit ─► LobbyProjector.observe ─► LobbyStore (lobby_rooms, lobby_awaited)
                                           └► notice "lobby" ─► each process's LobbyWatch
                                                                 └► its followers (sockets)
```
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

from motamot.service.lobby.projector import LobbyProjector
from motamot.service.lobby.store import LobbyStore
from motamot.service.lobby.watch import LobbyWatch
from motamot.service.notices import Notices
from motamot.service.players.db import Db
from motamot.service.ports import Clock
from motamot.service.stores.outages import failed
from motamot.service.tasks import stopped

log = logging.getLogger(__name__)


@dataclass
class Lobby:
    """The lobby's parts in one process."""

    store: LobbyStore
    projector: LobbyProjector
    watch: LobbyWatch
    notices: Notices


@contextlib.asynccontextmanager
async def lobby_running(db: Db, host: Any, notices: Notices, clock: Clock) -> AsyncIterator[Lobby]:
    """The lobby over the players' database `db`, following the rooms of `host` (a
    RoomHost, started): its rows checked against the events in the background, then
    kept up live; stopped before the rooms."""
    store = LobbyStore(db)
    await store.create()
    projector = LobbyProjector(store, notices, clock)
    projector.after_ends = host.ends_done
    host.observers.append(projector.observe)
    watch = LobbyWatch(store, notices, clock)
    await watch.start()
    checking = asyncio.create_task(_catch_up(projector, host), name="lobby-catch-up")
    try:
        yield Lobby(store, projector, watch, notices)
    finally:
        await stopped(checking, errors_too=True)
        with contextlib.suppress(ValueError):
            host.observers.remove(projector.observe)
        await watch.close()
        await projector.close()


async def _catch_up(projector: LobbyProjector, host: Any) -> None:
    try:
        mended = await projector.catch_up(host)
    except Exception as error:
        failed(log, error, "lobby: its rows could not be checked against the events")
        return
    if mended:
        log.info("lobby: %d rows mended from the events", mended)
