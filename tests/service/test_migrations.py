"""Stores carry their schema's version and a newer motamot migrates an older store when it
opens it: the stores an older main wrote (tests/data/legacy/, 619c8bb) open, migrate and
show every room as that version did; each migration runs once, all of it or none; a store
a newer motamot migrated is refused."""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from psycopg import sql

from motamot.service.stores import postgres, sqlite, urls
from motamot.service.stores.migrations import SchemaTooNew
from motamot.service.stores.postgres import PostgresStore
from motamot.service.stores.sqlite import SqliteStore
from tests.service.backends import POSTGRES_URL
from tests.service.test_legacy_store import LEGACY, _still_shown, _views_of

PLAYERS = ("CREATE TABLE players (name TEXT PRIMARY KEY)",)
PG_PLAYERS = ("CREATE TABLE {schema}.players (name text PRIMARY KEY)",)


def version(path: Path) -> int:
    with sqlite3.connect(path) as connection:
        return int(connection.execute("SELECT version FROM schema_version").fetchone()[0])


def legacy_copy(tmp_path: Path) -> Path:
    copy = tmp_path / "rooms.sqlite3"
    shutil.copy(LEGACY / "rooms-619c8bb.sqlite3", copy)
    return copy


def test_the_619c8bb_sqlite_store_migrates_and_shows_the_same_rooms(tmp_path: Path) -> None:
    copy = legacy_copy(tmp_path)
    with sqlite3.connect(copy) as connection:
        before = connection.execute("SELECT room, seq, data FROM events ORDER BY 1, 2").fetchall()
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
    assert "schema_version" not in tables  # written before stores had a version
    store = SqliteStore(copy)
    asyncio.run(store.close())
    assert store.found_version == 1 and version(copy) == len(sqlite.MIGRATIONS) == 2
    with sqlite3.connect(copy) as connection:
        after = connection.execute("SELECT room, seq, data FROM events ORDER BY 1, 2").fetchall()
        unstamped = connection.execute("SELECT count(*) FROM events WHERE stored_at IS NULL")
        assert unstamped.fetchone()[0] == 0
    assert after == before  # every event kept as it was
    views, expected = asyncio.run(_views_of(SqliteStore(copy)))
    for room_id, seats in expected.items():
        for seat, view in seats.items():
            assert _still_shown(view, views[room_id][seat]), (room_id, seat)
    again = SqliteStore(copy)
    asyncio.run(again.close())
    assert again.found_version == len(sqlite.MIGRATIONS)  # nothing left to do


def test_a_new_sqlite_store_starts_at_the_latest_version(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "new.sqlite3")
    asyncio.run(store.close())
    assert store.found_version == 0 and version(tmp_path / "new.sqlite3") == 2


def test_a_later_migration_runs_once_all_or_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = legacy_copy(tmp_path)
    asyncio.run(SqliteStore(path).close())
    broken = (*sqlite.MIGRATIONS, (*PLAYERS, "CREATE TABLE oops ("))  # fails half-way
    monkeypatch.setattr(sqlite, "MIGRATIONS", broken)
    with pytest.raises(sqlite3.OperationalError):
        SqliteStore(path)
    with sqlite3.connect(path) as connection:  # nothing of it stayed
        names = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
    assert "players" not in names and version(path) == 2
    monkeypatch.setattr(sqlite, "MIGRATIONS", (*sqlite.MIGRATIONS[:2], PLAYERS))
    for _ in range(2):  # the second open finds it done: a second CREATE would fail
        asyncio.run(SqliteStore(path).close())
    assert version(path) == 3


def test_a_sqlite_store_from_a_newer_motamot_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "rooms.sqlite3"
    asyncio.run(SqliteStore(path).close())
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE schema_version SET version = 7")
    with pytest.raises(SchemaTooNew, match="version 7; this motamot knows 2"):
        SqliteStore(path)


@pytest.fixture
def legacy_schema() -> Iterator[str]:
    """The 619c8bb PostgreSQL dump loaded into a schema of its own: its URL."""
    schema = f"t_legacy_{uuid.uuid4().hex[:12]}"
    dump = (LEGACY / "postgres-619c8bb.sql").read_text("utf-8")
    # psql 15 knows no \restrict (written by a newer pg_dump); the schema gets its own name
    text = "\n".join(line for line in dump.splitlines() if "restrict " not in line[:12])
    text = text.replace("legacy_619c8bb", schema)
    subprocess.run(
        ["psql", "-q", "-v", "ON_ERROR_STOP=1", POSTGRES_URL], input=text.encode(), check=True
    )
    try:
        yield f"{POSTGRES_URL}?schema={schema}"
    finally:
        with psycopg.connect(POSTGRES_URL, autocommit=True) as conn:
            conn.execute(sql.SQL("DROP SCHEMA {} CASCADE").format(sql.Identifier(schema)))


def pg_version(url: str) -> int:
    conninfo, schema = urls.split_url(url)
    with psycopg.connect(conninfo) as conn:
        query = sql.SQL("SELECT version FROM {}.schema_version").format(sql.Identifier(schema))
        row = conn.execute(query).fetchone()
    assert row is not None
    return int(row[0])


def test_the_619c8bb_postgres_dump_opens_and_shows_the_same_rooms(legacy_schema: str) -> None:
    async def main() -> None:
        views, expected = await _views_of(await PostgresStore.open(legacy_schema))
        assert set(views) == set(expected) and len(views) == 3
        for room_id, seats in expected.items():
            for seat, view in seats.items():
                assert _still_shown(view, views[room_id][seat]), (room_id, seat)

    asyncio.run(main())
    assert pg_version(legacy_schema) == len(postgres.MIGRATIONS)


def test_a_later_postgres_migration_runs_once_however_many_processes_start(
    legacy_schema: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(postgres, "MIGRATIONS", (*postgres.MIGRATIONS, PG_PLAYERS))

    async def main() -> None:
        # three processes starting at once: one migrates, the others find it done
        stores = await asyncio.gather(*(PostgresStore.open(legacy_schema) for _ in range(3)))
        for store in stores:
            await store.close()

    asyncio.run(main())
    assert pg_version(legacy_schema) == len(postgres.MIGRATIONS)


def test_serve_on_a_store_from_a_newer_motamot_says_why_and_stops(tmp_path: Path) -> None:
    path = tmp_path / "rooms.sqlite3"
    asyncio.run(SqliteStore(path).close())
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE schema_version SET version = 9")
    command = [sys.executable, "-m", "motamot", "serve", "--port", "1", "--db", str(path)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "version 9 du schéma, écrite par un motamot plus récent" in done.stderr
