"""What a seat is shown of an arena round, declared: the view and each event as shown.

`views` decides what each seat may see. The round's start and end go to everybody;
a word, with its verdict, only to its writer; the end carries the round's results with
the seat's own place in them (rank, share of the field, score, session), so each player
gets one frame of their own and nobody gets the sheets of thousands of others.
"""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec import UNSET, UnsetType

from motamot.service.boggle.shown import OwnWord, OwnWordShown, PaceShown, Seed
from motamot.service.rooms import shown
from motamot.service.rooms.shown import Shown


class ArenaSettingsShown(msgspec.Struct, forbid_unknown_fields=True):
    """A round's settings as everybody sees them (its seed left out)."""

    preset: str
    dictionary: str
    number: int
    start: float
    #: Seconds the round lasts, and its results before the next one.
    seconds: float
    pause: float
    min_length: int
    #: The best players' list ranks every player, not accounts only (docs/rules.md, F1).
    open_rankings: bool
    #: A tournament's round: the tournament's room, to go back to (None: the arena's).
    tournament: str | None = None


class PlaceShown(msgspec.Struct, forbid_unknown_fields=True):
    """A player's place in a round (A3, A4)."""

    #: 1 + how many players scored more (a tie shares its rank).
    rank: int
    #: The share of the round's players that rank is in, in whole percent (« top 12 % »).
    top: int
    score: int
    #: Accepted words.
    words: int
    #: The rounds played in a row up to this one, and their points together.
    session_total: int
    session_rounds: int
    #: « Hors classement »: the words came faster than people type (F4), `too_fast`,
    #: with the evidence; the rank and top are then those it would have.
    aside: str | UnsetType = UNSET
    pace: PaceShown | UnsetType = UNSET


class BestPlayerShown(msgspec.Struct, forbid_unknown_fields=True):
    """One of the round's best players."""

    rank: int
    name: str
    score: int
    words: int


class BestWordShown(msgspec.Struct, forbid_unknown_fields=True):
    """One of the grid's best words, and how many of the round's players found it."""

    word: str
    points: int
    found_by: int


class ArenaResultShown(msgspec.Struct, forbid_unknown_fields=True):
    """An ended round as one seat sees it: the field, the best, and its own place."""

    #: Players of the round (everybody who wrote a word).
    players: int
    best_players: list[BestPlayerShown]
    best_words: list[BestWordShown]
    #: Words the grid held (B15), and how many of them somebody found.
    grid_words: int
    found_words: int
    #: How the words shown are written, where not as folded: EPEE → [ÉPÉE].
    written: dict[str, list[str]]
    seed: Seed
    #: This seat's place (absent: it wrote no word, or a spectator).
    you: PlaceShown | UnsetType = UNSET


class ArenaRoundStartedShown(Shown, tag="arena.round_started"):
    """The round starts: its grid and times, for everybody in the room."""

    number: int
    grid: str
    start: float
    deadline: float


class ArenaWordShown(OwnWordShown, tag="arena.word_written"):
    """A word of this seat's, with its instant verdict (sent to the writer only)."""


class ArenaRoundEndedShown(Shown, tag="arena.round_ended"):
    """The round is over at its deadline: the results as this seat sees them."""

    number: int
    at: float
    result: ArenaResultShown
    #: When the next round starts.
    next_start: float


class ArenaView(msgspec.Struct, tag_field="kind", tag="arena", forbid_unknown_fields=True):
    """An arena round as one seat sees it: waiting for its start, running, or ended."""

    room: str
    seq: int
    #: This socket's seat (null: watching).
    you: str | None
    settings: ArenaSettingsShown
    #: `waiting` (before the start), `running`, `ended`.
    phase: str
    deadline: float
    next_start: float
    #: People in the round so far (seated), and those who wrote a word.
    seated: int
    players: int
    grid: str | UnsetType = UNSET
    #: This seat's words with their verdicts.
    words: list[OwnWord] | UnsetType = UNSET
    result: ArenaResultShown | UnsetType = UNSET


class ArenaSessionsCarriedShown(Shown, tag="arena.sessions_carried"):
    """The sessions of the round before were carried in (sent to nobody live; a page
    catching up never gets it either: it is only declared)."""


#: Every event an arena round's sockets carry, as shown.
SHOWN: tuple[Any, ...] = (
    *shown.shared_types(ArenaSettingsShown),
    ArenaRoundStartedShown,
    ArenaWordShown,
    ArenaRoundEndedShown,
    ArenaSessionsCarriedShown,
)
#: The Boggle events an arena round stores, each shown in the arena's own shape.
SHOWN_AS = {
    "boggle.round_started": "arena.round_started",
    "boggle.word_written": "arena.word_written",
    "boggle.round_ended": "arena.round_ended",
}
