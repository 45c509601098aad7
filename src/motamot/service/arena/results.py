"""An arena round's results, computed once when it ends (A1, A3, A4).

Every word was judged when the round took it (`boggle.feedback`, the referee's check);
in the arena nothing is crossed out (A1), so a player's score is the sum of their
accepted words' points, read from those verdicts: no word is judged twice, and results
for thousands of players take one pass over their words. Ranks are shared by ties
(`boggle.ranking`); the session totals go on from those carried in (A4).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from motamot.boggle.ranking import competition_ranks, top_percent
from motamot.boggle.solve import Solution
from motamot.service.boggle.feedback import Feedback
from motamot.service.boggle.rounds import RoundState
from motamot.service.rooms.seating import Seat

#: How many of the round's best players and best words everybody is shown.
BEST = 10


@dataclass(frozen=True, slots=True)
class Place:
    """One player's round: score, accepted words, rank among the round's players (ties
    share it), the share of the field that rank is in, and their session so far."""

    seat: str
    name: str
    player: str | None
    score: int
    words: int
    rank: int
    top: int
    session_total: int
    session_rounds: int


@dataclass(frozen=True, slots=True)
class BestWord:
    """One of the grid's best words, and how many players of the round found it."""

    word: str
    points: int
    found_by: int


@dataclass(frozen=True)
class ArenaResults:
    """The round as it ended: every player's place, the best players and words, and the
    sessions to carry into the next round."""

    places: Mapping[str, Place]
    best_players: tuple[Place, ...]
    best_words: tuple[BestWord, ...]
    #: Every word the grid held (B15) and how many were found by somebody.
    grid_words: int
    found_words: int
    #: (player, session total, rounds) for each lasting player of the round.
    sessions: tuple[tuple[str, int, int], ...]

    @property
    def players(self) -> int:
        return len(self.places)


def round_results(
    state: RoundState,
    seats: Mapping[str, Seat],
    carried: Mapping[str, tuple[int, int]],
    solution: Solution,
) -> ArenaResults:
    """The results of the ended round `state`: its players are the seats that wrote a
    word; `carried` holds the sessions of the round before, by lasting player."""
    order = [seat for seat in state.players if state.words.get(seat)]
    scores: list[int] = []
    counts: list[int] = []
    found: Counter[str] = Counter()
    for seat in order:
        points = accepted = 0
        for word in state.words[seat]:
            verdict = state.verdict(word)
            if verdict.feedback is Feedback.ACCEPTED and verdict.word is not None:
                points += verdict.points
                accepted += 1
                found[verdict.word] += 1
        scores.append(points)
        counts.append(accepted)
    ranks = competition_ranks(scores)
    places: dict[str, Place] = {}
    sessions: list[tuple[str, int, int]] = []
    for seat, score, words, rank in zip(order, scores, counts, ranks, strict=True):
        player = seats[seat].player
        total, rounds = carried.get(player, (0, 0)) if player is not None else (0, 0)
        place = Place(
            seat,
            seats[seat].name,
            player,
            score,
            words,
            rank,
            top_percent(rank, len(order)),
            total + score,
            rounds + 1,
        )
        places[seat] = place
        if player is not None:
            sessions.append((player, place.session_total, place.session_rounds))
    best = sorted(places.values(), key=lambda p: (p.rank, -p.words, int(p.seat[1:])))
    grid_best = sorted(solution.words, key=lambda w: (-w.points, w.word))
    return ArenaResults(
        places,
        tuple(best[:BEST]),
        tuple(BestWord(w.word, w.points, found[w.word]) for w in grid_best[:BEST]),
        solution.count,
        len(found),
        tuple(sessions),
    )
