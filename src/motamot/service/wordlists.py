"""The operator's decisions on this server's word lists (W4, W5): one function the page
(`server.words_page`) and the command line (`motamot admin words`) share.

A change is checked against the version new games get: adding a word it holds, or
removing one it lacks, changes nothing and is refused (`no_change`), so every version
differs from the one before. The word is folded (W2), the list one this server offers.
Every decision is kept in the moderation log (`operators.Action`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Collection
from dataclasses import dataclass

from motamot.lexicon import try_fold
from motamot.lexicon.changes import WordChange, WordLists
from motamot.service.players.operators import Action
from motamot.service.players.store import PlayerStore

#: The longest word and reason an operator's change takes.
MAX_LETTERS, MAX_REASON = 30, 300


@dataclass(frozen=True)
class Declined:
    """Why a decision changed nothing: `bad_word`, `unknown_list`, `no_change`, `no_reason`."""

    code: str


async def change_word(
    store: PlayerStore,
    lists: WordLists,
    offered: Collection[str],
    decision: tuple[str, str, bool, str],
    now: float,
    operator: str,
) -> WordChange | Declined:
    """Add (or remove) a word of a list, with its reason: `decision` is (list, word as
    typed, added, reason). The proposals of the same change are answered accepted."""
    dictionary, typed, added, reason = decision
    word = try_fold(typed)
    reason = " ".join(reason.split())[:MAX_REASON]
    if word is None or not 2 <= len(word) <= MAX_LETTERS:
        return Declined("bad_word")
    if dictionary not in offered:
        return Declined("unknown_list")
    if not reason:
        return Declined("no_reason")
    await refresh(store, lists, dictionary)
    if (word in lists(lists.current(dictionary))) == added:
        return Declined("no_change")
    change = await store.change_word(dictionary, word, added, reason, now, operator)
    what = "words.add" if added else "words.remove"
    await store.log_action(Action(now, operator, what, f"{dictionary}: {word}"))
    await refresh(store, lists, dictionary)
    return change


async def refuse_word(
    store: PlayerStore, decision: tuple[str, str, bool, str], now: float, operator: str
) -> int | Declined:
    """Refuse the open proposals of a change with a reason they are shown: how many."""
    dictionary, typed, added, reason = decision
    word = try_fold(typed)
    reason = " ".join(reason.split())[:MAX_REASON]
    if word is None:
        return Declined("bad_word")
    if not reason:
        return Declined("no_reason")
    count = await store.refuse_word(dictionary, word, added, reason, now)
    if count:
        await store.log_action(Action(now, operator, "words.refuse", f"{dictionary}: {word}"))
    return count


async def refresh(store: PlayerStore, lists: WordLists, dictionary: str) -> None:
    """Take the list's changes as stored now (another process or the command line may
    have made some); a new version is made in a worker thread."""
    await asyncio.to_thread(lists.update, dictionary, await store.word_changes(dictionary))
