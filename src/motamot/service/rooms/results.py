"""What a finished match or game leaves: each place, its score and rank, its figures.

A kind's room says it (`Actor.outcome`) right after folding the event that ended a
match or a game; `service.players` projects it into profiles, statistics and ratings.
It is computed from the room's events alone, so a rebuild from the store gives the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec


class PlaceFigures(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One place's figures in the game (those its kind has; the others stay 0 or "")."""

    #: Boggle: rounds played and valid words found (scoring or crossed out).
    rounds: int = 0
    words: int = 0
    #: The best round's points (Boggle) or the best move's (Topword).
    best_round: int = 0
    #: Topword: moves laid (passes and exchanges are not moves).
    moves: int = 0
    #: Points scored in the game (Topword before the end penalties, Boggle the match total).
    points: int = 0
    longest_word: str = ""
    best_word: str = ""
    best_word_points: int = 0


class Place(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A seat at the end: who, the final score, the rank (1 first; a tie shares one)."""

    seat: str
    name: str
    #: The lasting player of a person's seat (None: a computer player or an older seat).
    player: str | None
    #: A computer player's level (None: a person).
    level: str | None
    score: int
    rank: int
    figures: PlaceFigures = PlaceFigures()
    #: The seat's kin marks (`SeatTaken.marks`): two people sharing one are the same
    #: browser or address, and do not rate each other (docs/rules.md, R6).
    marks: tuple[str, ...] = ()


class GameOutcome(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A match (Boggle) or a game (Topword) that ended, as profiles and ratings see it."""

    kind: str
    room: str
    #: The seq of the event that ended it (MatchEnded, GameEnded).
    seq: int
    #: Referee time of its end: the rating order of outcomes is (ended_at, room, seq).
    ended_at: float
    #: The preset (Boggle) or ruleset (Topword) it was played with.
    variant: str
    #: The rating it counts for (one per game and board family).
    family: str
    rated: bool
    places: tuple[Place, ...]

    @property
    def key(self) -> tuple[float, str, int]:
        return (self.ended_at, self.room, self.seq)


def ranks(scores: Sequence[Any]) -> list[int]:
    """Competition ranks of `scores` (numbers, or tuples compared in order), highest
    first: [30, 50, 30] → [2, 1, 2]."""
    return [1 + sum(1 for other in scores if other > score) for score in scores]
