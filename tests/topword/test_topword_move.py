"""Move notation: `5E FAIM` across, `E5 FAIM` down; placements follow from the board."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from motamot.topword import (
    EMPTY_POSITION,
    QU,
    Move,
    MoveSyntaxError,
    format_move,
    parse_move,
    parse_position,
    placements,
)


def test_across_and_down() -> None:
    across = parse_move("5E FAIM")
    assert (across.row, across.col, across.across, across.word) == (4, 4, True, "FAIM")
    assert across.cells() == [44, 45, 46, 47]
    down = parse_move("E5 FAIM")
    assert (down.row, down.col, down.across) == (4, 4, False)
    assert down.cells() == [44, 54, 64, 74]
    assert str(across) == "5E FAIM" and format_move(down) == "E5 FAIM"


def test_notation_is_forgiving() -> None:
    assert parse_move("  10j  faîm ") == Move(9, 9, True, tuple("FAIM"))
    assert parse_move("e 5 Faim") == parse_move("E5 FAIM")


def test_qu_in_a_word_is_one_tile() -> None:
    move = parse_move("5E QUIZ")
    assert move.tiles == (QU, "I", "Z") and move.word == "QUIZ"
    assert format_move(move) == "5E QUIZ"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "expected a cell"),
        ("5E", "expected a cell"),
        ("FAIM", "expected a cell"),
        ("11A MAIN", "row 11"),
        ("0A MAIN", "row 0"),
        ("5K MAIN", "column K"),
        ("5E COQ", "Q without U"),
        ("5E MA1N", "not a word"),
        ("5E5 MAIN", "expected a cell"),
    ],
)
def test_bad_moves_are_refused_clearly(text: str, message: str) -> None:
    with pytest.raises(MoveSyntaxError, match=message):
        parse_move(text)


def test_placements_skip_cells_showing_the_same_letter() -> None:
    board = parse_position(EMPTY_POSITION.replace("..........", "....DAIM..", 1))
    assert placements(board, parse_move("1E FAIM")) == [(4, "F")]
    assert placements(board, parse_move("1E DAIM")) == []
    assert placements(board, parse_move("2E FAIM")) == [(14, "F"), (15, "A"), (16, "I"), (17, "M")]


@given(
    st.integers(0, 9),
    st.integers(0, 9),
    st.booleans(),
    st.lists(st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWXYZ"), min_size=1, max_size=10),
)
def test_notation_round_trips(row: int, col: int, across: bool, tiles: list[str]) -> None:
    move = Move(row, col, across, tuple(tiles))
    assert parse_move(format_move(move)) == move
