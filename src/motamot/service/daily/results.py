"""A day's ranking and one player's missed words (G7, G8): pure, from the plays' figures.

Every word was judged when the play took it (the referee's instant verdict, B4-B10 and
B12); alone on the grid nobody crosses anything out (B15), so a play's score is the sum
of its accepted words' points. The day's ranking counts the ranked plays that are over
(G7): competition ranks (ties share one, `boggle.ranking`), and « top » the share of
the field a rank is in, rounded up.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from motamot.boggle.ranking import competition_ranks, top_percent
from motamot.boggle.solve import Solution, SolvedWord

#: How many of the day's best players everybody is shown.
BEST = 10


@dataclass(frozen=True, slots=True)
class PlayFigures:
    """A play that is over: whose, their score and accepted words."""

    seat: str
    name: str
    score: int
    words: int


@dataclass(frozen=True, slots=True)
class Standing:
    """A ranked play's place among the day's: rank (ties share it) and top percent."""

    seat: str
    name: str
    score: int
    words: int
    rank: int
    top: int


@dataclass(frozen=True)
class DayRanking:
    """The day so far: every ranked play that is over, by seat, and the best of them."""

    standings: Mapping[str, Standing]
    best: tuple[Standing, ...]

    @property
    def players(self) -> int:
        return len(self.standings)


def day_ranking(plays: Sequence[PlayFigures]) -> DayRanking:
    """The ranking of `plays` (the ranked plays over so far, in the order they started):
    rank = 1 + how many scored strictly more; top = ⌈100 × rank / players⌉."""
    ranks = competition_ranks([play.score for play in plays])
    count = len(plays)
    standings = {
        play.seat: Standing(
            play.seat, play.name, play.score, play.words, rank, top_percent(rank, count)
        )
        for play, rank in zip(plays, ranks, strict=True)
    }
    order = sorted(
        enumerate(standings.values()), key=lambda item: (item[1].rank, -item[1].words, item[0])
    )
    return DayRanking(standings, tuple(standing for _, standing in order[:BEST]))


def rank_among(score: int, ranking: DayRanking) -> int:
    """Where a score would rank among the day's ranked plays (an unranked play's place,
    said but not counted): 1 + how many scored strictly more."""
    return 1 + sum(1 for standing in ranking.standings.values() if standing.score > score)


def missed_words(solution: Solution, found: Iterable[str]) -> list[SolvedWord]:
    """The grid's words (B15: every word it holds) the player did not find, best first
    (by points, then alphabetically)."""
    have = set(found)
    missed = [word for word in solution.words if word.word not in have]
    return sorted(missed, key=lambda word: (-word.points, word.word))
