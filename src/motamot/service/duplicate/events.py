"""The events of a duplicate room besides the shared ones: the game, its turns, the moves.

A turn's rack is stored as dealt (it is public: everybody plays it); each player's move
is stored when submitted and shown to nobody else until the turn ends; the end of a turn
stores the top and every player's points as the referee judged them then, so a record
reads, and a word list updated later judges nothing again. The tags are stored: they
never change.
"""

from __future__ import annotations

from motamot.service.rooms.events import Event


class DuplicateStarted(Event, frozen=True, tag="duplicate.started"):
    #: Hidden until the game ends: it gives the pile's order.
    seed: int
    at: float


class TurnStarted(Event, frozen=True, tag="duplicate.turn_started"):
    number: int
    #: D1, D2: the common rack (tile codes, `Q` the Qu tile).
    rack: tuple[str, ...]
    #: D2: how many draws were refused and drawn again.
    redraws: int
    #: When the turn ends for everybody (None: self-paced).
    deadline: float | None
    at: float


class MoveSubmitted(Event, frozen=True, tag="duplicate.submitted"):
    """D3: a player's move for the turn (the last one before the clock counts)."""

    seat: str
    move: str
    at: float


class TurnEnded(Event, frozen=True, tag="duplicate.turn_ended"):
    number: int
    #: D4: the top laid for everybody, in notation (None: the rack had no move, D5).
    top: str | None
    top_points: int
    #: D3: each player's points for the turn, and why none when a move was refused
    #: (seat, points, refusal code or "" ), for every seat that submitted.
    scores: tuple[tuple[str, int, str], ...]
    at: float
    #: T20: the word or cell at fault in each refused move (seat, detail).
    details: tuple[tuple[str, str], ...] = ()


class DuplicateEnded(Event, frozen=True, tag="duplicate.ended"):
    reason: str
    at: float


EVENTS = (DuplicateStarted, TurnStarted, MoveSubmitted, TurnEnded, DuplicateEnded)
