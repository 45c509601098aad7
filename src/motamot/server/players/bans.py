"""The operator's bans, as one server process enforces them.

The bans are in the players' tables (`motamot admin ban`, `service.players.moderation`).
Each process keeps them in memory, read at start and again whenever their generation
changes: it looks every `poll` seconds, and at once when the broker says they changed
(`service.brokers.redis_bans`, with several processes). A player newly banned has their
open sockets closed here (`on_ban`); their requests to sit or create are refused
(`Banned`, answered 403 with the reason in their language). A request is refused when
the account signed in or the browser's identity is banned, when its client address is,
and when the name it would sit under is a banned name or looks like one (F19): a banned
player who clears their browser does not come back at once under the same name.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable

from motamot.service.players.moderation import ADDRESS, NAME, PLAYER
from motamot.service.players.names import account_look_key, name_key
from motamot.service.players.store import PlayerStore
from motamot.service.tasks import stopped, within

log = logging.getLogger(__name__)

#: Seconds between two looks at the bans' generation (the broker makes it at once). A look
#: is one row read; at 2 s, a ban typed without the broker closed the sockets up to 2 s
#: after the command, on top of the command's own start (a second or more on a loaded
#: machine): 7.7 s in issue 36. At 0.5 s a ban is seen well within the 2 s promised.
POLL_SECONDS = 0.5


def poll_seconds_from_env() -> float:
    """`MOTAMOT_BANS_POLL_SECONDS` (the tests make it long, to see the broker alone work)."""
    try:
        return max(0.05, float(os.environ.get("MOTAMOT_BANS_POLL_SECONDS", POLL_SECONDS)))
    except ValueError:
        return POLL_SECONDS


def address_mark(address: str) -> str:
    """How a banned address is named among the players whose sockets are closed
    (`on_ban`): never a player's id."""
    return "address:" + address


class Banned(Exception):
    """A request of a banned player (answered 403 by the app)."""


class Bans:
    """The banned lasting players and account names' keys of one process."""

    def __init__(self, poll: float | None = None) -> None:
        self.poll = poll_seconds_from_env() if poll is None else poll
        self.players: frozenset[str] = frozenset()
        self.names: frozenset[str] = frozenset()
        #: What the banned names look like (`names.account_look_key`).
        self.name_looks: frozenset[str] = frozenset()
        self.addresses: frozenset[str] = frozenset()
        self._generation = -1
        self._on_ban: list[Callable[[frozenset[str]], None]] = []
        self._wake: asyncio.Event | None = None
        #: Tells the other processes the bans changed (over the broker; None: one process).
        self.tell_others: Callable[[], Awaitable[None]] | None = None

    def on_ban(self, banned: Callable[[frozenset[str]], None]) -> None:
        """`banned(players)` for each lot of players newly banned (an address as its
        `address_mark`)."""
        self._on_ban.append(banned)

    def banned(self, players: Iterable[str | None], address: str | None = None) -> bool:
        """Whether any of `players` (a request's: its account, its browser's identity),
        or its client `address`, is banned."""
        if address is not None and address in self.addresses:
            return True
        return any(player in self.players for player in players if player is not None)

    def name_banned(self, name: str) -> bool:
        """Whether `name` is a banned name, whatever its case and accents, or looks like one."""
        return name_key(name) in self.names or account_look_key(name) in self.name_looks

    def check(
        self, players: Iterable[str | None], address: str | None = None, name: str | None = None
    ) -> None:
        """Banned if any of `players` is, or the address, or the name it would sit under."""
        if self.banned(players, address) or (name is not None and self.name_banned(name)):
            raise Banned()

    def changed(self) -> None:
        """The broker says the bans changed: read them now."""
        if self._wake is not None:
            self._wake.set()

    async def changed_here(self, store: PlayerStore) -> None:
        """This process changed the bans (the operators' page): read them now, so the
        sockets of those banned are closed here at once, and tell the other processes."""
        await self.refresh(store)
        if self.tell_others is None:
            return
        try:
            await self.tell_others()
        except Exception as error:  # the broker down: the others read them at their next look
            log.warning("bans not announced (%s)", error)

    async def refresh(self, store: PlayerStore) -> None:
        """Read the bans again if they changed; close the sockets of those newly banned."""
        generation = await store.bans_generation()
        if generation == self._generation:
            return
        found = await store.bans()
        players = frozenset(ban.value for ban in found if ban.what == PLAYER)
        addresses = frozenset(ban.value for ban in found if ban.what == ADDRESS)
        added = (players - self.players) | {
            address_mark(address) for address in addresses - self.addresses
        }
        self.players, self.addresses = players, addresses
        self.names = frozenset(ban.value for ban in found if ban.what == NAME)
        self.name_looks = frozenset(account_look_key(b.label) for b in found if b.what == NAME)
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
            await stopped(task)

    async def _watch(self, store: PlayerStore, wake: asyncio.Event) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await within(wake.wait(), self.poll)
            wake.clear()
            try:
                await self.refresh(store)
            except Exception as error:  # the store down a while: the bans as last read
                log.warning("bans not read (%s)", error)
