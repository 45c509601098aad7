"""The word lists this server offers: the only ones a client may name, loaded once.

A room's settings name their word list, and a client chooses the settings: so a name
from a client is only ever looked up here (`Shelf.__call__`, the host's `lexicons`),
never taken as a path. The lists are the built-in ones and those the operator compiled
with `motamot dict build` before the server started; they are read at start, in a
worker thread, so no request ever waits for a list to load or compile (nor a round's
end for the written forms of its words, `lexicon.accents`).

Each list may have this server's changes (`lexicon.changes`): a room names the version
it was created with (`fr+3`), and the shelf compiles a version once, when its change
comes (`changed`, in a worker thread) or when an older room is read again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator

from motamot.errors import CodedError
from motamot.lexicon import Lexicon
from motamot.lexicon.accents import load_forms
from motamot.lexicon.changes import WordChange, WordLists, split_version
from motamot.lexicon.registry import BUILTIN_DICTIONARIES, load_lexicon, registered_names
from motamot.service.players.store import PlayerStore
from motamot.service.stores.outages import failed

log = logging.getLogger(__name__)

#: Seconds between two readings of the lists' changes (made elsewhere).
POLL = 10.0


class Shelf:
    """The loaded word lists, by name."""

    def __init__(self, lists: dict[str, Lexicon]) -> None:
        self._lists = lists
        self.versions = WordLists(self._shipped)

    @classmethod
    async def open(cls) -> Shelf:
        """Every offered list, loaded in a worker thread (a damaged one is left out)."""
        return await asyncio.to_thread(cls.load)

    @classmethod
    def load(cls) -> Shelf:
        try:
            registered = [name for name in registered_names() if name not in BUILTIN_DICTIONARIES]
        except CodedError as error:
            log.error("the registered word lists cannot be read: %s", error)
            registered = []
        lists: dict[str, Lexicon] = {}
        for name in (*BUILTIN_DICTIONARIES, *registered):
            try:
                lists[name] = load_lexicon(name)
            except CodedError as error:
                log.error("word list %s left out: %s", name, error)
        load_forms("fr")  # how its words are written: read now, not at a round's end
        return cls(lists)

    def names(self) -> list[str]:
        return list(self._lists)

    def _shipped(self, name: str) -> Lexicon:
        try:
            return self._lists[name]
        except KeyError:
            raise LookupError(f"no word list {name!r} on this server") from None

    def __call__(self, name: str) -> Lexicon:
        """The list (or version) named `name`; LookupError for anything this server does
        not offer."""
        return self.versions(name)

    def current(self, name: str) -> str:
        """The version of the list `name` that new games get."""
        return self.versions.current(name)

    def offers(self, name: str) -> bool:
        """Whether `name` is one of this server's lists (a version of one counts)."""
        return split_version(name)[0] in self._lists

    async def read_changes(self, store: PlayerStore) -> None:
        """Take every list's changes from the players' store (at start, and after a
        change)."""
        stored = await store.word_changes()
        for name in self._lists:
            await self.changed(name, [change for change in stored if change.dictionary == name])

    @contextlib.asynccontextmanager
    async def watching(self, store: PlayerStore) -> AsyncIterator[None]:
        """The lists' changes read again every `POLL` seconds while the app runs: those
        another process or `motamot admin words` made reach this one's new games."""

        async def poll() -> None:
            while True:
                await asyncio.sleep(POLL)
                try:
                    await self.read_changes(store)
                except Exception as error:  # a store away for a while: read them next time
                    failed(log, error, "the word lists' changes could not be read")

        task = asyncio.create_task(poll(), name="word-changes")
        try:
            yield
        finally:
            task.cancel()

    async def changed(self, dictionary: str, changes: list[WordChange]) -> None:
        """Take the list's stored changes; a new version is compiled before new games
        get it (in a worker thread: no request waits for it)."""
        if dictionary in self._lists:
            await asyncio.to_thread(self.versions.update, dictionary, changes)
