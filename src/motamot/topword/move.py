"""Move notation: `5E FAIM` across (row first), `E5 FAIM` down (column first).

The word is written in full as it reads along its line after the move (QU for
the Qu tile). A new tile goes on every cell of the word that is empty or whose
top letter differs from the word's letter; the other cells keep their tile.
So the notation and the board fix the placements (`placements`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from motamot.errors import CodedError
from motamot.lexicon import FoldError, fold
from motamot.topword.board import COLUMNS, SIZE, Board, Placement
from motamot.topword.tiles import QU, tiles_word


class MoveSyntaxError(CodedError, ValueError):
    """A move text that is not `<row><col> WORD` or `<col><row> WORD`."""

    TEMPLATES: ClassVar[dict[str, str]] = {
        "not_letters": "{word!r} is not a word of letters ({reason})",
        "q_without_u": "{word!r}: Q without U (the only Q tile is Qu)",
        "not_a_move": "move {move!r}: expected a cell then a word, "
        "e.g. '5E MAIN' (across) or 'E5 MAIN' (down)",
        "bad_row": "move {move!r}: row {row} is not 1 to {size}",
        "bad_column": "move {move!r}: column {column} is not A to {last}",
    }


_MOVE = re.compile(
    r"^\s*(?:(?P<row1>\d{1,2})\s*(?P<col1>[A-Za-z])|(?P<col2>[A-Za-z])\s*(?P<row2>\d{1,2}))"
    r"\s+(?P<word>\S+)\s*$"
)


@dataclass(frozen=True, slots=True)
class Move:
    """A word laid from (row, col) along a row (`across`) or down a column.

    `tiles` are tile codes ("Q" is the Qu tile); cells beyond the board are
    allowed here and refused by the referee (`off_board`).
    """

    row: int
    col: int
    across: bool
    tiles: tuple[str, ...]

    @property
    def word(self) -> str:
        return tiles_word(self.tiles)

    @property
    def step(self) -> int:
        return 1 if self.across else SIZE

    def cells(self) -> list[int]:
        """The cells of the word (only meaningful when `fits`)."""
        start = self.row * SIZE + self.col
        step = 1 if self.across else SIZE
        return list(range(start, start + len(self.tiles) * step, step))

    def fits(self) -> bool:
        """Whether every cell of the word is on the board."""
        end = (self.col if self.across else self.row) + len(self.tiles)
        return 0 <= self.row < SIZE and 0 <= self.col < SIZE and end <= SIZE

    def __str__(self) -> str:
        return format_move(self)


def word_tiles(word: str) -> tuple[str, ...]:
    """The tiles of a written word: accents folded (W2), QU read as the Qu tile."""
    try:
        letters = fold(word)
    except FoldError as error:
        raise MoveSyntaxError("not_letters", word=word, reason=error.reason.value) from None
    tiles: list[str] = []
    i = 0
    while i < len(letters):
        letter = letters[i]
        if letter == QU:
            if letters[i + 1 : i + 2] != "U":
                raise MoveSyntaxError("q_without_u", word=word)
            i += 1
        tiles.append(letter)
        i += 1
    return tuple(tiles)


def parse_move(text: str) -> Move:
    """Read `5E FAIM` (across) or `E5 FAIM` (down); MoveSyntaxError otherwise."""
    match = _MOVE.match(text)
    if match is None:
        raise MoveSyntaxError("not_a_move", move=text)
    across = match["row1"] is not None
    row_text = match["row1"] if across else match["row2"]
    col_text = (match["col1"] if across else match["col2"]).upper()
    row = int(row_text) - 1
    if not 0 <= row < SIZE:
        raise MoveSyntaxError("bad_row", move=text, row=row_text, size=SIZE)
    if col_text not in COLUMNS:
        raise MoveSyntaxError("bad_column", move=text, column=col_text, last=COLUMNS[-1])
    return Move(row, COLUMNS.index(col_text), across, word_tiles(match["word"]))


def format_move(move: Move) -> str:
    """The canonical text of a move (`parse_move` reads it back)."""
    row, col = str(move.row + 1), COLUMNS[move.col] if 0 <= move.col < SIZE else "?"
    start = row + col if move.across else col + row
    return f"{start} {move.word}"


def placements(board: Board, move: Move) -> list[Placement]:
    """The tiles the move puts down: on each cell that is empty or shows another letter."""
    tops = board.tops
    return [
        (cell, tile)
        for cell, tile in zip(move.cells(), move.tiles, strict=True)
        if tops[cell] != tile
    ]


def move_from_placements(board: Board, cells_tiles: list[Placement], across: bool) -> Move:
    """The notation of placements along a line (the run they make after being applied).

    Used by the move generator to name what it found; does not check rules.
    """
    board.push(cells_tiles)
    try:
        run = board.run(cells_tiles[0][0], across)
        tiles = tuple(board.tops[cell] for cell in run)
    finally:
        board.pop()
    row, col = divmod(run[0], SIZE)
    return Move(row, col, across, tiles)
