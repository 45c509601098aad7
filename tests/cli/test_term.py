"""The terminal helpers: colour rules, layout, the grid and board drawings, the key reader."""

from __future__ import annotations

import io
import os

import pytest

from motamot.boggle import parse_grid
from motamot.cli.term import (
    LineReader,
    Style,
    clock_text,
    colour_allowed,
    flow,
    grid_lines,
    shorten,
    side_by_side,
    strip_ansi,
    visible_len,
)
from motamot.cli.topword_board import board_lines
from motamot.topword import Board, parse_position


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_colour_only_on_a_terminal_without_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    assert colour_allowed(_Tty())
    assert not colour_allowed(io.StringIO())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not colour_allowed(_Tty())
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("TERM", "dumb")
    assert not colour_allowed(_Tty())


def test_style_wraps_only_when_enabled() -> None:
    assert Style(False)("mot", "bold", "red") == "mot"
    coloured = Style(True)("mot", "bold", "red")
    assert coloured == "\x1b[1;31mmot\x1b[0m"
    assert strip_ansi(coloured) == "mot"
    assert visible_len(coloured) == 3


def test_clock_text_counts_down_in_minutes_and_seconds() -> None:
    assert clock_text(180) == "3:00"
    assert clock_text(65.2) == "1:06"  # a started second still shows
    assert clock_text(0.4) == "0:01"
    assert clock_text(-3) == "0:00"


def test_flow_keeps_lines_within_width_ignoring_colour() -> None:
    tokens = [Style(True)(f"MOT{i}", "green") + " 1" for i in range(40)]
    lines = flow(tokens, 30)
    assert all(visible_len(line) <= 30 for line in lines)
    assert (
        " ".join(strip_ansi(line).strip() for line in lines).split()
        == " ".join(strip_ansi(t) for t in tokens).split()
    )
    assert flow([], 30) == []


def test_b7_grid_draws_qu_in_one_cell_and_fits_80_columns() -> None:
    grid = parse_grid("EFSR/OTEM/QuLEA/XLZU")
    lines = grid_lines(grid, Style(False))
    assert " C │ Qu  │  L  │  E  │  A  │" in lines
    assert len(lines) == 2 * grid.size + 2
    big = grid_lines(parse_grid("ABCDEF/" * 5 + "ABCDEF"), Style(False))
    assert max(visible_len(line) for line in big) <= 80


def test_b13_grid_shows_a_path_in_order() -> None:
    grid = parse_grid("ORTE/BEST/INAM/GTED")
    path = ((2, 3), (2, 2), (2, 1), (2, 0), (1, 1), (1, 2))  # MANIES
    lines = grid_lines(grid, Style(False), path)
    assert " C │ I4  │ N3  │ A2  │ M1  │" in lines
    assert " B │  B  │ E5  │ S6  │  T  │" in lines


def test_side_by_side_pads_the_left_block() -> None:
    lines = side_by_side(["ab", "abcd"], ["x", "y", "z"], gap=1)
    assert lines == ["ab   x", "abcd y", "     z"]


def test_topword_board_shows_heights_and_centre() -> None:
    board = parse_position(
        "........../........../........../........../....MAIN../"
        "........../........../........../........../........Qu3."
    )
    lines = board_lines(board, Style(False), set())
    assert lines[0].split() == list("ABCDEFGHIJ")
    assert lines[5].split() == ["5", "·", "·", "·", "·", "M1", "A1", "I1", "N1", "·", "·"]
    assert lines[6].split()[5:7] == ["*", "*"]  # the empty red squares of row 6
    assert lines[10].split()[-2] == "Qu3"
    assert max(visible_len(line) for line in lines) <= 80
    empty = board_lines(Board(), Style(False), set())
    assert sum(line.count("*") for line in empty) == 4


def _reader_with(data: bytes) -> LineReader:
    read, write = os.pipe()
    os.write(write, data)
    os.close(write)
    return LineReader(read)


def test_line_reader_reads_accented_lines_from_a_pipe() -> None:
    reader = _reader_with("santé\nœuf\n".encode())
    assert reader.poll(1) == "santé"
    assert reader.poll(1) == "œuf"
    with pytest.raises(EOFError):
        reader.poll(1)


def test_line_reader_edits_keys() -> None:
    reader = LineReader(0)
    reader.feed("mais\x7f\x7fs")  # backspace twice
    assert reader.buffer == "mas"
    reader.feed("\x1b[Ds")  # an arrow key is ignored
    assert reader.buffer == "mass"
    reader.feed("\x15abc\r")  # Ctrl-U clears the line
    assert reader.poll(0) == "abc"
    with pytest.raises(KeyboardInterrupt):
        reader.feed("\x03")
    with pytest.raises(EOFError):
        reader.feed("\x04")


def test_shorten_cuts_to_width_with_an_ellipsis() -> None:
    assert shorten("abcdef", 10) == "abcdef"
    assert shorten("abcdef", 4) == "abc…"
    assert shorten(Style(True)("abcdef", "red"), 4) == "abc…"
    assert visible_len(shorten(Style(True)("abc", "red"), 4)) == 3
