"""A tournament's own events: registration, the rounds, the results, the director's acts."""

from __future__ import annotations

import msgspec

from motamot.service.rooms.events import Event


class Board(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Two seats paired at a Topword table; `first` starts (K3)."""

    first: str
    second: str


class Tally(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A seat's round of a Boggle tournament arena: its points and words (K6)."""

    seat: str
    points: int
    words: int


class Registered(Event, frozen=True, tag="tournament.registered"):
    seat: str
    at: float


class Withdrawn(Event, frozen=True, tag="tournament.withdrawn"):
    """A player is out: they withdrew before the start, or the director removed them."""

    seat: str
    at: float
    by_director: bool = False


class CheckedIn(Event, frozen=True, tag="tournament.checked_in"):
    seat: str
    at: float


class Started(Event, frozen=True, tag="tournament.started"):
    """The players who play, in registration order; `early`: the director started it."""

    players: tuple[str, ...]
    at: float
    early: bool = False


class RoundPaired(Event, frozen=True, tag="tournament.round_paired"):
    """A round's boards and bye (an arena round has neither), starting at `starts_at`.
    The same round paired again before it starts replaces it (`by_director`: K9)."""

    round: int
    boards: tuple[Board, ...]
    bye: str | None
    starts_at: float
    by_director: bool = False


class RoundBegun(Event, frozen=True, tag="tournament.round_begun"):
    round: int
    at: float


class TableOpened(Event, frozen=True, tag="tournament.table_opened"):
    """The room a board (or, for an arena round, board 0: everybody) plays in, and the
    seat tokens of its first and second player at it ("" for a computer player): each
    shown to its player only, whose page takes the seat with it."""

    round: int
    board: int
    table: str
    tokens: tuple[str, ...] = ()


class GameEnded(Event, frozen=True, tag="tournament.game_ended"):
    """A board's result: `how` is played, forfeit (`absent` did not show), resigned
    (`absent` resigned, T21), absent (neither showed) or adjudicated (by the director,
    with `reason`: K9)."""

    round: int
    board: int
    first_score: int
    second_score: int
    how: str = "played"
    absent: str | None = None
    reason: str = ""
    at: float = 0.0


class ArenaScored(Event, frozen=True, tag="tournament.arena_scored"):
    """An arena round's points and words, every player's (K6)."""

    round: int
    tallies: tuple[Tally, ...]
    at: float


class Paused(Event, frozen=True, tag="tournament.paused"):
    """The director holds the next round back (`on`), or lets it be paired (K9)."""

    on: bool
    at: float


class Finished(Event, frozen=True, tag="tournament.finished"):
    """The last round is over (`cancelled`: fewer than two players came)."""

    at: float
    cancelled: bool = False


EVENTS = (
    Registered,
    Withdrawn,
    CheckedIn,
    Started,
    RoundPaired,
    RoundBegun,
    TableOpened,
    GameEnded,
    ArenaScored,
    Paused,
    Finished,
)
