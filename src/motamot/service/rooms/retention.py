"""Old finished rooms removed, their records kept: a public server's store stops growing.

A room is removed when nothing is in play in it (`Actor.finished`: no round or game
running) and its last event was stored more than `days` ago; first its plain-text
records (each kind's engine format, `Actor.records`) are written under `records`, in a
folder per month, then its events are deleted, in the room's actor (no command runs
meanwhile) and only if no event came since. With several processes a room is removed by
the one that takes its lease. What other tables derive from rooms stays (the players'
games, places and ratings are summaries of their own); an arena round keeps its ranking
as its record (`arena.summary`).
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass
from pathlib import Path

from motamot.service.rooms.host import Room, RoomHost
from motamot.service.storage import save_text
from motamot.service.stores.outages import failed

log = logging.getLogger(__name__)

#: Seconds in a day (retention is said in days).
DAY = 86_400.0


@dataclass(frozen=True)
class Retention:
    """Finished rooms idle for more than `days` are removed (0: every room kept), their
    records written under `records` first; a sweep every `every` seconds."""

    days: float = 90.0
    records: Path | None = None
    every: float = 3600.0


async def sweep(host: RoomHost, retention: Retention, now: float | None = None) -> int:
    """Remove what is due by `now` (the machine's clock); how many rooms were removed."""
    if retention.days <= 0:
        return 0
    now = time.time() if now is None else now
    before = now - retention.days * DAY
    month = time.strftime("%Y-%m", time.gmtime(now))

    async def keep(room: Room) -> None:
        if retention.records is not None:
            await asyncio.to_thread(write_records, room, retention.records / month)

    removed = 0
    for room_id in await host.store.idle_rooms(before):
        try:
            removed += await host.retire(room_id, before, keep)
        except Exception as error:  # one room that cannot be read or written is no reason to stop
            failed(log, error, "room %s: not removed", room_id)
    if removed:
        log.info("retention: %d finished rooms removed", removed)
    return removed


def write_records(room: Room, folder: Path) -> list[Path]:
    """The room's records as `<kind>-<room>.txt` (`-2`, `-3`... for more) in `folder`."""
    texts = room.records()
    paths = []
    for number, text in enumerate(texts, 1):
        suffix = f"-{number}" if number > 1 else ""
        path = folder / f"{room.KIND}-{room.room_id}{suffix}.txt"
        save_text(path, text)
        paths.append(path)
    return paths


async def keep_sweeping(host: RoomHost, retention: Retention) -> None:
    """A sweep now, then one every `retention.every` seconds, until cancelled."""
    while True:
        try:
            await sweep(host, retention)
        except Exception as error:
            failed(log, error, "retention sweep failed")
        await asyncio.sleep(retention.every)
