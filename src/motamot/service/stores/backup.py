"""A SQLite store's backup and restore, while its server runs (backup) or is stopped
(restore).

A backup is SQLite's online backup of the whole file in one step: it reads one
consistent snapshot (the WAL lets the server's writer go on meanwhile), so it holds
every event committed before it began and none half-written. It is written next to its
destination, checked, made one self-contained file (no WAL) and moved into place
atomically. A restore checks the file is a whole motamot store this version can read,
refuses while a process has the target open (a server running on it: its rooms in
memory would disagree with the file), and puts a copy in place, migrated.
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
    `in_use`, `exists`, `missing`, `too_new`, `cannot_write`), the file's path and a
    detail; the terminal says it in the operator's language (`text.cli.ADMIN_ERRORS`)."""

    TEMPLATES: ClassVar[dict[str, str]] = {
        "not_a_store": "{path} is not a motamot store {detail}",
        "damaged": "{path} is damaged: {detail}",
        "in_use": "{path} is open in a running motamot",
        "exists": "{path} already holds rooms",
        "missing": "{path} does not exist",
        "too_new": "{path} was written by a newer motamot (schema {detail})",
        "cannot_write": "cannot write {path}: {detail}",
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


def backup(db: Path, target: Path) -> Copied:
    """A consistent copy of the store `db` (in use or not) at `target` (replaced)."""
    if not db.exists():
        raise BackupError("missing", path=str(db))
    temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        with contextlib.closing(_open(db)) as source:
            _check_store(source, db)
            with contextlib.closing(sqlite3.connect(temporary)) as copy:
                source.backup(copy)  # every page in one step: one snapshot
                copy.execute("PRAGMA journal_mode=DELETE")  # one file, no WAL beside it
                held = _check_store(copy, temporary)
        with temporary.open("rb+") as written:
            os.fsync(written.fileno())
        os.replace(temporary, target)
        fsync_folder(target.parent)
    except OSError as error:
        raise BackupError("cannot_write", path=str(target), detail=str(error)) from error
    finally:
        temporary.unlink(missing_ok=True)
    return held


def restore(source: Path, db: Path, replace: bool = False) -> Copied:
    """The backup `source` put in place as the store `db` (which no process may have
    open; with rooms in it already, only when `replace`), then migrated."""
    if not source.exists():
        raise BackupError("missing", path=str(source))
    with contextlib.closing(_open(source, read_only=True)) as backup_file:
        held = _check_store(backup_file, source)
    if db.exists():
        if in_use(db):
            raise BackupError("in_use", path=str(db))
        if not replace and _holds_rooms(db):
            raise BackupError("exists", path=str(db))
    db.parent.mkdir(parents=True, exist_ok=True)
    temporary = db.with_name(f".{db.name}.{os.getpid()}.tmp")
    try:
        with (
            contextlib.closing(_open(source, read_only=True)) as backup_file,
            contextlib.closing(sqlite3.connect(temporary)) as copy,
        ):
            backup_file.backup(copy)
        for stale in (Path(f"{db}-wal"), Path(f"{db}-shm")):  # the old file's, not this one's
            stale.unlink(missing_ok=True)
        os.replace(temporary, db)
        fsync_folder(db.parent)
    except OSError as error:
        raise BackupError("cannot_write", path=str(db), detail=str(error)) from error
    finally:
        temporary.unlink(missing_ok=True)
    asyncio.run(SqliteStore(db).close())  # migrated to this motamot's version
    return Copied(held.rooms, held.events, len(sqlite.MIGRATIONS))


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


def _holds_rooms(db: Path) -> bool:
    try:
        with contextlib.closing(_open(db, read_only=True)) as connection:
            return bool(connection.execute("SELECT count(*) FROM events").fetchone()[0])
    except sqlite3.DatabaseError:
        return True  # not a store, or damaged: not replaced without being told
