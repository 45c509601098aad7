"""Hints and post-game analysis against the move generator and the referee."""

from __future__ import annotations

import random

from motamot.lexicon import Lexicon
from motamot.topword.board import SIZE, parse_position
from motamot.topword.bots import BeginnerBot, GreedyBot, apply_decision, view_of
from motamot.topword.game import Action, Game
from motamot.topword.hints import analyse, given_up_by_player, hints
from motamot.topword.movegen import best_move, legal_moves
from motamot.topword.rules import evaluate
from motamot.topword.tiles import TOPWORD_FR


def test_t20_hints_are_the_generators_best_moves_itemised(fr: Lexicon) -> None:
    board = parse_position("/".join(["." * SIZE] * 4 + ["....FAN...", *["." * SIZE] * 5]))
    rack = tuple("EIPLUSQ")
    found = hints(board, rack, TOPWORD_FR, fr, 6)
    moves = legal_moves(board, rack, TOPWORD_FR, fr)
    assert [hint.move for hint in found] == moves[:6]
    for hint in found:
        assert hint.verdict == evaluate(board, hint.move.move, rack, TOPWORD_FR, fr)
        itemised = sum(w.points for w in hint.verdict.words) + sum(
            b.points for b in hint.verdict.bonuses
        )
        assert itemised == hint.move.points
    assert hints(board, rack, TOPWORD_FR, fr, 0) == []


def _game(fr: Lexicon, seed: int, beginner: bool) -> Game:
    game = Game(["ann", "bob"], seed, fr, scoreless_limit=10)
    bots = [
        BeginnerBot(random.Random(seed)) if beginner else GreedyBot(random.Random(seed)),
        GreedyBot(random.Random(seed + 1)),
    ]
    while not game.finished and len(game.turns) < 30:
        apply_decision(game, bots[game.current].choose(view_of(game)))
    return game


def test_analysis_of_a_greedy_game_gives_nothing_up_but_a_beginners_game_does(
    fr: Lexicon,
) -> None:
    game = _game(fr, 3, beginner=True)
    reviews = analyse(game)
    assert len(reviews) == len(game.turns)
    again = Game(game.players, game.seed, fr)
    for review, turn in zip(reviews, game.turns, strict=True):
        assert review.rack == again.rack() == turn.rack
        assert review.best == best_move(again.board, again.rack(), TOPWORD_FR, fr)
        assert review.given_up >= 0
        if review.best is not None:
            assert review.given_up == review.best.points - turn.points
        if turn.player == 1 and turn.action is Action.PLAY:
            assert review.given_up == 0  # the greedy player always takes the best
        if turn.action is Action.PLAY:
            assert turn.move is not None
            again.play(turn.move)
        elif turn.action is Action.EXCHANGE:
            again.exchange(turn.tile or "")
        else:
            again.pass_turn()
    totals = given_up_by_player(game, reviews)
    assert totals["ann"] > 0 and totals["bob"] == 0
