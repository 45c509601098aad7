"""A whole server's backup on PostgreSQL, in the folder `server_backup` makes for SQLite.

The rooms' events and the players' tables are in one schema, so one `pg_dump` of that
schema copies both in one consistent snapshot while the processes run; the secret is
copied beside it:

    DEST/motamot.pgdump  DEST/server.secret  DEST/backup.json

A restore is `pg_restore` of that schema into the database `--db` names (a new one, or,
with `replace`, one whose schema of that name is dropped first, which no other session
may be using), and the secret put back. A process started on the copy must take a Redis
prefix of its own (`brokers.redis_claim` refuses the live cluster's).
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from motamot.service.players import schema as players_schema
from motamot.service.server_backup import (
    MANIFEST,
    SECRET,
    Held,
    check_secret,
    put_secret,
    replaceable,
    secret_of,
    write_backup,
)
from motamot.service.server_secret import ServerSecret
from motamot.service.stores.backup import BackupError
from motamot.service.stores.urls import redacted, split_url

DUMP = "motamot.pgdump"


def backup_postgres(url: str, secret: Path, dest: Path) -> Held:
    """A backup of the server whose store is the PostgreSQL `url`, as the folder `dest`."""
    import psycopg
    from psycopg import sql

    conninfo, schema = split_url(url)
    key = ServerSecret.load(secret, create=False)  # SecretError: said as the serve one
    replaceable(dest)
    try:
        with psycopg.connect(conninfo, autocommit=True) as connection:
            name = sql.Identifier(schema)
            rooms, events = connection.execute(
                sql.SQL("SELECT count(DISTINCT room), count(*) FROM {}.events").format(name)
            ).fetchone() or (0, 0)
            version = connection.execute(
                sql.SQL("SELECT max(version) FROM {}.schema_version").format(name)
            ).fetchone() or (0,)
            accounts = connection.execute(
                sql.SQL(
                    "SELECT count(*) FROM {}.players_players WHERE password IS NOT NULL"
                ).format(name)
            ).fetchone() or (0,)
    except psycopg.Error as error:
        raise BackupError("not_a_store", path=redacted(url), detail=str(error)) from None

    def fill(building: Path) -> Held:
        command = ["pg_dump", "--format=custom", f"--schema={schema}", f"--file={building / DUMP}"]
        _run([*command, conninfo], url, conninfo)
        return Held(
            int(rooms), int(events), int(version[0] or 0), int(accounts[0]),
            len(players_schema.MIGRATIONS),
            secret=True, store="postgresql", schema=schema,
        )  # fmt: skip

    return write_backup(dest, key, fill)


def restore_postgres(source: Path, url: str, secret: Path, replace: bool = False) -> Held:
    """The PostgreSQL backup `source` put back into the database `url` names (its schema
    the backup's), and its secret as `secret`."""
    import psycopg
    from psycopg import sql

    held = _manifest(source)
    conninfo, schema = split_url(url)
    if schema != held.schema:
        raise BackupError("schema_differs", path=str(source), detail=str(held.schema))
    kept = secret_of(source / SECRET)
    if not replace:
        check_secret(kept, secret)
    try:
        with psycopg.connect(conninfo, autocommit=True) as connection:
            found = connection.execute(
                "SELECT count(*) FROM information_schema.schemata WHERE schema_name = %s",
                (schema,),
            ).fetchone()
            if found is not None and found[0]:
                if not replace:
                    raise BackupError("exists", path=redacted(url))
                others = connection.execute(
                    "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                    " AND pid <> pg_backend_pid() AND backend_type = 'client backend'"
                ).fetchone()
                if others is not None and others[0]:
                    raise BackupError("in_use", path=redacted(url))
                drop = sql.SQL("DROP SCHEMA {} CASCADE").format(sql.Identifier(schema))
                connection.execute(drop)
    except psycopg.Error as error:
        raise BackupError("cannot_write", path=redacted(url), detail=str(error)) from None
    _run(["pg_restore", "--no-owner", f"--dbname={conninfo}", str(source / DUMP)], url, conninfo)
    put_secret(kept, secret)
    return held


def _manifest(source: Path) -> Held:
    """What a PostgreSQL backup folder holds (`not_a_backup` for anything else)."""
    try:
        data = json.loads((source / MANIFEST).read_text("utf-8"))
        held = Held(**data)
    except (OSError, ValueError, TypeError):
        raise BackupError("not_a_backup", path=str(source)) from None
    if held.store != "postgresql" or not (source / DUMP).exists() or held.schema is None:
        raise BackupError("not_a_backup", path=str(source))
    return held


def _run(command: list[str], url: str, conninfo: str) -> None:
    """A PostgreSQL tool run (its errors said with the URL's password as ***)."""
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=3600)
    except FileNotFoundError:
        raise BackupError("no_tool", path=command[0]) from None
    if done.returncode != 0:
        detail = done.stderr.strip().replace(conninfo, redacted(conninfo))
        raise BackupError("cannot_write", path=redacted(url), detail=detail[-500:])
