"""What a finished duplicate game leaves: its text record (`topword.duplicate_record`) and
its outcome for the players' profiles (places by total, D6; never rated)."""

from __future__ import annotations

from typing import Any, Protocol

from motamot.service.duplicate.events import DuplicateEnded, DuplicateStarted
from motamot.service.duplicate.settings import DuplicateSettings
from motamot.service.rooms.results import GameOutcome, Place, PlaceFigures, ranks
from motamot.service.rooms.seating import Seat
from motamot.topword.duplicate_record import DuplicateRecord, MoveLine, TurnLine


class DuplicateRoom(Protocol):
    """What the results read of a duplicate room (`room.DuplicateRoom`)."""

    room_id: str
    seats: dict[str, Seat]
    settings: DuplicateSettings
    started: DuplicateStarted | None
    ended: DuplicateEnded | None
    totals: dict[str, int]
    excluded: set[str]

    @property
    def turns(self) -> list[Any]: ...

    @property
    def arbiter(self) -> str | None: ...


def people(room: DuplicateRoom) -> list[Seat]:
    """Every person who sat and played, in seat order (those who left or were removed
    too: their moves stand; never the arbiter, D7)."""
    return [seat for seat in room.seats.values() if not seat.is_bot and seat.seat != room.arbiter]


def record_of(room: DuplicateRoom) -> DuplicateRecord:
    """The record of the game so far (its end and the totals once it is over)."""
    assert room.started is not None
    seats = people(room)
    names = {seat.seat: seat.name for seat in seats}
    totals = dict.fromkeys(names, 0)
    top_total = 0
    turns = []
    for turn in room.turns:
        if not turn.ended:
            break
        moves = []
        for seat in names:  # in seat order
            if seat in turn.moves:
                points = turn.scores.get(seat, (0, ""))[0]
                totals[seat] += points
                moves.append(MoveLine(0, names[seat], turn.moves[seat], points, totals[seat]))
        top_total += turn.top_points
        turns.append(
            TurnLine(0, turn.number, turn.rack, turn.top, turn.top_points, top_total, tuple(moves))
        )
    over = room.ended is not None
    return DuplicateRecord(
        seed=room.started.seed,
        ruleset=room.settings.rules().name,
        dictionary=room.settings.dictionary_name,
        players=tuple(names.values()),
        turns=tuple(turns),
        end=room.ended.reason if room.ended is not None else None,
        final={names[seat]: total for seat, total in totals.items()} if over else None,
    )


def game_outcome(room: DuplicateRoom, ended: DuplicateEnded) -> GameOutcome:
    """The game `ended` finished: each person's place by total (ties share it, D6), their
    moves that scored, their points and their best move. Duplicate is not rated."""
    seats = [seat for seat in people(room) if seat.seat not in room.excluded]  # D7
    totals = [room.totals.get(seat.seat, 0) for seat in seats]
    places = ranks(totals)
    outcome = []
    for seat, total, rank in zip(seats, totals, places, strict=True):
        scored = [
            turn.scores[seat.seat][0]
            for turn in room.turns
            if turn.ended and turn.scores.get(seat.seat, (0, ""))[0] > 0
        ]
        figures = PlaceFigures(moves=len(scored), points=total, best_round=max(scored, default=0))
        outcome.append(Place(seat.seat, seat.name, seat.player, None, total, rank, figures))
    ruleset = room.settings.rules().name
    return GameOutcome(
        "duplicate",
        room.room_id,
        ended.seq,
        ended.at,
        ruleset,
        f"duplicate-{ruleset}",
        False,
        tuple(outcome),
    )
