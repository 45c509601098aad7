"""The commands of a Topword room besides the shared ones (seats, bots, settings)."""

from __future__ import annotations

from motamot.service.rooms.commands import Command
from motamot.service.rooms.keys import ActionKey
from motamot.topword.board import Placement
from motamot.topword.game import Exchange as ExchangeAction
from motamot.topword.game import Pass as PassAction
from motamot.topword.game import Play as PlayAction
from motamot.topword.game import Resign as ResignAction
from motamot.topword.game import TurnAction
from motamot.topword.move import Move, format_move


class Start(Command, frozen=True, tag="topword.start"):
    """Draw for who starts and deal, from `seed` (chosen by the server, never by a client)."""

    seed: int


class OnTurn(Command, frozen=True, kw_only=True):
    """What a turn's commands carry besides the action: its key (`rooms.keys`: an action
    sent again is played once) and the turn it was meant for (1, 2...: sent again once
    that turn is over, it is refused `turn_over`; None: the turn now)."""

    key: ActionKey | None = None
    turn: int | None = None


class Play(OnTurn, frozen=True, tag="topword.play"):
    """Lay a move, in notation (`5E FAIM`): it parses back to the same move, so the command
    travels between processes as text."""

    move: str


class Placed(OnTurn, frozen=True, tag="topword.placed"):
    """A move as the tiles put on cells (a board's drag and drop), not as notation;
    `across` says the direction of a single tile (None: the referee reads it)."""

    placements: tuple[Placement, ...]
    across: bool | None = None


class Exchange(OnTurn, frozen=True, tag="topword.exchange"):
    """T17: one rack tile (its code: `Q` for Qu) back to the pile for another."""

    tile: str


class Pass(OnTurn, frozen=True, tag="topword.pass"):
    pass


class Resign(OnTurn, frozen=True, tag="topword.resign"):
    """T21: leave the game on one's turn (the page asks to confirm first)."""


class OfferRematch(Command, frozen=True, tag="topword.offer_rematch"):
    """The rematch a player of the finished game opened: its players' link's room part
    (the server checked it is a Topword table not started)."""

    link: str


COMMANDS = (Start, Play, Placed, Exchange, Pass, Resign, OfferRematch)
#: Only the host may start the game (the system, seat None, always may).
HOST_ONLY = (Start,)
TurnCommand = Play | Placed | Exchange | Pass | Resign


def turn_command(action: TurnAction) -> Play | Exchange | Pass | Resign:
    """The command for an engine action (a computer player's decision, a record's turn)."""
    match action:
        case PlayAction(move=move):
            return Play(format_move(move) if isinstance(move, Move) else move)
        case ExchangeAction(tile=tile):
            return Exchange(tile)
        case PassAction():
            return Pass()
        case ResignAction():
            return Resign()
    raise TypeError(f"not a turn: {action!r}")
