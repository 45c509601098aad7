"""Event stores: memory (tests), SQLite (one process), PostgreSQL (several processes).

`open_store(url)` is what `motamot serve --db` takes: `memory` (nothing kept),
`sqlite:///path/to/file` or a plain path, `postgresql://user@host/db`
(`?schema=name` picks the PostgreSQL schema, `motamot` by default).

The stores and everything else the server keeps are one database layer: `urls` reads
the URL, `sqlite_tx` and `postgres_tx` open connections and run transactions,
`migrations` brings tables up to date, `outages` tells a database away from a bug, and
`db.Tx` is the transaction the players', lobby's, pairing's and mail's functions take.
"""

from __future__ import annotations

from motamot.service.ports import EventStore
from motamot.service.stores.db import Db
from motamot.service.stores.urls import parse_url


async def open_store(url: str) -> EventStore:
    """The event store `url` names (`urls.parse_url`), opened (the PostgreSQL schema
    created or migrated)."""
    where = parse_url(url)
    if where.kind == "postgresql":
        try:
            from motamot.service.stores.postgres import PostgresStore
        except ImportError as error:
            raise RuntimeError(
                "PostgreSQL needs the scale extra: pip install 'motamot[scale]'"
            ) from error
        return await PostgresStore.open(url)
    if where.path is None:
        from motamot.service.stores.memory import MemoryStore

        return MemoryStore()
    from motamot.service.stores.sqlite import SqliteStore

    where.path.parent.mkdir(parents=True, exist_ok=True)
    return SqliteStore(where.path)


def open_db(url: str) -> Db:
    """The database of the players' tables for the store `url` names (`urls.parse_url`):
    the rooms' PostgreSQL schema, or for SQLite a file of their own beside the rooms'
    (`urls.players_path`), or memory."""
    where = parse_url(url)
    if where.kind == "postgresql":
        from motamot.service.stores.postgres_tx import PostgresDb

        return PostgresDb(where.conninfo, where.schema)
    from motamot.service.stores.sqlite_tx import SqliteDb

    if where.players is None:
        return SqliteDb(":memory:")
    where.players.parent.mkdir(parents=True, exist_ok=True)
    return SqliteDb(where.players)
