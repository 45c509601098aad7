"""SQLite for every store: how a connection is opened, how a transaction runs, and the
`Db` of the players' tables (`db.Tx`).

A file is opened in WAL mode (readers do not wait for the writer) with a 10 s busy
timeout (another process's writer waits its turn, it does not fail). A transaction
starts with `BEGIN IMMEDIATE`, the file's write lock, so that two processes migrating
or writing the same file run one after the other.

The players' transactions that only project (`durable=False`) are not fsynced at their
commit (`synchronous=NORMAL`): a power cut may lose them, and the projection catches up
from the events at start; accounts and sessions are written with `synchronous=FULL`.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from motamot.service.stores.db import OneThread, Row, Tx

T = TypeVar("T")


def connect(path: Path | str, *, threads: bool = False) -> sqlite3.Connection:
    """A connection in autocommit mode (transactions are `transaction`'s); `threads`
    lets another thread use it (under a lock of the caller's)."""
    connection = sqlite3.connect(path, isolation_level=None, check_same_thread=not threads)
    if str(path) != ":memory:":
        connection.execute("PRAGMA journal_mode=WAL")
    connection.execute("PRAGMA busy_timeout=10000")
    return connection


@contextmanager
def transaction(connection: sqlite3.Connection) -> Iterator[None]:
    """One write transaction: committed if the block returns, rolled back if it raises."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        yield
        connection.execute("COMMIT")
    except BaseException:
        # a COMMIT that failed (a full disk) leaves the transaction open: the next
        # BEGIN would fail for ever, the disk freed or not
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise


class SqliteTx:
    dialect = "sqlite"

    def __init__(self, connection: sqlite3.Connection) -> None:
        self._connection = connection

    def execute(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return self._connection.execute(sql, tuple(params)).fetchall()

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self._connection.executemany(sql, [tuple(row) for row in rows])


class SqliteDb(OneThread):
    """The players' tables in a SQLite file, or in memory (`:memory:`)."""

    dialect = "sqlite"

    def __init__(self, path: Path | str) -> None:
        super().__init__("db-sqlite")
        self.path = str(path)

    def _connect(self) -> sqlite3.Connection:
        connection: sqlite3.Connection | None = self._connection
        if connection is None:
            connection = connect(self.path)
            # a leaderboard and a batch's indexes stay in memory (64 MiB at most)
            connection.execute("PRAGMA cache_size=-65536")
            self._connection = connection
        return connection

    def _run(self, work: Callable[[Tx], T], durable: bool) -> T:
        connection = self._connect()
        connection.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
        with transaction(connection):
            return work(SqliteTx(connection))
