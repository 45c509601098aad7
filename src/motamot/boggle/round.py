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
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from motamot.boggle.grid import Cell, Grid
from motamot.boggle.referee import INVALID_WORD_REASONS, WordReason, check_word
from motamot.boggle.rules import BoggleRules
from motamot.boggle.solve import SolvedWord, solve
from motamot.errors import CodedError
from motamot.lexicon import Lexicon, try_fold


class RoundError(CodedError, ValueError):
    """A round that cannot be judged (no player, two players with one name...)."""

    TEMPLATES: ClassVar[dict[str, str]] = {
        "no_player": "a round needs at least one player",
        "unnamed_player": "a player needs a name",
        "duplicate_player": "two players have the same name",
    }


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class JudgedEntry:
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


@dataclass(frozen=True)
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
) -> RoundResult:
    """Judge a round: each entry is refused (with its reason), crossed out (found
    by another player too) or scores; alone, the missed words are listed."""
    if not sheets:
        raise RoundError("no_player")
    names = [sheet.player for sheet in sheets]
    for name in names:
        if not name.strip():
            raise RoundError("unnamed_player")
    if len(set(names)) != len(names):
        raise RoundError("duplicate_player")

    judged: dict[str, list[JudgedEntry]] = {}
    finders: dict[str, list[str]] = defaultdict(list)
    for sheet in sheets:
        judged[sheet.player] = _judge_sheet(grid, rules, lexicon, sheet, deadline)
        for entry in judged[sheet.player]:
            if entry.status is Status.SCORED and entry.word is not None:
                finders[entry.word].append(sheet.player)

    results: list[PlayerResult] = []
    for sheet in sheets:
        entries: list[JudgedEntry] = []
        for entry in judged[sheet.player]:
            word = entry.word
            if entry.status is Status.SCORED and word is not None and len(finders[word]) > 1:
                others = tuple(name for name in finders[word] if name != sheet.player)
                entry = JudgedEntry(
                    entry.input, entry.at, word, Status.CROSSED, 0, entry.path, None, others
                )
            entries.append(entry)
        invalid = sum(1 for entry in entries if entry.reason in INVALID_WORD_REASONS)
        penalty = invalid * rules.invalid_penalty
        points = sum(entry.points for entry in entries)
        results.append(
            PlayerResult(sheet.player, tuple(entries), penalty, max(0, points - penalty))
        )

    missed: tuple[SolvedWord, ...] | None = None
    all_words: int | None = None
    if len(sheets) == 1:
        solution = solve(grid, rules, lexicon)
        found = results[0].accepted_words
        missed = tuple(entry for entry in solution.words if entry.word not in found)
        all_words = solution.count
    return RoundResult(grid, deadline, tuple(results), missed, all_words)


def _judge_sheet(
    grid: Grid,
    rules: BoggleRules,
    lexicon: Lexicon,
    sheet: Sheet,
    deadline: float | None,
) -> list[JudgedEntry]:
    """B9, B10, B12: one player's entries in the order written (by time), each judged."""
    order = sorted(range(len(sheet.entries)), key=lambda i: sheet.entries[i].at)
    seen: set[str] = set()
    out: dict[int, JudgedEntry] = {}
    for index in order:
        entry = sheet.entries[index]
        folded = try_fold(entry.text)
        if rules.is_late(entry.at, deadline):
            out[index] = JudgedEntry(
                entry.text, entry.at, folded, Status.REFUSED, reason=WordReason.AFTER_DEADLINE
            )
            continue
        if folded is not None and folded in seen:
            out[index] = JudgedEntry(
                entry.text, entry.at, folded, Status.REFUSED, reason=WordReason.DUPLICATE_ENTRY
            )
            continue
        if folded is not None:
            seen.add(folded)
        verdict = check_word(grid, rules, lexicon, entry.text)
        if verdict.valid:
            out[index] = JudgedEntry(
                entry.text, entry.at, verdict.word, Status.SCORED, verdict.points, verdict.path
            )
        else:
            out[index] = JudgedEntry(
                entry.text, entry.at, verdict.word, Status.REFUSED, reason=verdict.reason
            )
    return [out[index] for index in order]
