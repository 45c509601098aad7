"""A tournament's rounds as its events leave them, its standings, and the next pairing.

Pure: the room (`room`) folds its events into a `Progress` and asks it what comes next;
nothing here reads a clock or a store.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from motamot.service.tournament import standings as k
from motamot.service.tournament.events import Board, GameEnded, Tally
from motamot.service.tournament.robin import robin_rounds
from motamot.service.tournament.swiss import Pairing, Round, history_of, pair_round


@dataclass
class RoundState:
    """One round: its pairing, its start, its tables and its results."""

    number: int
    boards: tuple[Board, ...]
    bye: str | None
    starts_at: float
    begun: bool = False
    tables: dict[int, str] = field(default_factory=dict)
    #: Each table's seat tokens, the first player's first (`TableOpened.tokens`).
    tokens: dict[int, tuple[str, ...]] = field(default_factory=dict)
    results: dict[int, GameEnded] = field(default_factory=dict)
    tallies: tuple[Tally, ...] | None = None

    def done(self, arena: bool) -> bool:
        if arena:
            return self.tallies is not None
        return self.begun and len(self.results) == len(self.boards)

    def as_round(self) -> Round:
        return Round(tuple(Pairing(b.first, b.second) for b in self.boards), self.bye)

    def board_of(self, seat: str) -> int | None:
        """The number (from 1) of the board `seat` plays this round, None: none."""
        for number, board in enumerate(self.boards, 1):
            if seat in (board.first, board.second):
                return number
        return None


def lines_of(rounds: list[RoundState]) -> list[k.Line]:
    """Every player's part in every game and bye so far (K2, K5)."""
    lines: list[k.Line] = []
    for one in rounds:
        if one.bye is not None and one.begun:
            lines.append(k.bye(one.bye))
        for number, board in enumerate(one.boards, 1):
            ended = one.results.get(number)
            if ended is not None:
                lines.extend(result_lines(board, ended))
    return lines


def result_lines(board: Board, ended: GameEnded) -> tuple[k.Line, k.Line]:
    if ended.how == "absent":
        return k.both_absent(board.first, board.second)
    return k.played(board.first, board.second, ended.first_score, ended.second_score)


def tallies_of(rounds: list[RoundState]) -> list[k.Tally]:
    return [
        k.Tally(t.seat, t.points, t.words) for one in rounds for t in one.tallies or () if one.begun
    ]


def total_rounds(form: str, players: tuple[str, ...], rounds: int) -> int:
    """How many rounds the tournament plays (a round robin: as many as its players need)."""
    return len(robin_rounds(players)) if form == "robin" else rounds


def next_pairing(
    form: str, players: tuple[str, ...], active: list[str], rounds: list[RoundState]
) -> tuple[tuple[Board, ...], str | None]:
    """The boards and bye of the round after `rounds` (K1-K4; an arena round: none).
    `active`: the players still in, in registration order."""
    if form == "arena":
        return (), None
    if form == "robin":
        scheduled = robin_rounds(players)[len(rounds)]
        return tuple(Board(p.first, p.second) for p in scheduled.pairs), scheduled.bye
    rows = k.topword_standings(players, lines_of(rounds))  # the withdrawn's games count
    ranked = [row.player for row in rows if row.player in active]
    paired = pair_round(ranked, history_of(r.as_round() for r in rounds))
    return tuple(Board(p.first, p.second) for p in paired.pairs), paired.bye


def repair_refusal(boards: tuple[Board, ...], bye: str | None, expected: set[str]) -> str | None:
    """Why a director's pairing does not seat exactly the round's players once each."""
    seated = [s for b in boards for s in (b.first, b.second)] + ([bye] if bye else [])
    if len(seated) != len(set(seated)) or set(seated) != expected:
        return "bad_pairing"
    if (bye is None) != (len(expected) % 2 == 0):
        return "bad_pairing"
    return None
