"""What a seat of a daily room is shown, declared (docs/protocol.md lists it): the room's
view for one seat, and each event as its seat sees it."""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec import UNSET, UnsetType

from motamot.service.boggle.shown import OwnWord
from motamot.service.rooms import shown
from motamot.wire.boggle import CellJson


class DailySettingsShown(msgspec.Struct, forbid_unknown_fields=True):
    """A day's grid as everybody sees its settings (its seed left out)."""

    day: str
    preset: str
    dictionary: str
    seconds: float
    min_length: int


class StandingShown(msgspec.Struct, forbid_unknown_fields=True):
    """One of the day's best players: rank (ties share it), name, points, words."""

    rank: int
    name: str
    score: int
    words: int


class MissedShown(msgspec.Struct, forbid_unknown_fields=True):
    """A word of the grid the player did not find, and its points."""

    word: str
    points: int


class PlayShown(msgspec.Struct, forbid_unknown_fields=True):
    """This seat's play: its clock, its words with their verdicts, its score so far."""

    start: float
    deadline: float
    ranked: bool
    over: bool
    score: int
    found: int
    words: list[OwnWord]


class ResultShown(msgspec.Struct, forbid_unknown_fields=True):
    """This seat's play once over: its place among the day's ranked plays (G7), the
    words it missed (G8), the day's best."""

    score: int
    found: int
    ranked: bool
    #: Ranked plays over so far (the field the rank and top are in).
    players: int
    #: Every word the grid holds (B15).
    grid_words: int
    missed: list[MissedShown]
    #: How the words shown are written, where not as folded: EPEE → [ÉPÉE].
    written: dict[str, list[str]]
    seed: str
    #: A ranked play's rank and top percent; an unranked one's rank it would have.
    rank: int | UnsetType = UNSET
    top: int | UnsetType = UNSET
    would_rank: int | UnsetType = UNSET


class DailyView(msgspec.Struct, tag_field="kind", tag="daily", forbid_unknown_fields=True):
    """A day's grid as one seat sees it: the day so far, and its own play if any (the
    grid itself only once the play has started)."""

    room: str
    seq: int
    you: str | None
    settings: DailySettingsShown
    #: Ranked plays over so far, and plays running now.
    players: int
    playing: int
    best: list[StandingShown]
    grid: str | UnsetType = UNSET
    play: PlayShown | UnsetType = UNSET
    result: ResultShown | UnsetType = UNSET


class DailyPlayStartedShown(shown.Shown, tag="daily.play_started"):
    """This seat's play started (sent to that seat only): the grid and the deadline."""

    at: float
    deadline: float
    ranked: bool
    grid: str


class DailyWordShown(shown.Shown, tag="daily.word_written"):
    """A word of this seat's, with its instant verdict (sent to the writer only)."""

    text: str
    at: float
    feedback: str
    word: str | None
    points: int | UnsetType = UNSET
    path: list[CellJson] | UnsetType = UNSET


class DailyPlayEndedShown(shown.Shown, tag="daily.play_ended"):
    """This seat's play is over (sent to that seat only)."""

    at: float


SHOWN: tuple[Any, ...] = (
    *shown.shared_types(DailySettingsShown),
    DailyPlayStartedShown,
    DailyWordShown,
    DailyPlayEndedShown,
)
#: Boggle's word event, shown in the daily room's own shape.
SHOWN_AS = {"boggle.word_written": "daily.word_written"}
