"""The players' database: SQLite (a file, or in memory) or PostgreSQL, driven the same way.

Every operation of the players' store is a plain function over a `Tx` (one transaction),
written once in portable SQL (`?` placeholders, `ON CONFLICT`, `RETURNING`), run in one
worker thread that owns the connection: the event loop never waits on the database.
The tables have names of their own (`players_...`) beside the rooms' events: in the
same PostgreSQL schema, and for SQLite in a file next to the rooms' (`players_path`:
`server.sqlite3` → `server.players.sqlite3`). A SQLite file has one writer at a time,
and a room's word waited behind the projector's transactions (up to a second while
10,000 matches were rated, `benchmarks/bench_players.py`): with a file of their own the
rooms' acknowledgements do not wait for the players' writes.

A transaction that only projects (`durable=False`) is not fsynced at its commit (WAL
`synchronous=NORMAL`): a power cut may lose it, and the projection catches up from the
events at start; accounts and sessions are written with `synchronous=FULL`.
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Protocol, TypeVar

T = TypeVar("T")
Row = tuple[Any, ...]


class Tx(Protocol):
    """One transaction: statements with `?` placeholders."""

    def execute(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Run `sql`; its rows (none for a statement that returns none)."""
        ...

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...

    @property
    def dialect(self) -> str:
        """`sqlite` or `postgresql` (for the few statements that differ)."""
        ...


class Db(Protocol):
    dialect: str

    async def run(self, work: Callable[[Tx], T], *, durable: bool = True) -> T:
        """`work(tx)` in one transaction, committed if it returns, rolled back if it raises."""
        ...

    async def close(self) -> None: ...


class _SqliteTx:
    dialect = "sqlite"

    def __init__(self, connection: sqlite3.Connection) -> None:
        self._connection = connection

    def execute(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return self._connection.execute(sql, tuple(params)).fetchall()

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self._connection.executemany(sql, [tuple(row) for row in rows])


class SqliteDb:
    """The players' tables in a SQLite file (the rooms' own), or in memory (`:memory:`)."""

    dialect = "sqlite"

    def __init__(self, path: Path | str) -> None:
        self.path = str(path)
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="players-sqlite")
        self._connection: sqlite3.Connection | None = None

    def _connect(self) -> sqlite3.Connection:
        if self._connection is None:
            connection = sqlite3.connect(self.path, isolation_level=None)
            if self.path != ":memory:":
                connection.execute("PRAGMA journal_mode=WAL")
            connection.execute("PRAGMA busy_timeout=10000")
            # a leaderboard and a batch's indexes stay in memory (64 MiB at most)
            connection.execute("PRAGMA cache_size=-65536")
            self._connection = connection
        return self._connection

    def _run(self, work: Callable[[Tx], T], durable: bool) -> T:
        connection = self._connect()
        connection.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
        connection.execute("BEGIN IMMEDIATE")
        try:
            result = work(_SqliteTx(connection))
        except BaseException:
            connection.execute("ROLLBACK")
            raise
        connection.execute("COMMIT")
        return result

    async def run(self, work: Callable[[Tx], T], *, durable: bool = True) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, self._run, work, durable)

    async def close(self) -> None:
        def close() -> None:
            if self._connection is not None:
                self._connection.close()
                self._connection = None

        await asyncio.get_running_loop().run_in_executor(self._pool, close)
        self._pool.shutdown(wait=True)


_PLACEHOLDER = re.compile(r"\?")


class _PostgresTx:
    dialect = "postgresql"

    def __init__(self, connection: Any) -> None:
        self._connection = connection

    def execute(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        cursor = self._connection.execute(_PLACEHOLDER.sub("%s", sql), tuple(params))
        return list(cursor.fetchall()) if cursor.description is not None else []

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        with self._connection.cursor() as cursor:
            cursor.executemany(_PLACEHOLDER.sub("%s", sql), [tuple(row) for row in rows])


class PostgresDb:
    """The players' tables in the rooms' PostgreSQL schema (one connection, one thread)."""

    dialect = "postgresql"

    def __init__(self, conninfo: str, schema: str) -> None:
        self.conninfo = conninfo
        self.schema = schema
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="players-postgres")
        self._connection: Any = None

    def _connect(self) -> Any:
        import psycopg
        from psycopg import sql

        if self._connection is None or self._connection.closed:
            connection = psycopg.connect(self.conninfo, autocommit=True)
            name = sql.Identifier(self.schema)
            connection.execute(sql.SQL("CREATE SCHEMA IF NOT EXISTS {}").format(name))
            connection.execute(sql.SQL("SET search_path TO {}").format(name))
            self._connection = connection
        return self._connection

    def _run(self, work: Callable[[Tx], T], durable: bool) -> T:
        connection = self._connect()
        with connection.transaction():
            if not durable:
                connection.execute("SET LOCAL synchronous_commit TO off")
            return work(_PostgresTx(connection))

    async def run(self, work: Callable[[Tx], T], *, durable: bool = True) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, self._run, work, durable)

    async def close(self) -> None:
        def close() -> None:
            if self._connection is not None:
                self._connection.close()
                self._connection = None

        await asyncio.get_running_loop().run_in_executor(self._pool, close)
        self._pool.shutdown(wait=True)


def open_db(url: str) -> Db:
    """The database `url` names, as `service.stores.open_store` reads it: `memory`, a
    SQLite path (or `sqlite:///path`), or `postgresql://...?schema=name`."""
    if url.startswith(("postgresql://", "postgres://")):
        from motamot.service.stores.postgres import split_url

        conninfo, schema = split_url(url)
        return PostgresDb(conninfo, schema)
    if url in ("memory", "memory:"):
        return SqliteDb(":memory:")
    if "://" in url and not url.startswith("sqlite://"):
        raise ValueError(f"unknown store {url!r}: a path, sqlite:///path or postgresql://...")
    path = players_path(Path(url.removeprefix("sqlite:///").removeprefix("sqlite://")))
    path.parent.mkdir(parents=True, exist_ok=True)
    return SqliteDb(path)


def players_path(events: Path) -> Path:
    """The SQLite file of the players' tables, next to the rooms' events file."""
    return events.with_name(f"{events.stem}.players{events.suffix or '.sqlite3'}")
