"""The 10×10 board with stacks, and its text form (T1, T7).

A cell is an int ``row * 10 + col`` (row 0 is row "1", col 0 is column "A").
The board keeps, per cell, the code of the top tile ("" when empty) and the
stack height (0 when empty) in two flat lists: copying is two list copies and
`push`/`pop` apply and undo placements, for search.

Position text: rows top to bottom joined by ``/``; each cell is ``.`` or its
top letter (``Qu`` for the Qu tile) followed by its height when it is 2 to 5,
e.g. ``....F2AIM..``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar

from motamot.errors import CodedError
from motamot.topword.tiles import QU, tile_code, tile_label

SIZE = 10
CELLS = SIZE * SIZE
COLUMNS = "ABCDEFGHIJ"
#: The four red squares: rows 5-6, columns E-F.
CENTRE: frozenset[int] = frozenset({44, 45, 54, 55})
#: Highest stack the text form accepts (rulesets may be stricter).
MAX_HEIGHT_TEXT = 5

Placement = tuple[int, str]
"""One tile put on one cell by a move: (cell, tile code)."""


class PositionError(CodedError, ValueError):
    """A position text that is not a 10×10 board of cells."""

    TEMPLATES: ClassVar[dict[str, str]] = {
        "height_after_empty": "row {row}: a height {char!r} after an empty cell",
        "bad_character": "row {row}: {char!r} is neither '.', a letter nor a height 2-5",
        "bad_height": "row {row}: height {height} (a stack holds 1 to 5)",
        "row_length": "row {row} has {count} cells, expected {expected}: {text!r}",
        "row_count": "a position has {expected} rows joined by '/', this one has {count}",
    }


def cell_index(row: int, col: int) -> int:
    return row * SIZE + col


def cell_name(cell: int) -> str:
    """A cell as a player names it: row number then column letter, e.g. "5E"."""
    row, col = divmod(cell, SIZE)
    return f"{row + 1}{COLUMNS[col]}"


class Board:
    """Top tile and height of each of the 100 cells; mutable, with push/pop."""

    __slots__ = ("_undo", "heights", "tops")

    def __init__(self) -> None:
        self.tops: list[str] = [""] * CELLS
        self.heights: list[int] = [0] * CELLS
        self._undo: list[list[tuple[int, str, int]]] = []

    # -- reading ----------------------------------------------------------------

    def is_empty(self) -> bool:
        return not any(self.heights)

    def tile_count(self) -> int:
        """Tiles on the board, covered ones included (the sum of the heights)."""
        return sum(self.heights)

    def run(self, cell: int, across: bool) -> list[int]:
        """The maximal line of occupied cells through `cell` (just [cell] when alone).

        `cell` itself is included even when empty, so callers can ask before applying.
        Walks the cells themselves, not (row, column) pairs: the referee asks for a run
        per placed tile of every move a bot plays.
        """
        heights = self.heights
        start = end = cell
        if across:
            first = cell - cell % SIZE
            last = first + SIZE - 1
            while start > first and heights[start - 1]:
                start -= 1
            while end < last and heights[end + 1]:
                end += 1
            return list(range(start, end + 1))
        while start >= SIZE and heights[start - SIZE]:
            start -= SIZE
        while end < CELLS - SIZE and heights[end + SIZE]:
            end += SIZE
        return list(range(start, end + 1, SIZE))

    def word(self, cells: Iterable[int]) -> str:
        """The folded letters the top tiles of `cells` read as (`tile_letters`, inlined: the
        referee reads every word of every move a bot plays)."""
        tops = self.tops
        return "".join(["QU" if tops[cell] == QU else tops[cell] for cell in cells])

    # -- changing -----------------------------------------------------------------

    def push(self, placements: Sequence[Placement]) -> None:
        """Put each tile on its cell (no rule checked); `pop` undoes it."""
        undo = []
        tops, heights = self.tops, self.heights
        for cell, tile in placements:
            undo.append((cell, tops[cell], heights[cell]))
            tops[cell] = tile
            heights[cell] += 1
        self._undo.append(undo)

    def place(self, placements: Sequence[Placement]) -> None:
        """Put each tile on its cell for good (no undo kept), as a game does."""
        tops, heights = self.tops, self.heights
        for cell, tile in placements:
            tops[cell] = tile
            heights[cell] += 1

    def pop(self) -> None:
        """Undo the last `push`."""
        tops, heights = self.tops, self.heights
        for cell, top, height in reversed(self._undo.pop()):
            tops[cell] = top
            heights[cell] = height

    def copy(self) -> Board:
        """An independent board with the same tiles (and no undo history)."""
        other = Board.__new__(Board)
        other.tops = self.tops.copy()
        other.heights = self.heights.copy()
        other._undo = []
        return other

    # -- text -------------------------------------------------------------------------

    @classmethod
    def from_position(cls, text: str) -> Board:
        return parse_position(text)

    def position(self) -> str:
        return format_position(self)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return self.tops == other.tops and self.heights == other.heights

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Board.from_position({format_position(self)!r})"


def _height_digit(char: str) -> int | None:
    """An ASCII digit's value; None for anything else (`'²'.isdigit()` holds, `int('²')` fails)."""
    return ord(char) - 48 if "0" <= char <= "9" else None


def _parse_row(text: str, number: int) -> list[tuple[str, int]]:
    cells: list[tuple[str, int]] = []
    i = 0
    while i < len(text):
        char = text[i]
        if char == ".":
            cells.append(("", 0))
            i += 1
            if i < len(text) and text[i].isdigit():
                raise PositionError("height_after_empty", row=number, char=text[i])
            continue
        tile = tile_code(char)
        if tile is None:
            raise PositionError("bad_character", row=number, char=char)
        i += 1
        if tile == QU and i < len(text) and text[i] in "uU":
            i += 1  # "Qu" (or "QU", "qu"): the one Qu tile
        height = 1
        digit = _height_digit(text[i]) if i < len(text) else None
        if digit is not None:
            height = digit
            i += 1
            if not 1 <= height <= MAX_HEIGHT_TEXT:
                raise PositionError("bad_height", row=number, height=height)
            if i < len(text) and text[i].isdigit():
                raise PositionError("bad_height", row=number, height=text[i - 1 : i + 1])
        elif i < len(text) and text[i].isdigit():
            raise PositionError("bad_character", row=number, char=text[i])
        cells.append((tile, height))
    if len(cells) != SIZE:
        raise PositionError(
            "row_length", row=number, count=len(cells), expected=SIZE, text=_excerpt(text)
        )
    return cells


def _excerpt(text: str, limit: int = 40) -> str:
    """The start of an over-long text, for a message."""
    return text if len(text) <= limit else text[:limit] + "…"


def parse_position(text: str) -> Board:
    """The board a position text describes (PositionError with the fault otherwise).

    Forgiving: spaces are ignored, letters may be lower case, rows may also be
    separated by new lines, `Qu`/`QU`/`Q` all name the Qu tile, height 1 may be written.
    """
    by_slash = "/" in text
    rows_text = ["".join(row.split()) for row in text.split("/")] if by_slash else text.split()
    if len(rows_text) == SIZE + 1 and rows_text[-1] == "":
        rows_text.pop()  # a trailing '/'
    if len(rows_text) != SIZE:
        raise PositionError("row_count", expected=SIZE, count=len(rows_text))
    board = Board()
    for row, row_text in enumerate(rows_text):
        for col, (tile, height) in enumerate(_parse_row(row_text, row + 1)):
            board.tops[row * SIZE + col] = tile
            board.heights[row * SIZE + col] = height
    return board


def format_position(board: Board) -> str:
    """The canonical text of a board (`parse_position` reads it back)."""
    rows = []
    for row in range(SIZE):
        parts = []
        for cell in range(row * SIZE, row * SIZE + SIZE):
            height = board.heights[cell]
            if not height:
                parts.append(".")
            else:
                parts.append(tile_label(board.tops[cell]) + (str(height) if height > 1 else ""))
        rows.append("".join(parts))
    return "/".join(rows)


EMPTY_POSITION = "/".join(["." * SIZE] * SIZE)
