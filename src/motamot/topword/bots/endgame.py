"""The exact endgame of a two-player game: the pile is empty, both racks are known.

Once the pile is empty a player's unseen tiles are exactly the other rack, so
the rest of the game is a game of perfect information. Its value for the
player to move is the points they will still make minus the opponent's, T19's
rack penalties included, under best play by both: a negamax over every legal
move and the pass, with alpha-beta pruning and a transposition table.

- A move that empties the rack ends the game (T18.1): the opponent pays
  `end_penalty` per tile left, the mover nothing.
- A pass after the opponent's pass ends it (T18.3): both pay for their tiles.
  T18.2 (nobody can play) reaches the same value through two forced passes.
- The value counts the spread, not the score: the line of best spread is the
  line that wins whenever a win can be forced.

The search is bounded by a node budget (one node = one position whose moves
are generated) and an optional `stop()` callback, and is deterministic (no
randomness, moves in the generator's order): the same position gives the same
move on every machine. It deepens iteratively; a depth that runs out of budget
is dropped and the previous depth's choice is kept, `exact` telling whether
the answer is the full game's.

With three or four players the tiles left are known only all together (which
rack holds which is not), so this does not apply: the expert keeps its
simulation there.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from motamot.lexicon import Lexicon
from motamot.topword.board import Board
from motamot.topword.bots.view import kept_tiles
from motamot.topword.movegen import GeneratedMove, legal_moves
from motamot.topword.tiles import Ruleset

#: Deeper than any endgame: 14 tiles and two passes.
FULL_DEPTH = 64
#: Once the depth runs out, what each tile still held is guessed to cost its owner.
TILE_COST = 3.0
_EXACT, _LOWER, _UPPER = 0, 1, 2


@dataclass(frozen=True)
class EndgameBudget:
    """How much the endgame search may do: positions whose moves it generates, and the
    deepest it goes (plies; a fixed depth values different endgames alike)."""

    nodes: int = 20_000
    depth: int = FULL_DEPTH

    def __post_init__(self) -> None:
        if self.nodes < 1 or not 1 <= self.depth <= FULL_DEPTH:
            raise ValueError(f"endgame budget: nodes >= 1, 1 <= depth <= {FULL_DEPTH}")


@dataclass(frozen=True)
class EndgameResult:
    """The best move (None: pass), its value for the mover, and whether it is exact."""

    move: GeneratedMove | None
    value: float
    exact: bool
    depth: int
    nodes: int


class _OutOfBudget(Exception):
    """The node budget or the stop callback ended a depth's search."""


Key = tuple[tuple[str, ...], bytes, tuple[str, ...], tuple[str, ...], bool]


class EndgameSearch:
    """Negamax with alpha-beta and a transposition table over one endgame."""

    def __init__(
        self,
        board: Board,
        ruleset: Ruleset,
        lexicon: Lexicon,
        budget: EndgameBudget | None = None,
        stop: Callable[[], bool] | None = None,
    ) -> None:
        self.board = board.copy()
        self.ruleset = ruleset
        self.lexicon = lexicon
        self.budget = budget or EndgameBudget()
        self.stop = stop
        self.nodes = 0
        self.limit = self.budget.nodes
        #: key -> (depth searched, flag, value, index of the best child; -1 for the pass)
        self.table: dict[Key, tuple[int, int, float, int]] = {}
        self.moves: dict[Key, list[GeneratedMove]] = {}

    def solve(self, me: Sequence[str], opponent: Sequence[str], passed: bool) -> EndgameResult:
        """The best action for the player holding `me` (`passed`: the opponent just passed)."""
        mine, theirs = tuple(sorted(me)), tuple(sorted(opponent))
        best: EndgameResult | None = None
        depth = 1
        while True:
            try:
                value, exact, index = self._negamax(mine, theirs, passed, depth, -1e9, 1e9)
            except _OutOfBudget:
                break
            moves = self._moves(self._key(mine, theirs, passed), mine)
            move = moves[index] if index >= 0 else None
            best = EndgameResult(move, value, exact, depth, self.nodes)
            if exact or depth >= self.budget.depth:
                break
            depth += 1
        if best is None:  # not even one ply: the generator's first move
            moves = legal_moves(self.board, mine, self.ruleset, self.lexicon)
            first = moves[0] if moves else None
            return EndgameResult(first, float(first.points if first else 0), False, 0, self.nodes)
        return EndgameResult(best.move, best.value, best.exact, best.depth, self.nodes)

    # -- the search -------------------------------------------------------------

    def _key(self, me: tuple[str, ...], opponent: tuple[str, ...], passed: bool) -> Key:
        return (tuple(self.board.tops), bytes(self.board.heights), me, opponent, passed)

    def _moves(self, key: Key, me: tuple[str, ...]) -> list[GeneratedMove]:
        moves = self.moves.get(key)
        if moves is None:
            self.nodes += 1
            if self.nodes > self.limit or (
                self.stop is not None and self.nodes % 64 == 0 and self.stop()
            ):
                raise _OutOfBudget
            moves = legal_moves(self.board, me, self.ruleset, self.lexicon)
            # Going out first: it ends the game with the opponent's penalty, a value known
            # at once that is often the best, so the window narrows from the first child.
            out = [move for move in moves if len(move.placements) == len(me)]
            if out:
                moves = out + [move for move in moves if len(move.placements) < len(me)]
            self.moves[key] = moves
        return moves

    def _end_value(self, me: tuple[str, ...], opponent: tuple[str, ...]) -> float:
        """Both pass: each pays for the tiles still held."""
        penalty = self.ruleset.end_penalty
        return float(penalty * (len(opponent) - len(me)))

    def _negamax(
        self,
        me: tuple[str, ...],
        opponent: tuple[str, ...],
        passed: bool,
        depth: int,
        alpha: float,
        beta: float,
    ) -> tuple[float, bool, int]:
        """(value for the mover, exact to the end of the game, index of the best child)."""
        key = self._key(me, opponent, passed)
        entry = self.table.get(key)
        hint = -2
        if entry is not None:
            searched, flag, stored, hint = entry
            if searched >= depth:
                if flag == _EXACT:
                    return stored, searched >= FULL_DEPTH, hint
                if flag == _LOWER and stored >= beta:
                    return stored, searched >= FULL_DEPTH, hint
                if flag == _UPPER and stored <= alpha:
                    return stored, searched >= FULL_DEPTH, hint
        if depth <= 0:
            return TILE_COST * (len(opponent) - len(me)), False, -1
        moves = self._moves(key, me)
        order = [*range(len(moves)), -1]
        if hint != -2 and hint in order:
            order.remove(hint)
            order.insert(0, hint)
        start_alpha = alpha
        best_value, best_index, complete = -1e9, order[0], True
        for index in order:
            value, exact = self._child(me, opponent, passed, depth, alpha, beta, moves, index)
            complete = complete and exact
            if value > best_value:
                best_value, best_index = value, index
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        flag = _UPPER if best_value <= start_alpha else _LOWER if best_value >= beta else _EXACT
        self.table[key] = (FULL_DEPTH if complete else depth, flag, best_value, best_index)
        return best_value, complete, best_index

    def _child(
        self,
        me: tuple[str, ...],
        opponent: tuple[str, ...],
        passed: bool,
        depth: int,
        alpha: float,
        beta: float,
        moves: list[GeneratedMove],
        index: int,
    ) -> tuple[float, bool]:
        """The value for the mover of one child (a move, or the pass for index -1)."""
        if index < 0:
            if passed:
                return self._end_value(me, opponent), True
            value, exact, _ = self._negamax(opponent, me, True, depth - 1, -beta, -alpha)
            return -value, exact
        move = moves[index]
        left = kept_tiles(me, [tile for _, tile in move.placements])
        if not left:
            return float(move.points + self.ruleset.end_penalty * len(opponent)), True
        self.board.push(move.placements)
        try:
            value, exact, _ = self._negamax(
                opponent, left, False, depth - 1, move.points - beta, move.points - alpha
            )
        finally:
            self.board.pop()
        return move.points - value, exact


def solve_endgame(
    board: Board,
    me: Sequence[str],
    opponent: Sequence[str],
    ruleset: Ruleset,
    lexicon: Lexicon,
    passed: bool = False,
    budget: EndgameBudget | None = None,
    stop: Callable[[], bool] | None = None,
) -> EndgameResult:
    """The best action in a two-player endgame (see the module docstring)."""
    return EndgameSearch(board, ruleset, lexicon, budget, stop).solve(me, opponent, passed)
