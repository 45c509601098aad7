"""The event store on PostgreSQL: the store of record when several server processes share rooms.

One row per event, primary key `(room, seq)`: two processes that both believe
they hold a room's last event cannot both write the next one, the second gets
SeqConflict (the key is the fence, whatever the leases say). An append is one
statement that inserts only when the room's last stored seq is the expected
one. Appends are grouped: the appends of many rooms waiting at the same moment
go in one statement, so one commit (one WAL flush) serves them all; a room
whose check fails gets SeqConflict alone, and should another writer slip in
between (a unique violation undoes the statement) the batch is retried one
append at a time.

The schema (a PostgreSQL schema, `motamot` by default, one per test) is
created or migrated on open, under an advisory lock so that processes
starting together migrate it once.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import psycopg
from psycopg import errors, sql
from psycopg.rows import TupleRow
from psycopg_pool import AsyncConnectionPool

from motamot.service.ports import SeqConflict, StoredEvent
from motamot.service.stores import migrations
from motamot.service.stores.db import Tx
from motamot.service.stores.migrations import Migration, SchemaTooNew
from motamot.service.stores.postgres_tx import PostgresDb
from motamot.service.stores.urls import check_schema_name, split_url

__all__ = ["MIGRATIONS", "PostgresStore", "SchemaTooNew", "migrate"]

# Each entry brings the schema from version i to i + 1 (`stores.migrations`); never edit
# a shipped one.
MIGRATIONS: tuple[Migration, ...] = (
    (
        """CREATE TABLE {schema}.events (
               room text NOT NULL,
               seq bigint NOT NULL CHECK (seq > 0),
               data text NOT NULL,
               stored_at timestamptz NOT NULL DEFAULT now(),
               PRIMARY KEY (room, seq)
           )""",
        # rooms(): seq 1 is every room's creation event
        "CREATE INDEX events_rooms ON {schema}.events (room) WHERE seq = 1",
    ),
)


#: Appends written in one statement at most (bounds a commit's size and latency).
GROUP_LIMIT = 256
#: Batches in flight at once: one commits while the next one fills.
WRITERS = 2
#: How long the pool tries to replace a lost connection before the next request does.
RECONNECT_SECONDS = 1.0


@dataclass(frozen=True)
class _Append:
    room: str
    expected: int
    events: tuple[StoredEvent, ...]
    done: asyncio.Future[None]


class PostgresStore:
    """EventStore over a pool of psycopg connections (autocommit: one statement, one commit)."""

    def __init__(self, pool: AsyncConnectionPool, schema: str) -> None:
        check_schema_name(schema)
        self._pool = pool
        self.schema = schema
        #: The schema version found when opened (0: a new schema), before `migrate`.
        self.found_version = 0
        # each statement as bytes once (psycopg caches its conversion); arrays in binary (%b):
        # text escapes each element with a regex, 7-14x slower (benchmarks/bench_pg_arrays)
        name = sql.Identifier(schema)
        self._append = (
            sql.SQL(
                """INSERT INTO {schema}.events (room, seq, data)
               SELECT %(room)s, e.seq, e.data
               FROM unnest(%(seqs)b::bigint[], %(datas)b::text[]) AS e(seq, data)
               WHERE coalesce((SELECT max(seq) FROM {schema}.events WHERE room = %(room)s), 0)
                     = %(expected)s"""
            )
            .format(schema=name)
            .as_bytes(None)
        )
        self._append_many = (
            sql.SQL(
                """WITH batch AS (
                   SELECT * FROM unnest(
                       %(rooms)b::text[], %(seqs)b::bigint[], %(datas)b::text[],
                       %(expected)b::bigint[]
                   ) AS b(room, seq, data, expected)
               ), fit AS (
                   SELECT DISTINCT b.room FROM batch b
                   WHERE coalesce(
                       (SELECT max(e.seq) FROM {schema}.events e WHERE e.room = b.room), 0
                   ) = b.expected
               )
               INSERT INTO {schema}.events (room, seq, data)
               SELECT b.room, b.seq, b.data FROM batch b JOIN fit USING (room)
               RETURNING room"""
            )
            .format(schema=name)
            .as_bytes(None)
        )
        self._pending: deque[_Append] = deque()
        self._writers: set[asyncio.Task[None]] = set()
        self._last = (
            sql.SQL("SELECT coalesce(max(seq), 0) FROM {schema}.events WHERE room = %s")
            .format(schema=name)
            .as_bytes(None)
        )
        self._load = (
            sql.SQL(
                "SELECT seq, data FROM {schema}.events WHERE room = %s AND seq > %s ORDER BY seq"
            )
            .format(schema=name)
            .as_bytes(None)
        )
        self._rooms = (
            sql.SQL("SELECT room FROM {schema}.events WHERE seq = 1 ORDER BY room")
            .format(schema=name)
            .as_bytes(None)
        )

    @classmethod
    async def open(cls, url: str, *, max_connections: int = 8) -> PostgresStore:
        """Connect, create or migrate the schema the URL names (`?schema=`), return the store."""
        conninfo, schema = split_url(url)
        found = await migrate(conninfo, schema)
        pool = AsyncConnectionPool(
            conninfo,
            min_size=1,
            max_size=max_connections,
            kwargs={"autocommit": True},
            open=False,
            # a lost connection is retried for a second, then given up: the next request
            # connects again at once. The pool's own backoff (1, 2, 4, 8, 16 s...) kept
            # the store away up to 11 s after PostgreSQL was back from 20 s away.
            reconnect_timeout=RECONNECT_SECONDS,
        )
        await pool.open(wait=True, timeout=10)
        store = cls(pool, schema)
        store.found_version = found
        return store

    async def append(self, room: str, expected_seq: int, events: Sequence[StoredEvent]) -> None:
        """Queued, then written with the other rooms' waiting appends in one statement."""
        for offset, event in enumerate(events, start=1):
            if event.room != room or event.seq != expected_seq + offset:
                raise ValueError(
                    f"event {event.room}#{event.seq} is not {room}#{expected_seq + offset}"
                )
        if not events:
            return
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append(_Append(room, expected_seq, tuple(events), done))
        if len(self._writers) < WRITERS:
            self._writers.add(asyncio.create_task(self._write_pending()))
        await done

    async def _write_pending(self) -> None:
        """Drain the queue: one statement (one commit, one WAL flush) per batch of rooms.

        A writer leaves `_writers` in the same step as it finds the queue empty: were it
        removed by a done callback, run later, an append queued in between would count it
        as still writing, start no writer, and wait until some other append came."""
        try:
            await self._drain()
        finally:
            task = asyncio.current_task()
            if task is not None:
                self._writers.discard(task)

    async def _drain(self) -> None:
        while self._pending:
            batch: list[_Append] = []
            rooms: set[str] = set()
            later: list[_Append] = []
            while self._pending and len(batch) < GROUP_LIMIT:
                item = self._pending.popleft()
                # one append per room per batch: the check reads the room's last seq once
                (later if item.room in rooms else batch).append(item)
                rooms.add(item.room)
            self._pending.extendleft(reversed(later))
            try:
                await self._write_batch(batch)
            except Exception as error:
                for item in batch:
                    if not item.done.done():
                        item.done.set_exception(error)

    async def _write_batch(self, batch: list[_Append]) -> None:
        if len(batch) == 1:  # one room (an arena round's words): two arrays, no rows back
            async with self._pool.connection() as conn:
                await self._append_one(conn, batch[0])
            return
        params: dict[str, list[Any]] = {"rooms": [], "seqs": [], "datas": [], "expected": []}
        for item in batch:
            for event in item.events:
                params["rooms"].append(item.room)
                params["seqs"].append(event.seq)
                params["datas"].append(event.data)
                params["expected"].append(item.expected)
        async with self._pool.connection() as conn:
            try:
                cursor = await conn.execute(self._append_many, params)
                written = {str(row[0]) for row in await cursor.fetchall()}
            except errors.UniqueViolation:
                # another writer got in between: nothing of this batch was written; one by one
                for item in batch:
                    await self._append_one(conn, item)
                return
            for item in batch:
                if item.room in written:
                    item.done.set_result(None)
                else:
                    actual = await self._last_seq(conn, item.room)
                    item.done.set_exception(SeqConflict(item.room, item.expected, actual))

    async def _append_one(self, conn: psycopg.AsyncConnection[TupleRow], item: _Append) -> None:
        params = {
            "room": item.room,
            "expected": item.expected,
            "seqs": [event.seq for event in item.events],
            "datas": [event.data for event in item.events],
        }
        try:
            cursor = await conn.execute(self._append, params)
            if cursor.rowcount == len(item.events):
                item.done.set_result(None)
                return
        except errors.UniqueViolation:
            pass
        actual = await self._last_seq(conn, item.room)
        item.done.set_exception(SeqConflict(item.room, item.expected, actual))

    async def last_seq(self, room: str) -> int:
        """The room's last stored seq (0 for an unknown room), without loading its events."""
        async with self._pool.connection() as conn:
            return await self._last_seq(conn, room)

    async def _last_seq(self, conn: psycopg.AsyncConnection[TupleRow], room: str) -> int:
        cursor = await conn.execute(self._last, (room,))
        row = await cursor.fetchone()
        assert row is not None
        last = row[0]
        assert isinstance(last, int)
        return last

    async def load(self, room: str, after: int = 0) -> list[StoredEvent]:
        async with self._pool.connection() as conn:
            cursor = await conn.execute(self._load, (room, after))
            rows = await cursor.fetchall()
        return [StoredEvent(room, int(seq), str(data)) for seq, data in rows]

    async def rooms(self) -> list[str]:
        async with self._pool.connection() as conn:
            cursor = await conn.execute(self._rooms)
            rows = await cursor.fetchall()
        return [str(row[0]) for row in rows]

    async def idle_rooms(self, before: float) -> list[str]:
        query = sql.SQL(
            """SELECT room FROM (
                   SELECT DISTINCT ON (room) room, stored_at FROM {schema}.events
                   ORDER BY room, seq DESC
               ) AS last WHERE stored_at < to_timestamp(%s)"""
        ).format(schema=sql.Identifier(self.schema))
        async with self._pool.connection() as conn:
            cursor = await conn.execute(query, (before,))
            rows = await cursor.fetchall()
        return [str(row[0]) for row in rows]

    async def remove(self, room: str, before: float) -> bool:
        query = sql.SQL(
            """DELETE FROM {schema}.events WHERE room = %(room)s AND (
                   SELECT max(stored_at) FROM {schema}.events WHERE room = %(room)s
               ) < to_timestamp(%(before)s)"""
        ).format(schema=sql.Identifier(self.schema))
        async with self._pool.connection() as conn:
            cursor = await conn.execute(query, {"room": room, "before": before})
            return cursor.rowcount > 0

    async def close(self) -> None:
        await self._pool.close()


async def migrate(conninfo: str, schema: str) -> int:
    """Bring `schema` to the latest version (created if missing); the version it was at."""
    check_schema_name(schema)
    quoted = f'"{schema}"'  # a checked name: nothing in it to escape

    def run(tx: Tx) -> int:
        return migrations.run(
            tx,
            MIGRATIONS,
            f"PostgreSQL schema {schema}",
            migrations.TABLE,
            lambda statement: statement.format(schema=quoted),
        )

    db = PostgresDb(conninfo, schema)
    try:
        return await db.run(run)
    finally:
        await db.close()
