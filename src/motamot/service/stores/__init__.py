"""Event stores: memory (tests), SQLite (one process), PostgreSQL (several processes).

`open_store(url)` is what `motamot serve --db` takes: `memory` (nothing kept),
`sqlite:///path/to/file` or a plain path, `postgresql://user@host/db`
(`?schema=name` picks the PostgreSQL schema, `motamot` by default).
"""

from __future__ import annotations

from pathlib import Path

from motamot.service.ports import EventStore


async def open_store(url: str) -> EventStore:
    """The event store `url` names, opened (the PostgreSQL schema created or migrated)."""
    if url.startswith(("postgresql://", "postgres://")):
        try:
            from motamot.service.stores.postgres import PostgresStore
        except ImportError as error:
            raise RuntimeError(
                "PostgreSQL needs the scale extra: pip install 'motamot[scale]'"
            ) from error
        return await PostgresStore.open(url)
    if url in ("memory", "memory:"):
        from motamot.service.stores.memory import MemoryStore

        return MemoryStore()
    if "://" in url and not url.startswith("sqlite://"):
        raise ValueError(f"unknown store {url!r}: a path, sqlite:///path or postgresql://...")
    from motamot.service.stores.sqlite import SqliteStore

    path = Path(url.removeprefix("sqlite:///").removeprefix("sqlite://"))
    path.parent.mkdir(parents=True, exist_ok=True)
    return SqliteStore(path)
