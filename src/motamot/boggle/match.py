"""A match (B14): a number of rounds agreed at the start, or a target score.

[choice] The target is checked at the end of each round; when several players
pass it in the same round the highest total wins; a tie at the top plays one
more round. RULES.md is silent on a tie after the last of a fixed number of
rounds: by default it is settled the same way (`extra_round_on_tie`), and a
house rule can share the win instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from motamot.boggle.round import RoundResult


class MatchError(ValueError):
    """A match format or a round that does not fit the match."""


@dataclass(frozen=True)
class MatchFormat:
    """Exactly one of `rounds` (fixed number of rounds) or `target` (score to reach)."""

    rounds: int | None = None
    target: int | None = None
    extra_round_on_tie: bool = True

    def __post_init__(self) -> None:
        if (self.rounds is None) == (self.target is None):
            raise MatchError("a match has either a number of rounds or a target score")
        if self.rounds is not None and self.rounds < 1:
            raise MatchError("a match has at least one round")
        if self.target is not None and self.target < 1:
            raise MatchError("a target score is at least 1 point")

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
    if not players or len(set(players)) != len(players):
        raise MatchError("a match needs players with distinct names")
    totals = dict.fromkeys(players, 0)
    finished = False
    winners: tuple[str, ...] = ()
    for number, result in enumerate(rounds, 1):
        if finished:
            raise MatchError(f"round {number} is played after the end of the match")
        for player in result.players:
            if player.player not in totals:
                raise MatchError(f"round {number}: {player.player!r} is not in the match")
            totals[player.player] += player.total
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
    if not due:
        return False, ()
    if len(leaders) > 1 and match.extra_round_on_tie:
        return False, ()
    return True, leaders
