"""The commands of a Boggle room besides the shared ones (seats, bots, settings, ready)."""

from __future__ import annotations

from motamot.service.rooms.commands import Command
from motamot.service.rooms.keys import ActionKey


class StartRound(Command, frozen=True, tag="boggle.start_round"):
    """Roll the grid of `seed` (chosen by the server, never by a client) and start."""

    seed: int


class WriteWord(Command, frozen=True, tag="boggle.write_word"):
    text: str
    #: The action's key (`rooms.keys`): a word sent again is written once.
    key: ActionKey | None = None
    #: The round the word was typed in: sent again once another round runs, it is too
    #: late (None: the round running, whichever it is).
    round: int | None = None
    #: B17: the seat whose paper list the scorer (the host of a scorer's box room) types
    #: (None: the writer's own word).
    for_seat: str | None = None


class StopRound(Command, frozen=True, tag="boggle.stop_round"):
    pass


class NewMatch(Command, frozen=True, tag="boggle.new_match"):
    pass


class SetBoxGrid(Command, frozen=True, tag="boggle.set_box_grid"):
    """B16: the grid the group rolled with the real dice for the next rounds (a room
    playing the box's grid only, between rounds)."""

    grid: str


class AddPaperSeat(Command, frozen=True, tag="boggle.add_paper_seat"):
    """B17: a seat for a person at the table without a phone, whose list the scorer
    types (nobody ever takes it: it has no token)."""

    name: str


COMMANDS = (StartRound, WriteWord, StopRound, NewMatch, SetBoxGrid, AddPaperSeat)
#: Only the host may start, stop, reset, type the box's grid or add a paper seat (the
#: system always may).
HOST_ONLY = (StartRound, StopRound, NewMatch, SetBoxGrid, AddPaperSeat)
