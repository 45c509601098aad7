"""Small inline SVG pictures of a Topword board (the home page's card, the guide): a part
of the board, its centre squares, letters stacked as tiles one on another. Several parts
side by side show a move (before → after). Classes only: the colours are in app.css."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape

from motamot.topword.board import CENTRE, SIZE

#: A square, the gap between two, and how far each tile of a stack sits above the one
#: under it, in the picture's units.
SQUARE = 10
GAP = 1
LIFT = 1.6
#: The room an axis' labels take (row numbers on the left, column letters on top).
AXIS = 6
#: The room between two parts, where the arrow is.
BETWEEN = 14
COLUMNS = "ABCDEFGHIJ"


@dataclass(frozen=True)
class Crop:
    """Part of the board: `letters` row by row (`.` an empty square, one letter a tile),
    the `heights` of their stacks (digits; a letter without one is a single tile), from
    the board's row `top` and column `left` (0-based); `axes`: its row numbers and column
    letters drawn."""

    letters: tuple[str, ...]
    heights: tuple[str, ...] = ()
    top: int = 0
    left: int = 0
    axes: bool = False

    @property
    def rows(self) -> int:
        return len(self.letters)

    @property
    def cols(self) -> int:
        return max(len(row) for row in self.letters)

    def height(self, row: int, col: int) -> int:
        letter = self.letters[row][col] if col < len(self.letters[row]) else "."
        if letter == ".":
            return 0
        if row < len(self.heights) and col < len(self.heights[row]):
            return max(1, int(self.heights[row][col]))
        return 1

    def size(self) -> tuple[float, float]:
        margin = AXIS if self.axes else 0
        return margin + GAP + self.cols * (SQUARE + GAP), margin + GAP + self.rows * (SQUARE + GAP)


def _crop(crop: Crop, dx: float) -> list[str]:
    margin = AXIS if crop.axes else 0
    step = SQUARE + GAP
    parts: list[str] = []
    if crop.axes:
        for col in range(crop.cols):
            x = dx + margin + GAP + col * step + SQUARE / 2
            parts.append(
                f'<text class="pic-axis" x="{x:g}" y="{AXIS / 2:g}" text-anchor="middle"'
                f' dominant-baseline="central">{COLUMNS[crop.left + col]}</text>'
            )
        for row in range(crop.rows):
            y = margin + GAP + row * step + SQUARE / 2
            parts.append(
                f'<text class="pic-axis" x="{dx + AXIS / 2:g}" y="{y:g}" text-anchor="middle"'
                f' dominant-baseline="central">{crop.top + row + 1}</text>'
            )
    for row in range(crop.rows):
        for col in range(crop.cols):
            x = dx + margin + GAP + col * step
            y = margin + GAP + row * step
            cell = (crop.top + row) * SIZE + crop.left + col
            square = "pic-square centre" if cell in CENTRE else "pic-square"
            parts.append(
                f'<rect class="{square}" x="{x:g}" y="{y:g}" width="{SQUARE}"'
                f' height="{SQUARE}" rx="1.4"/>'
            )
            height = crop.height(row, col)
            for level in range(height):  # each tile of the stack a little above the last
                lift = level * LIFT
                parts.append(
                    f'<rect class="pic-tile h{min(level + 1, 5)}" x="{x - lift:g}" y="{y - lift:g}"'
                    f' width="{SQUARE}" height="{SQUARE}" rx="1.4"/>'
                )
            if height:
                lift = (height - 1) * LIFT
                parts.append(
                    f'<text class="pic-letter" x="{x - lift + SQUARE / 2:g}"'
                    f' y="{y - lift + SQUARE / 2:g}" text-anchor="middle"'
                    f' dominant-baseline="central">{escape(crop.letters[row][col])}</text>'
                )
    return parts


def board_picture(crops: Sequence[Crop], label: str) -> Markup:
    """The parts of the board `crops`, side by side with an arrow between two (a move:
    before, after); `label` says the picture to a screen reader."""
    sizes = [crop.size() for crop in crops]
    width = sum(w for w, _ in sizes) + BETWEEN * (len(crops) - 1) + LIFT * 4
    height = max(h for _, h in sizes) + LIFT * 4
    parts = [
        f'<svg class="picture board-picture" viewBox="{-LIFT * 4:g} {-LIFT * 4:g} {width:g}'
        f' {height:g}" role="img" aria-label="{escape(label)}" focusable="false">'
    ]
    dx = 0.0
    for number, (crop, (w, h)) in enumerate(zip(crops, sizes, strict=True)):
        if number:
            parts.append(
                f'<text class="pic-arrow" x="{dx + BETWEEN / 2:g}" y="{h / 2:g}"'
                f' text-anchor="middle" dominant-baseline="central">→</text>'
            )
            dx += BETWEEN
        parts.extend(_crop(crop, dx))
        dx += w
    parts.append("</svg>")
    return Markup("".join(parts))
