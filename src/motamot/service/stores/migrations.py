"""How a store's tables change from one motamot to the next: a list of migrations per
store, each applied once, in order, when the store opens.

Each store keeps its own list (`sqlite.MIGRATIONS`, `postgres.MIGRATIONS`): entry `i`
brings the tables from version `i` to `i + 1`, and the version reached is kept in the
store's `schema_version` table. A newer motamot opening an older store applies the
entries it lacks, in one transaction (all of them or none), one process at a time; an
older motamot refuses a store a newer one migrated (`SchemaTooNew`), rather than write
what the newer one would misread. To add a table (a feature's own, such as players'
accounts), append an entry to both lists; never edit or reorder one that has shipped.
"""

from __future__ import annotations

from collections.abc import Sequence

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
