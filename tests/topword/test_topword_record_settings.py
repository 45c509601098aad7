"""A Topword record keeps the game settings that change the end (issue 14), so every
record replays to the same end; records without them still load."""

from __future__ import annotations

import pytest

from motamot.topword.game import EndReason, Game
from motamot.topword.record import RecordError, format_record, parse_record, replay
from tests.topword.test_topword_game import LEX, snapshot


def _ended_by_scoreless_limit() -> Game:
    game = Game(["Ana", "Bo"], 6, LEX, scoreless_limit=3)
    for _ in range(3):
        game.exchange(game.rack()[0])
    assert game.end_reason is EndReason.SCORELESS_LIMIT
    return game


def test_t18_record_keeps_scoreless_limit_and_replays_to_the_same_end() -> None:
    game = _ended_by_scoreless_limit()
    text = format_record(game)
    assert "scoreless_limit: 3\n" in text and "end: scoreless_limit\n" in text
    again = replay(parse_record(text), LEX)
    assert again.scoreless_limit == 3 and snapshot(again) == snapshot(game)
    assert format_record(again) == text


def test_t18_record_without_scoreless_limit_has_no_bound() -> None:
    game = _ended_by_scoreless_limit()
    old = format_record(game).replace("scoreless_limit: 3\n", "")
    with pytest.raises(RecordError) as caught:  # without the limit the end differs
        replay(parse_record(old), LEX)
    assert caught.value.code == "wrong_end"
    assert parse_record(old).scoreless_limit is None


@pytest.mark.parametrize("value", ["0", "-2", "x", "9" * 5000])
def test_t18_record_scoreless_limit_must_be_a_positive_whole_number(value: str) -> None:
    with pytest.raises(RecordError) as caught:
        parse_record(f"seed: 1\nplayers: Ana, Bo\nscoreless limit: {value}\n")
    assert caught.value.code == "bad_scoreless_limit" and len(str(caught.value)) < 200


def test_t18_record_keeps_exchange_is_pass_and_replays_to_the_same_end() -> None:
    from dataclasses import replace

    from motamot.topword.tiles import TOPWORD_FR

    rules = replace(TOPWORD_FR, exchange_is_pass=True)
    game = Game(["Ana", "Bo"], 6, LEX, rules)
    game.exchange(game.rack()[0])
    game.pass_turn()
    assert game.end_reason is EndReason.ALL_PASSED  # the exchange counted as a pass
    text = format_record(game)
    assert "exchange_is_pass: yes\n" in text
    again = replay(parse_record(text), LEX)
    assert again.ruleset == rules and snapshot(again) == snapshot(game)
    assert format_record(again) == text
    # A record of the default ruleset does not name the setting.
    assert "exchange_is_pass" not in format_record(Game(["Ana", "Bo"], 6, LEX))
    with pytest.raises(RecordError) as caught:
        parse_record("seed: 1\nplayers: Ana, Bo\nexchange is pass: maybe\n")
    assert caught.value.code == "bad_yes_no"
