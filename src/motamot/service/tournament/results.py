"""What a finished tournament leaves on its players' profiles: each player's final place,
its wins or points (K5-K7). A tournament itself is never rated: its tables are, when it
is rated (R1)."""

from __future__ import annotations

from typing import Any, Protocol

from motamot.service.rooms.results import GameOutcome, Place, PlaceFigures
from motamot.service.rooms.seating import Seat
from motamot.service.tournament.events import Finished
from motamot.service.tournament.settings import TournamentSettings
from motamot.service.tournament.standings import BoggleStanding, TopwordStanding


class TournamentLike(Protocol):
    room_id: str
    seats: dict[str, Seat]
    settings: TournamentSettings

    def standings(self) -> Any: ...


def tournament_outcome(room: TournamentLike, ended: Finished) -> GameOutcome:
    """Each player's place in the final standings; their score is their whole wins
    (Topword: a draw's half shows in the place only) or their points (Boggle)."""
    places = []
    for row in room.standings():
        seat = room.seats[row.player]
        if isinstance(row, BoggleStanding):
            score, figures = row.points, PlaceFigures(rounds=row.rounds, words=row.words)
        else:
            assert isinstance(row, TopwordStanding)
            score, figures = row.halves // 2, PlaceFigures(rounds=row.games, points=row.spread)
        places.append(
            Place(seat.seat, seat.name, seat.player, seat.level, score, row.place, figures)
        )
    s = room.settings
    return GameOutcome(
        "tournament", room.room_id, ended.seq, ended.at, s.format, f"tournament-{s.format}",
        False, tuple(places),
    )  # fmt: skip
