"""Whole games to the end with the move generator: T18 conditions, T19, records (fr, en)."""

from __future__ import annotations

import hashlib

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


#: Greedy two-player games from seeds 1000-1007, as played before the referee was made
#: faster: (final scores, turns, the start of the sha256 of "move:points ..." per turn).
GREEDY_GAMES = {
    "topword-fr": [
        ((208, 283), 27, "2ed4dff27b01"),
        ((315, 332), 32, "d50cd778dc8f"),
        ((298, 371), 29, "496cb537e7ce"),
        ((288, 281), 34, "db4d6cabcd5f"),
        ((284, 277), 35, "7e54ee0f4b7b"),
        ((240, 318), 27, "71dc660b0884"),
        ((265, 298), 29, "47fad4987b2c"),
        ((263, 295), 37, "d716424f385d"),
    ],
    "upwords-en": [
        ((366, 413), 41, "c02c736e79f0"),
        ((316, 248), 33, "c1cb29c589ea"),
        ((238, 387), 37, "82c91f389156"),
        ((312, 318), 33, "40b10a14c822"),
        ((362, 297), 43, "810eca2eeba8"),
        ((273, 346), 41, "9aa03d822693"),
        ((356, 375), 36, "662b53591031"),
        ((389, 324), 43, "42a7018ff0ee"),
    ],
}


@pytest.mark.parametrize("ruleset", [TOPWORD_FR, UPWORDS_EN], ids=lambda rules: rules.name)
def test_greedy_self_play_is_unchanged_move_for_move(ruleset: Ruleset) -> None:
    """The referee's fast paths change no move, score or end of a whole game."""
    lexicon = load_lexicon(ruleset.dictionary)
    played = []
    for seed in range(1000, 1008):
        game = Game(
            ["A", "B"], seed, lexicon, ruleset, can_play=generator_can_play(ruleset, lexicon)
        )
        while not game.finished:
            found = best_move(game.board, game.rack(), ruleset, lexicon)
            if found is None:
                game.pass_turn()
            else:
                game.play(found.move)
        moves = " ".join(f"{turn.move}:{turn.points}" if turn.move else "-" for turn in game.turns)
        digest = hashlib.sha256(moves.encode()).hexdigest()[:12]
        played.append((tuple(game.final_scores()), len(game.turns), digest))
    assert played == GREEDY_GAMES[ruleset.name]
