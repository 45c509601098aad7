"""The commands of a Boggle room besides the shared ones (seats, bots, settings, ready)."""

from __future__ import annotations

from motamot.service.rooms.commands import Command


class StartRound(Command, frozen=True, tag="boggle.start_round"):
    """Roll the grid of `seed` (chosen by the server, never by a client) and start."""

    seed: int


class WriteWord(Command, frozen=True, tag="boggle.write_word"):
    text: str


class StopRound(Command, frozen=True, tag="boggle.stop_round"):
    pass


class NewMatch(Command, frozen=True, tag="boggle.new_match"):
    pass


COMMANDS = (StartRound, WriteWord, StopRound, NewMatch)
#: Only the host may start, stop or reset (the system, seat None, always may).
HOST_ONLY = (StartRound, StopRound, NewMatch)
