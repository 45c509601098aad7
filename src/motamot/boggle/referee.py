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
    """The referee's answer for one input: `path` and `points` when valid, else `reason`.

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


def find_path(grid: Grid, word: str) -> tuple[int, ...] | None:
    """B4, B5, B7: the first path (in depth-first order) of distinct adjacent cells
    whose letters spell `word` (folded), or None. A `Qu` cell must match `QU`.

    Bounded on hostile input (`AAAA...B` on a grid of A's): a word needing more
    of a letter than the grid shows is refused at once, and a (cell, position,
    cells used) state that failed once is not searched again.
    """
    letters = grid.letters
    available = Counter("".join(letters))
    if any(available[letter] < count for letter, count in Counter(word).items()):
        return None
    search = _PathSearch(letters, grid.neighbours, word)
    for start in range(len(letters)):
        if search.extend(start, 0, 0):
            return tuple(search.path)
    return None


class _PathSearch:
    """One word's depth-first search. A class, not a closure that calls itself: such a
    closure is a reference cycle, garbage only the cycle collector frees, and a server
    judging hundreds of words a second then stalls in collections (issue 27)."""

    __slots__ = ("failed", "letters", "neighbours", "path", "word")

    def __init__(
        self, letters: Sequence[str], neighbours: Sequence[Sequence[int]], word: str
    ) -> None:
        self.letters = letters
        self.neighbours = neighbours
        self.word = word
        self.path: list[int] = []
        self.failed: set[tuple[int, int, int]] = set()

    def extend(self, cell: int, position: int, used: int) -> bool:
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
    """Judge one written word: fold (W2), length (B6, B7), dictionary (W1), path (B4, B5).

    The first check that fails gives the reason.
    """
    try:
        word = fold(text)
    except FoldError as error:
        return Verdict(
            text, None, False, reason=WordReason.INVALID_CHARACTERS, detail=error.reason.value
        )
    if len(word) < rules.min_length:
        return Verdict(text, word, False, reason=WordReason.TOO_SHORT)
    # The dictionary before the grid: only real words are path-searched, which
    # keeps a hostile input from making the search explode on a big grid.
    if word not in lexicon:
        return Verdict(text, word, False, reason=WordReason.NOT_IN_DICTIONARY)
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
