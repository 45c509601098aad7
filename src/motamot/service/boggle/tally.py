"""What a match keeps of each seat's round once the round is put away: a few figures.

A round's judged sheets are its largest part (an entry, a path and a word per text
written): kept for every round of a long match, they made a room grow by a round's
results each round (bench_server --rounds 10). The match needs of an old round only
each seat's total (B14) and what the outcome sums (`figures`), which fold round by
round: the longest word of the match is the longest of each round's longest.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from motamot.boggle.round import PlayerResult, Status
from motamot.service.rooms.results import PlaceFigures


@dataclass(frozen=True, slots=True)
class SeatTally:
    """One seat's round: its total, its valid words, its longest and best-scoring word
    (ties to the word first in alphabetical order; "" and 0 for none)."""

    total: int
    words: int = 0
    longest_word: str = ""
    best_word: str = ""
    best_word_points: int = 0


def tally(result: PlayerResult) -> SeatTally:
    found = result.accepted_words
    scored = [
        (-entry.points, entry.word)
        for entry in result.entries
        if entry.status is Status.SCORED and entry.word is not None
    ]
    best = min(scored, default=(0, ""))
    longest = min(((-len(word), word) for word in found), default=(0, ""))
    return SeatTally(result.total, len(found), longest[1], best[1], -best[0])


def figures(tallies: Iterable[SeatTally], total: int) -> PlaceFigures:
    """A seat's figures in the match, from its rounds' tallies: rounds, words, the best
    round, the longest and the best-scoring word."""
    rounds = list(tallies)
    best = min(((-t.best_word_points, t.best_word) for t in rounds if t.best_word), default=(0, ""))
    longest = min(
        ((-len(t.longest_word), t.longest_word) for t in rounds if t.longest_word),
        default=(0, ""),
    )
    return PlaceFigures(
        rounds=len(rounds),
        words=sum(t.words for t in rounds),
        best_round=max((t.total for t in rounds), default=0),
        points=total,
        longest_word=longest[1],
        best_word=best[1],
        best_word_points=-best[0],
    )
