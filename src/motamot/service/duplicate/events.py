"""The events of a duplicate room besides the shared ones: the game, its turns, the moves.

A turn's rack is stored as dealt (it is public: everybody plays it); each player's move
is stored when submitted and shown to nobody else until the turn ends; the end of a turn
stores the top and every player's points as the referee judged them then, so a record
reads, and a word list updated later judges nothing again. The tags are stored: they
never change.
"""

from __future__ import annotations

from motamot.service.rooms.events import Event


class DuplicateStarted(Event, frozen=True, tag="duplicate.started"):
    #: Hidden until the game ends: it gives the pile's order.
    seed: int
    at: float


class TurnStarted(Event, frozen=True, tag="duplicate.turn_started"):
    number: int
    #: D1, D2: the common rack (tile codes, `Q` the Qu tile).
    rack: tuple[str, ...]
    #: D2: how many draws were refused and drawn again.
    redraws: int
    #: When the turn ends for everybody (None: self-paced).
    deadline: float | None
    at: float


class MoveSubmitted(Event, frozen=True, tag="duplicate.submitted"):
    """D3: a player's move for the turn (the last one before the clock counts)."""

    seat: str
    move: str
    at: float
    #: The key the page sent the move with (`rooms.keys`: sent again, it counts once).
    key: str | None = None
    #: D7: the arbiter's seat when the arbiter entered it (a paper slip); None: its player.
    by: str | None = None


class TurnEnded(Event, frozen=True, tag="duplicate.turn_ended"):
    number: int
    #: D4: the top laid for everybody, in notation (None: the rack had no move, D5).
    top: str | None
    top_points: int
    #: D3: each player's points for the turn, and why none when a move was refused
    #: (seat, points, refusal code or "" ), for every seat that submitted.
    scores: tuple[tuple[str, int, str], ...]
    at: float
    #: T20: the word or cell at fault in each refused move (seat, detail).
    details: tuple[tuple[str, str], ...] = ()
    #: D8: when the next rack is dealt (the pause between turns); None: at once, or
    #: the game is over, or self-paced.
    next_at: float | None = None
    #: D9: the solo bonus given (seat, points): the one player alone on the top.
    bonuses: tuple[tuple[str, int], ...] = ()


class DuplicateEnded(Event, frozen=True, tag="duplicate.ended"):
    reason: str
    at: float
    #: D7: the arbiter who ended it ("arbiter" is then the reason), and why.
    by: str | None = None
    why: str = ""


class Decided(Event, frozen=True, kw_only=True):
    """D7: what every decision of the arbiter stores: who took it, why, when."""

    by: str
    reason: str
    at: float


class ClockPaused(Decided, frozen=True, tag="duplicate.clock_paused"):
    #: The seconds the turn had left.
    left: float


class ClockResumed(Decided, frozen=True, tag="duplicate.clock_resumed"):
    deadline: float


class TimeAdded(Decided, frozen=True, tag="duplicate.time_added"):
    seconds: int
    #: The turn's new deadline (None: the clock is paused, its time left grew).
    deadline: float | None


class TurnCancelled(Decided, frozen=True, tag="duplicate.turn_cancelled"):
    """The running turn played again: its moves dropped, the same rack, a new clock."""

    number: int
    deadline: float | None


class TurnReplayed(Decided, frozen=True, tag="duplicate.turn_replayed"):
    """During the pause after turn `number` (D8): that turn is played again, its top taken
    back from the board, its points off the totals, its moves dropped, the same rack."""

    number: int
    deadline: float | None


class ScoreCorrected(Decided, frozen=True, tag="duplicate.score_corrected"):
    seat: str
    turn: int
    points: int
    #: The points it had before.
    was: int


class PlayerExcluded(Decided, frozen=True, tag="duplicate.excluded"):
    seat: str


class PlayerReinstated(Decided, frozen=True, tag="duplicate.reinstated"):
    seat: str


class PaperSeated(Decided, frozen=True, tag="duplicate.paper_seated"):
    """The seat just taken (`room.seat_taken`) plays on paper: the arbiter enters its moves."""

    seat: str


DECISIONS = (
    ClockPaused,
    ClockResumed,
    TimeAdded,
    TurnCancelled,
    TurnReplayed,
    ScoreCorrected,
    PlayerExcluded,
    PlayerReinstated,
    PaperSeated,
)
EVENTS = (DuplicateStarted, TurnStarted, MoveSubmitted, TurnEnded, DuplicateEnded, *DECISIONS)
