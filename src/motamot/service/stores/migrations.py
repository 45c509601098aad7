"""How a store's tables change from one motamot to the next: a list of migrations per
store, each applied once, in order, when the store opens.

Each store keeps its own list (`sqlite.MIGRATIONS`, `postgres.MIGRATIONS`): entry `i`
brings the tables from version `i` to `i + 1`, and the version reached is kept in the
store's `schema_version` table. A newer motamot opening an older store applies the
entries it lacks, in one transaction (all of them or none), one process at a time; an
older motamot refuses a store a newer one migrated (`SchemaTooNew`), rather than write
what the newer one would misread. To add a table (a feature's own, such as players'
accounts), append an entry to both lists; never edit or reorder one that has shipped.
The players' tables keep a list of their own (`players.schema`), run the same way.

`run` is the one runner: in the caller's transaction (`db.Tx`), under the schema's
advisory lock on PostgreSQL (`motamot.schema.{schema}`; on SQLite the transaction holds
the file's write lock), it reads where the store keeps its version (`Ledger`), applies
what is pending and writes the version reached.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from motamot.service.stores.db import Tx

#: The advisory lock's name on PostgreSQL, before the schema's.
LOCK = "motamot.schema."

#: One migration: the statements that bring the tables one version up.
Migration = tuple[str, ...]


class SchemaTooNew(RuntimeError):
    """The store was migrated by a newer motamot than this one."""

    def __init__(self, store: str, found: int, known: int) -> None:
        super().__init__(
            f"{store} is at schema version {found}; this motamot knows {known}: "
            "run the newer motamot, or restore a backup made before it"
        )
        self.store = store
        self.found = found
        self.known = known


def pending(migrations: Sequence[Migration], found: int, store: str) -> Sequence[Migration]:
    """The migrations a store at version `found` lacks (SchemaTooNew past the last)."""
    if found > len(migrations):
        raise SchemaTooNew(store, found, len(migrations))
    return migrations[found:]


@dataclass(frozen=True)
class Ledger:
    """Where a store keeps the version its tables are at."""

    read: Callable[[Tx], int]
    write: Callable[[Tx, int], None]


def lock(tx: Tx) -> None:
    """One migrator at a time per schema, across processes (the connection works in its
    schema: `postgres_tx.open_schema`, whose lock this is)."""
    if tx.dialect == "postgresql":
        tx.execute("SELECT pg_advisory_xact_lock(hashtext(? || current_schema()))", (LOCK,))


def run(
    tx: Tx,
    migrations: Sequence[Migration],
    store: str,
    ledger: Ledger,
    render: Callable[[str], str] = str,
) -> int:
    """Bring a store's tables to the latest version in `tx`; the version they were at.
    `render` fills in what a statement leaves to the dialect (types, the schema)."""
    lock(tx)
    found = ledger.read(tx)
    for statements in pending(migrations, found, store):
        for statement in statements:
            tx.execute(render(statement))
    if found < len(migrations):
        ledger.write(tx, len(migrations))
    return found


def _table_version(tx: Tx) -> int:
    tx.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
    return int(tx.execute("SELECT coalesce(max(version), 0) FROM schema_version")[0][0])


def _write_table_version(tx: Tx, version: int) -> None:
    tx.execute("DELETE FROM schema_version")
    tx.execute("INSERT INTO schema_version (version) VALUES (?)", (version,))


#: The rooms' stores keep their version in a table of its own, `schema_version`.
TABLE = Ledger(_table_version, _write_table_version)
