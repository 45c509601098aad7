"""An arena round's results, computed once when it ends (A1, A3, A4).

Every word was judged when the round took it (`boggle.feedback`, the referee's check);
in the arena nothing is crossed out (A1), so a player's score is the sum of their
accepted words' points, read from those verdicts: no word is judged twice, and results
for thousands of players take one pass over their words. Ranks are shared by ties
(`boggle.ranking`); the session totals go on from those carried in (A4). The public
list of the round's best ranks the accounts among themselves, unless the server opens it
to every player (docs/rules.md, F1); each player's own place is among everybody.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from motamot.boggle.ranking import competition_ranks, top_percent
from motamot.boggle.referee import Feedback, Verdict
from motamot.boggle.solve import Solution
from motamot.service.arena.field import BEST, Field, Listed, field_of
from motamot.service.boggle.pace import TooFast, too_fast
from motamot.service.boggle.rounds import RoundState
from motamot.service.rooms.seating import Seat


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
    #: Its words came faster than people type (F4): out of the field and the best list,
    #: its rank and top those it would have.
    fast: TooFast | None = None


@dataclass(frozen=True, slots=True)
class BestPlayer:
    """One of the round's best players, ranked among those listed (F1)."""

    rank: int
    name: str
    score: int
    words: int


@dataclass(frozen=True, slots=True)
class BestWord:
    """One of the grid's best words, and how many players of the round found it."""

    word: str
    points: int
    found_by: int


@dataclass(frozen=True)
class ArenaResults:
    """The round as it ended: every player's place, the field they are ranked among, the
    best words, and the sessions to carry into the next round."""

    places: Mapping[str, Place]
    field: Field
    best_words: tuple[BestWord, ...]
    #: Every word the grid held (B15).
    grid_words: int
    #: (player, session total, rounds) for each lasting player of the round.
    sessions: tuple[tuple[str, int, int], ...]

    @property
    def players(self) -> int:
        """The field: the players who are not set aside (F4)."""
        return self.field.size

    @property
    def found_words(self) -> int:
        """The grid's words somebody found."""
        return sum(1 for count in self.field.found.values() if count)

    @property
    def best_players(self) -> tuple[BestPlayer, ...]:
        """The field's best listed players (F1), ranked among the listed."""
        best = self.field.best
        ranks = competition_ranks([listed.score for listed in best])
        return tuple(
            BestPlayer(rank, p.name, p.score, p.words) for p, rank in zip(best, ranks, strict=True)
        )


class Tally:
    """Each player's points and accepted words, and how many players found each word,
    summed as the words are folded (`add`): at the end of a round of 7,000 players,
    summing their 100,000 verdicts took 80 ms of every process's loop."""

    def __init__(self) -> None:
        self.sheets: dict[str, tuple[int, int]] = {}
        self.found: Counter[str] = Counter()

    def add(self, seat: str, verdict: Verdict) -> None:
        """A word of `seat`'s with its instant verdict (final in the arena: A1)."""
        if verdict.feedback is Feedback.ACCEPTED and verdict.word is not None:
            points, accepted = self.sheets.get(seat, (0, 0))
            self.sheets[seat] = (points + verdict.points, accepted + 1)
            self.found[verdict.word] += 1


def round_results(
    state: RoundState,
    seats: Mapping[str, Seat],
    carried: Mapping[str, tuple[int, int]],
    solution: Solution,
    tally: Tally,
    open_rankings: bool = False,
) -> ArenaResults:
    """The results of the ended round `state`: its players are the seats that wrote a
    word; `carried` holds the sessions of the round before, by lasting player, `tally`
    their words' verdicts summed. The best
    players: the accounts' places (everybody's with `open_rankings`), ranked among
    themselves (F1). Ranked through the round's `Field`, so that rooms sharing a grid
    can be ranked together (`field.merge`)."""
    order = [seat for seat in state.players if state.words.get(seat)]
    fast = {seat: too_fast([word.at for word in state.words[seat]]) for seat in order}
    sheets = [(seat, *tally.sheets.get(seat, (0, 0))) for seat in order]
    listed = (
        Listed(seats[seat].name, score, words, 0, seat)
        for seat, score, words in sheets
        if fast[seat] is None and (open_rankings or seats[seat].account)
    )
    in_field = (score for seat, score, _ in sheets if fast[seat] is None)
    field = field_of(in_field, listed, tally.found)
    ranker = field.ranker()
    field_size = field.size
    places: dict[str, Place] = {}
    sessions: list[tuple[str, int, int]] = []
    for seat, score, words in sheets:
        player = seats[seat].player
        total, rounds = carried.get(player, (0, 0)) if player is not None else (0, 0)
        rank = ranker.rank(score)
        size = field_size + (fast[seat] is not None)  # a play set aside: among the field
        place = Place(
            seat,
            seats[seat].name,
            player,
            score,
            words,
            rank,
            top_percent(rank, size),
            total + score,
            rounds + 1,
            fast[seat],
        )
        places[seat] = place
        if player is not None:
            sessions.append((player, place.session_total, place.session_rounds))
    best_words = _best_words(solution, field)
    return ArenaResults(places, field, best_words, solution.count, tuple(sessions))


def _best_words(solution: Solution, field: Field) -> tuple[BestWord, ...]:
    grid_best = sorted(solution.words, key=lambda w: (-w.points, w.word))[:BEST]
    return tuple(BestWord(w.word, w.points, field.found.get(w.word, 0)) for w in grid_best)
