"""Everybody a round's places are ranked among (A3), as counts that add up.

A player's rank is 1 + the players of the field who scored strictly more, the best list
is the field's best listed players, and a best word says how many found it: none of it
needs the other players' sheets, only how many scored what, the few best, and how many
found each word. So a field is kept as those counts (`Field`), one room's
(`field_of`), and the fields of rooms that play the same grid against the same deadline
add up to the field of them all (`merge`): the ranks come out the same as if everybody
had played in one room (tests/service/arena/test_arena_field.py checks it against one
room's ranking). Pure.
"""

from __future__ import annotations

import bisect
import itertools
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

#: How many of the round's best players and best words everybody is shown.
BEST = 10


@dataclass(frozen=True, slots=True)
class Listed:
    """A player who may be on the public list (F1), as the list shows them; `room` and
    `seat` only break ties of score and words, the same way in every room."""

    name: str
    score: int
    words: int
    room: int
    seat: str

    def key(self) -> tuple[int, int, int, int]:
        """Best first: score, then words found, then the room, then the seat's order."""
        return (-self.score, -self.words, self.room, int(self.seat[1:]))


@dataclass(frozen=True)
class Field:
    """The players a round's places are ranked among (plays set aside left out, F4)."""

    #: score → how many players of the field have it
    scores: Mapping[int, int]
    #: the best listed players, best first, at most BEST
    best: tuple[Listed, ...]
    #: word → how many players found it
    found: Mapping[str, int]

    @property
    def size(self) -> int:
        return sum(self.scores.values())

    def ranker(self) -> Ranker:
        return Ranker(self.scores)


class Ranker:
    """1 + how many of the field scored strictly more than a score (one bisect each)."""

    def __init__(self, scores: Mapping[int, int]) -> None:
        self._scores = sorted(scores)
        counts = [scores[score] for score in self._scores]
        #: players scoring at least each score, lowest first
        self._from = list(itertools.accumulate(reversed(counts)))[::-1]

    def rank(self, score: int) -> int:
        above = bisect.bisect_right(self._scores, score)
        return 1 + (self._from[above] if above < len(self._from) else 0)


def field_of(scores: Iterable[int], listed: Iterable[Listed], found: Mapping[str, int]) -> Field:
    """One room's field: the scores of its players in the field, those who may be
    listed (already only the field's), and how many of them found each word."""
    best = tuple(sorted(listed, key=Listed.key)[:BEST])
    return Field(Counter(scores), best, Counter(found))


def merge(fields: Iterable[Field]) -> Field:
    """The field of several rooms playing one grid against one deadline."""
    scores: Counter[int] = Counter()
    found: Counter[str] = Counter()
    listed: list[Listed] = []
    for field in fields:
        scores.update(field.scores)
        found.update(field.found)
        listed.extend(field.best)
    return Field(scores, tuple(sorted(listed, key=Listed.key)[:BEST]), found)
