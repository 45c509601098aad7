"""Playing Boggle live: one human against computer players, round after round.

The interface owns the clock: it passes each word's time (seconds since the
round started, from a monotonic clock) and the engine judges against the
round's deadline (B10). Live feedback uses the same referee as the final
judgement; with `verify_at_end` the dictionary verdict waits for the end of
the round, like the paper game (only length and path are told at once).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from motamot.boggle.bots import BotLevel, bot_sheet
from motamot.boggle.grid import Cell, Grid, roll
from motamot.boggle.match import MatchFormat, Standing, standing
from motamot.boggle.record import GameRecord, RoundRecord, record_of
from motamot.boggle.referee import Refusal, check_word, find_path
from motamot.boggle.round import Entry, RoundResult, Sheet, judge_round
from motamot.boggle.rules import BoggleRules
from motamot.boggle.solve import SolvedWord, solve
from motamot.lexicon import Lexicon, try_fold


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


@dataclass(frozen=True)
class WordFeedback:
    """The instant verdict on one typed word."""

    text: str
    word: str | None
    feedback: Feedback
    points: int = 0
    path: tuple[Cell, ...] = ()


def instant_feedback(
    grid: Grid, rules: BoggleRules, lexicon: Lexicon, text: str, verify_at_end: bool
) -> WordFeedback:
    """What the writer is told at once about `text` (the referee judges it again at the end)."""
    verdict = check_word(grid, rules, lexicon, text)
    if not verify_at_end:
        if verdict.valid:
            return WordFeedback(text, verdict.word, Feedback.ACCEPTED, verdict.points, verdict.path)
        assert verdict.reason is not None
        return WordFeedback(text, verdict.word, Feedback(verdict.reason.value))
    # Deferred dictionary: tell length and path only.
    if verdict.reason in (Refusal.INVALID_CHARACTERS, Refusal.TOO_SHORT, Refusal.NO_PATH):
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


@dataclass
class LiveRound:
    """One round being played: the grid, the bots' sheets (written in advance, revealed
    as time passes) and the human's words as typed."""

    grid: Grid
    rules: BoggleRules
    lexicon: Lexicon
    players: tuple[Player, ...]
    seed: int
    duration: float
    verify_at_end: bool = False
    entries: list[Entry] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._written: set[str] = set()
        self.stopped_at: float | None = None
        self.bot_sheets: dict[str, Sheet] = {
            player.name: bot_sheet(
                player.name,
                self.grid,
                self.rules,
                self.lexicon,
                player.level,
                bot_seed(self.seed, seat),
                self.duration,
            )
            for seat, player in enumerate(self.players)
            if player.level is not None
        }

    @property
    def human(self) -> str:
        return next(player.name for player in self.players if player.level is None)

    def submit(self, text: str, at: float) -> WordFeedback:
        """The human writes `text` at `at` seconds. A word after the deadline or one
        already written is not added to the sheet; anything else is (the referee
        judges it again at the end, as on paper)."""
        if self.rules.is_late(at, self.duration):
            return WordFeedback(text, try_fold(text), Feedback.AFTER_DEADLINE)
        folded = try_fold(text)
        if folded is not None and folded in self._written:
            return WordFeedback(text, folded, Feedback.DUPLICATE)
        feedback = self._judge(text)
        self.entries.append(Entry(text.strip(), round(at, 1)))
        if folded is not None:
            self._written.add(folded)
        return feedback

    def _judge(self, text: str) -> WordFeedback:
        return instant_feedback(self.grid, self.rules, self.lexicon, text, self.verify_at_end)

    @property
    def written(self) -> tuple[str, ...]:
        """The human's entries so far, as typed."""
        return tuple(entry.text for entry in self.entries)

    def bot_counts(self, at: float) -> list[tuple[str, int]]:
        """How many words each computer player has written by `at` seconds."""
        return [
            (name, sum(1 for entry in sheet.entries if entry.at <= at))
            for name, sheet in self.bot_sheets.items()
        ]

    def stop(self, at: float) -> None:
        """The round ends early, `at` seconds in (/fin, Ctrl-C): the computer players
        keep only what they had written by then, in the judgement and the record,
        so the record replays to the round as it was played."""
        self.stopped_at = at
        self.bot_sheets = {
            name: Sheet(name, tuple(entry for entry in sheet.entries if entry.at <= at))
            for name, sheet in self.bot_sheets.items()
        }

    def sheets(self) -> list[Sheet]:
        """Every sheet in seating order."""
        result = []
        for player in self.players:
            if player.level is None:
                result.append(Sheet(player.name, tuple(self.entries)))
            else:
                result.append(self.bot_sheets[player.name])
        return result

    def record(self) -> RoundRecord:
        return RoundRecord(self.grid, self.duration, tuple(self.sheets()), self.seed)

    def finish(self) -> RoundOutcome:
        """Judge the round (B9-B13) and list what the human missed (B15)."""
        result = judge_round(self.grid, self.rules, self.lexicon, self.sheets(), self.duration)
        found = result.result_of(self.human).accepted_words
        solution = solve(self.grid, self.rules, self.lexicon)
        missed = tuple(entry for entry in solution.words if entry.word not in found)
        return RoundOutcome(result, missed, solution.count)


@dataclass(frozen=True)
class RoundOutcome:
    """A judged round and the words the human did not find (best first)."""

    result: RoundResult
    missed: tuple[SolvedWord, ...]
    all_words: int


@dataclass
class BoggleMatch:
    """A match (B14): rounds rolled from one seed, a format, the judged rounds so far."""

    rules: BoggleRules
    lexicon: Lexicon
    dictionary: str
    players: tuple[Player, ...]
    seed: int
    duration: float
    match: MatchFormat
    verify_at_end: bool = False
    rounds: list[RoundOutcome] = field(default_factory=list)
    records: list[RoundRecord] = field(default_factory=list)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(player.name for player in self.players)

    def new_round(self) -> LiveRound:
        number = len(self.rounds) + 1
        seed = round_seed(self.seed, number)
        return LiveRound(
            roll(self.rules, seed),
            self.rules,
            self.lexicon,
            self.players,
            seed,
            self.duration,
            self.verify_at_end,
        )

    def end_round(self, live: LiveRound) -> RoundOutcome:
        outcome = live.finish()
        self.rounds.append(outcome)
        self.records.append(live.record())
        return outcome

    def standing(self) -> Standing:
        return standing(self.match, self.names, [outcome.result for outcome in self.rounds])

    def game_record(self, unfinished: LiveRound | None = None) -> GameRecord:
        """The record of the rounds played (and of a round cut short, as written so far)."""
        rounds = list(self.records)
        if unfinished is not None:
            rounds.append(unfinished.record())
        return record_of(
            self.rules, self.duration, self.dictionary, self.names, tuple(rounds), self.match
        )


def default_dictionary(rules: BoggleRules) -> str:
    """The word list that goes with a preset's dice: English dice, English words."""
    return "en" if rules.name.endswith("-en") else "fr"


def seat_players(
    human: str, bot_names: Sequence[str], levels: Sequence[BotLevel]
) -> tuple[Player, ...]:
    """The human first, then one computer player per level."""
    return (Player(human), *(Player(n, lv) for n, lv in zip(bot_names, levels, strict=True)))
