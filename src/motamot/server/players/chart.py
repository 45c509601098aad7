"""A rating's history as a small inline SVG: a line over the games, no script."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

WIDTH = 300
HEIGHT = 80
PAD = 6


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    #: The polyline's points ("x,y x,y ...") and the last point (its dot).
    points: str
    last: tuple[float, float]
    low: int
    high: int


def rating_chart(shown: Sequence[int]) -> Chart:
    """The line of `shown` ratings (the first is the rating before any game)."""
    low, high = min(shown), max(shown)
    span = max(high - low, 1)
    steps = max(len(shown) - 1, 1)
    coords = [
        (
            round(PAD + (WIDTH - 2 * PAD) * index / steps, 1),
            round(HEIGHT - PAD - (HEIGHT - 2 * PAD) * (value - low) / span, 1),
        )
        for index, value in enumerate(shown)
    ]
    points = " ".join(f"{x},{y}" for x, y in coords)
    return Chart(WIDTH, HEIGHT, points, coords[-1], low, high)
