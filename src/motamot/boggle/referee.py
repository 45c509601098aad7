"""The referee for one word (B4-B8, B12, B13): accepted with a path and points,
or refused with a reason code.

Refusals are values: a `WordReason` code plus the word (and, for a fold error,
the character at fault); interfaces translate codes into French or English.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from enum import StrEnum

import msgspec

from motamot.boggle.grid import Cell, Grid
from motamot.boggle.rules import BoggleRules
from motamot.lexicon import FoldError, Lexicon, fold


class WordReason(StrEnum):
    """Why a word scores nothing."""

    INVALID_CHARACTERS = "invalid_characters"
    TOO_SHORT = "too_short"
    NO_PATH = "no_path"
    NOT_IN_DICTIONARY = "not_in_dictionary"
    AFTER_DEADLINE = "after_deadline"
    DUPLICATE_ENTRY = "duplicate_entry"


class Feedback(StrEnum):
    """A verdict's code as its writer is told it: taken, or the referee's reason.

    `WRITTEN`: on the grid, the dictionary tells at the end (`verify_at_end`: the writer
    is told less than the referee knows). Every refusal is the referee's own code
    (`WordReason`), so the two cannot drift apart.
    """

    ACCEPTED = "accepted"
    WRITTEN = "written"
    DUPLICATE = WordReason.DUPLICATE_ENTRY.value
    TOO_SHORT = WordReason.TOO_SHORT.value
    NO_PATH = WordReason.NO_PATH.value
    NOT_IN_DICTIONARY = WordReason.NOT_IN_DICTIONARY.value
    INVALID_CHARACTERS = WordReason.INVALID_CHARACTERS.value
    AFTER_DEADLINE = WordReason.AFTER_DEADLINE.value

    @classmethod
    def refused(cls, reason: WordReason) -> Feedback:
        """The refusal the referee gave, as told."""
        return cls(reason.value)


#: B12: the refusals that make a word invalid (and cost the penalty when it is on).
INVALID_WORD_REASONS = frozenset(
    {
        WordReason.INVALID_CHARACTERS,
        WordReason.TOO_SHORT,
        WordReason.NO_PATH,
        WordReason.NOT_IN_DICTIONARY,
    }
)


class Verdict(msgspec.Struct, frozen=True, gc=False):
    """The referee's answer for one input: `path` and `points` when valid, else `reason`;
    or, told at once with the dictionary checked at the end, neither yet (`pending`).
    The one verdict type: what the referee judged and what the writer was told
    (`feedback`, the code the rooms send).

    A Struct the cycle collector does not track (`gc=False`; so are a judged entry and a
    word's instant feedback): a live round keeps one of each per word written, and as
    tracked objects they filled every young collection of a busy server with survivors
    to go through (4,000 players: 50,000 of them, 90-130 ms a collection). Their fields
    are texts, numbers, enums and tuples of them: they can hold no cycle.
    """

    input: str
    word: str | None
    valid: bool
    points: int = 0
    path: tuple[Cell, ...] = ()
    reason: WordReason | None = None
    detail: str = ""
    #: On the grid, the dictionary not told yet (`Feedback.WRITTEN`).
    pending: bool = False

    @property
    def feedback(self) -> Feedback:
        """The verdict's code as its writer is told it."""
        if self.valid:
            return Feedback.ACCEPTED
        if self.reason is None:
            assert self.pending, "a verdict neither valid nor refused is pending"
            return Feedback.WRITTEN
        return Feedback.refused(self.reason)

    @classmethod
    def told(
        cls,
        text: str,
        word: str | None,
        feedback: Feedback,
        points: int = 0,
        path: tuple[Cell, ...] = (),
    ) -> Verdict:
        """The verdict a writer was told `feedback` of (read back from a room's answer)."""
        if feedback is Feedback.ACCEPTED:
            return cls(text, word, True, points, path)
        if feedback is Feedback.WRITTEN:
            return cls(text, word, False, pending=True)
        return cls(text, word, False, reason=WordReason(feedback.value))

    def as_json(self) -> dict[str, object]:
        """The shape of `motamot boggle check --json`."""
        result: dict[str, object] = {"input": self.input}
        if self.word is not None:
            result["word"] = self.word
        result["valid"] = self.valid
        if self.valid:
            result["points"] = self.points
            result["path"] = [list(cell) for cell in self.path]
        else:
            assert self.reason is not None
            result["reason"] = self.reason.value
        return result


#: B12: the steps a path search may take before the dictionary is asked. Every word of
#: the French list, and their reversals, on grids of every size take under 210; a
#: hostile input (`AAAA...BB` on a 6×6 grid of A's) would take hours.
PATH_BUDGET = 1000


class LongSearch(Exception):
    """A path search went past its budget of steps: the word is no ordinary one."""


def find_path(grid: Grid, word: str, budget: int | None = None) -> tuple[int, ...] | None:
    """B4, B5, B7: the first path (in depth-first order) of distinct adjacent cells
    whose letters spell `word` (folded), or None. A `Qu` cell must match `QU`.

    Bounded on hostile input (`AAAA...B` on a grid of A's): a word needing more
    of a letter than the grid shows is refused at once, and a (cell, position,
    cells used) state that failed once is not searched again. With a `budget`, a
    search that takes more steps raises `LongSearch` (the same on every machine).
    """
    letters = grid.letters
    available = Counter("".join(letters))
    if any(available[letter] < count for letter, count in Counter(word).items()):
        return None
    search = _PathSearch(letters, grid.neighbours, word, budget)
    for start in range(len(letters)):
        if search.extend(start, 0, 0):
            return tuple(search.path)
    return None


class _PathSearch:
    """One word's depth-first search. A class, not a closure that calls itself: such a
    closure is a reference cycle, garbage only the cycle collector frees, and a server
    judging hundreds of words a second then stalls in collections (issue 27)."""

    __slots__ = ("failed", "left", "letters", "neighbours", "path", "word")

    def __init__(
        self,
        letters: Sequence[str],
        neighbours: Sequence[Sequence[int]],
        word: str,
        budget: int | None = None,
    ) -> None:
        self.letters = letters
        self.neighbours = neighbours
        self.word = word
        self.path: list[int] = []
        self.failed: set[tuple[int, int, int]] = set()
        #: Steps left before the search gives up (-1: no budget).
        self.left = -1 if budget is None else budget

    def extend(self, cell: int, position: int, used: int) -> bool:
        if self.left >= 0:
            if self.left == 0:
                raise LongSearch(self.word)
            self.left -= 1
        face = self.letters[cell]
        word = self.word
        if not face or not word.startswith(face, position):
            return False
        position += len(face)
        if position == len(word):
            self.path.append(cell)
            return True
        used |= 1 << cell
        if (cell, position, used) in self.failed:
            return False
        self.path.append(cell)
        for nxt in self.neighbours[cell]:
            if not used >> nxt & 1 and self.extend(nxt, position, used):
                return True
        self.path.pop()
        self.failed.add((cell, position, used))
        return False


def check_word(grid: Grid, rules: BoggleRules, lexicon: Lexicon, text: str) -> Verdict:
    """Judge one written word: fold (W2), length (B6, B7), path (B4, B5), dictionary (W1).

    The first check that fails gives the reason (B12). The grid comes before the
    dictionary so that a word is refused for the same reason whether the dictionary is
    told at once or only at the end of the round (the path is told at once either way).
    A path search longer than `PATH_BUDGET` steps (a hostile input) waits for the
    dictionary: only a real word is searched to its end.
    """
    try:
        word = fold(text)
    except FoldError as error:
        return Verdict(
            text, None, False, reason=WordReason.INVALID_CHARACTERS, detail=error.reason.value
        )
    if len(word) < rules.min_length:
        return Verdict(text, word, False, reason=WordReason.TOO_SHORT)
    try:
        path = find_path(grid, word, PATH_BUDGET)
        searched = True
    except LongSearch:
        path, searched = None, False
    if searched and path is None:
        return Verdict(text, word, False, reason=WordReason.NO_PATH)
    if word not in lexicon:
        return Verdict(text, word, False, reason=WordReason.NOT_IN_DICTIONARY)
    if not searched:
        path = find_path(grid, word)
    if path is None:
        return Verdict(text, word, False, reason=WordReason.NO_PATH)
    cells = tuple(grid.cell(index) for index in path)
    return Verdict(text, word, True, points=rules.points(len(word)), path=cells)


class WordChecker:
    """`check_word` on one grid, remembered by text: a round judges each word when it is
    written and again at its end (B9-B13), and the verdict is a pure function of the
    text, so the second judgement costs a lookup (many rounds end together)."""

    def __init__(self, grid: Grid, rules: BoggleRules, lexicon: Lexicon) -> None:
        self.grid, self.rules, self.lexicon = grid, rules, lexicon
        self._verdicts: dict[str, Verdict] = {}

    def __call__(self, text: str) -> Verdict:
        verdict = self._verdicts.get(text)
        if verdict is None:
            verdict = self._verdicts[text] = check_word(self.grid, self.rules, self.lexicon, text)
        return verdict
