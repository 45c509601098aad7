"""Rooms played in this process (the terminal): a RoomHost over the SQLite store of the
user's data folder, driven from synchronous code by its own `asyncio.Runner`.

Every command goes through the host, so a word or a move is in the store
before the screen shows it accepted; a game left half-way (Ctrl-C, a crash)
is in the store and `last_room(kind)` finds it again for `--resume`. A store
that cannot be opened or written (a full disk, a read-only folder) raises
WriteError: the terminal says so instead of going on as if it were saved.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import secrets
import sqlite3
from collections.abc import Coroutine, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

from motamot.durable import WriteError, write_atomic, write_error
from motamot.service.brokers.local import LocalBroadcaster
from motamot.service.ports import Clock, SeqConflict, StoredEvent, SystemClock
from motamot.service.rooms.actor import Lexicons
from motamot.service.rooms.host import Room, RoomHost, cached_lexicons
from motamot.service.rooms.kinds import Kinds
from motamot.service.rooms.outcomes import Ack, Refusal
from motamot.service.storage import data_dir
from motamot.service.stores.sqlite import SqliteStore

T = TypeVar("T")

STORE_NAME = "rooms.sqlite3"


def store_error(path: Path, error: BaseException) -> WriteError:
    """The WriteError for what SQLite or the system said about the store at `path`."""
    if isinstance(error, OSError):
        return write_error(path, error)
    code = getattr(error, "sqlite_errorcode", 0)
    if code & 0xFF == sqlite3.SQLITE_FULL:
        return WriteError("no_space", path=path)
    return WriteError("cannot_write", path=path, reason=str(error))


class _WatchedStore(SqliteStore):
    """The SQLite store, remembering why an append failed (the host only logs it)."""

    failure: BaseException | None = None

    async def append(self, room: str, expected_seq: int, events: Sequence[StoredEvent]) -> None:
        try:
            await super().append(room, expected_seq, events)
        except SeqConflict:
            raise
        except Exception as error:
            self.failure = error
            raise


def store_path() -> Path:
    """The local rooms' store: `<data>/rooms.sqlite3`."""
    return data_dir() / STORE_NAME


def new_token() -> tuple[str, str]:
    """A seat's token and its digest (the digest is what the room keeps)."""
    token = secrets.token_urlsafe(24)
    return token, hashlib.sha256(token.encode()).hexdigest()


class LocalRooms:
    """A RoomHost for one terminal session; close() when done. `kinds` are the rooms the
    terminal plays (`motamot.web.default_kinds().rooms`: the one registry, chosen above
    the service layer)."""

    def __init__(
        self,
        kinds: Kinds,
        path: Path | None = None,
        clock: Clock | None = None,
        lexicons: Lexicons | None = None,
    ) -> None:
        self.path = path if path is not None else store_path()
        self.clock: Clock = clock if clock is not None else SystemClock()
        try:
            self.store = _WatchedStore(self.path)
        except (sqlite3.Error, OSError) as error:
            raise store_error(self.path, error) from None
        self._runner = asyncio.Runner()
        self.host = RoomHost(
            self.store,
            LocalBroadcaster(),
            self.clock,
            lexicons if lexicons is not None else cached_lexicons(),
            kinds,
        )
        self.host.bot_think_limit = 3.0

    def run(self, work: Coroutine[Any, Any, T]) -> T:
        """Run `work` on the host; WriteError if the store failed meanwhile.

        Ctrl-C cancels the running task; the runner turns that into KeyboardInterrupt only
        when the task was cancelled once, so a cancellation inside (a bot's think limit)
        would let CancelledError out: the caller gets KeyboardInterrupt either way.
        """
        try:
            result = self._runner.run(work)
        except asyncio.CancelledError:
            raise KeyboardInterrupt from None
        self._raise_store_failure()
        return result

    def _raise_store_failure(self) -> None:
        """WriteError if the store failed since the last look."""
        failure, self.store.failure = self.store.failure, None
        if failure is not None:
            raise store_error(self.path, failure)

    def create(self, setup: Any) -> str | Refusal:
        return self.run(self.host.create(setup))

    def submit(self, room_id: str, seat: str | None, command: Any) -> Ack | Refusal:
        """The command stored and applied (or refused); bots then get their turns."""
        return self.run(self.host.submit(room_id, seat, command))

    @contextlib.contextmanager
    def bots_held(self, room_id: str) -> Iterator[None]:
        """The room's computer players wait meanwhile (a record played into the room)."""
        self.host.hold_bots(room_id)
        try:
            yield
        finally:
            self.run(self.host.release_bots(room_id))

    def tick(self, room_id: str) -> None:
        """Fire what the clock made due (Boggle bot words, deadlines, turn clocks)."""
        self.run(self.host.tick(room_id))

    def settle(self) -> None:
        """Let every computer player that has to play now do so (stored like any move)."""
        self.run(self.host.settle())

    def room(self, room_id: str) -> Room | None:
        """The room, loaded from the store if needed (None: no such room).

        A room in memory is returned without running the event loop, so reading it
        never lets a computer player move in the meantime (that is `settle`'s job).
        """
        try:
            return self.host.room(room_id)
        except KeyError:
            pass
        if self.run(self.host.view(room_id, None)) is None:
            return None
        return self.host.room(room_id)

    def _pointer(self, kind: str) -> Path:
        return self.path.parent / f"last-{kind}-room"

    def remember(self, kind: str, room_id: str, note: str = "") -> None:
        """Note `room_id` as the last room of `kind` (what `--resume` picks up)."""
        write_atomic(self._pointer(kind), f"{room_id} {note}".strip().encode())

    def last_room(self, kind: str) -> tuple[str, str] | None:
        """The last room of `kind` and its note, if there is one."""
        try:
            text = self._pointer(kind).read_text("utf-8").strip()
        except OSError:
            return None
        room_id, _, note = text.partition(" ")
        return (room_id, note) if room_id else None

    def close(self) -> None:
        try:
            self._finish(self.host.close())
            self._finish(self.store.close())
        finally:
            self._runner.close()

    def _finish(self, work: Coroutine[Any, Any, None]) -> None:
        """Run `work` to its end, even on a loop that a Ctrl-C left with a stop pending.

        When Ctrl-C comes just as a run's task ends, the task's « stop the loop » is
        already queued as the interrupt leaves the loop; the next run then stops at once
        (« Event loop stopped before Future completed ») and a close after Ctrl-C
        failed, one time in sixty under load. The task is run on until it is done."""
        loop = self._runner.get_loop()
        task = loop.create_task(work)
        while True:
            try:
                loop.run_until_complete(task)
                break
            except RuntimeError:
                if task.done():  # the work's own error
                    raise
        self._raise_store_failure()  # as `run` does: a failed last write is said
