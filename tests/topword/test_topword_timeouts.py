"""T22 in the engine and the record: a turn whose clock ran out passes, but is no pass of
T18 (3) and no scoreless turn; the record writes it `timeout` (`temps`) and replays it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from motamot.topword.game import EndReason, Game, Pass
from motamot.topword.record import format_record, parse_record, replay
from tests.topword.test_topword_game import LEX


def test_t22_two_timeouts_do_not_end_a_game_of_two_at_turn_two() -> None:
    """The issue's game: both clocks run out at once; it used to end « Lou : -35 »."""
    game = Game(["Lou", "Max"], 3, LEX, scoreless_limit=2)
    game.apply(Pass(timed_out=True))
    game.apply(Pass(timed_out=True))
    assert not game.finished and game.passes_in_row == 0 and game.scoreless_in_row == 0
    assert [turn.timed_out for turn in game.turns] == [True, True]
    game.apply(Pass())
    game.apply(Pass())
    assert game.end_reason is EndReason.SCORELESS_LIMIT  # two real passes still end it


@settings(max_examples=40, deadline=None)
@given(st.lists(st.booleans(), min_size=1, max_size=30), st.integers(0, 2**40))
def test_t22_passes_in_a_row_count_only_the_real_passes_since_the_last_timeout(
    timeouts: list[bool], seed: int
) -> None:
    """A slow, obvious count (the real passes after the last timeout or the start)
    against the engine's, and the record written then read gives the same game."""
    game = Game(["Ana", "Bo", "Cy"], seed, LEX)
    for n, timed_out in enumerate(timeouts):
        if game.finished:
            break
        game.apply(Pass(timed_out=timed_out))
        done = timeouts[: n + 1]
        last_timeout = max((i for i, t in enumerate(done) if t), default=-1)
        real_after = len(done) - 1 - last_timeout
        assert game.finished == (real_after >= 3)
    again = replay(parse_record(format_record(game)), LEX)
    assert [t.timed_out for t in again.turns] == [t.timed_out for t in game.turns]
    assert again.end_reason == game.end_reason


def test_t22_the_record_reads_temps_in_french_and_writes_timeout() -> None:
    game = Game(["Ana", "Bo"], 9, LEX)
    game.apply(Pass(timed_out=True))
    text = format_record(game)
    assert "1. " in text and " timeout = 0" in text
    french = text.replace(" timeout ", " temps ")
    assert replay(parse_record(french), LEX).turns[0].timed_out
