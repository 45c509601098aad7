"""What `serve` does before it serves, in an order that is safe for an upgrade.

A newer motamot that could not take its port (the older one still runs there) must not
have changed the tables under the running one: so the port is taken first
(`take_port`), and the stores are checked and migrated only then (`prepare_stores`).
Before migrating anything, every store's version is read: an older motamot refuses a
store a newer one migrated (`SchemaTooNew`) and changes nothing, whichever store it is;
so is the Redis prefix (a copy of the database must not join the live cluster:
`service.brokers.redis_claim`).
Each store's version, and the migrations run to reach it, are logged.
"""

from __future__ import annotations

import asyncio
import logging
import socket
from dataclasses import dataclass

from motamot.service.players import schema as players_schema
from motamot.service.players.db import open_db
from motamot.service.ports import EventStore
from motamot.service.stores import open_store
from motamot.service.stores.migrations import SchemaTooNew
from motamot.service.stores.urls import parse_url

log = logging.getLogger("motamot.serve")

#: The players' store, as named in refusals.
PLAYERS_STORE = "the players' store"


class PortTaken(Exception):
    """The port `serve` was given cannot be taken (another process listens there)."""

    def __init__(self, host: str, port: int, reason: str) -> None:
        super().__init__(f"{host}:{port}: {reason}")
        self.host = host
        self.port = port
        self.reason = reason


def take_port(host: str, port: int) -> socket.socket:
    """A socket bound to (`host`, `port`), not yet listening (uvicorn listens on it once
    the app has started: until then a connection is refused, and a proxy tries another
    process); PortTaken when it cannot be."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    taken = socket.socket(family, socket.SOCK_STREAM)
    taken.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        taken.bind((host, port))
    except OSError as error:
        taken.close()
        raise PortTaken(host, port, error.strerror or str(error)) from None
    return taken


@dataclass(frozen=True)
class Schema:
    """A store's schema version when opened (None: a new store) and now."""

    store: str  # rooms, players
    found: int | None
    now: int

    @property
    def migrations(self) -> int:
        return self.now - (self.found or 0)

    def said(self) -> None:
        """The log line of this store's version and the migrations that reached it."""
        found = "new" if self.found is None else str(self.found)
        fields = {"store": self.store, "schema": self.now, "migrations": self.migrations}
        log.info(
            "%s store at schema version %d (found %s: %d migrations run)",
            self.store,
            self.now,
            found,
            self.migrations,
            extra=fields,
        )


def players_schema_of(found: int | None) -> Schema:
    return Schema("players", found, len(players_schema.MIGRATIONS))


def prepare_stores(db: str, broker: str | None = None) -> Schema | None:
    """Every store of `db` checked (SchemaTooNew: a newer motamot's, nothing changed), and
    the `broker`'s prefix (PrefixTaken: it serves another database's processes), then the
    rooms' store created or migrated, its version logged; the players' store is migrated
    when the app opens it (`serve.following`). None for a store in memory."""

    async def prepare() -> Schema | None:
        if broker is not None:
            from motamot.service.brokers.redis_claim import check_prefix

            await check_prefix(broker, db)
        found = await players_version(db)
        known = len(players_schema.MIGRATIONS)
        if found is not None and found > known:
            raise SchemaTooNew(PLAYERS_STORE, found, known)
        store = await open_store(db)
        try:
            return rooms_schema(store)
        finally:
            await store.close()

    rooms = asyncio.run(prepare())
    if rooms is not None:
        rooms.said()
    return rooms


async def players_version(db: str) -> int | None:
    """The players' store's version, read without creating or changing anything."""
    path = parse_url(db).players
    if path is not None and not path.exists():
        return None
    players = open_db(db)
    try:
        return await players.run(players_schema.stored_version, durable=False)
    finally:
        await players.close()


def rooms_schema(store: EventStore) -> Schema | None:
    """The rooms' store's version as `store` found and left it (None: in memory)."""
    from motamot.service.stores import sqlite

    if isinstance(store, sqlite.SqliteStore):
        return Schema("rooms", store.found_version or None, len(sqlite.MIGRATIONS))
    if type(store).__name__ == "PostgresStore":
        from motamot.service.stores import postgres

        assert isinstance(store, postgres.PostgresStore)
        return Schema("rooms", store.found_version or None, len(postgres.MIGRATIONS))
    return None
