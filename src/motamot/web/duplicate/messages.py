"""The messages a duplicate room's arbiter sends (D7), each the command of one decision.

Their types bound what a browser may send (a seat id, a turn number, points and seconds
in range, a reason of bounded length); the room checks the rest (who sends it, the state,
a reason too long once cleaned) and refuses, changing nothing.
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

from motamot.names import MAX_NAME_LENGTH
from motamot.server.protocol import Number, RequestId
from motamot.service.duplicate.arbiter import MAX_ADDED, MAX_POINTS
from motamot.service.duplicate.commands import (
    AddTime,
    CancelTurn,
    CorrectScore,
    EndGame,
    EnterMove,
    Exclude,
    PauseClock,
    Reinstate,
    ResumeClock,
    SeatPaper,
)
from motamot.web.topword.messages import MoveText

#: A reason as sent (the room cleans it and keeps at most `arbiter.MAX_REASON` characters).
Reason = Annotated[str, msgspec.Meta(max_length=1000)]
SeatId = Annotated[str, msgspec.Meta(min_length=2, max_length=8, pattern="^[a-z0-9]+$")]
Points = Annotated[int, msgspec.Meta(ge=0, le=MAX_POINTS)]
Seconds = Annotated[int, msgspec.Meta(ge=1, le=MAX_ADDED)]
PaperName = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_NAME_LENGTH * 4)]


class ArbiterMessage(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    id: RequestId = 0
    reason: Reason = ""


class PauseMessage(ArbiterMessage, tag="arbiter_pause"):
    """Stop the turn's clock for everybody."""


class ResumeMessage(ArbiterMessage, tag="arbiter_resume"):
    """Start the clock again with the time it had left."""


class AddTimeMessage(ArbiterMessage, tag="arbiter_add_time"):
    seconds: Seconds


class CancelTurnMessage(ArbiterMessage, tag="arbiter_cancel_turn"):
    """Play the running turn again: its moves dropped, the same rack, a new clock."""


class CorrectMessage(ArbiterMessage, tag="arbiter_correct"):
    """Set a player's points for a turn that ended."""

    seat: SeatId
    turn: Number
    points: Points


class ExcludeMessage(ArbiterMessage, tag="arbiter_exclude"):
    seat: SeatId


class ReinstateMessage(ArbiterMessage, tag="arbiter_reinstate"):
    seat: SeatId


class SeatPaperMessage(ArbiterMessage, tag="arbiter_seat_paper"):
    """Before the game: seat a player who plays on paper."""

    name: PaperName


class EnterMoveMessage(ArbiterMessage, tag="arbiter_enter_move"):
    """A player's move for the running turn, in notation (a paper slip)."""

    seat: SeatId
    move: MoveText
    turn: Number | None = None


class EndGameMessage(ArbiterMessage, tag="arbiter_end_game"):
    """End the game now (the running turn is not counted)."""


ARBITER_MESSAGES = (
    PauseMessage,
    ResumeMessage,
    AddTimeMessage,
    CancelTurnMessage,
    CorrectMessage,
    ExcludeMessage,
    ReinstateMessage,
    SeatPaperMessage,
    EnterMoveMessage,
    EndGameMessage,
)


def arbiter_command(message: Any) -> Any:
    """The room's command for an arbiter's message (None: not one)."""
    reason = getattr(message, "reason", "")
    match message:
        case PauseMessage():
            return PauseClock(reason=reason)
        case ResumeMessage():
            return ResumeClock(reason=reason)
        case AddTimeMessage(seconds=seconds):
            return AddTime(seconds, reason=reason)
        case CancelTurnMessage():
            return CancelTurn(reason=reason)
        case CorrectMessage(seat=seat, turn=turn, points=points):
            return CorrectScore(seat, turn, points, reason=reason)
        case ExcludeMessage(seat=seat):
            return Exclude(seat, reason=reason)
        case ReinstateMessage(seat=seat):
            return Reinstate(seat, reason=reason)
        case SeatPaperMessage(name=name):
            return SeatPaper(name, reason=reason)
        case EnterMoveMessage(seat=seat, move=move, turn=turn):
            return EnterMove(seat, move, turn, reason=reason)
        case EndGameMessage():
            return EndGame(reason=reason)
    return None
