"""The arena's own frame: the round's live activity, summed up for everybody."""

from __future__ import annotations

import msgspec


class ArenaActivity(msgspec.Struct, tag="arena.activity", forbid_unknown_fields=True):
    """The round's activity lately, sent to every socket of the round every couple of
    seconds (never one frame per word): how many people are in it, how many wrote a word,
    and how many words a second were written."""

    #: The round's number (a page on another round's socket ignores it).
    number: int
    seated: int
    players: int
    words_per_second: float
