"""The commands of a duplicate room besides the shared ones (seats, settings)."""

from __future__ import annotations

from motamot.service.rooms.commands import Command
from motamot.service.topword.commands import OnTurn, Placed


class StartDuplicate(Command, frozen=True, tag="duplicate.start"):
    """Start the game from `seed` (chosen by the server, never by a client)."""

    seed: int


class Submit(OnTurn, frozen=True, tag="duplicate.submit"):
    """D3: my move for this turn, in notation (`5E MAIN`); a later one replaces it (its
    `turn`: the turn number it was composed for)."""

    move: str


class SubmitPlaced(OnTurn, frozen=True, tag="duplicate.submit_placed"):
    """My move as the tiles put on cells (the board's drag and drop)."""

    placed: Placed


class EndTurn(Command, frozen=True, tag="duplicate.end_turn"):
    """The host ends a self-paced turn (a live turn ends at its clock), or the pause
    between two turns (D8)."""


class ArbiterCommand(Command, frozen=True, kw_only=True):
    """D7: a decision only the room's arbiter takes, with why (shown in the match sheet;
    cleaned as the chat's text is, at most `arbiter.MAX_REASON` characters)."""

    reason: str = ""


class PauseClock(ArbiterCommand, frozen=True, tag="duplicate.pause"):
    """Stop the turn's clock for everybody."""


class ResumeClock(ArbiterCommand, frozen=True, tag="duplicate.resume"):
    """Start the clock again with the time it had left."""


class AddTime(ArbiterCommand, frozen=True, tag="duplicate.add_time"):
    seconds: int


class CancelTurn(ArbiterCommand, frozen=True, tag="duplicate.cancel_turn"):
    """The running turn is played again: its moves are dropped, the same rack, a new clock."""


class CorrectScore(ArbiterCommand, frozen=True, tag="duplicate.correct"):
    """A player's points for a turn that ended, set to `points`."""

    seat: str
    turn: int
    points: int


class Exclude(ArbiterCommand, frozen=True, tag="duplicate.exclude"):
    seat: str


class Reinstate(ArbiterCommand, frozen=True, tag="duplicate.reinstate"):
    seat: str


class SeatPaper(ArbiterCommand, frozen=True, tag="duplicate.seat_paper"):
    """Before the game: a player who plays on paper (no device; the arbiter enters their
    moves)."""

    name: str


class EnterMove(ArbiterCommand, frozen=True, tag="duplicate.enter_move"):
    """A player's move for the running turn, entered by the arbiter (a paper slip)."""

    seat: str
    move: str
    turn: int | None = None


class EndGame(ArbiterCommand, frozen=True, tag="duplicate.end_game"):
    """The game ends now; the running turn, if any, is not counted."""


ARBITER_COMMANDS = (
    PauseClock,
    ResumeClock,
    AddTime,
    CancelTurn,
    CorrectScore,
    Exclude,
    Reinstate,
    SeatPaper,
    EnterMove,
    EndGame,
)
COMMANDS = (StartDuplicate, Submit, SubmitPlaced, EndTurn, *ARBITER_COMMANDS)
HOST_ONLY = (StartDuplicate, EndTurn)
