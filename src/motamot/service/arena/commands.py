"""The commands of an arena round: a word (Boggle's own), and the sessions carried in."""

from __future__ import annotations

from motamot.service.arena.events import SessionTotals
from motamot.service.boggle.commands import WriteWord
from motamot.service.rooms.commands import Command


class CarrySessions(Command, frozen=True, tag="arena.carry_sessions"):
    """The system gives the round the sessions of the round before (once)."""

    totals: SessionTotals


COMMANDS = (WriteWord, CarrySessions)
