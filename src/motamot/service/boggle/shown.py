"""What a seat is shown of a Boggle room, declared: the view and each event as shown.

`views` decides what each seat may see and builds these; the server sends them as they
are (docs/protocol.md lists every field). Seeds travel as strings: they are 63-bit and
a browser's JSON numbers hold 53 bits.
"""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec import UNSET, UnsetType

from motamot.service.rooms import shown
from motamot.service.rooms.shown import ChatView, SeatView, Shown
from motamot.wire.boggle import CellJson, MissedJson, RoundJson

#: A round's seed, as a string of digits (its grid and the bots' words follow from it).
Seed = str


class PaceShown(msgspec.Struct, forbid_unknown_fields=True):
    """Why a player's words came faster than people type (docs/rules.md, F4): the bound
    (`burst` or `sustained`), `words` written within `seconds`."""

    bound: str
    words: int
    seconds: float


class SettingsShown(msgspec.Struct, forbid_unknown_fields=True):
    """The room's settings as everybody sees them: what the preset gives filled in, the
    seeds fixed in advance left out (they would give the grids)."""

    preset: str
    #: The grids were chosen in advance (every player is told, and where from: `origin`).
    chosen_grid: bool
    dictionary: str
    #: Seconds per round.
    duration: float
    min_length: int
    invalid_penalty: int
    word_at_deadline_counts: bool | None
    verify_at_end: bool
    rounds: int | None
    target: int | None
    extra_round_on_tie: bool
    #: The room whose grid this one plays again.
    origin: str | None
    #: Listed in the lobby (`/salon`) for strangers to join.
    public: bool = False
    #: « Grille de la boîte »: the grid typed from the real dice (text form), or None.
    box_grid: str | None = None
    #: B17: the host types the paper lists; each round waits for them after its hourglass.
    box_scorer: bool = False


class MatchView(msgspec.Struct, forbid_unknown_fields=True):
    """B14: the match as it stands."""

    #: The match's format in words (`3 rounds`, `first to 100`).
    format: str
    rounds_played: int
    #: Each seat's match total.
    totals: dict[str, int]
    finished: bool
    winners: list[str]
    #: M2: the match's rounds are played (or its target passed) and the top is tied:
    #: the next round (or the one playing) is the decider, and the pages say so.
    decider: bool = False


class RoundStartedShown(Shown, tag="boggle.round_started"):
    """A round starts: its grid and times (its seed once it is over), who takes part
    (nobody is ready any more: the next round waits for them again)."""

    number: int
    grid: str
    start: float
    deadline: float
    players: list[str]
    #: Shown once the round is over.
    seed: Seed | UnsetType = UNSET


class WordWrittenShown(Shown, tag="boggle.word_written"):
    """A word written: its writer sees it with its instant verdict; during the round the
    others see only how many words the writer has; after it, everybody sees the word."""

    seat: str
    text: str | UnsetType = UNSET
    at: float | UnsetType = UNSET
    #: The instant verdict (the writer's only): accepted, written, or why not (B12).
    feedback: str | UnsetType = UNSET
    word: str | UnsetType | None = UNSET
    points: int | UnsetType = UNSET
    path: list[CellJson] | UnsetType = UNSET
    #: The writer's words that stand so far (accepted, or written when the dictionary is
    #: checked at the end; refused ones are not counted), for the others during the round.
    count: int | UnsetType = UNSET


class FoundShown(msgspec.Struct, forbid_unknown_fields=True):
    """How much of the grid was found: distinct valid words (crossed ones too) and what
    they are worth (each word's points, crossed or not)."""

    words: int
    points: int


class ResultShown(RoundJson, kw_only=True):
    """An ended round: its judgement, the seats by name, its seed, the words nobody found,
    what the grid held and what each player and the room found of it."""

    missed: list[MissedJson]
    #: Each player's seat, by name.
    seats: dict[str, str]
    seed: Seed
    #: Every word the word list allows on the grid (B15), and their points.
    grid_total: FoundShown | UnsetType = UNSET
    #: What each player found of it, by name.
    found: dict[str, FoundShown] | UnsetType = UNSET
    #: What the room found of it, together.
    room_found: FoundShown | UnsetType = UNSET
    #: How the words shown are written, where not as folded: ARETES → [ARÊTES].
    written: dict[str, list[str]] | UnsetType = UNSET


class RoundEndedShown(Shown, tag="boggle.round_ended"):
    """A round is over (at its deadline, or stopped by the host): its judgement, and the
    match as the round left it (shown alike to every seat, built once)."""

    number: int
    at: float
    stopped: bool
    result: ResultShown
    match: MatchView


class MatchEndedShown(Shown, tag="boggle.match_ended"):
    """The match is won."""

    #: The winning seats (B14).
    winners: list[str]
    match: MatchView


class MatchResetShown(Shown, tag="boggle.match_reset"):
    """A new match in the same room: scores back to zero, same seats."""

    match: MatchView


class SeatTakenShown(shown.SeatTakenShown, kw_only=True, tag="room.seat_taken"):
    """A seat taken, and the match as it stands (the newcomer has its total)."""

    match: MatchView
    #: B17: a seat without a phone, whose list the scorer types.
    paper: bool = False


class SeatLeftShown(shown.SeatLeftShown, kw_only=True, tag="room.seat_left"):
    """A seat left, and the match as it stands (a seat that played in it keeps its total)."""

    match: MatchView


class SeatRemovedShown(shown.SeatRemovedShown, kw_only=True, tag="room.seat_removed"):
    """A person removed by the host, and the match as it stands (their total stays)."""

    match: MatchView


class ReadySeatView(SeatView):
    """A seat of a Boggle room: who said they are ready for the next round too."""

    ready: bool
    #: B17: a seat without a phone, whose list the scorer types.
    paper: bool = False


class OwnWord(msgspec.Struct, forbid_unknown_fields=True):
    """A word this seat wrote in the round, with its instant verdict."""

    text: str
    at: float
    feedback: str
    word: str | None
    points: int | UnsetType = UNSET
    path: list[CellJson] | UnsetType = UNSET


class OwnWordShown(Shown):
    """A word as its writer alone is shown it as it happens, with its instant verdict
    (the arena's and the daily grid's word event: each kind names its own tag)."""

    text: str
    at: float
    #: accepted, or why not (B12).
    feedback: str
    word: str | None
    points: int | UnsetType = UNSET
    path: list[CellJson] | UnsetType = UNSET


class RoundView(msgspec.Struct, forbid_unknown_fields=True):
    """The current round: running, or the last one with its judgement."""

    number: int
    grid: str
    start: float
    deadline: float
    running: bool
    players: list[str]
    #: Each player's words that stand so far (accepted, or written when checked at the end).
    counts: dict[str, int]
    #: This seat's words (a player's only).
    words: list[OwnWord] | UnsetType = UNSET
    ended_at: float | UnsetType = UNSET
    stopped: bool | UnsetType = UNSET
    result: ResultShown | UnsetType = UNSET


class BoggleView(msgspec.Struct, tag_field="kind", tag="boggle", forbid_unknown_fields=True):
    """The whole room as one seat sees it."""

    room: str
    seq: int
    #: This socket's seat (null: a spectator).
    you: str | None
    host: str | None
    settings: SettingsShown
    seats: list[ReadySeatView]
    match: MatchView
    #: The current round (running or last ended).
    round: RoundView | None
    chat: ChatView


#: Every event a Boggle room's sockets carry, as shown.
SHOWN: tuple[Any, ...] = (
    shown.RoomCreatedShown[SettingsShown],
    shown.SettingsChangedShown[SettingsShown],
    SeatTakenShown,
    SeatLeftShown,
    SeatRemovedShown,
    shown.SeatRenamedShown,
    shown.ReadyChangedShown,
    shown.ChatSaidShown,
    shown.ChatSwitchedShown,
    shown.ChatRemovedShown,
    shown.RoomClosedShown,
    RoundStartedShown,
    WordWrittenShown,
    RoundEndedShown,
    MatchEndedShown,
    MatchResetShown,
)
