"""The events of a Boggle room: its setup, who sits, the rounds and every word written.

Times (`at`, `start`, `deadline`) are referee times (epoch seconds). Seeds
are chosen by the host; the room derives everything else from them (the
grid is stored too, so a record reads without rolling dice).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from motamot.boggle.bots import get_level
from motamot.boggle.match import MatchError, MatchFormat
from motamot.boggle.rules import DEFAULT_PRESET, BoggleRules, get_preset
from motamot.service.events import Event, event

#: The longest round a room accepts, and the shortest (seconds).
MAX_DURATION = 9999.0
MIN_DURATION = 1.0


class SettingsError(ValueError):
    """Settings a room cannot be played with; `code` is the refusal reason."""

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(detail)
        self.code = code


@dataclass(frozen=True)
class BoggleSettings:
    """How a room plays: the rules preset and its overrides, the word list, the match."""

    preset: str = DEFAULT_PRESET
    #: A dictionary name (or path) for `load_lexicon`; None: the preset's language.
    dictionary: str | None = None
    #: Seconds per round; None: the preset's.
    duration: float | None = None
    min_length: int | None = None
    invalid_penalty: int = 0
    #: B10 [choice]: a word written at exactly the deadline counts; None: the preset's.
    word_at_deadline_counts: bool | None = None
    #: The dictionary verdict waits for the end of the round (only length and path are told).
    verify_at_end: bool = False
    rounds: int | None = 1
    target: int | None = None
    extra_round_on_tie: bool = True
    #: Seeds of the match's first rounds, fixed in advance (a grid played again later).
    seeds: tuple[int, ...] = ()
    #: The room whose grid this one plays again, to compare with its players.
    origin: str | None = None

    def rules(self) -> BoggleRules:
        """The preset with the overrides; SettingsError if they do not make rules."""
        try:
            base = get_preset(self.preset)
        except ValueError as error:
            raise SettingsError("unknown_preset", str(error)) from None
        changes: dict[str, object] = {"invalid_penalty": self.invalid_penalty}
        if self.duration is not None:
            if not MIN_DURATION <= self.duration <= MAX_DURATION:
                raise SettingsError("bad_duration", f"duration {self.duration}")
            changes["duration_seconds"] = self.duration
        if self.min_length is not None:
            changes["min_length"] = self.min_length
        if self.word_at_deadline_counts is not None:
            changes["word_at_deadline_counts"] = self.word_at_deadline_counts
        try:
            return dataclasses.replace(base, **changes)  # type: ignore[arg-type]
        except ValueError as error:
            raise SettingsError("bad_rules", str(error)) from None

    def match(self) -> MatchFormat:
        try:
            return MatchFormat(self.rounds, self.target, self.extra_round_on_tie)
        except MatchError as error:
            raise SettingsError("bad_match", str(error)) from None

    @property
    def dictionary_name(self) -> str:
        """The word list: the one chosen, or the preset's language (English dice, English words)."""
        if self.dictionary is not None:
            return self.dictionary
        return "en" if self.preset.endswith("-en") else "fr"

    def check(self) -> None:
        """SettingsError unless rules and match format are sound."""
        self.rules()
        self.match()


def check_level(level: str) -> None:
    """SettingsError unless `level` names a bot level."""
    try:
        get_level(level)
    except ValueError as error:
        raise SettingsError("unknown_level", str(error)) from None


@event("boggle.room_created")
@dataclass(frozen=True)
class RoomCreated(Event):
    room: str
    settings: BoggleSettings
    at: float


@event("boggle.settings_changed")
@dataclass(frozen=True)
class SettingsChanged(Event):
    settings: BoggleSettings


@event("boggle.player_joined")
@dataclass(frozen=True)
class PlayerJoined(Event):
    seat: str
    name: str
    #: sha256 of the seat's token: never shown to anybody.
    secret_digest: str
    at: float


@event("boggle.player_left")
@dataclass(frozen=True)
class PlayerLeft(Event):
    seat: str
    at: float


@event("boggle.bot_added")
@dataclass(frozen=True)
class BotAdded(Event):
    seat: str
    name: str
    level: str


@event("boggle.bot_removed")
@dataclass(frozen=True)
class BotRemoved(Event):
    seat: str


@event("boggle.ready_changed")
@dataclass(frozen=True)
class ReadyChanged(Event):
    seat: str
    ready: bool


@event("boggle.round_started")
@dataclass(frozen=True)
class RoundStarted(Event):
    number: int
    #: Hidden until the round ends: it gives the bots' words in advance.
    seed: int
    grid: str
    start: float
    deadline: float


@event("boggle.word_written")
@dataclass(frozen=True)
class WordWritten(Event):
    seat: str
    text: str
    at: float


@event("boggle.round_ended")
@dataclass(frozen=True)
class RoundEnded(Event):
    number: int
    at: float
    #: The host stopped it before the deadline.
    stopped: bool = False


@event("boggle.match_ended")
@dataclass(frozen=True)
class MatchEnded(Event):
    #: The winning seats (B14).
    winners: tuple[str, ...]


@event("boggle.match_reset")
@dataclass(frozen=True)
class MatchReset(Event):
    """A new match in the same room: scores back to zero, same seats."""
