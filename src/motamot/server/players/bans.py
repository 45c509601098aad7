"""The operator's bans, as one server process enforces them.

The bans are in the players' tables (`motamot admin ban`, `service.players.moderation`).
Each process keeps them in memory, read at start and again whenever their generation
changes: it looks every `poll` seconds, and at once when the broker says they changed
(`service.brokers.redis_bans`, with several processes). A player newly banned has their
open sockets closed here (`on_ban`); their requests to sit or create are refused
(`Banned`, answered 403 with the reason in their language).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import AsyncIterator, Callable, Iterable

from motamot.service.players.moderation import NAME, PLAYER
from motamot.service.players.store import PlayerStore

log = logging.getLogger(__name__)

#: Seconds between two looks at the bans' generation (the broker makes it at once).
POLL_SECONDS = 2.0


def poll_seconds_from_env() -> float:
    """`MOTAMOT_BANS_POLL_SECONDS` (the tests make it long, to see the broker alone work)."""
    try:
        return max(0.05, float(os.environ.get("MOTAMOT_BANS_POLL_SECONDS", POLL_SECONDS)))
    except ValueError:
        return POLL_SECONDS


class Banned(Exception):
    """A request of a banned player (answered 403 by the app)."""


class Bans:
    """The banned lasting players and account names' keys of one process."""

    def __init__(self, poll: float | None = None) -> None:
        self.poll = poll_seconds_from_env() if poll is None else poll
        self.players: frozenset[str] = frozenset()
        self.names: frozenset[str] = frozenset()
        self._generation = -1
        self._on_ban: list[Callable[[frozenset[str]], None]] = []
        self._wake: asyncio.Event | None = None

    def on_ban(self, banned: Callable[[frozenset[str]], None]) -> None:
        """`banned(players)` for each lot of players newly banned."""
        self._on_ban.append(banned)

    def banned(self, players: Iterable[str | None]) -> bool:
        """Whether any of `players` (a request's: its account, its browser's identity)
        is banned."""
        return any(player in self.players for player in players if player is not None)

    def check(self, players: Iterable[str | None]) -> None:
        """Banned if any of `players` is."""
        if self.banned(players):
            raise Banned()

    def changed(self) -> None:
        """The broker says the bans changed: read them now."""
        if self._wake is not None:
            self._wake.set()

    async def refresh(self, store: PlayerStore) -> None:
        """Read the bans again if they changed; close the sockets of those newly banned."""
        generation = await store.bans_generation()
        if generation == self._generation:
            return
        found = await store.bans()
        players = frozenset(ban.value for ban in found if ban.what == PLAYER)
        added = players - self.players
        self.players = players
        self.names = frozenset(ban.value for ban in found if ban.what == NAME)
        self._generation = generation
        if added:
            for banned in self._on_ban:
                banned(added)

    @contextlib.asynccontextmanager
    async def watching(self, store: PlayerStore) -> AsyncIterator[None]:
        """The bans read now, then kept up while the app runs."""
        self._wake = asyncio.Event()
        await self.refresh(store)
        task = asyncio.create_task(self._watch(store, self._wake), name="bans")
        try:
            yield
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _watch(self, store: PlayerStore, wake: asyncio.Event) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(wake.wait(), self.poll)
            wake.clear()
            try:
                await self.refresh(store)
            except Exception as error:  # the store down a while: the bans as last read
                log.warning("bans not read (%s)", error)
