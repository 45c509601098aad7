"""The events of a Topword table: its setup, who sits, the start and every turn.

The seed fixes the pile, the draw for who starts (T3) and every rack; it is
stored in GameStarted and shown to nobody until the game ends. The start
draws are stored too (they are public, T3), as the engine draws them.
"""

from __future__ import annotations

from dataclasses import dataclass

from motamot.service.events import Event, event
from motamot.topword.bots import LEVELS
from motamot.topword.tiles import DEFAULT_RULESET, Ruleset, get_ruleset

#: The longest turn clock (an hour) and the shortest (5 s).
MAX_TURN_SECONDS = 3600.0
MIN_TURN_SECONDS = 5.0
MAX_BOT_SECONDS = 60.0


class TableSettingsError(ValueError):
    """Settings a table cannot be played with; `code` is the refusal reason."""

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(detail)
        self.code = code


@dataclass(frozen=True)
class TopwordSettings:
    """How a table plays: the ruleset, the word list, the clocks."""

    ruleset: str = DEFAULT_RULESET.name
    #: A dictionary name (or path); None: the ruleset's.
    dictionary: str | None = None
    #: Seconds a person has for a turn before it passes by itself; None: no clock.
    turn_seconds: float | None = None
    #: A computer player's turn lasts at least this long (it looks like thinking).
    bot_seconds: float = 1.0
    #: [choice] The game also ends after this many scoreless turns in a row (online games).
    scoreless_limit: int | None = None
    #: [choice] Players may ask for hints during the game (the host allows it at creation).
    hints: bool = False

    def rules(self) -> Ruleset:
        try:
            return get_ruleset(self.ruleset)
        except KeyError as error:
            raise TableSettingsError("unknown_ruleset", str(error)) from None

    @property
    def dictionary_name(self) -> str:
        return self.dictionary if self.dictionary is not None else self.rules().dictionary

    def check(self) -> None:
        """TableSettingsError unless every setting is in range."""
        self.rules()
        if self.turn_seconds is not None and not (
            MIN_TURN_SECONDS <= self.turn_seconds <= MAX_TURN_SECONDS
        ):
            raise TableSettingsError("bad_turn_clock", f"turn clock {self.turn_seconds}")
        if not 0 <= self.bot_seconds <= MAX_BOT_SECONDS:
            raise TableSettingsError("bad_bot_clock", f"bot time {self.bot_seconds}")
        if self.scoreless_limit is not None and self.scoreless_limit < 2:
            raise TableSettingsError("bad_scoreless_limit", f"limit {self.scoreless_limit}")


def check_topword_level(level: str) -> None:
    if level not in LEVELS:
        raise TableSettingsError("unknown_level", f"unknown level {level!r}")


@event("topword.table_created")
@dataclass(frozen=True)
class TableCreated(Event):
    room: str
    settings: TopwordSettings
    at: float


@event("topword.settings_changed")
@dataclass(frozen=True)
class TableSettingsChanged(Event):
    settings: TopwordSettings


@event("topword.player_seated")
@dataclass(frozen=True)
class PlayerSeated(Event):
    seat: str
    name: str
    #: sha256 of the seat's token: never shown to anybody.
    secret_digest: str
    at: float


@event("topword.bot_seated")
@dataclass(frozen=True)
class BotSeated(Event):
    seat: str
    name: str
    level: str


@event("topword.seat_left")
@dataclass(frozen=True)
class SeatLeft(Event):
    """A person or a bot leaves the table before the game starts."""

    seat: str


@event("topword.game_started")
@dataclass(frozen=True)
class GameStarted(Event):
    #: Hidden until the game ends: it gives the pile's order and every rack.
    seed: int
    #: The seats in playing order before the draw (the engine's player order).
    order: tuple[str, ...]
    #: T3: each draw for who starts, as (seat, tile) pairs; ties draw again.
    start_draws: tuple[tuple[tuple[str, str], ...], ...]
    starter: str
    at: float


@event("topword.played")
@dataclass(frozen=True)
class Played(Event):
    seat: str
    move: str
    points: int
    at: float


@event("topword.exchanged")
@dataclass(frozen=True)
class Exchanged(Event):
    seat: str
    #: The tile put back: only its owner sees it.
    tile: str
    at: float


@event("topword.passed")
@dataclass(frozen=True)
class Passed(Event):
    seat: str
    at: float
    #: The turn clock ran out (the pass was not chosen).
    timed_out: bool = False


@event("topword.game_ended")
@dataclass(frozen=True)
class GameEnded(Event):
    reason: str
    #: Final scores (after T19 penalties) in `order`.
    scores: tuple[int, ...]
    winners: tuple[str, ...]
