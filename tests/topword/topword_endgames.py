"""Two-player endgames (pile empty, both racks known) and their slow exact solution.

The endgames come from seeded greedy games: the first turn where the pile is
empty and the two racks hold at most `max_tiles` tiles together. The
solution is the plainest full-tree minimax: every move and the pass at every
position, no pruning, no move ordering; positions met again are looked up
(a memo of a pure function, not a pruning). T18: emptying the rack ends the
game, the opponent paying 5 per tile (T19); a pass after a pass ends it, both
paying for their tiles.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from motamot.lexicon import Lexicon
from motamot.topword.board import Board
from motamot.topword.bots.view import kept_tiles
from motamot.topword.game import Game, generator_can_play
from motamot.topword.movegen import best_move, legal_moves
from motamot.topword.tiles import Ruleset

PASS = "pass"


@dataclass(frozen=True)
class Endgame:
    board: Board
    me: tuple[str, ...]
    opponent: tuple[str, ...]
    passed: bool  # the opponent's last turn was a pass
    seed: int
    game: Game


def endgames(
    lexicon: Lexicon, ruleset: Ruleset, count: int, max_tiles: int, first_seed: int = 0
) -> Iterator[Endgame]:
    """`count` endgames, one per seeded greedy game that reaches one."""
    seed = first_seed
    found = 0
    while found < count:
        game = Game(
            ["A", "B"], seed, lexicon, ruleset, can_play=generator_can_play(ruleset, lexicon)
        )
        while not game.finished:
            me, opponent = game.rack(), game.rack(1 - game.current)
            if not game.bag and len(me) + len(opponent) <= max_tiles:
                yield Endgame(game.board.copy(), me, opponent, game.passes_in_row > 0, seed, game)
                found += 1
                break
            move = best_move(game.board, me, ruleset, lexicon)
            if move is None:
                game.pass_turn()
            else:
                game.play(move.move)
        seed += 1


def every_endgame(lexicon: Lexicon, ruleset: Ruleset, seeds: range) -> Iterator[Endgame]:
    """Every position of the seeded greedy games from the turn their pile is empty to
    their end: both racks known, up to 7 tiles each, the smaller ones the game reaches."""
    for seed in seeds:
        game = Game(
            ["A", "B"], seed, lexicon, ruleset, can_play=generator_can_play(ruleset, lexicon)
        )
        while not game.finished:
            me, opponent = game.rack(), game.rack(1 - game.current)
            if not game.bag:
                yield Endgame(game.board.copy(), me, opponent, game.passes_in_row > 0, seed, game)
            move = best_move(game.board, me, ruleset, lexicon)
            if move is None:
                game.pass_turn()
            else:
                game.play(move.move)


class BruteForce:
    """The value of every position of one endgame, by full minimax."""

    def __init__(self, ruleset: Ruleset, lexicon: Lexicon) -> None:
        self.ruleset = ruleset
        self.lexicon = lexicon
        self.memo: dict[object, int] = {}

    def options(
        self, board: Board, me: tuple[str, ...], opponent: tuple[str, ...], passed: bool
    ) -> dict[str, int]:
        """Each action of the player to move (notation, or "pass") -> its value for them."""
        penalty = self.ruleset.end_penalty
        values: dict[str, int] = {}
        for move in legal_moves(board, me, self.ruleset, self.lexicon):
            left = kept_tiles(me, [tile for _, tile in move.placements])
            if not left:  # out: the game ends, the opponent pays for its tiles (T18.1, T19)
                values[move.notation] = move.points + penalty * len(opponent)
                continue
            board.push(move.placements)
            values[move.notation] = move.points - self.value(board, opponent, left, False)
            board.pop()
        if passed:  # a pass after a pass: the game ends, both pay (T18.3, T19)
            values[PASS] = penalty * (len(opponent) - len(me))
        else:
            values[PASS] = -self.value(board, opponent, me, True)
        return values

    def value(
        self, board: Board, me: tuple[str, ...], opponent: tuple[str, ...], passed: bool
    ) -> int:
        key = (
            tuple(board.tops),
            tuple(board.heights),
            tuple(sorted(me)),
            tuple(sorted(opponent)),
            passed,
        )
        if key not in self.memo:
            self.memo[key] = max(self.options(board, me, opponent, passed).values())
        return self.memo[key]


class TooBig(Exception):
    """The plain minimax met more positions than it was allowed."""


class PlainMinimax(BruteForce):
    """The value of an endgame by the plainest minimax: every move and the pass at every
    position, no pruning, no table, no ordering; `limit` positions at most (TooBig)."""

    def __init__(self, ruleset: Ruleset, lexicon: Lexicon, limit: int) -> None:
        super().__init__(ruleset, lexicon)
        self.limit = limit
        self.positions = 0

    def options(
        self, board: Board, me: tuple[str, ...], opponent: tuple[str, ...], passed: bool
    ) -> dict[str, int]:
        """BruteForce's options, each position counted against the limit."""
        self.positions += 1
        if self.positions > self.limit:
            raise TooBig
        return super().options(board, me, opponent, passed)

    def value(
        self, board: Board, me: tuple[str, ...], opponent: tuple[str, ...], passed: bool
    ) -> int:
        """Every position searched again: no table."""
        return max(self.options(board, me, opponent, passed).values())
