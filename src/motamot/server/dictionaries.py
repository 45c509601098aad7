"""The word lists this server offers: the only ones a client may name, loaded once.

A room's settings name their word list, and a client chooses the settings: so a name
from a client is only ever looked up here (`Shelf.__call__`, the host's `lexicons`),
never taken as a path. The lists are the built-in ones and those the operator compiled
with `motamot dict build` before the server started; they are read at start, in a
worker thread, so no request ever waits for a list to load or compile (nor a round's
end for the written forms of its words, `lexicon.accents`).
"""

from __future__ import annotations

import asyncio
import logging

from motamot.errors import CodedError
from motamot.lexicon import Lexicon
from motamot.lexicon.accents import load_forms
from motamot.lexicon.registry import BUILTIN_DICTIONARIES, load_lexicon, registered_names

log = logging.getLogger(__name__)


class Shelf:
    """The loaded word lists, by name."""

    def __init__(self, lists: dict[str, Lexicon]) -> None:
        self._lists = lists

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

    def __call__(self, name: str) -> Lexicon:
        """The list named `name`; LookupError for anything this server does not offer."""
        try:
            return self._lists[name]
        except KeyError:
            raise LookupError(f"no word list {name!r} on this server") from None
