"""A tournament room driven by hand with a manual clock, every event kept (`driven`)."""

from __future__ import annotations

from typing import Any

from motamot.service.rooms.commands import AddBot, Join
from motamot.service.tournament.commands import EndGame, OpenedTable, Register
from motamot.service.tournament.room import TournamentRoom
from motamot.service.tournament.settings import TournamentSettings
from tests.service.conftest import digest, lexicons
from tests.service.driven import Driven

T0 = 1_700_000_000.0
START = T0 + 3600


class Run(Driven[TournamentRoom]):
    """A tournament directed by « dora » (seat s1), created at T0, starting at START."""

    def __init__(self, **settings: Any) -> None:
        chosen = {"name": "Coupe d'hiver", "starts_at": START, **settings}
        room = TournamentRoom.create("t" * 16, TournamentSettings(**chosen), T0, lexicons)
        assert isinstance(room, TournamentRoom), room
        super().__init__(room, T0)
        self.ok(None, Join("dora", digest("dora"), player="p-dora", account=True))

    def person(self, name: str, marks: tuple[str, ...] = ()) -> str:
        """`name` sits (an account) and registers: their seat."""
        join = Join(name, digest(name), player=f"p-{name}", account=True, marks=marks)
        self.ok(None, join)
        seat = list(self.room.seats)[-1]
        self.ok(seat, Register())
        return seat

    def bot(self, level: str = "beginner") -> str:
        self.ok("s1", AddBot(level))
        return list(self.room.seats)[-1]

    def open_tables(self) -> None:
        """The keeper's part: every board of the round under way gets a table."""
        current = self.room.current
        assert current is not None and current.begun
        for board in range(1, len(current.boards) + 1):
            self.ok(None, OpenedTable(current.number, board, f"table-{current.number}-{board}"))

    def play_round(self, scores: dict[str, int]) -> None:
        """Every board of the round under way ends with these players' scores."""
        current = self.room.current
        assert current is not None
        for board, pair in enumerate(current.boards, 1):
            first, second = scores[pair.first], scores[pair.second]
            self.ok(None, EndGame(current.number, board, first, second))
