"""A Boggle room for a crowd of strangers: the arena's rounds and the daily grid.

What the two share is written here once: every seat is a lasting player's (`rooms.lasting`),
nobody is host, nobody says they are ready, nobody talks (each message would go to
thousands of sockets), no computer player sits and the settings never change; each seat
is sent only what is its own (`SPARSE`); the room is full at `MAX_PLAYERS`; the grid's
every word is solved once. Each kind says only its codes, its bound and its grid.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import ClassVar, Protocol, TypeVar

from motamot.boggle.grid import Grid
from motamot.boggle.record import RESERVED_IN_NAMES
from motamot.boggle.rules import BoggleRules
from motamot.boggle.solve import Solution, solve
from motamot.lexicon import Lexicon
from motamot.service.rooms.actor import Lexicons
from motamot.service.rooms.events import RoomCreated
from motamot.service.rooms.lasting import LastingSeatsActor
from motamot.service.rooms.outcomes import Refusal


class CrowdSettings(Protocol):
    """What a crowd's room reads of its settings."""

    @property
    def dictionary_name(self) -> str: ...

    def rules(self) -> BoggleRules: ...

    def check(self) -> None: ...


C = TypeVar("C", bound=CrowdSettings)


class CrowdRoom(LastingSeatsActor[C]):
    """The part of a crowd's room the arena and the daily grid share."""

    #: The names are a Boggle record's.
    RESERVED_IN_NAMES = RESERVED_IN_NAMES
    #: Nobody says they are ready: play starts at its time, or when each player says.
    HAS_READY = False
    #: Each seat is sent only what is its own: the numbers it sees have holes.
    SPARSE = True
    #: No chat (docs/rules.md, C1): each message would go to every one of thousands of
    #: sockets, where a word goes to its writer alone.
    HAS_CHAT = False
    #: The server opens them on its schedule for everybody: an operator removes people
    #: from them, never closes them.
    CLOSABLE = False
    #: People one room seats (it bounds the room's memory).
    MAX_PLAYERS: ClassVar[int]
    #: The refusals of a computer player and of new settings (both never).
    NO_BOTS: ClassVar[str]
    FIXED: ClassVar[str]

    def __init__(self, created: RoomCreated[C], lexicons: Lexicons) -> None:
        self._solution: Solution | None = None
        super().__init__(created, lexicons)

    def _use_settings(self, settings: C) -> None:
        self.rules = settings.rules()
        self.lexicon: Lexicon = self.lexicons(settings.dictionary_name)

    @abstractmethod
    def solved_grid(self) -> Grid:
        """The grid whose words `solution` gives (once play has started)."""

    def solution(self) -> Solution:
        """Every word of the grid (B15), solved once."""
        if self._solution is None:
            self._solution = solve(self.solved_grid(), self.rules, self.lexicon)
        return self._solution

    @property
    def host(self) -> str | None:
        """Nobody: the schedule runs the room."""
        return None

    def seating_closed(self) -> Refusal | None:
        return Refusal(self.NO_BOTS)

    def settings_closed(self) -> Refusal | None:
        return Refusal(self.FIXED)

    def seat_refusal(self, bot: bool) -> Refusal | None:
        if len(self.seats) >= self.MAX_PLAYERS:
            return Refusal("room_full", {"max": self.MAX_PLAYERS})
        return None
