"""Playing Boggle live: what a writer is told at once, seats, seeds, judged rounds.

Live feedback uses the same referee as the final judgement; with
`verify_at_end` the dictionary verdict waits for the end of the round, like
the paper game (only length and path are told at once). The room
(`boggle_room`) and the terminal's match (`boggle_local`) share these.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

import msgspec

from motamot.boggle.bots import BotLevel
from motamot.boggle.grid import Cell, Grid
from motamot.boggle.referee import Verdict, WordReason, find_path
from motamot.boggle.round import RoundResult
from motamot.boggle.rules import BoggleRules
from motamot.boggle.solve import SolvedWord


class Feedback(StrEnum):
    """What the player is told at once about a word."""

    ACCEPTED = "accepted"
    WRITTEN = "written"  # verify_at_end: on the grid, the dictionary will tell at the end
    DUPLICATE = "duplicate_entry"
    TOO_SHORT = "too_short"
    NO_PATH = "no_path"
    NOT_IN_DICTIONARY = "not_in_dictionary"
    INVALID_CHARACTERS = "invalid_characters"
    AFTER_DEADLINE = "after_deadline"


class WordFeedback(msgspec.Struct, frozen=True, gc=False):
    """The instant verdict on one typed word."""

    text: str
    word: str | None
    feedback: Feedback
    points: int = 0
    path: tuple[Cell, ...] = ()


def instant_feedback(grid: Grid, verdict: Verdict, verify_at_end: bool) -> WordFeedback:
    """What the writer is told at once of a word the referee judged `verdict` on `grid`
    (the referee judges it again at the end)."""
    text = verdict.input
    if not verify_at_end:
        if verdict.valid:
            return WordFeedback(text, verdict.word, Feedback.ACCEPTED, verdict.points, verdict.path)
        assert verdict.reason is not None
        return WordFeedback(text, verdict.word, Feedback(verdict.reason.value))
    # Deferred dictionary: tell length and path only.
    if verdict.reason in (WordReason.INVALID_CHARACTERS, WordReason.TOO_SHORT, WordReason.NO_PATH):
        assert verdict.reason is not None
        return WordFeedback(text, verdict.word, Feedback(verdict.reason.value))
    word = verdict.word or ""
    path = find_path(grid, word) if len(word) <= 3 * len(grid.faces) else None
    if path is None:
        return WordFeedback(text, word, Feedback.NO_PATH)
    return WordFeedback(text, word, Feedback.WRITTEN)


@dataclass(frozen=True)
class Player:
    """A seat at the table: the human (`level` None) or a computer player."""

    name: str
    level: BotLevel | None = None


def round_seed(seed: int, number: int) -> int:
    """Round `number` (from 1) of a match started with `seed` uses seed + number - 1."""
    return seed + number - 1


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the computer player in `seat` for a round rolled from `seed`."""
    return seed * 7 + 1000 + seat


@dataclass(frozen=True)
class RoundOutcome:
    """A judged round and the words the human did not find (best first)."""

    result: RoundResult
    missed: tuple[SolvedWord, ...]
    all_words: int


def default_dictionary(rules: BoggleRules) -> str:
    """The word list that goes with a preset's dice: English dice, English words."""
    return "en" if rules.name.endswith("-en") else "fr"
