"""The one database layer: one URL reading, one placeholder translation, the same
functions over a `Tx` giving the same rows on SQLite and PostgreSQL, a lost PostgreSQL
connection told as an outage and reopened in its schema."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import psycopg
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from motamot.service.players.db import Tx as PlayersTx
from motamot.service.stores import open_db
from motamot.service.stores.db import Db, Tx
from motamot.service.stores.outages import is_outage
from motamot.service.stores.postgres_tx import PostgresDb, pyformat
from motamot.service.stores.sqlite_tx import SqliteDb
from motamot.service.stores.urls import StoreUrl, parse_url, players_path
from tests.service.backends import POSTGRES_URL, postgres_schema


def test_each_url_is_read_once_the_same_way(tmp_path: Path) -> None:
    assert parse_url("memory") == parse_url("memory:") == StoreUrl("memory")
    rooms = tmp_path / "server.sqlite3"
    assert parse_url("sqlite:///data/rooms.sqlite3").path == Path("data/rooms.sqlite3")
    for url in (str(rooms), f"sqlite:///{rooms}"):  # four slashes: an absolute path
        where = parse_url(url)
        assert where.kind == "sqlite" and where.path == rooms
        assert where.players == players_path(rooms) == tmp_path / "server.players.sqlite3"
    where = parse_url("postgresql://u@h/db?schema=club&sslmode=disable")
    assert where == StoreUrl(
        "postgresql", conninfo="postgresql://u@h/db?sslmode=disable", schema="club"
    )
    assert where.players is None and parse_url("postgres://h/db").schema == "motamot"


@pytest.mark.parametrize(
    "url",
    [
        "mysql://h/db",
        "http://h",
        "postgresql://h/db?schema=x;drop",
        "postgresql://h/db?schema=Club",
        "postgresql://h/db?schema=",
        f"postgresql://h/db?schema={'a' * 64}",
        'postgresql://h/db?schema="x"',
    ],
)
def test_a_url_no_store_reads_is_refused_before_anything_opens(url: str) -> None:
    with pytest.raises(ValueError):
        parse_url(url)
    with pytest.raises(ValueError):
        open_db(url)


def test_placeholders_are_translated_once_and_quoted_text_is_left_alone() -> None:
    assert pyformat("SELECT a FROM t WHERE b = ? AND c > ?") == (
        "SELECT a FROM t WHERE b = %s AND c > %s"
    )
    assert pyformat("SELECT '?', 'a%b', \"odd?\" FROM t WHERE x LIKE ? || '%'") == (
        "SELECT '?', 'a%%b', \"odd?\" FROM t WHERE x LIKE %s || '%%'"
    )
    assert pyformat("SELECT 'it''s ?', ?") == "SELECT 'it''s ?', %s"
    pyformat.cache_clear()
    for _ in range(3):
        pyformat("SELECT ? + ?")
    info = pyformat.cache_info()
    assert (info.misses, info.hits) == (1, 2)


#: Pieces of a statement: a parameter, or a literal with what the drivers treat apart.
_PIECES = st.lists(
    st.one_of(
        st.integers(-(2**31), 2**31).map(lambda n: ("?", n)),
        st.text("ab?%' ", max_size=6).map(lambda text: ("'" + text.replace("'", "''") + "'", None)),
    ),
    min_size=1,
    max_size=6,
)


def _select(pieces: list[tuple[str, int | None]]) -> tuple[str, list[Any]]:
    columns = [f"CAST({sql} AS TEXT)" if value is None else "?" for sql, value in pieces]
    return "SELECT " + ", ".join(columns), [value for _, value in pieces if value is not None]


@settings(max_examples=40, deadline=None)
@given(_PIECES)
def test_a_statement_reads_the_same_on_both_drivers(pieces: list[tuple[str, int | None]]) -> None:
    """The oracle is SQLite, which takes `?` itself: PostgreSQL, through the
    translation, must return the same row (quotes, `?` and `%` in literals included)."""
    statement, params = _select(pieces)
    with sqlite3.connect(":memory:") as lite:
        expected = lite.execute(statement, params).fetchall()
    with psycopg.connect(POSTGRES_URL, autocommit=True) as connection:
        found = connection.execute(pyformat(statement), params).fetchall()
    assert found == expected


def _work(tx: Tx) -> list[tuple[Any, ...]]:
    tx.execute("CREATE TABLE IF NOT EXISTS kept (k TEXT PRIMARY KEY, n INTEGER NOT NULL)")
    tx.executemany("INSERT INTO kept (k, n) VALUES (?, ?)", [("a", 1), ("b?", 2), ("%c", 3)])
    tx.execute(
        "INSERT INTO kept (k, n) VALUES (?, ?) ON CONFLICT (k) DO UPDATE SET n = kept.n + 10",
        ("a", 0),
    )
    assert tx.execute("UPDATE kept SET n = n WHERE k = '?'") == []  # no rows, no error
    return tx.execute("SELECT k, n FROM kept WHERE k LIKE '%' ORDER BY k")


def _failing(tx: Tx) -> None:
    tx.execute("INSERT INTO kept (k, n) VALUES (?, ?)", ("lost", 9))
    raise RuntimeError("the work failed")


async def _both(db: Db) -> list[tuple[Any, ...]]:
    try:
        first = await db.run(_work, durable=False)
        with pytest.raises(RuntimeError):
            await db.run(_failing)
        rows = await db.run(lambda tx: tx.execute("SELECT k, n FROM kept ORDER BY k"))
        assert rows == first  # the failed work left nothing
        return rows
    finally:
        await db.close()


def test_the_same_functions_give_the_same_rows_on_sqlite_and_postgresql(tmp_path: Path) -> None:
    on_file = asyncio.run(_both(open_db(str(tmp_path / "rooms.sqlite3"))))
    assert (tmp_path / "rooms.players.sqlite3").exists()  # the players' file, beside
    in_memory = asyncio.run(_both(open_db("memory")))
    with postgres_schema() as url:
        on_postgres = asyncio.run(_both(open_db(url)))
    assert on_file == in_memory == on_postgres == [("%c", 3), ("a", 11), ("b?", 2)]


def test_the_players_functions_take_the_layers_transaction() -> None:
    assert PlayersTx is Tx  # their call sites do not change
    assert isinstance(open_db("memory"), SqliteDb)


def test_a_lost_postgres_connection_is_an_outage_then_reopened_in_its_schema() -> None:
    async def body(url: str, schema: str) -> None:
        db = open_db(url)
        assert isinstance(db, PostgresDb)
        try:
            pid = await db.run(lambda tx: tx.execute("SELECT pg_backend_pid()")[0][0])
            with psycopg.connect(POSTGRES_URL, autocommit=True) as other:
                other.execute("SELECT pg_terminate_backend(%s)", (pid,))
            with pytest.raises(psycopg.OperationalError) as lost:
                await db.run(lambda tx: tx.execute("SELECT 1"))
            assert is_outage(lost.value)
            found = await db.run(lambda tx: tx.execute("SELECT current_schema()")[0][0])
            assert found == schema  # the new connection works in the same schema
        finally:
            await db.close()

    with postgres_schema() as url:
        asyncio.run(body(url, parse_url(url).schema))
