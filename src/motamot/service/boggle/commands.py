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


class StopRound(Command, frozen=True, tag="boggle.stop_round"):
    pass


class NewMatch(Command, frozen=True, tag="boggle.new_match"):
    pass


class SetBoxGrid(Command, frozen=True, tag="boggle.set_box_grid"):
    """B16: the grid the group rolled with the real dice for the next rounds (a room
    playing the box's grid only, between rounds)."""

    grid: str


COMMANDS = (StartRound, WriteWord, StopRound, NewMatch, SetBoxGrid)
#: Only the host may start, stop, reset or type the box's grid (the system always may).
HOST_ONLY = (StartRound, StopRound, NewMatch, SetBoxGrid)
