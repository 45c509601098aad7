"""A round (B9-B13, B15): every player's sheet judged, crossed out and scored.

The deadline is the referee's, passed in as a time in seconds from the start
of the round; the engine never reads a clock. A word written after it is
refused (`after_deadline`), whatever it is (B10); one written exactly at it
counts unless `BoggleRules.word_at_deadline_counts` is off.

B12 variant (`BoggleRules.invalid_penalty`): each invalid word (not in the
dictionary, no path, too short, or text that cannot be folded) takes that many
points off. [choice] The rules are silent on a penalty larger than the points
scored (docs/rules.md, B12): a round total is floored at 0 (a player never
loses points they did not score in the round); `PlayerResult.penalty` still
shows the whole penalty.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

import msgspec

from motamot.boggle.grid import Cell, Grid
from motamot.boggle.referee import INVALID_WORD_REASONS, Verdict, WordChecker, WordReason
from motamot.boggle.rules import BoggleRules
from motamot.boggle.solve import SolvedWord, solve
from motamot.errors import CodedError
from motamot.lexicon import Lexicon


class RoundError(CodedError, ValueError):
    """A round that cannot be judged (no player, two players with one name...)."""

    TEMPLATES: ClassVar[dict[str, str]] = {
        "no_player": "a round needs at least one player",
        "unnamed_player": "a player needs a name",
        "duplicate_player": "two players have the same name",
    }


@dataclass(frozen=True, slots=True)
class Entry:
    """One word as a player wrote it, and when (seconds from the start of the round)."""

    text: str
    at: float


@dataclass(frozen=True)
class Sheet:
    """A player's list of words, in the order written."""

    player: str
    entries: tuple[Entry, ...]

    @classmethod
    def of(cls, player: str, *entries: tuple[float, str]) -> Sheet:
        """Shorthand: `Sheet.of("ana", (12, "manies"), (30.5, "orbite"))`."""
        return cls(player, tuple(Entry(text, float(at)) for at, text in entries))


class Status(StrEnum):
    """What became of an entry."""

    SCORED = "scored"
    CROSSED = "crossed"
    REFUSED = "refused"


class JudgedEntry(msgspec.Struct, frozen=True, gc=False):
    """An entry after the referee: points and path if it scores, who else found it
    if crossed out (B11), the reason if refused (B12)."""

    input: str
    at: float
    word: str | None
    status: Status
    points: int = 0
    path: tuple[Cell, ...] = ()
    reason: WordReason | None = None
    crossed_by: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One player's round: every entry judged, the penalty (B12 variant), the total."""

    player: str
    entries: tuple[JudgedEntry, ...]
    penalty: int
    total: int

    def _with(self, status: Status) -> tuple[JudgedEntry, ...]:
        return tuple(entry for entry in self.entries if entry.status is status)

    @property
    def scoring(self) -> tuple[JudgedEntry, ...]:
        return self._with(Status.SCORED)

    @property
    def crossed(self) -> tuple[JudgedEntry, ...]:
        return self._with(Status.CROSSED)

    @property
    def refused(self) -> tuple[JudgedEntry, ...]:
        return self._with(Status.REFUSED)

    @property
    def accepted_words(self) -> frozenset[str]:
        """The valid words found (scoring or crossed out)."""
        return frozenset(
            entry.word
            for entry in self.entries
            if entry.status is not Status.REFUSED and entry.word is not None
        )


@dataclass(frozen=True)
class RoundResult:
    """Every player's result, the round's winners (B14) and, alone, the missed words (B15)."""

    grid: Grid
    deadline: float | None
    players: tuple[PlayerResult, ...]
    missed: tuple[SolvedWord, ...] | None = None
    all_words: int | None = None

    @property
    def winners(self) -> tuple[str, ...]:
        """B14: the player(s) with the most points in the round."""
        if not self.players:
            return ()
        best = max(result.total for result in self.players)
        return tuple(result.player for result in self.players if result.total == best)

    def result_of(self, player: str) -> PlayerResult:
        for result in self.players:
            if result.player == player:
                return result
        raise KeyError(player)


def judge_round(
    grid: Grid,
    rules: BoggleRules,
    lexicon: Lexicon,
    sheets: Sequence[Sheet],
    deadline: float | None,
    check: Callable[[str], Verdict] | None = None,
) -> RoundResult:
    """Judge a round: each entry is refused (with its reason), crossed out (found
    by another player too) or scores; alone, the missed words are listed. `check` judges
    one word as `check_word` does on this grid (a room passes the verdicts it has)."""
    if check is None:
        check = WordChecker(grid, rules, lexicon)
    judged = []
    for sheet in sheets:
        judge = SheetJudge(rules, check, deadline)
        for entry in sorted(sheet.entries, key=lambda entry: entry.at):
            judge.add(entry)
        judged.append((sheet.player, judge.entries))
    return cross_out(grid, rules, lexicon, judged, deadline)


class SheetJudge:
    """B9, B10, B12: one player's entries judged in the order written (by time), as they
    are written. A room judges each word when it takes it, so that the end of a round
    (many rooms end together) has only the crossing out left to do; `in_order` says
    whether every entry came no earlier than the one before (else judge the sheet whole)."""

    def __init__(
        self, rules: BoggleRules, check: Callable[[str], Verdict], deadline: float | None
    ) -> None:
        self.rules, self.check, self.deadline = rules, check, deadline
        self.entries: list[JudgedEntry] = []
        self.in_order = True
        self._seen: set[str] = set()

    def add(self, entry: Entry) -> JudgedEntry:
        if self.entries and entry.at < self.entries[-1].at:
            self.in_order = False
        judged = self._judged(entry)
        self.entries.append(judged)
        return judged

    def _judged(self, entry: Entry) -> JudgedEntry:
        verdict = self.check(entry.text)
        folded = verdict.word  # the entry folded (W2), None when it cannot be
        if self.rules.is_late(entry.at, self.deadline):
            return JudgedEntry(
                entry.text, entry.at, folded, Status.REFUSED, reason=WordReason.AFTER_DEADLINE
            )
        if folded is not None and folded in self._seen:
            return JudgedEntry(
                entry.text, entry.at, folded, Status.REFUSED, reason=WordReason.DUPLICATE_ENTRY
            )
        if folded is not None:
            self._seen.add(folded)
        if verdict.valid:
            return JudgedEntry(
                entry.text, entry.at, verdict.word, Status.SCORED, verdict.points, verdict.path
            )
        return JudgedEntry(
            entry.text, entry.at, verdict.word, Status.REFUSED, reason=verdict.reason
        )


def cross_out(
    grid: Grid,
    rules: BoggleRules,
    lexicon: Lexicon,
    judged: Sequence[tuple[str, Sequence[JudgedEntry]]],
    deadline: float | None,
) -> RoundResult:
    """B11, B12, B15: each player's judged entries (in time order, `SheetJudge`) crossed
    out where another player found the word too, totalled; alone, the missed words."""
    if not judged:
        raise RoundError("no_player")
    names = [name for name, _ in judged]
    for name in names:
        if not name.strip():
            raise RoundError("unnamed_player")
    if len(set(names)) != len(names):
        raise RoundError("duplicate_player")

    finders: dict[str, list[str]] = defaultdict(list)
    for name, written in judged:
        for entry in written:
            if entry.status is Status.SCORED and entry.word is not None:
                finders[entry.word].append(name)

    results: list[PlayerResult] = []
    for name, judged_entries in judged:
        entries: list[JudgedEntry] = []
        for entry in judged_entries:
            word = entry.word
            if entry.status is Status.SCORED and word is not None and len(finders[word]) > 1:
                others = tuple(other for other in finders[word] if other != name)
                entry = JudgedEntry(
                    entry.input, entry.at, word, Status.CROSSED, 0, entry.path, None, others
                )
            entries.append(entry)
        invalid = sum(1 for entry in entries if entry.reason in INVALID_WORD_REASONS)
        penalty = invalid * rules.invalid_penalty
        points = sum(entry.points for entry in entries)
        results.append(PlayerResult(name, tuple(entries), penalty, max(0, points - penalty)))

    missed: tuple[SolvedWord, ...] | None = None
    all_words: int | None = None
    if len(judged) == 1:
        solution = solve(grid, rules, lexicon)
        found = results[0].accepted_words
        missed = tuple(entry for entry in solution.words if entry.word not in found)
        all_words = solution.count
    return RoundResult(grid, deadline, tuple(results), missed, all_words)
