"""The event store in one SQLite file: one row per event, key (room, seq).

Durability: WAL journal with `synchronous=FULL`, so a commit is on disk
(the WAL fsynced) before any append returns: an acknowledged word survives
a power cut, not only a crash of the process. That costs one fsync per
commit, so commits are grouped: one writer thread takes every append that is
waiting, checks each one's expected seq, writes them all in one transaction
and resolves each append's future after the commit. Under load (500 words a
second) a commit carries many appends; alone, an append costs one fsync.

An append whose expected seq is stale fails alone with SeqConflict (and
writes nothing); the others in its group go through. Reads use their own
connection (WAL lets them run while the writer writes).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import queue
import sqlite3
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from motamot.service.ports import SeqConflict, StoredEvent
from motamot.service.stores import migrations
from motamot.service.stores.db import Tx
from motamot.service.stores.memory import check_batch
from motamot.service.stores.migrations import Migration
from motamot.service.stores.sqlite_tx import SqliteTx, connect, transaction

# Each entry brings the tables from version i to i + 1 (`stores.migrations`); never edit
# a shipped one. Stores written before the version table are at 1 (their events table is
# the first entry's).
MIGRATIONS: tuple[Migration, ...] = (
    (
        """CREATE TABLE IF NOT EXISTS events (
            room TEXT NOT NULL,
            seq INTEGER NOT NULL,
            data TEXT NOT NULL,
            PRIMARY KEY (room, seq)
        ) WITHOUT ROWID""",
    ),
    (
        # when each event was stored (seconds since the epoch): the age of a room for
        # retention; the events stored before it count from the upgrade
        "ALTER TABLE events ADD COLUMN stored_at REAL",
        "UPDATE events SET stored_at = CAST(strftime('%s', 'now') AS REAL)",
    ),
)

#: Appends written in one transaction at most (bounds a commit's latency).
GROUP_LIMIT = 512
#: What the write probe writes beside the file: a few of SQLite's pages, as a commit does.
PROBE_BYTES = 16 * 1024


@dataclass
class _Append:
    room: str
    expected_seq: int
    events: Sequence[StoredEvent]
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[None]


def _connect(path: Path) -> sqlite3.Connection:
    connection = connect(path, threads=True)
    connection.execute("PRAGMA synchronous=FULL")
    return connection


def _settle(item: _Append, error: BaseException | None) -> None:
    """Resolve an append's future from the writer thread, in its own event loop."""

    def resolve() -> None:
        if item.future.done():
            return
        if error is None:
            item.future.set_result(None)
        else:
            item.future.set_exception(error)

    # A closed loop (RuntimeError) means nobody is waiting any more.
    with contextlib.suppress(RuntimeError):
        item.loop.call_soon_threadsafe(resolve)


def _write_probe(path: Path) -> None:
    try:
        with path.open("wb") as file:
            file.write(bytes(PROBE_BYTES))
            file.flush()
            os.fsync(file.fileno())
    finally:
        with contextlib.suppress(FileNotFoundError):
            path.unlink()


class SqliteStore:
    """An EventStore in the SQLite file at `path` (created with its folder if needed)."""

    def __init__(self, path: Path | str, group_limit: int = GROUP_LIMIT) -> None:
        if group_limit < 1:
            raise ValueError("a commit carries at least one append")
        self.path = Path(path)
        self.group_limit = group_limit
        self.path.parent.mkdir(parents=True, exist_ok=True)
        setup = _connect(self.path)
        try:
            #: The schema version the store was at when opened (0: a new file).
            self.found_version = migrate(setup, self.path)
        finally:
            setup.close()
        self._reader = _connect(self.path)
        self._read_lock = threading.Lock()
        self._pending: queue.SimpleQueue[_Append | None] = queue.SimpleQueue()
        self._closed = False
        #: Commits made and appends they carried (the group-commit figures).
        self.commits = 0
        self.appends = 0
        self._writer = threading.Thread(target=self._write_loop, name="sqlite-store", daemon=True)
        self._writer.start()

    async def append(self, room: str, expected_seq: int, events: Sequence[StoredEvent]) -> None:
        if self._closed:
            raise RuntimeError("the store is closed")
        check_batch(room, expected_seq, events)
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._pending.put(_Append(room, expected_seq, tuple(events), loop, future))
        await future

    async def writable(self) -> None:
        """Raise unless the disk under the store takes a write now (a full disk is what
        stops a SQLite store): a few pages written and synced beside the file, removed."""
        await asyncio.to_thread(_write_probe, self.path.with_name(self.path.name + ".probe"))

    def _write_loop(self) -> None:
        connection = _connect(self.path)
        try:
            while True:
                first = self._pending.get()
                if first is None:
                    return
                group = [first]
                stop = False
                while len(group) < self.group_limit:
                    try:
                        item = self._pending.get_nowait()
                    except queue.Empty:
                        break
                    if item is None:
                        stop = True
                        break
                    group.append(item)
                self._commit(connection, group)
                if stop:
                    return
        finally:
            connection.close()

    def _commit(self, connection: sqlite3.Connection, group: list[_Append]) -> None:
        outcomes: list[BaseException | None] = []
        at = time.time()
        try:
            with transaction(connection):
                last: dict[str, int] = {}
                for item in group:
                    if item.room not in last:
                        row = connection.execute(
                            "SELECT COALESCE(MAX(seq), 0) FROM events WHERE room = ?", (item.room,)
                        ).fetchone()
                        last[item.room] = int(row[0])
                    if last[item.room] != item.expected_seq:
                        outcomes.append(SeqConflict(item.room, item.expected_seq, last[item.room]))
                        continue
                    connection.executemany(
                        "INSERT INTO events (room, seq, data, stored_at) VALUES (?, ?, ?, ?)",
                        [(e.room, e.seq, e.data, at) for e in item.events],
                    )
                    last[item.room] = item.expected_seq + len(item.events)
                    outcomes.append(None)
        except sqlite3.Error as error:
            for item in group:
                _settle(item, error)
            return
        self.commits += 1
        self.appends += len(group)
        for item, outcome in zip(group, outcomes, strict=True):
            _settle(item, outcome)

    def _read(self, sql: str, parameters: tuple[object, ...]) -> list[tuple[Any, ...]]:
        with self._read_lock:
            return self._reader.execute(sql, parameters).fetchall()

    async def load(self, room: str, after: int = 0) -> list[StoredEvent]:
        rows = await asyncio.to_thread(
            self._read,
            "SELECT seq, data FROM events WHERE room = ? AND seq > ? ORDER BY seq",
            (room, after),
        )
        return [StoredEvent(room, int(seq), str(data)) for seq, data in rows]

    async def rooms(self) -> list[str]:
        rows = await asyncio.to_thread(
            self._read, "SELECT DISTINCT room FROM events ORDER BY room", ()
        )
        return [str(row[0]) for row in rows]

    async def idle_rooms(self, before: float) -> list[str]:
        rows = await asyncio.to_thread(
            self._read, "SELECT room FROM events GROUP BY room HAVING max(stored_at) < ?", (before,)
        )
        return [str(row[0]) for row in rows]

    async def remove(self, room: str, before: float) -> bool:
        """On a connection of its own (the writer waits for it, as for any other)."""
        return await asyncio.to_thread(self._remove, room, before)

    def _remove(self, room: str, before: float) -> bool:
        with contextlib.closing(_connect(self.path)) as connection, transaction(connection):
            row = connection.execute(
                "SELECT max(stored_at) FROM events WHERE room = ?", (room,)
            ).fetchone()
            idle = row[0] is not None and row[0] < before
            if idle:
                connection.execute("DELETE FROM events WHERE room = ?", (room,))
        return bool(idle)

    async def close(self) -> None:
        """Finish the appends already waiting, then close the file."""
        if self._closed:
            return
        self._closed = True
        self._pending.put(None)
        await asyncio.to_thread(self._writer.join)
        with self._read_lock:
            self._reader.close()


def migrate(connection: sqlite3.Connection, path: Path) -> int:
    """Bring the file's tables to the latest version, one process at a time (the write
    lock); returns the version they were at."""
    with transaction(connection):
        return migrations.run(SqliteTx(connection), MIGRATIONS, str(path), _LEDGER)


def _found(tx: Tx) -> int:
    found = migrations.TABLE.read(tx)
    events = "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'events'"
    if found == 0 and tx.execute(events)[0][0]:
        return 1  # written before the version table: its events table is version 1
    return found


_LEDGER = migrations.Ledger(_found, migrations.TABLE.write)
