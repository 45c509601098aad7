"""A day's ranking, one player's words found and missed, and found by length (G7, G8,
G14, G15): pure, from the plays' figures.

Every word was judged when the play took it (the referee's instant verdict, B4-B10 and
B12); alone on the grid nobody crosses anything out (B15), so a play's score is the sum
of its accepted words' points. The day's ranking counts the plays of its field (G7,
F3): competition ranks (ties share one, `boggle.ranking`), and « top » the share of
the field a rank is in, rounded up. The public list of the day's best ranks the field's
public plays among themselves (accounts', unless the server opens it: F1).
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
    """A play that is over: whose, their score and accepted words, and whether it may be
    listed in public (F1)."""

    seat: str
    name: str
    score: int
    words: int
    public: bool = True


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
    """The day so far: every play of the field, by seat, and the best public ones,
    ranked among themselves."""

    standings: Mapping[str, Standing]
    best: tuple[Standing, ...]

    @property
    def players(self) -> int:
        return len(self.standings)


def day_ranking(plays: Sequence[PlayFigures]) -> DayRanking:
    """The ranking of `plays` (the field so far, in the order they ended): rank = 1 + how
    many scored strictly more; top = ⌈100 × rank / players⌉. The best: the public plays,
    ranked so among themselves."""
    standings = {s.seat: s for s in _standings(plays)}
    public = _standings([play for play in plays if play.public])
    order = sorted(enumerate(public), key=lambda item: (item[1].rank, -item[1].words, item[0]))
    return DayRanking(standings, tuple(standing for _, standing in order[:BEST]))


def _standings(plays: Sequence[PlayFigures]) -> list[Standing]:
    ranks = competition_ranks([play.score for play in plays])
    count = len(plays)
    return [
        Standing(play.seat, play.name, play.score, play.words, rank, top_percent(rank, count))
        for play, rank in zip(plays, ranks, strict=True)
    ]


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


def found_words(solution: Solution, found: Iterable[str]) -> list[SolvedWord]:
    """The grid's words the player found (G15), best first as the missed ones are."""
    have = set(found)
    return sorted(
        (word for word in solution.words if word.word in have),
        key=lambda word: (-word.points, word.word),
    )


@dataclass(frozen=True, slots=True)
class Bracket:
    """The grid's words of one length (`letters`; and longer when `longer`): how many it
    holds, how many the player found (G14)."""

    letters: int
    longer: bool
    found: int
    all: int


#: The share picture's rows: the minimum length and the next ones, then the longer words.
BRACKETS = 5


def by_length(solution: Solution, found: Iterable[str], min_length: int) -> list[Bracket]:
    """The share picture's figures (G14): per length from `min_length`, the last bracket
    every longer word too, the brackets the grid has no word of left out."""
    have = set(found)
    last = min_length + BRACKETS - 1
    counts = {n: [0, 0] for n in range(min_length, last + 1)}
    for entry in solution.words:
        row = counts.get(min(len(entry.word), last))
        if row is None:
            continue
        row[1] += 1
        row[0] += entry.word in have
    return [Bracket(n, n == last, found_, all_) for n, (found_, all_) in counts.items() if all_]
