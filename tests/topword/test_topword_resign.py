"""T21: a player resigns on their turn; with 3 or 4 players the others play on."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from motamot.topword.game import Action, EndReason, Game, GameError, Resign
from motamot.topword.record import format_record, parse_record, replay
from tests.topword.test_topword_game import LEX, legal_moves


def test_t21_with_three_players_the_others_play_on() -> None:
    game = Game(["Ana", "Bo", "Cy"], 5, LEX)
    total = game.tile_total()
    leaver = game.current
    rack = game.rack()
    turn = game.resign()
    assert turn.action is Action.RESIGN and turn.rack == rack
    assert not game.finished and game.playing() == [p for p in range(3) if p != leaver]
    assert game.racks[leaver] == [] and game.set_aside == list(rack)  # out of play
    assert game.tile_total() == total
    seen = [game.current]
    for _ in range(4):  # the leaver's turn never comes again
        game.pass_turn() if len(seen) % 2 else game.exchange(game.rack()[0])
        seen.append(game.current)
    assert leaver not in seen


def test_t21_with_two_players_the_other_wins_at_once_whatever_the_scores() -> None:
    game = Game(["Ana", "Bo"], 5, LEX)
    while not (moves := legal_moves(game)):
        game.pass_turn()
    game.play(moves[0].move)
    scorer = game.turns[-1].player
    assert game.scores[scorer] > 0
    game.pass_turn() if game.current != scorer else None
    assert game.current == scorer
    game.resign()  # the one ahead leaves
    assert game.end_reason is EndReason.RESIGNED
    assert game.winners() == [1 - scorer]
    assert game.final_scores()[scorer] == game.scores[scorer]  # no T19 penalty: no tiles
    with pytest.raises(GameError, match="over"):
        game.resign()


def test_t19_t21_a_game_the_others_resigned_takes_no_end_penalty_from_the_winner() -> None:
    """The one left wins with the tiles still on their rack: the game stopped, it was not
    played out, so no T19 penalty (a winner shown at -35 beside a loser at 0 was wrong)."""
    game = Game(["Ana", "Bo", "Cy"], 5, LEX)
    first = game.current
    game.resign()
    second = game.current
    game.resign()
    (left,) = {0, 1, 2} - {first, second}
    assert game.end_reason is EndReason.RESIGNED and game.winners() == [left]
    assert len(game.racks[left]) == 7 and game.penalties == [0, 0, 0]
    assert game.final_scores() == game.scores == [0, 0, 0]


def test_t21_the_last_two_passing_after_a_resign_end_the_game() -> None:
    game = Game(["Ana", "Bo", "Cy"], 5, LEX)
    game.resign()
    game.pass_turn()
    assert not game.finished
    game.pass_turn()  # everybody left passed in a row (T18 (3))
    assert game.end_reason is EndReason.ALL_PASSED


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32), st.lists(st.sampled_from(["pass", "resign", "exchange"]), max_size=8))
def test_t21_a_record_with_resigns_replays_to_the_same_game(seed: int, actions: list[str]) -> None:
    game = Game(["Ana", "Bo", "Cy", "Di"], seed, LEX)
    for action in actions:
        if game.finished:
            break
        if action == "resign":
            game.apply(Resign())
        elif action == "exchange" and game.bag:
            game.exchange(game.rack()[0])
        else:
            game.pass_turn()
    text = format_record(game)
    again = replay(parse_record(text), LEX)
    assert format_record(again) == text
    assert again.resigned == game.resigned and again.end_reason == game.end_reason
    assert ("resign" in text) == bool(game.resigned)


def test_p1_a_removed_player_resigns_out_of_turn_and_the_turn_stays() -> None:
    game = Game(["Ana", "Bo", "Cy"], 5, LEX)
    to_play = game.current
    leaver = (to_play + 1) % 3
    rack = game.rack(leaver)
    turn = game.resign(leaver)
    assert turn.player == leaver and turn.rack == rack and turn.action is Action.RESIGN
    assert game.current == to_play  # the turn is not taken from who was to play
    assert game.racks[leaver] == [] and leaver not in game.playing()
    with pytest.raises(GameError, match="not in the game"):
        game.resign(leaver)  # once only
    game.pass_turn()
    assert game.current != leaver  # passed over from then on
    assert not game.finished


def test_p1_removing_the_last_opponent_ends_the_game_and_the_other_wins() -> None:
    game = Game(["Ana", "Bo"], 5, LEX)
    to_play = game.current
    game.resign(1 - to_play)
    assert game.end_reason is EndReason.RESIGNED and game.winners() == [to_play]


def test_p1_an_out_of_turn_resign_after_everybody_left_passed_ends_the_game() -> None:
    game = Game(["Ana", "Bo", "Cy"], 5, LEX)
    first = game.current
    game.pass_turn()
    game.pass_turn()  # two of three passed; the third is to play
    assert not game.finished
    game.resign(first)  # the two left have both passed in a row (T18 (3))
    assert game.end_reason is EndReason.ALL_PASSED


@settings(max_examples=30, deadline=None)
@given(
    st.integers(0, 2**32),
    st.lists(
        st.tuples(st.sampled_from(["pass", "resign", "remove"]), st.integers(0, 3)), max_size=8
    ),
)
def test_p1_a_record_with_out_of_turn_resigns_replays_to_the_same_game(
    seed: int, actions: list[tuple[str, int]]
) -> None:
    game = Game(["Ana", "Bo", "Cy", "Di"], seed, LEX)
    for action, who in actions:
        if game.finished:
            break
        if action == "remove" and who in game.playing():
            game.apply(Resign(who))
        elif action == "resign":
            game.apply(Resign())
        else:
            game.pass_turn()
    text = format_record(game)
    again = replay(parse_record(text), LEX)
    assert format_record(again) == text
    assert again.resigned == game.resigned and again.end_reason == game.end_reason
    assert again.current == game.current
