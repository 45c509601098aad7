"""One transaction on the server's database, the same for SQLite and PostgreSQL.

Everything the server keeps beside the rooms' events (players, lobby, pairing, mail,
fair play) is written as plain functions over a `Tx`: portable SQL with `?`
placeholders (`ON CONFLICT`, `RETURNING`), run by a `Db` in one transaction on a worker
thread that owns the connection, so the event loop never waits on the database. The
drivers are `sqlite_tx` and `postgres_tx` (`stores.open_db` picks one for a URL); the
rooms' event stores open their connections, run their migrations and their transactions
with the same two modules.
"""

from __future__ import annotations

import asyncio
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Protocol, TypeVar

T = TypeVar("T")
Row = tuple[Any, ...]


class Tx(Protocol):
    """One transaction: statements with `?` placeholders."""

    def execute(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Run `sql`; its rows (none for a statement that returns none)."""
        ...

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...

    @property
    def dialect(self) -> str:
        """`sqlite` or `postgresql` (for the few statements that differ)."""
        ...


class Db(Protocol):
    dialect: str

    async def run(self, work: Callable[[Tx], T], *, durable: bool = True) -> T:
        """`work(tx)` in one transaction, committed if it returns, rolled back if it raises."""
        ...

    async def close(self) -> None: ...


class OneThread(ABC):
    """A `Db` whose connection lives on one worker thread: opened there on first use,
    used and closed there (neither driver's connection is shared between threads)."""

    dialect: str

    def __init__(self, thread: str) -> None:
        self._pool = ThreadPoolExecutor(1, thread_name_prefix=thread)
        self._connection: Any = None

    @abstractmethod
    def _run(self, work: Callable[[Tx], T], durable: bool) -> T:
        """`work` in one transaction, on the worker thread."""

    async def run(self, work: Callable[[Tx], T], *, durable: bool = True) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, self._run, work, durable)

    async def close(self) -> None:
        def close() -> None:
            if self._connection is not None:
                self._connection.close()
                self._connection = None

        await asyncio.get_running_loop().run_in_executor(self._pool, close)
        self._pool.shutdown(wait=True)
