"""Standings with their written tie-breaks (rules K4, K5), and the podium (K6).

Pure code. A Topword tournament adds up each player's part in each game (`Line`); a Boggle
tournament arena adds up each player's rounds (`Tally`). Players level on every tie-break
share their place (1, 2, 2, 4) and are listed in registration order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Protocol, TypeVar

#: What a bye and a forfeit count for (K4) [choice]: a win by this many points for the
#: player given it, a loss by as many for the player who did not show.
BYE_SPREAD = 50
FORFEIT_SPREAD = 50
WIN, DRAW, LOSS = 2, 1, 0


@dataclass(frozen=True)
class Line:
    """One player's part in one game: half-wins (2 a win, 1 a draw), the score's spread,
    and the opponent (None for a bye)."""

    player: str
    opponent: str | None
    halves: int
    spread: int


def played(first: str, second: str, first_score: int, second_score: int) -> tuple[Line, Line]:
    """Both players' lines of a game played to its end."""
    diff = first_score - second_score
    halves = WIN if diff > 0 else DRAW if diff == 0 else LOSS
    return Line(first, second, halves, diff), Line(second, first, WIN - halves, -diff)


def forfeited(present: str, absent: str) -> tuple[Line, Line]:
    """A game one player did not show up to: a win for the other (K4)."""
    return played(present, absent, FORFEIT_SPREAD, 0)


def both_absent(first: str, second: str) -> tuple[Line, Line]:
    """A game neither player showed up to: a loss for both, by the forfeit's spread."""
    return (
        Line(first, second, LOSS, -FORFEIT_SPREAD),
        Line(second, first, LOSS, -FORFEIT_SPREAD),
    )


def bye(player: str) -> Line:
    return Line(player, None, WIN, BYE_SPREAD)


@dataclass(frozen=True)
class TopwordStanding:
    place: int
    player: str
    halves: int
    spread: int
    buchholz: int
    games: int

    @property
    def key(self) -> tuple[int, int, int]:
        return (-self.halves, -self.spread, -self.buchholz)


@dataclass(frozen=True)
class BoggleStanding:
    place: int
    player: str
    points: int
    words: int
    rounds: int

    @property
    def key(self) -> tuple[int, int]:
        return (-self.points, -self.words)


@dataclass(frozen=True)
class Tally:
    """One player's round of a Boggle tournament arena: the points and words counted."""

    player: str
    points: int
    words: int


R = TypeVar("R", "TopwordStanding", "BoggleStanding")


def topword_standings(players: Sequence[str], lines: Iterable[Line]) -> list[TopwordStanding]:
    """K4: wins (halves), then spread, then Buchholz (the opponents' wins summed)."""
    lines = list(lines)
    halves = dict.fromkeys(players, 0)
    spread = dict.fromkeys(players, 0)
    games = dict.fromkeys(players, 0)
    for line in lines:
        halves[line.player] += line.halves
        spread[line.player] += line.spread
        games[line.player] += 1
    buchholz = dict.fromkeys(players, 0)
    for line in lines:
        if line.opponent is not None:
            buchholz[line.player] += halves.get(line.opponent, 0)
    rows = [TopwordStanding(0, p, halves[p], spread[p], buchholz[p], games[p]) for p in players]
    return _placed(rows, lambda r: r.key)


def boggle_standings(players: Sequence[str], tallies: Iterable[Tally]) -> list[BoggleStanding]:
    """K5: points summed over the rounds, then words."""
    points = dict.fromkeys(players, 0)
    words = dict.fromkeys(players, 0)
    rounds = dict.fromkeys(players, 0)
    for tally in tallies:
        points[tally.player] += tally.points
        words[tally.player] += tally.words
        rounds[tally.player] += 1
    rows = [BoggleStanding(0, p, points[p], words[p], rounds[p]) for p in players]
    return _placed(rows, lambda r: r.key)


def _placed(rows: list[R], key: Callable[[R], tuple[int, ...]]) -> list[R]:
    """Rows sorted by key (stable: level rows keep their order), each with its place."""
    ordered = sorted(rows, key=key)
    out: list[R] = []
    for index, row in enumerate(ordered):
        level = index > 0 and key(ordered[index - 1]) == key(row)
        out.append(replace(row, place=out[-1].place if level else index + 1))
    return out


class Placed(Protocol):
    @property
    def place(self) -> int: ...

    @property
    def player(self) -> str: ...


P = TypeVar("P", bound=Placed)


def podium(standings: Sequence[P]) -> list[P]:
    """K6: the rows placed 1 to 3 (more when some share a place)."""
    return [row for row in standings if row.place <= 3]
