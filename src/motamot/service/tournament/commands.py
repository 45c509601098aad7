"""A tournament's own commands: a player's, the director's, and the system's (its keeper:
the tables it opened and their results)."""

from __future__ import annotations

from typing import Annotated

import msgspec

from motamot.service.rooms.commands import Command
from motamot.service.tournament.events import Board, Tally

#: The longest reason of an adjudication.
MAX_REASON = 200


class Register(Command, frozen=True, tag="tournament.register"):
    pass


class Withdraw(Command, frozen=True, tag="tournament.withdraw"):
    pass


class CheckIn(Command, frozen=True, tag="tournament.check_in"):
    pass


class StartNow(Command, frozen=True, tag="tournament.start_now"):
    """The director starts before the time set (K9)."""


class Pause(Command, frozen=True, tag="tournament.pause"):
    """The director holds the next round back, or lets it go (K9)."""

    on: bool


class Repair(Command, frozen=True, tag="tournament.repair"):
    """The director pairs the round that has not started yet anew (K9)."""

    boards: tuple[Board, ...]
    bye: str | None = None


class Adjudicate(Command, frozen=True, tag="tournament.adjudicate"):
    """The director decides a board of a round under way: `result` is first, second,
    draw or none (both lose), with a reason (K9)."""

    round: int
    board: int
    result: str
    reason: Annotated[str, msgspec.Meta(max_length=MAX_REASON)]


class OpenedTable(Command, frozen=True, tag="tournament.opened_table"):
    """System: the keeper opened this board's table (board 0: an arena round's room)."""

    round: int
    board: int
    table: str
    tokens: tuple[str, ...] = ()


class EndGame(Command, frozen=True, tag="tournament.end_game"):
    """System: a board's table ended (or a player did not show: `absent`)."""

    round: int
    board: int
    first_score: int
    second_score: int
    how: str = "played"
    absent: str | None = None


class ScoreArena(Command, frozen=True, tag="tournament.score_arena"):
    """System: an arena round's room ended with these tallies."""

    round: int
    tallies: tuple[Tally, ...]


COMMANDS = (
    Register,
    Withdraw,
    CheckIn,
    StartNow,
    Pause,
    Repair,
    Adjudicate,
    OpenedTable,
    EndGame,
    ScoreArena,
)
#: Only the director gives these.
DIRECTOR_ONLY = (StartNow, Pause, Repair, Adjudicate)
#: Only the system (the keeper) gives these.
SYSTEM_ONLY = (OpenedTable, EndGame, ScoreArena)
