"""The word list a record names, for `boggle replay` and `topword replay`: a version of
a server's list (`fr+3`, `lexicon.changes`) is made from the changes kept in that
server's database (`--db`, by default the data folder's, as `motamot admin`)."""

from __future__ import annotations

import asyncio

from motamot.lexicon import Lexicon, load_lexicon
from motamot.lexicon.changes import WordLists, split_version


def record_lexicon(name: str, db: str | None) -> Lexicon:
    """The list `name` names (built-in, registered, a path, or a server's version; `fr+0`
    is `fr`, as a room created before any change shows it)."""
    base, version = split_version(name)
    if version == 0:
        return load_lexicon(base)
    return asyncio.run(_lists(db))(name)


async def _lists(db: str | None) -> WordLists:
    from motamot.service.players.store import PlayerStore
    from motamot.service.storage import default_db

    players = await PlayerStore.open(db or default_db())
    try:
        return await players.word_lists(load_lexicon)
    finally:
        await players.close()
