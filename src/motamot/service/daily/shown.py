"""What a seat of a daily room is shown, declared (docs/protocol.md lists it): the room's
view for one seat, and each event as its seat sees it."""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec import UNSET, UnsetType

from motamot.service.boggle.shown import OwnWord, OwnWordShown, PaceShown
from motamot.service.rooms import shown


class DailySettingsShown(msgspec.Struct, forbid_unknown_fields=True):
    """A day's grid as everybody sees its settings (its seed left out)."""

    day: str
    preset: str
    dictionary: str
    seconds: float
    min_length: int
    #: The public list ranks every play, not accounts only (docs/rules.md, F1).
    open_rankings: bool


class StandingShown(msgspec.Struct, forbid_unknown_fields=True):
    """One of the day's best players: rank among the public list (ties share it), name,
    points, words."""

    rank: int
    name: str
    score: int
    words: int


class MissedShown(msgspec.Struct, forbid_unknown_fields=True):
    """A word of the grid the player did not find, and its points."""

    word: str
    points: int


class FoundShown(msgspec.Struct, forbid_unknown_fields=True):
    """A word of the grid the player found, and its points (G15)."""

    word: str
    points: int


class BracketShown(msgspec.Struct, forbid_unknown_fields=True):
    """The grid's words of `letters` letters (and more when `longer`): how many it holds,
    how many the player found (the share picture's row, G14)."""

    letters: int
    longer: bool
    found: int
    all: int


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
    #: The day's field so far (the plays the rank and top are in: F3).
    players: int
    #: Every word the grid holds (B15).
    grid_words: int
    missed: list[MissedShown]
    #: How the words shown are written, where not as folded: EPEE → [ÉPÉE].
    written: dict[str, list[str]]
    seed: str
    #: The words found, best first (G15).
    found_words: list[FoundShown]
    #: Found and held by length: the share picture (G14).
    lengths: list[BracketShown]
    #: A play of the field: its rank and top percent; any other its rank it would have.
    rank: int | UnsetType = UNSET
    top: int | UnsetType = UNSET
    would_rank: int | UnsetType = UNSET
    #: Why a ranked play is out of the field (« hors classement »: F2, F4), or
    #: `no_word` (F3); absent: in the field, or unranked (a past day's grid).
    aside: str | UnsetType = UNSET
    #: A play set aside as too fast: the evidence (F4).
    pace: PaceShown | UnsetType = UNSET


class DailyView(msgspec.Struct, tag_field="kind", tag="daily", forbid_unknown_fields=True):
    """A day's grid as one seat sees it: the day so far, and its own play if any (the
    grid itself only once the play has started)."""

    room: str
    seq: int
    you: str | None
    settings: DailySettingsShown
    #: The day's field so far (F3), and plays running now.
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


class DailyWordShown(OwnWordShown, tag="daily.word_written"):
    """A word of this seat's, with its instant verdict (sent to the writer only)."""


class DailyPlayEndedShown(shown.Shown, tag="daily.play_ended"):
    """This seat's play is over (sent to that seat only)."""

    at: float


class DailyPlayAdoptedShown(shown.Shown, tag="daily.play_adopted"):
    """This seat's play is now its account's (F2: sent to that seat only; the page reads
    its view again)."""


class DailyPlaySetAsideShown(shown.Shown, tag="daily.play_set_aside"):
    """This seat's play left the day's field (F2), and why (sent to that seat only)."""

    reason: str


SHOWN: tuple[Any, ...] = (
    *shown.shared_types(DailySettingsShown),
    DailyPlayStartedShown,
    DailyWordShown,
    DailyPlayEndedShown,
    DailyPlayAdoptedShown,
    DailyPlaySetAsideShown,
)
#: Boggle's word event, shown in the daily room's own shape.
SHOWN_AS = {"boggle.word_written": "daily.word_written"}
