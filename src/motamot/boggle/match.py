"""A match (B14): a number of rounds agreed at the start, or a target score.

[choice] The target is checked at the end of each round; when several players
pass it in the same round the highest total wins; a tie at the top plays one
more round. The rulebooks are silent on a tie after the last of a fixed number
of rounds: by default it is settled the same way (`extra_round_on_tie`), and a
house rule can share the win instead.

[choice] Whatever its format, a match ends after `MAX_ROUNDS` rounds at the
latest (the leaders then share the win), so that every match fits a record.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from motamot.boggle.round import RoundResult
from motamot.errors import CodedError

#: Most rounds a match has: a fixed number above it is refused, a match to a target
#: ends there (10 hours of 3-minute rounds; a record holds no more).
MAX_ROUNDS = 200


class MatchError(CodedError, ValueError):
    """A match format or a round that does not fit the match."""

    TEMPLATES: ClassVar[dict[str, str]] = {
        "no_format": "a match has either a number of rounds or a target score",
        "no_round": "a match has at least one round",
        "too_many_rounds": "a match has at most {limit} rounds",
        "bad_target": "a target score is at least 1 point",
        "bad_players": "a match needs players with distinct names",
        "after_end": "round {round} is played after the end of the match",
        "not_in_match": "round {round}: {player!r} is not in the match",
    }


@dataclass(frozen=True)
class MatchFormat:
    """Exactly one of `rounds` (fixed number of rounds) or `target` (score to reach)."""

    rounds: int | None = None
    target: int | None = None
    extra_round_on_tie: bool = True

    def __post_init__(self) -> None:
        if (self.rounds is None) == (self.target is None):
            raise MatchError("no_format")
        if self.rounds is not None and self.rounds < 1:
            raise MatchError("no_round")
        if self.rounds is not None and self.rounds > MAX_ROUNDS:
            raise MatchError("too_many_rounds", limit=MAX_ROUNDS)
        if self.target is not None and self.target < 1:
            raise MatchError("bad_target")

    @property
    def text(self) -> str:
        """`rounds 3` or `target 50` (the record's notation)."""
        return f"rounds {self.rounds}" if self.rounds is not None else f"target {self.target}"


@dataclass(frozen=True)
class Standing:
    """Where a match stands after some rounds."""

    players: tuple[str, ...]
    totals: tuple[int, ...]
    rounds_played: int
    finished: bool
    winners: tuple[str, ...]


def standing(match: MatchFormat, players: Sequence[str], rounds: Sequence[RoundResult]) -> Standing:
    """B14: totals over the rounds played, whether the match is over, and who won.

    A round that names a player not in the match is an error; a player absent
    from a round scores 0 in it.
    """
    totals = [[(player.player, player.total) for player in result.players] for result in rounds]
    return standing_of_totals(match, players, totals)


def standing_of_totals(
    match: MatchFormat, players: Sequence[str], rounds: Sequence[Sequence[tuple[str, int]]]
) -> Standing:
    """`standing` from each round's (player, total) pairs alone: what a long match keeps
    of its older rounds."""
    if not players or len(set(players)) != len(players):
        raise MatchError("bad_players")
    totals = dict.fromkeys(players, 0)
    finished = False
    winners: tuple[str, ...] = ()
    for number, scores in enumerate(rounds, 1):
        if finished:
            raise MatchError("after_end", round=number)
        for player, total in scores:
            if player not in totals:
                raise MatchError("not_in_match", round=number, player=player)
            totals[player] += total
        finished, winners = _decide(match, totals, number)
    return Standing(
        tuple(players), tuple(totals[p] for p in players), len(rounds), finished, winners
    )


def _decide(
    match: MatchFormat, totals: dict[str, int], played: int
) -> tuple[bool, tuple[str, ...]]:
    best = max(totals.values())
    leaders = tuple(player for player, total in totals.items() if total == best)
    if match.rounds is not None:
        due = played >= match.rounds
    else:
        assert match.target is not None
        due = best >= match.target
    if played >= MAX_ROUNDS:
        return True, leaders
    if not due:
        return False, ()
    if len(leaders) > 1 and match.extra_round_on_tie:
        return False, ()
    return True, leaders
