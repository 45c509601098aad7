"""A Topword game's outcome: the final scores (after T19) and each seat's figures."""

from __future__ import annotations

from typing import Protocol

from motamot.service.rooms.results import GameOutcome, Place, PlaceFigures, ranks
from motamot.service.rooms.seating import Seat
from motamot.service.topword.events import GameEnded
from motamot.topword.game import Action, Game, Turn
from motamot.topword.tiles import Ruleset


class TopwordRoom(Protocol):
    """What an outcome reads of a Topword room (`room.TopwordRoom`)."""

    room_id: str
    seats: dict[str, Seat]
    game: Game | None
    order: tuple[str, ...]
    turn_start: float
    ruleset: Ruleset

    @property
    def rated(self) -> bool: ...


def game_outcome(room: TopwordRoom, ended: GameEnded) -> GameOutcome:
    """The game that `ended` (just folded) finished: places by final score (T19), the
    players who resigned after those who did not (T21)."""
    game = room.game
    assert game is not None
    # T21: whoever resigned places after everyone who played on, whatever the scores
    order = ranks([(index not in game.resigned, score) for index, score in enumerate(ended.scores)])
    places = []
    for index, seat_id in enumerate(room.order):
        seat = room.seats[seat_id]
        turns = [turn for turn in game.turns if turn.player == index]
        figures = _figures(turns)
        score = ended.scores[index]
        rank = order[index]
        places.append(
            Place(seat_id, seat.name, seat.player, seat.level, score, rank, figures, seat.marks)
        )
    return GameOutcome(
        "topword",
        room.room_id,
        ended.seq,
        room.turn_start,
        room.ruleset.name,
        room.ruleset.name,
        room.rated,
        tuple(places),
    )


def _figures(turns: list[Turn]) -> PlaceFigures:
    """Moves laid, points, the best move, the longest and the best-scoring word (ties go
    to the word first in alphabetical order)."""
    moves = [turn for turn in turns if turn.action is Action.PLAY]
    words = [word for turn in moves if turn.verdict is not None for word in turn.verdict.words]
    best = min(((-word.points, word.word) for word in words), default=(0, ""))
    longest = min(((-len(word.word), word.word) for word in words), default=(0, ""))
    return PlaceFigures(
        moves=len(moves),
        points=sum(turn.points for turn in moves),
        best_round=max((turn.points for turn in moves), default=0),
        longest_word=longest[1],
        best_word=best[1],
        best_word_points=-best[0],
    )
