"""The Topword board in a terminal, and a position read from the command line.

One drawing for every command: `topword show` and `replay` draw it plain, the
game's screen with colours and the last move's tiles picked out.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet

from motamot.cli.errors import CliError
from motamot.cli.term import Style
from motamot.text.errors import error_text
from motamot.text.i18n import Language, translate
from motamot.text.topword_commands import TOPWORD_COMMANDS
from motamot.topword.board import (
    CENTRE,
    COLUMNS,
    EMPTY_POSITION,
    SIZE,
    Board,
    PositionError,
    parse_position,
)
from motamot.topword.tiles import tile_label

PLAIN = Style(False)


def read_position(text: str, lang: Language) -> Board:
    """The board a POSITION argument gives (`vide`, `empty` or nothing: an empty board)."""
    if text.strip().lower() in {"", "empty", "vide"}:
        text = EMPTY_POSITION
    try:
        return parse_position(text)
    except PositionError as error:
        raise CliError(
            translate(TOPWORD_COMMANDS, "bad_position", lang, error=error_text(error, lang))
        ) from None


def board_lines(
    board: Board, style: Style = PLAIN, highlight: AbstractSet[int] = frozenset()
) -> list[str]:
    """The 10×10 board: each tile with its stack height (`M2`, `Qu1`), `*` on an empty
    red centre square, `·` elsewhere; the tiles of `highlight` picked out."""
    lines = ["    " + "".join(f"{column:>4}" for column in COLUMNS)]
    for row in range(SIZE):
        cells = []
        for col in range(SIZE):
            cell = row * SIZE + col
            height = board.heights[cell]
            if height:
                text = f"{tile_label(board.tops[cell])}{height}"
                styles = ["bold"]
                if cell in highlight:
                    styles += ["yellow"]
                if cell in CENTRE:
                    styles += ["on_red"]
                cells.append(" " * (4 - len(text)) + style(text, *styles))
            elif cell in CENTRE:
                cells.append("   " + style("*", "red", "bold"))
            else:
                cells.append("   " + style("·", "dim"))
        lines.append(f"{row + 1:>3} " + "".join(cells))
    return lines
