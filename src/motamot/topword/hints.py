"""Hints (the best moves now, itemised by the referee) and post-game analysis.

Analysis replays a game from its setup and, before each turn, asks the move
generator for the best-scoring move; the points given up are what that move
would have scored minus what the turn scored (a pass or an exchange scores
nothing), so they are never negative.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from motamot.lexicon import Lexicon
from motamot.topword.board import Board
from motamot.topword.game import Action, Game, Turn
from motamot.topword.move import format_move
from motamot.topword.movegen import GeneratedMove, best_move, legal_moves
from motamot.topword.rules import Legal, evaluate
from motamot.topword.tiles import Ruleset, tile_label


@dataclass(frozen=True)
class Hint:
    """One suggested move and the referee's itemised verdict on it (words, bonuses)."""

    move: GeneratedMove
    verdict: Legal


def hints(
    board: Board, rack: Sequence[str], ruleset: Ruleset, lexicon: Lexicon, count: int = 5
) -> list[Hint]:
    """The `count` best moves for `rack`, most points first (the generator's order)."""
    found = []
    for move in legal_moves(board, rack, ruleset, lexicon)[: max(count, 0)]:
        verdict = evaluate(board, move.move, rack, ruleset, lexicon)
        if not isinstance(verdict, Legal) or verdict.points != move.points:
            raise RuntimeError(f"generator and referee disagree on {move.notation}: {verdict}")
        found.append(Hint(move, verdict))
    return found


@dataclass(frozen=True)
class TurnReview:
    """One turn of a game next to the best move that was available."""

    number: int
    player: str
    rack: tuple[str, ...]
    action: Action
    played: str
    points: int
    best: GeneratedMove | None

    @property
    def given_up(self) -> int:
        """Points the turn left on the table (0 when it was the best, or nothing scored)."""
        return max(0, self.best.points - self.points) if self.best is not None else 0


def played_text(turn: Turn) -> str:
    """How a turn is written in a record: the move, `pass` or `exchange T`."""
    if turn.action is Action.PLAY and turn.move is not None:
        return format_move(turn.move)
    if turn.action is Action.EXCHANGE:
        return f"exchange {tile_label(turn.tile or '')}"
    if turn.action is Action.RESIGN:
        return "resign"
    return "pass"


def analyse(game: Game) -> list[TurnReview]:
    """Every turn of `game` with the best move available before it."""
    again = Game(game.players, game.seed, game.lexicon, game.ruleset, dictionary=game.dictionary)
    reviews = []
    for number, turn in enumerate(game.turns, start=1):
        if turn.action is Action.RESIGN:  # no move was given up: the player left (T21)
            again.apply(turn.as_action())
            continue
        rack = again.rack()
        best = best_move(again.board, rack, game.ruleset, game.lexicon)
        reviews.append(
            TurnReview(
                number,
                game.players[turn.player],
                rack,
                turn.action,
                played_text(turn),
                turn.points,
                best,
            )
        )
        again.apply(turn.as_action())
    return reviews


def given_up_by_player(game: Game, reviews: Sequence[TurnReview]) -> dict[str, int]:
    """Total points given up by each player, in the game's player order."""
    totals = dict.fromkeys(game.players, 0)
    for review in reviews:
        totals[review.player] += review.given_up
    return totals
