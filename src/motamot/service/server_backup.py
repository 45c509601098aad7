"""A whole server's backup (SQLite): what `serve` needs to be the same server again.

A server is three things: its rooms' events (`rooms.sqlite3`), its players' store
beside them (accounts, password hashes, sessions, addresses, bans, reports, ratings:
`rooms.players.sqlite3`) and its secret (the daily grids and the arena's rounds come
from it). A backup is a folder holding the three and a `backup.json` that says what
they hold:

    DEST/rooms.sqlite3  DEST/players.sqlite3  DEST/server.secret  DEST/backup.json

Both files are copied while the server writes them. Each copy is one snapshot
(`stores.backup.pinned`), and the players' one is fixed first, the rooms' a moment
after: whatever the players' tables project from the rooms is then at most behind the
rooms, and the restored server's projector catches it up at start (a projection ahead
of its events would never be redone). The folder is written beside DEST and renamed
into place whole, so DEST is a complete backup or the previous one, never half of one.

A restore puts the three back where `serve` reads them (the rooms' file `--db`, the
players' file beside it, the secret `--secret-file`) while no process has them open.
It accepts a backup of older motamots too: the single rooms' file they made.
"""

from __future__ import annotations

import contextlib
import datetime
import json
import os
import shutil
import sqlite3
from collections.abc import Callable
from dataclasses import asdict, dataclass
from dataclasses import replace as replaced
from pathlib import Path

import motamot
from motamot.durable import WriteError, fsync_folder, write_atomic
from motamot.service.players import schema as players_schema
from motamot.service.server_secret import SecretError, ServerSecret
from motamot.service.stores import backup as files
from motamot.service.stores.backup import BackupError, Copied
from motamot.service.stores.urls import players_path

ROOMS = "rooms.sqlite3"
PLAYERS = "players.sqlite3"
SECRET = "server.secret"
MANIFEST = "backup.json"


@dataclass(frozen=True)
class Held:
    """What a backup holds (written as its `backup.json`)."""

    rooms: int
    events: int
    rooms_schema: int
    accounts: int | None  # None: no players' store (a backup of an older motamot)
    players_schema: int | None
    secret: bool
    motamot: str = motamot.__version__
    made_at: str = ""
    #: `sqlite`, or `postgresql` (`server_backup_pg`: a pg_dump of `schema`).
    store: str = "sqlite"
    schema: str | None = None


def backup_server(db: Path, secret: Path, dest: Path) -> Held:
    """A backup of the server whose rooms are in `db` and secret in `secret`, written as
    the folder `dest` (a previous backup there is replaced)."""
    if not db.exists():
        raise BackupError("missing", path=str(db))
    key = ServerSecret.load(secret, create=False)  # SecretError: said as the serve one
    replaceable(dest)

    def fill(building: Path) -> Held:
        players = players_path(db)
        with contextlib.ExitStack() as stack:
            # both snapshots fixed before either is copied: the players' first
            kept = None
            if players.exists():
                kept = stack.enter_context(
                    contextlib.closing(files.pinned(players, "players_keys"))
                )
            rooms = stack.enter_context(contextlib.closing(files.pinned(db, "events")))
            if kept is not None:
                files.snapshot(kept, building / PLAYERS)
            files.snapshot(rooms, building / ROOMS)
        return _check(building, building)

    return write_backup(dest, key, fill)


def write_backup(dest: Path, key: ServerSecret, fill: Callable[[Path], Held]) -> Held:
    """The backup folder `dest`, built beside it: `fill(folder)` copies the stores into
    it and says what they hold; the secret and the manifest (stamped now) join them, and
    the folder replaces `dest` in one rename."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    building = dest.with_name(f".{dest.name}.{os.getpid()}.tmp")
    shutil.rmtree(building, ignore_errors=True)
    try:
        building.mkdir()
        made = datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
        held = replaced(fill(building), made_at=made)
        write_atomic(building / SECRET, key.key.hex().encode() + b"\n")
        write_atomic(building / MANIFEST, json.dumps(asdict(held), indent=2).encode())
        swap(building, dest)
    except (OSError, WriteError) as error:
        raise BackupError("cannot_write", path=str(dest), detail=str(error)) from error
    finally:
        shutil.rmtree(building, ignore_errors=True)
    return held


def restore_server(source: Path, db: Path, secret: Path, replace: bool = False) -> Held:
    """The backup `source` (a folder, or an older motamot's single rooms' file) put back
    as the rooms' file `db`, the players' file beside it and the secret `secret`. No
    process may have them open; rooms, accounts or another secret already there are
    replaced only when `replace`."""
    if not source.exists():
        raise BackupError("missing", path=str(source))
    folder = source.is_dir()
    held = _check(source, source) if folder else _single(source)
    players = players_path(db)
    for target in (db, players):
        if target.exists() and files.in_use(target):
            raise BackupError("in_use", path=str(target))
    if not replace and db.exists() and files.holds_rooms(db):
        raise BackupError("exists", path=str(db))
    if not replace and players.exists() and _holds_accounts(players):
        raise BackupError("has_accounts", path=str(players))
    kept_secret = secret_of(source / SECRET) if folder and held.secret else None
    if kept_secret is not None and not replace:
        check_secret(kept_secret, secret)
    files.put_in_place(source / ROOMS if folder else source, db)
    if folder and held.accounts is not None:
        files.put_in_place(source / PLAYERS, players)
    elif players.exists():  # another server's players would not match these rooms
        for stale in (players, Path(f"{players}-wal"), Path(f"{players}-shm")):
            stale.unlink(missing_ok=True)
    if kept_secret is not None:
        put_secret(kept_secret, secret)
    files.migrate_rooms(db)
    return held


def check_secret(kept: ServerSecret, secret: Path) -> None:
    """`secret_differs` when the file `secret` holds another server's secret."""
    if not secret.exists():
        return
    try:
        present = ServerSecret.load(secret, create=False)
    except SecretError:
        present = None
    if present != kept:
        raise BackupError("secret_differs", path=str(secret))


def put_secret(kept: ServerSecret, secret: Path) -> None:
    """The backup's secret written as the server's (mode 0600)."""
    try:
        write_atomic(secret, kept.key.hex().encode() + b"\n")
    except WriteError as error:
        raise BackupError("cannot_write", path=str(secret), detail=str(error)) from error


def replaceable(dest: Path) -> None:
    """Refuse to replace at `dest` anything but a backup (a folder with its manifest, or
    an older motamot's single file)."""
    if not dest.exists():
        return
    if dest.is_dir():
        if not (dest / MANIFEST).exists():
            raise BackupError("not_a_backup", path=str(dest))
        return
    _single(dest)  # not_a_store otherwise


def swap(building: Path, dest: Path) -> None:
    """`building` renamed to `dest`; a previous backup there goes once the new one is in."""
    old = dest.with_name(f".{dest.name}.{os.getpid()}.old")
    if dest.exists():
        os.replace(dest, old)
    os.replace(building, dest)
    fsync_folder(dest.parent)
    if old.is_dir():
        shutil.rmtree(old)
    else:
        old.unlink(missing_ok=True)


def _single(path: Path) -> Held:
    """An older motamot's backup: the rooms' file alone."""
    rooms = files.check_store(path)
    return Held(rooms.rooms, rooms.events, rooms.version, None, None, secret=False)


def _check(folder: Path, shown: Path) -> Held:
    """What the backup folder holds, each file checked whole and readable by this version."""
    if not (folder / ROOMS).exists():
        raise BackupError("not_a_backup", path=str(shown))
    rooms: Copied = files.check_store(folder / ROOMS)
    accounts = version = None
    if (folder / PLAYERS).exists():
        accounts, version = _check_players(folder / PLAYERS)
    has_secret = (folder / SECRET).exists()
    if has_secret:
        secret_of(folder / SECRET)
    return Held(rooms.rooms, rooms.events, rooms.version, accounts, version, has_secret)


def _check_players(path: Path) -> tuple[int, int]:
    """The accounts and the schema version of a players' file this version reads."""
    uri = f"file:{path}?mode=ro"
    try:
        with contextlib.closing(sqlite3.connect(uri, uri=True)) as connection:
            check = connection.execute("PRAGMA integrity_check").fetchone()[0]
            if check != "ok":
                raise BackupError("damaged", path=str(path), detail=str(check))
            row = connection.execute(
                "SELECT value FROM players_keys WHERE name = 'schema_version'"
            ).fetchone()
            accounts = connection.execute(
                "SELECT count(*) FROM players_players WHERE password IS NOT NULL"
            ).fetchone()[0]
    except sqlite3.DatabaseError as error:
        raise BackupError("not_a_store", path=str(path), detail=str(error)) from error
    version = int(row[0]) if row else 0
    if version > len(players_schema.MIGRATIONS):
        raise BackupError("too_new", path=str(path), detail=str(version))
    return int(accounts), version


def _holds_accounts(path: Path) -> bool:
    """Whether the players' file has accounts (not replaced without being told)."""
    try:
        return _check_players(path)[0] > 0
    except BackupError:
        return True  # damaged, or not a players' store: not replaced without being told


def secret_of(path: Path) -> ServerSecret:
    """The backup's secret, read without the lock a live one takes (a backup may be on a
    read-only disk)."""
    try:
        return ServerSecret(bytes.fromhex(path.read_text("ascii").strip()))
    except (OSError, UnicodeDecodeError, ValueError):
        raise BackupError("damaged", path=str(path), detail="server secret") from None
