"""The text game record: round trip, forgiving reading, clear errors."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from motamot.topword.game import Game
from motamot.topword.record import RecordError, format_record, parse_record, replay
from tests.topword.test_topword_game import LEX, legal_moves, play_out, snapshot


def sample_game() -> Game:
    game = Game(["Ana", "Bo"], 3, LEX)
    game.play(legal_moves(game)[0].move)
    game.exchange(game.rack()[0])
    game.play(legal_moves(game)[0].move)
    game.pass_turn()
    return game


def test_record_replays_to_the_same_state() -> None:
    game = sample_game()
    text = format_record(game)
    assert text.startswith("# motamot topword record\nseed: 3\n")
    assert "exchange" in text and "pass = " in text
    again = replay(parse_record(text), LEX)
    assert snapshot(again) == snapshot(game)
    assert format_record(again) == text


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.integers(0, 2), st.booleans())
def test_record_round_trips(seed: int, choice: int, finish: bool) -> None:
    game = Game(["Ana", "Bo", "Cy"], seed, LEX)
    play_out(game, 6, choice)
    if finish:
        while not game.finished:  # three passes in a row end it (or fewer, another way)
            game.pass_turn()
    text = format_record(game)
    again = replay(parse_record(text), LEX)
    assert snapshot(again) == snapshot(game)
    assert again.final_scores() == game.final_scores()
    assert format_record(again) == text


def test_record_reading_is_forgiving() -> None:
    game = sample_game()
    lines = format_record(game).splitlines()
    loose = [
        "# a comment",
        "",
        "SEED : 3  # the seed",
        "Dict: fr",
        "règles: TOPWORD-FR",
        "joueurs:  Ana ,Bo",
    ]
    turns = [line for line in lines if line[0].isdigit()]
    # no rack, no points, no total; lower case; French actions
    loose.append("1) Ana : " + turns[0].split("] ")[1].split(" +")[0].lower())
    loose.append("2. Bo: échange " + turns[1].split("exchange ")[1].split(" =")[0])
    loose.append(turns[2])
    loose.append("4. Bo: passe")
    again = replay(parse_record("\n".join(loose)), LEX)
    assert snapshot(again) == snapshot(game)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda t: t.replace("seed: 3", "seed: three"), "line 2: seed"),
        (lambda t: t.replace("seed: 3\n", ""), "no 'seed:'"),
        (lambda t: t.replace("ruleset: topword-fr", "ruleset: chess"), "line 3: no ruleset"),
        (lambda t: t.replace("players: Ana, Bo", "players: Ana"), "2 to 4"),
        (lambda t: t + "hello\n", "unknown line"),
        (lambda t: t.replace("1. Ana", "1. Bo"), "line 7: it is Ana's turn"),
        (lambda t: t.replace("1. Ana", "2. Ana"), "expected turn 1"),
        (lambda t: t.replace("start: Ana", "start: Bo"), "makes Ana start"),
        (lambda t: t + "5. Ana: pass\n", None),
        (lambda t: t + "5. Ana: 1A ZZZZ\n", "line 11"),
        (lambda t: t + "5. Ana: 1A\n", "line 11"),
        (lambda t: t + "5. Ana: [AB] pass\n", "rack is"),
        (lambda t: t + "5. Ana: exchange 7\n", "not a tile"),
        (lambda t: t + "5. Ana: [AB pass\n", "without"),
        (lambda t: t + "5. Ana: pass = 99\n", "total is"),
    ],
)
def test_bad_records_give_clear_errors(edit: object, message: str | None) -> None:
    text = format_record(sample_game())
    assert text.splitlines()[6].startswith("1. Ana")
    changed = edit(text)  # type: ignore[operator]
    if message is None:  # a valid continuation: replays fine
        assert replay(parse_record(changed), LEX).turns[-1].action.value == "pass"
        return
    with pytest.raises(RecordError, match=message):
        replay(parse_record(changed), LEX)


def test_wrong_points_in_a_record_are_caught() -> None:
    text = format_record(sample_game())
    line = next(line for line in text.splitlines() if line.startswith("1."))
    points = line.split(" +")[1].split(" ")[0]
    bad = text.replace(f"+{points} =", f"+{int(points) + 1} =", 1)
    with pytest.raises(RecordError, match="line 7: the move scores"):
        replay(parse_record(bad), LEX)


def test_replay_of_a_finished_record_refuses_more_turns() -> None:
    game = sample_game()
    game.pass_turn()  # Bo passed just before: everybody has passed
    text = format_record(game)
    assert "end: all_passed" in text and "final: " in text
    with pytest.raises(RecordError, match="already over"):
        replay(parse_record(text.replace("end:", "6. Bo: pass\nend:")), LEX)
    with pytest.raises(RecordError, match="final"):
        replay(parse_record(text.replace("final: Ana", "final: Ana 1000, X")), LEX)
