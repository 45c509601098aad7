"""D11, D12: which rooms play a numbered game or count in a club's series, kept in the
players' database, so that a ranking reads the rooms of its game only, never every room
of the server.

Each process tells it of the rooms it stores events for (`observe`, inside the room's
actor): a duplicate room with a number or a series is queued the first time this process
sees it commit with those settings (they may change before the game starts), and written
off the event loop (a crash between a room's creation and its row is mended at the
room's next commit: its join, its start). Rooms stored before the index existed are
read once, at the first start that creates it (`backfill`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from motamot.service.duplicate.settings import DuplicateSettings
from motamot.service.players.db import Db, Tx
from motamot.service.ports import EventStore
from motamot.service.rooms.codec import EventCodec, EventDecodeError
from motamot.service.rooms.events import Event, RoomCreated
from motamot.service.rooms.observer import QueuedObserver
from motamot.service.stores.outages import failed

log = logging.getLogger(__name__)

#: A failed batch is tried again after this many seconds.
RETRY_SECONDS = 1.0
#: Rooms this process remembers having written (others are written again: the same row).
REMEMBERED = 100_000

_TABLES = """
CREATE TABLE IF NOT EXISTS duplicate_games (
    room {text} PRIMARY KEY,
    number {int},
    series {text}
);
CREATE INDEX IF NOT EXISTS duplicate_games_number ON duplicate_games (number);
CREATE INDEX IF NOT EXISTS duplicate_games_series ON duplicate_games (series);
CREATE TABLE IF NOT EXISTS duplicate_games_filled (done {int} PRIMARY KEY)
"""
_TYPES = {
    "sqlite": {"int": "INTEGER", "text": "TEXT"},
    "postgresql": {"int": "BIGINT", "text": 'TEXT COLLATE "C"'},
}


_BY = {
    column: f"SELECT room FROM duplicate_games WHERE {column} = ? ORDER BY room"
    for column in ("number", "series")
}


@dataclass(frozen=True)
class Indexed:
    """A room of a numbered game (D10) or of a club's series (D12), or both."""

    room: str
    number: int | None
    series: str | None


def indexed(room_id: str, settings: Any) -> Indexed | None:
    """The row of a room with `settings` (None: a room no ranking reads)."""
    if not isinstance(settings, DuplicateSettings):
        return None
    if settings.number is None and settings.series is None:
        return None
    return Indexed(room_id, settings.number, settings.series)


class GameIndex:
    """The index's table over the players' database."""

    def __init__(self, db: Db) -> None:
        self.db = db

    async def create(self) -> bool:
        """Create the tables if missing; whether the rooms stored before are yet to read."""
        return await self.db.run(_create, durable=False)

    async def write(self, rows: Sequence[Indexed]) -> None:
        await self.db.run(lambda tx: _write(tx, rows), durable=False)

    async def filled(self) -> None:
        """The rooms stored before the index are in it (no start reads them again)."""

        def work(tx: Tx) -> None:
            tx.execute(
                "INSERT INTO duplicate_games_filled (done) VALUES (1) ON CONFLICT (done) DO NOTHING"
            )

        await self.db.run(work, durable=False)

    async def of_number(self, number: int) -> list[str]:
        """The rooms playing numbered game `number`."""
        return await self._rooms("number", number)

    async def of_series(self, series: str) -> list[str]:
        """The rooms of a club's series."""
        return await self._rooms("series", series)

    async def _rooms(self, column: str, value: int | str) -> list[str]:
        def work(tx: Tx) -> list[str]:
            found = tx.execute(_BY[column], (value,))
            return [str(room) for (room,) in found]

        return await self.db.run(work, durable=False)


def _create(tx: Tx) -> bool:
    if tx.dialect == "postgresql":
        tx.execute("SELECT pg_advisory_xact_lock(hashtext(current_schema() || '.dupidx'))")
    for statement in _TABLES.format(**_TYPES[tx.dialect]).split(";"):
        if statement.strip():
            tx.execute(statement)
    return not list(tx.execute("SELECT done FROM duplicate_games_filled"))


def _write(tx: Tx, rows: Sequence[Indexed]) -> None:
    for row in rows:
        tx.execute(
            "INSERT INTO duplicate_games (room, number, series) VALUES (?, ?, ?)"
            " ON CONFLICT (room) DO UPDATE SET number = excluded.number, series = excluded.series",
            (row.room, row.number, row.series),
        )


class IndexWriter(QueuedObserver):
    """The host's observer that writes the index's rows of the rooms this process stores."""

    TASK_NAME = "duplicate-index"

    def __init__(self, index: GameIndex) -> None:
        super().__init__()
        self.index = index
        self._pending: dict[str, Indexed] = {}
        self._written: set[Indexed] = set()

    def observe(self, room: Any, events: Sequence[Event]) -> None:
        """Queue the room's row the first time this process sees it commit with these
        settings (its creator may change them before the game starts)."""
        del events  # its settings say it all
        room_id = getattr(room, "room_id", None)
        if not isinstance(room_id, str):
            return
        row = indexed(room_id, getattr(room, "settings", None))
        if row is None or row in self._written:
            return
        if len(self._written) >= REMEMBERED:
            self._written.clear()
        self._written.add(row)
        self._pending[room_id] = row
        self._wake()

    def _queued(self) -> bool:
        return bool(self._pending)

    async def _work(self) -> None:
        batch = list(self._pending.values())
        self._pending.clear()
        try:
            await self.index.write(batch)
        except Exception as error:
            failed(log, error, "duplicate index: %d rows failed; tried again", len(batch))
            for row in batch:
                self._pending.setdefault(row.room, row)
            await asyncio.sleep(RETRY_SECONDS)


async def backfill(index: GameIndex, store: EventStore, codec: EventCodec) -> int:
    """Read each stored room's first event once (the rooms stored before the index): the
    rows of those a ranking reads. How many were written."""
    rows = []
    for room in await store.rooms():
        first = await store.load(room, after=0)
        if not first or '"kind":"duplicate"' not in first[0].data:
            continue
        try:
            created = codec.decode(first[0].data)
        except EventDecodeError:
            continue
        if isinstance(created, RoomCreated):
            row = indexed(room, created.settings)
            if row is not None:
                rows.append(row)
    await index.write(rows)
    await index.filled()
    return len(rows)
