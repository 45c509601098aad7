"""A SQLite file's copy while its server runs, and its return while the server is
stopped: the primitives `service.server_backup` builds a whole server's backup from.

A copy is SQLite's online backup of the whole file in one step, through a connection
whose read transaction fixes the snapshot (`pinned`): the WAL lets the server's writer
go on meanwhile, and the copy holds every event committed before the snapshot and none
half-written. It is written as one self-contained file (no WAL) and fsynced. A file is
put back only when no process has the target open (`in_use`: a server's rooms in memory
would disagree with the file), atomically.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from motamot.durable import fsync_folder
from motamot.errors import CodedError
from motamot.service.stores import sqlite
from motamot.service.stores.sqlite import SqliteStore


class BackupError(CodedError):
    """Why a backup or a restore could not be made: a code (`not_a_store`, `damaged`,
    `in_use`, `exists`, `missing`, `too_new`, `cannot_write`, `not_a_backup`,
    `secret_differs`, `has_accounts`, `schema_differs`, `no_tool`), the file's path and a
    detail; the terminal says it in the operator's language (`text.cli.ADMIN_ERRORS`)."""

    TEMPLATES: ClassVar[dict[str, str]] = {
        "not_a_store": "{path} is not a motamot store {detail}",
        "damaged": "{path} is damaged: {detail}",
        "in_use": "{path} is open in a running motamot",
        "exists": "{path} already holds rooms",
        "missing": "{path} does not exist",
        "too_new": "{path} was written by a newer motamot (schema {detail})",
        "cannot_write": "cannot write {path}: {detail}",
        "not_a_backup": "{path} is not a motamot backup",
        "secret_differs": "{path} holds another server secret",
        "has_accounts": "{path} already holds accounts",
        "schema_differs": "{path} holds the schema {detail}",
        "no_tool": "{path} is not installed",
    }

    def __init__(self, code: str, path: str, detail: str = "") -> None:
        super().__init__(code, path=path, detail=detail)
        self.path = path
        self.detail = detail


@dataclass(frozen=True)
class Copied:
    """What a backup or a restore holds: its rooms and events, its schema version."""

    rooms: int
    events: int
    version: int


def snapshot(source: sqlite3.Connection, target: Path) -> None:
    """The database `source` reads (its read transaction's snapshot, if one is open:
    the WAL lets writers go on meanwhile) copied whole into the new file `target`, one
    self-contained file (no WAL beside it), fsynced."""
    with contextlib.closing(sqlite3.connect(target)) as copy:
        source.backup(copy)  # every page in one step: one snapshot
        copy.execute("PRAGMA journal_mode=DELETE")
    with target.open("rb+") as written:
        os.fsync(written.fileno())


def pinned(path: Path, first_table: str) -> sqlite3.Connection:
    """A connection to `path` holding a read transaction (its snapshot, fixed now)."""
    connection = sqlite3.connect(path, timeout=10, isolation_level=None)
    try:
        connection.execute("BEGIN")
        connection.execute(f"SELECT count(*) FROM (SELECT 1 FROM {first_table} LIMIT 1)")
    except sqlite3.DatabaseError as error:
        connection.close()
        raise BackupError("not_a_store", path=str(path), detail=str(error)) from error
    return connection


def check_store(path: Path) -> Copied:
    """What the rooms' file `path` holds, if it is a whole store this version reads."""
    if not path.exists():
        raise BackupError("missing", path=str(path))
    with contextlib.closing(_open(path, read_only=True)) as connection:
        return _check_store(connection, path)


def put_in_place(source: Path, target: Path) -> None:
    """The file `source` copied over `target` (which no process has open), atomically;
    the old file's WAL and shared memory go with it."""
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        with (
            contextlib.closing(_open(source, read_only=True)) as backup_file,
            contextlib.closing(sqlite3.connect(temporary)) as copy,
        ):
            backup_file.backup(copy)
        for stale in (Path(f"{target}-wal"), Path(f"{target}-shm")):
            stale.unlink(missing_ok=True)
        os.replace(temporary, target)
        fsync_folder(target.parent)
    except OSError as error:
        raise BackupError("cannot_write", path=str(target), detail=str(error)) from error
    finally:
        temporary.unlink(missing_ok=True)


def migrate_rooms(db: Path) -> None:
    """The rooms' file brought to this motamot's schema version."""
    asyncio.run(SqliteStore(db).close())


def in_use(db: Path) -> bool:
    """Whether a process has the store open (a server, a terminal game): it holds a lock
    that an exclusive one waits for."""
    with contextlib.closing(sqlite3.connect(db, timeout=0.2, isolation_level=None)) as probe:
        try:
            probe.execute("PRAGMA locking_mode=EXCLUSIVE")
            probe.execute("BEGIN EXCLUSIVE")
            probe.execute("ROLLBACK")
        except sqlite3.OperationalError:
            return True
    return False


def _open(path: Path, read_only: bool = False) -> sqlite3.Connection:
    if read_only:
        return sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    return sqlite3.connect(path, timeout=10)


def _check_store(connection: sqlite3.Connection, path: Path) -> Copied:
    """What the file holds, if it is a whole motamot store this version reads."""
    try:
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
        if "events" not in tables:
            raise BackupError("not_a_store", path=str(path))
        check = connection.execute("PRAGMA integrity_check").fetchone()[0]
        if check != "ok":
            raise BackupError("damaged", path=str(path), detail=str(check))
        version = 1
        if "schema_version" in tables:
            version = int(
                connection.execute("SELECT max(version) FROM schema_version").fetchone()[0]
            )
        if version > len(sqlite.MIGRATIONS):
            raise BackupError("too_new", path=str(path), detail=str(version))
        rooms, events = connection.execute(
            "SELECT count(DISTINCT room), count(*) FROM events"
        ).fetchone()
    except sqlite3.DatabaseError as error:
        raise BackupError("not_a_store", path=str(path), detail=str(error)) from error
    return Copied(int(rooms), int(events), version)


def holds_rooms(db: Path) -> bool:
    try:
        with contextlib.closing(_open(db, read_only=True)) as connection:
            return bool(connection.execute("SELECT count(*) FROM events").fetchone()[0])
    except sqlite3.DatabaseError:
        return True  # not a store, or damaged: not replaced without being told
