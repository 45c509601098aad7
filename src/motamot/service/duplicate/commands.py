"""The commands of a duplicate room besides the shared ones (seats, settings)."""

from __future__ import annotations

from motamot.service.rooms.commands import Command
from motamot.service.topword.commands import Placed


class StartDuplicate(Command, frozen=True, tag="duplicate.start"):
    """Start the game from `seed` (chosen by the server, never by a client)."""

    seed: int


class Submit(Command, frozen=True, tag="duplicate.submit"):
    """D3: my move for this turn, in notation (`5E MAIN`); a later one replaces it."""

    move: str


class SubmitPlaced(Command, frozen=True, tag="duplicate.submit_placed"):
    """My move as the tiles put on cells (the board's drag and drop)."""

    placed: Placed


class EndTurn(Command, frozen=True, tag="duplicate.end_turn"):
    """The host ends a self-paced turn (a live turn ends at its clock)."""


COMMANDS = (StartDuplicate, Submit, SubmitPlaced, EndTurn)
HOST_ONLY = (StartDuplicate, EndTurn)
