"""A Boggle match's outcome: the match's final ranking (B14 totals) and each seat's figures."""

from __future__ import annotations

from typing import Protocol

from motamot.boggle.match import Standing
from motamot.boggle.rules import BoggleRules
from motamot.service.boggle.rounds import RoundState
from motamot.service.boggle.settings import BoggleSettings
from motamot.service.boggle.tally import SeatTally
from motamot.service.boggle.tally import figures as seat_figures
from motamot.service.rooms.events import RoomCreated
from motamot.service.rooms.results import GameOutcome, Place, ranks
from motamot.service.rooms.seating import Seat


class BoggleRoom(Protocol):
    """What an outcome reads of a Boggle room (`room.BoggleRoom`)."""

    room_id: str
    seats: dict[str, Seat]
    settings: BoggleSettings
    rules: BoggleRules
    created: RoomCreated[BoggleSettings]

    @property
    def rated(self) -> bool: ...

    @property
    def match_rounds(self) -> list[RoundState]: ...

    def name_of(self, seat: str) -> str: ...

    def tallies(self, state: RoundState) -> dict[str, SeatTally]: ...

    def standing(self) -> Standing: ...


#: The rating of a grid of each size: 4×4 alone, the big grids (5×5, 6×6) together.
FAMILIES = {4: "boggle-4x4", 5: "boggle-big", 6: "boggle-big"}


def family_of(size: int) -> str:
    return FAMILIES.get(size, "boggle-big")


def match_outcome(room: BoggleRoom, seq: int) -> GameOutcome:
    """The match that event `seq` (its MatchEnded, just folded) ended."""
    standing = room.standing()
    seats = {room.name_of(seat): seat for seat in room.seats}
    rounds = [state for state in room.match_rounds if not state.running]
    # each round's tallies once for all its seats (a round judged again per seat cost a
    # fifth of a process's CPU when hundreds of matches ended together)
    by_round = [room.tallies(state) for state in rounds]
    order = ranks(list(standing.totals))
    places = []
    for name, total, rank in zip(standing.players, standing.totals, order, strict=True):
        seat = room.seats[seats[name]]
        tallies = [tallied[seat.seat] for tallied in by_round if seat.seat in tallied]
        figures = seat_figures(tallies, total)
        places.append(
            Place(seat.seat, name, seat.player, seat.level, total, rank, figures, seat.marks)
        )
    ended_at = max((state.ended_at or 0.0) for state in rounds) if rounds else room.created.at
    return GameOutcome(
        "boggle",
        room.room_id,
        seq,
        ended_at,
        room.settings.preset,
        family_of(room.rules.size),
        room.rated,
        tuple(places),
    )
