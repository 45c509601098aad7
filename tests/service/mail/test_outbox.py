"""The players' store keeps addresses and the outbox, on SQLite and on PostgreSQL: the
tables come by a migration of the players' store (once, a newer store refused), a
notice is queued once however many processes notice it, a due mail is taken by one
sender at a time, and each address has its daily cap."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from functools import partial
from pathlib import Path

import pytest

from motamot.service.mail import outbox
from motamot.service.mail.outbox import Notice
from motamot.service.players import schema
from motamot.service.players.db import Tx, players_path
from motamot.service.players.store import PlayerStore
from motamot.service.stores.migrations import SchemaTooNew
from tests.service.backends import postgres_schema

DAY = 86400.0
NOW = 1_700_000_000.0


def run(body: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(body())  # type: ignore[arg-type]


@asynccontextmanager
async def two_stores(
    backend: str, tmp_path: Path
) -> AsyncIterator[tuple[PlayerStore, PlayerStore]]:
    """Two players' stores over one database (two processes' view of it)."""
    if backend == "sqlite":
        url = str(tmp_path / "rooms.sqlite3")
        first, second = await PlayerStore.open(url), await PlayerStore.open(url)
        try:
            yield first, second
        finally:
            await first.close()
            await second.close()
        return
    with postgres_schema() as url:
        first, second = await PlayerStore.open(url), await PlayerStore.open(url)
        try:
            yield first, second
        finally:
            await first.close()
            await second.close()


BACKENDS = pytest.mark.parametrize("backend", ["sqlite", "postgresql"])


def turn(player: str = "p1", seq: int = 7) -> Notice:
    return Notice(player, "turn", "room1234room1234", "s2", seq, {"kind": "topword"})


@BACKENDS
def test_a_notice_is_queued_once_whichever_process_notices_it(backend: str, tmp_path: Path) -> None:
    async def body() -> None:
        async with two_stores(backend, tmp_path) as (first, second):
            assert schema.MIGRATIONS  # the mail tables came by migration
            await first.set_mail("p1", "ana@example.org", "fr", NOW)
            # no confirmed address: nothing is queued
            assert not await first.db.run(lambda tx: outbox.enqueue(tx, turn(), NOW))
            mail = await first.mail_of("p1")
            assert mail is not None and not mail.confirmed
            assert await first.confirm_mail("p1", "ana@example.org", mail.version, NOW)
            results = await asyncio.gather(
                first.db.run(lambda tx: outbox.enqueue(tx, turn(), NOW)),
                second.db.run(lambda tx: outbox.enqueue(tx, turn(), NOW)),
            )
            assert sorted(results) == [False, True]
            assert await second.db.run(lambda tx: outbox.enqueue(tx, turn(seq=9), NOW))
            count = await first.db.run(lambda tx: tx.execute("SELECT count(*) FROM players_outbox"))
            assert count == [(2,)]

    run(body)


@BACKENDS
def test_a_due_mail_is_taken_by_one_sender_until_its_lease_ends(
    backend: str, tmp_path: Path
) -> None:
    async def body() -> None:
        async with two_stores(backend, tmp_path) as (first, second):
            await first.set_mail("p1", "ana@example.org", "fr", NOW)
            await first.confirm_mail("p1", "ana@example.org", 1, NOW)
            await first.db.run(lambda tx: outbox.enqueue(tx, turn(), NOW, delay=60))
            assert await first.db.run(lambda tx: outbox.claim(tx, NOW, 300, 10)) == []  # not due
            due = NOW + 60
            taken = await asyncio.gather(
                first.db.run(lambda tx: outbox.claim(tx, due, 300, 10)),
                second.db.run(lambda tx: outbox.claim(tx, due, 300, 10)),
            )
            assert sorted(len(rows) for rows in taken) == [0, 1]
            (row,) = taken[0] or taken[1]
            assert (row.player, row.what, row.seq, row.data) == (
                "p1",
                "turn",
                7,
                {"kind": "topword"},
            )
            # the sender that took it died: another takes it once the lease is over
            assert await second.db.run(lambda tx: outbox.claim(tx, due + 299, 300, 10)) == []
            again = await second.db.run(lambda tx: outbox.claim(tx, due + 300, 300, 10))
            assert [r.id for r in again] == [row.id]
            await second.db.run(lambda tx: outbox.retry(tx, row.id, due + 400))
            assert await first.db.run(outbox.next_due) == due + 400
            later = await first.db.run(lambda tx: outbox.claim(tx, due + 400, 300, 10))
            assert [(r.id, r.attempts) for r in later] == [(row.id, 1)]
            await first.db.run(lambda tx: outbox.finish(tx, row.id, "sent", due + 401))
            assert await first.db.run(outbox.next_due) is None
            await first.db.run(lambda tx: outbox.prune(tx, due + 401 + 8 * DAY))
            rows = await first.db.run(lambda tx: tx.execute("SELECT count(*) FROM players_outbox"))
            assert rows == [(0,)]

    run(body)


@BACKENDS
def test_each_address_has_its_daily_cap(backend: str, tmp_path: Path) -> None:
    async def body() -> None:
        async with two_stores(backend, tmp_path) as (first, second):

            def reserve(store: PlayerStore, address: str, now: float) -> Awaitable[bool]:
                return store.db.run(lambda tx: outbox.reserve(tx, address, now, 3))

            got = [await reserve(s, "Ana@Example.org", NOW) for s in (first, second, first)]
            assert got == [True, True, True]
            assert not await reserve(second, "ana@example.org", NOW)  # the same mailbox
            assert await reserve(first, "bob@example.org", NOW)
            assert await reserve(first, "ana@example.org", NOW + DAY)  # the next day
            assert not await first.db.run(lambda tx: outbox.reserve(tx, "x@example.org", NOW, 0))

    run(body)


@BACKENDS
def test_an_address_changes_confirms_and_goes_with_its_waiting_mails(
    backend: str, tmp_path: Path
) -> None:
    async def body() -> None:
        async with two_stores(backend, tmp_path) as (store, _):
            first = await store.set_mail("p1", "ana@example.org", "fr", NOW)
            assert await store.confirm_mail("p1", "ana@example.org", first.version, NOW)
            same = await store.set_mail("p1", "ana@example.org", "en", NOW)
            assert same.confirmed and same.version == first.version + 1 and same.lang == "en"
            other = await store.set_mail("p1", "bob@example.org", "fr", NOW)
            assert not other.confirmed
            # an older version's link, or another address, confirms nothing
            assert not await store.confirm_mail("p1", "bob@example.org", first.version, NOW)
            assert not await store.confirm_mail("p1", "ana@example.org", other.version, NOW)
            assert await store.confirm_mail("p1", "bob@example.org", other.version, NOW)
            await store.db.run(lambda tx: outbox.enqueue(tx, turn(), NOW))
            assert not await store.remove_mail("p1", "ana@example.org")  # not its address
            assert await store.remove_mail("p1", "bob@example.org")
            assert await store.mail_of("p1") is None
            left = await store.db.run(lambda tx: tx.execute("SELECT count(*) FROM players_outbox"))
            assert left == [(0,)]

    run(body)


def test_deleting_an_account_forgets_its_address(tmp_path: Path) -> None:
    async def body() -> None:
        store = await PlayerStore.open(str(tmp_path / "rooms.sqlite3"))
        try:
            player = await store.player_of_identity("d" * 64, NOW)
            await store.set_mail(player, "ana@example.org", "fr", NOW)
            await store.confirm_mail(player, "ana@example.org", 1, NOW)
            await store.db.run(lambda tx: outbox.enqueue(tx, turn(player), NOW))
            await store.delete_account(player)
            assert await store.mail_of(player) is None
            rows = await store.db.run(lambda tx: tx.execute("SELECT count(*) FROM players_outbox"))
            assert rows == [(0,)]
        finally:
            await store.close()

    run(body)


def _execute(statement: str, tx: Tx) -> object:
    return tx.execute(statement)


#: What undoes the third migration (operators, reports' reasons and lines, the moderation
#: log, queue and live rooms), then the second (the names' looks, the confirmations asked).
BEFORE_LOOKS = (
    "DROP INDEX players_word_proposals_origin",
    "DROP INDEX players_word_proposals_player",
    "DROP INDEX players_word_proposals_at",
    "DROP TABLE players_word_proposals",
    "DROP TABLE players_word_changes",
    "DROP TABLE players_live",
    "DROP TABLE players_moderation_queue",
    "DROP INDEX players_moderation_log_at",
    "DROP TABLE players_moderation_log",
    "ALTER TABLE players_reports DROP COLUMN closed",
    "ALTER TABLE players_reports DROP COLUMN said",
    "ALTER TABLE players_reports DROP COLUMN reporter_name",
    "ALTER TABLE players_reports DROP COLUMN reasons",
    "DROP TABLE players_operators",
    "DROP INDEX players_players_look",
    "ALTER TABLE players_players DROP COLUMN name_look",
    "DROP TABLE players_mail_asks",
)


def test_a_players_store_from_before_mail_migrates_once(tmp_path: Path) -> None:
    events = tmp_path / "rooms.sqlite3"
    path = players_path(events)

    async def open_close() -> None:
        await (await PlayerStore.open(str(events))).close()

    run(open_close)
    with sqlite3.connect(path) as connection:  # as a store before mail was: no tables
        for table in ("players_mail", "players_outbox", "players_mail_days"):
            connection.execute(f"DROP TABLE {table}")
        for statement in BEFORE_LOOKS:
            connection.execute(statement)
        connection.execute("DELETE FROM players_keys WHERE name = 'schema_version'")
        connection.execute("INSERT INTO players_players (player, created) VALUES ('p', 1)")
    run(open_close)
    run(open_close)  # a second opening has nothing left to do
    with sqlite3.connect(path) as connection:
        version = connection.execute(
            "SELECT value FROM players_keys WHERE name = 'schema_version'"
        ).fetchall()
        assert version == [(str(len(schema.MIGRATIONS)),)]
        assert connection.execute("SELECT player FROM players_players").fetchall() == [("p",)]
        connection.execute("SELECT * FROM players_outbox").fetchall()
        connection.execute(
            "UPDATE players_keys SET value = ? WHERE name = 'schema_version'",
            (str(len(schema.MIGRATIONS) + 1),),
        )
    with pytest.raises(SchemaTooNew):
        run(open_close)


def test_the_postgresql_players_store_migrates_once() -> None:
    async def body() -> None:
        with postgres_schema() as url:
            store = await PlayerStore.open(url)
            await store.db.run(
                lambda tx: tx.execute(
                    "UPDATE players_keys SET value = '0' WHERE name = 'schema_version'"
                )
            )
            await store.db.run(lambda tx: tx.execute("DROP TABLE players_mail"))
            await store.db.run(lambda tx: tx.execute("DROP TABLE players_outbox"))
            await store.db.run(lambda tx: tx.execute("DROP TABLE players_mail_days"))
            for statement in BEFORE_LOOKS:
                await store.db.run(partial(_execute, statement))
            await store.close()
            again = await PlayerStore.open(url)
            await again.set_mail("p", "ana@example.org", "fr", NOW)
            rows = await again.db.run(
                lambda tx: tx.execute(
                    "SELECT value FROM players_keys WHERE name = 'schema_version'"
                )
            )
            assert rows == [(str(len(schema.MIGRATIONS)),)]
            await again.close()

    run(body)
