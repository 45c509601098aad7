"""A server's word list: the shipped list plus the server's changes, by version.

The operator adds words to a list or removes some (`motamot admin words`, the
operator's page); each change is kept as data, numbered from 1 per list, dated, with
its reason, and never edited (taking a word back is one more change). The list a room
plays with is named with the number of changes it holds: `fr+3` is the shipped `fr`
with its first three changes, `fr` (or `fr+0`) the shipped list alone. A room's
settings name the version current when it was created (W1: the list is chosen before
play), so a game in progress keeps its list, a new game gets the new one, and a record
names the version its replay needs.

A version is the shipped DAWG with its changes laid over it by path copying
(`lexicon.overlay`: milliseconds for a hundred changes), made once and kept: the
solver and the move generator, and their C kernels, walk it as a shipped list.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from motamot.lexicon.dawg import Lexicon
from motamot.lexicon.overlay import patched
from motamot.lexicon.registry import DictionaryNotFound

#: What separates a list's name from its number of changes.
VERSION_MARK = "+"
_VERSIONED = re.compile(r"^(.+)\+(0|[1-9][0-9]{0,8})\Z")
#: Compiled versions kept in memory (the current one of each list, and the ones old
#: rooms still play with).
_KEPT = 8


@dataclass(frozen=True)
class WordChange:
    """One change of a server's list: `word` (folded, W2) added or removed."""

    dictionary: str
    #: 1 for the list's first change, then 2, 3... with no holes.
    number: int
    word: str
    added: bool
    reason: str
    at: float


def split_version(name: str) -> tuple[str, int]:
    """(`fr`, 3) for `fr+3`, (`fr`, 0) for `fr`."""
    found = _VERSIONED.match(name)
    if found is None:
        return name, 0
    return found.group(1), int(found.group(2))


def version_name(dictionary: str, changes: int) -> str:
    """The name of `dictionary` with its first `changes` changes (the list alone at 0)."""
    return dictionary if changes == 0 else f"{dictionary}{VERSION_MARK}{changes}"


def apply_changes(base: Lexicon, changes: Sequence[WordChange], name: str) -> Lexicon:
    """`base` with `changes` applied in order (`overlay.patched`: milliseconds)."""
    return patched(base, [(change.word, change.added) for change in changes], name)


class WordLists:
    """Lists by versioned name: `load` gives the shipped (or registered) ones, `changes`
    each list's changes in order; a version is compiled when first asked, then kept."""

    def __init__(
        self,
        load: Callable[[str], Lexicon],
        changes: Mapping[str, Sequence[WordChange]] | None = None,
    ) -> None:
        self._load = load
        self._changes: dict[str, tuple[WordChange, ...]] = {
            name: tuple(listed) for name, listed in (changes or {}).items()
        }
        #: How many changes of each list new games get (a version is compiled first).
        self._current = {name: len(listed) for name, listed in self._changes.items()}
        self._compiled: dict[str, Lexicon] = {}
        self._lock = threading.Lock()

    def __call__(self, name: str) -> Lexicon:
        """The list `name` names; LookupError for a version this server never had."""
        base, count = split_version(name)
        lexicon = self._load(base)
        if count == 0:
            return lexicon
        known = self._changes.get(base, ())
        if count > len(known):
            raise DictionaryNotFound("no_version", name=name, count=len(known), base=base)
        wanted = version_name(base, count)
        with self._lock:  # one compile of a version, however many ask at once
            compiled = self._compiled.get(wanted)
            if compiled is None:
                compiled = apply_changes(lexicon, known[:count], wanted)
                if len(self._compiled) >= _KEPT:
                    self._compiled.pop(next(iter(self._compiled)))
                self._compiled[wanted] = compiled
            return compiled

    def current(self, name: str) -> str:
        """The version of the list `name` (versioned or not) that new games get."""
        base, _ = split_version(name)
        return version_name(base, self._current.get(base, 0))

    def changes(self, dictionary: str) -> tuple[WordChange, ...]:
        return self._changes.get(dictionary, ())

    def update(self, dictionary: str, changes: Sequence[WordChange]) -> bool:
        """Take the list's changes as stored now (they only ever grow): the new version
        is made first, then new games get it. Whether a new version came."""
        listed = tuple(changes)
        if len(listed) <= len(self._changes.get(dictionary, ())):
            return False
        self._changes[dictionary] = listed
        self(version_name(dictionary, len(listed)))
        self._current[dictionary] = len(listed)
        return True
