"""PostgreSQL for every store: the schema a connection works in, how a transaction runs,
and the `Db` of the players' tables (`db.Tx`).

A connection first makes sure its schema exists, under the advisory lock the migrations
take (`motamot.schema.{schema}`: two processes starting at once would both create it,
and one would fail on the unique name), then works in it (`search_path`): statements
name tables without their schema. The `?` placeholders of the portable SQL are
translated to psycopg's once per statement text (`pyformat`, cached), not on every call.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, TypeVar

import psycopg
from psycopg import sql

from motamot.service.stores import migrations
from motamot.service.stores.db import OneThread, Row, Tx

T = TypeVar("T")

#: A quoted literal or identifier (kept whole: a `?` in it is text), a `?`, or a `%`.
_TOKEN = re.compile(r"'(?:[^']|'')*'|\"(?:[^\"]|\"\")*\"|[?%]")


@lru_cache(maxsize=4096)
def pyformat(statement: str) -> str:
    """`statement` with psycopg's placeholders: `?` → `%s`, and a literal `%` doubled."""

    def token(found: re.Match[str]) -> str:
        text = found.group()
        return "%s" if text == "?" else text.replace("%", "%%")

    return _TOKEN.sub(token, statement)


def open_schema(connection: psycopg.Connection[Any], schema: str) -> None:
    """Create `schema` if missing (under the migrations' lock), then work in it."""
    name = sql.Identifier(schema)
    with connection.transaction():
        lock = migrations.LOCK + schema
        connection.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (lock,))
        connection.execute(sql.SQL("CREATE SCHEMA IF NOT EXISTS {}").format(name))
    connection.execute(sql.SQL("SET search_path TO {}").format(name))


class PostgresTx:
    dialect = "postgresql"

    def __init__(self, connection: psycopg.Connection[Any]) -> None:
        self._connection = connection

    def execute(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        cursor = self._connection.execute(pyformat(sql), tuple(params))
        return list(cursor.fetchall()) if cursor.description is not None else []

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        with self._connection.cursor() as cursor:
            cursor.executemany(pyformat(sql), [tuple(row) for row in rows])


class PostgresDb(OneThread):
    """Transactions in a PostgreSQL schema, on one connection (reopened once lost)."""

    dialect = "postgresql"

    def __init__(self, conninfo: str, schema: str) -> None:
        super().__init__("db-postgres")
        self.conninfo = conninfo
        self.schema = schema

    def _connect(self) -> psycopg.Connection[Any]:
        connection: psycopg.Connection[Any] | None = self._connection
        if connection is None or connection.closed:
            connection = psycopg.connect(self.conninfo, autocommit=True)
            open_schema(connection, self.schema)  # kept only once it works in its schema
            self._connection = connection
        return connection

    def _run(self, work: Callable[[Tx], T], durable: bool) -> T:
        connection = self._connect()
        with connection.transaction():
            if not durable:
                connection.execute("SET LOCAL synchronous_commit TO off")
            return work(PostgresTx(connection))
