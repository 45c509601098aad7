"""Small inline SVG pictures of a Boggle grid (the home page's card, the guide): the dice
and a word traced on them. Inline so they cost no request; drawn with classes only (the
colours are in app.css: the Content-Security-Policy allows no inline style)."""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup, escape

from motamot.boggle.grid import Cell, parse_grid

#: A die's square, and the gap between two, in the picture's units.
DIE = 10
GAP = 1


def _centre(cell: Cell) -> tuple[float, float]:
    row, col = cell
    step = DIE + GAP
    return GAP + col * step + DIE / 2, GAP + row * step + DIE / 2


def grid_picture(grid_text: str, path: Sequence[Cell], label: str) -> Markup:
    """The grid `grid_text` (`ORTE/BEST/INAM/GTED`) with the word along `path` traced
    under its letters (its dice lit, a dot on the first); `label` says it to a screen
    reader."""
    grid = parse_grid(grid_text)
    n = grid.size
    side = GAP + n * (DIE + GAP)
    traced = set(path)
    parts = [
        f'<svg class="picture grid-picture" viewBox="0 0 {side} {side}" role="img"'
        f' aria-label="{escape(label)}" focusable="false">'
    ]
    cells = [((index // n, index % n), face) for index, face in enumerate(grid.faces)]
    for cell, _ in cells:
        x, y = _centre(cell)
        lit = " lit" if cell in traced else ""
        parts.append(
            f'<rect class="pic-die{lit}" x="{x - DIE / 2:g}" y="{y - DIE / 2:g}" width="{DIE}"'
            f' height="{DIE}" rx="1.8"/>'
        )
    if path:
        points = " ".join(f"{x:g},{y:g}" for x, y in map(_centre, path))
        start_x, start_y = _centre(path[0])
        parts.append(f'<polyline class="pic-trace" points="{points}"/>')
        parts.append(f'<circle class="pic-start" cx="{start_x:g}" cy="{start_y:g}" r="1.6"/>')
    for cell, face in cells:
        x, y = _centre(cell)
        size = "pic-letter two" if len(face) > 1 else "pic-letter"
        parts.append(
            f'<text class="{size}" x="{x:g}" y="{y:g}" text-anchor="middle"'
            f' dominant-baseline="central">{escape(face)}</text>'
        )
    parts.append("</svg>")
    return Markup("".join(parts))
