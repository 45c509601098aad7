"""Whole games to the end with the move generator: T18 conditions, T19, records (fr, en)."""

from __future__ import annotations

import pytest

from motamot.lexicon import load_lexicon
from motamot.topword import TOPWORD_FR, UPWORDS_EN, Legal, Ruleset
from motamot.topword.game import EndReason, Game, generator_can_play
from motamot.topword.movegen import best_move
from motamot.topword.record import format_record, parse_record, replay


def greedy_game(seed: int, ruleset: Ruleset, players: int) -> Game:
    lexicon = load_lexicon(ruleset.dictionary)
    names = ["Ana", "Bo", "Cy", "Di"][:players]
    game = Game(names, seed, lexicon, ruleset, can_play=generator_can_play(ruleset, lexicon))
    while not game.finished:
        found = best_move(game.board, game.rack(), ruleset, lexicon)
        if found is None:
            game.pass_turn()
            continue
        referee = game.evaluate(found.move)
        assert isinstance(referee, Legal) and referee.points == found.points
        turn = game.play(found.move)
        assert turn.points == found.points
        assert game.tile_total() == 100
    return game


@pytest.mark.parametrize(
    ("seed", "ruleset", "players"),
    [(1, TOPWORD_FR, 2), (2, TOPWORD_FR, 4), (3, UPWORDS_EN, 3)],
)
def test_t18_t19_greedy_games_end_and_replay(seed: int, ruleset: Ruleset, players: int) -> None:
    game = greedy_game(seed, ruleset, players)
    assert game.end_reason in set(EndReason) - {EndReason.SCORELESS_LIMIT}
    if game.end_reason is EndReason.RACK_EMPTY:
        assert not game.bag and any(not rack for rack in game.racks)
    assert game.penalties == [ruleset.end_penalty * len(rack) for rack in game.racks]
    assert game.final_scores() == [s - p for s, p in zip(game.scores, game.penalties, strict=True)]
    assert all(score >= 0 for score in game.scores)
    text = format_record(game)
    lexicon = load_lexicon(ruleset.dictionary)
    again = replay(parse_record(text), lexicon, generator_can_play(ruleset, lexicon))
    assert again.board == game.board and again.racks == game.racks
    assert again.final_scores() == game.final_scores() and format_record(again) == text
