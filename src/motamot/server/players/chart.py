"""A rating's history as a small inline SVG, no script: a line over the games, its lowest
and highest values written on the left, the first and last games' dates below, and each
game a dot whose title says its date and the rating after it (a tooltip on a desktop)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

WIDTH = 320
HEIGHT = 120
#: Room for the values on the left and the dates below.
LEFT, RIGHT, TOP, BOTTOM = 40, 8, 8, 22
#: Games drawn as dots at most (beyond, only the last: a line of hundreds of dots is noise).
MAX_DOTS = 60


@dataclass(frozen=True)
class Dot:
    x: float
    y: float
    #: What its title says: « 6 déc. 2026 : 1672 ».
    label: str


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    #: The polyline's points ("x,y x,y ...").
    points: str
    dots: tuple[Dot, ...]
    last: Dot
    low: int
    high: int
    #: Where the values and the dates are written.
    low_y: float
    high_y: float
    axis_y: float
    left: float
    right: float
    first_day: str
    last_day: str


def rating_chart(
    start: int, games: Sequence[tuple[str, int]], said: Callable[[str, int], str]
) -> Chart:
    """The line from `start` (the rating before any game) through `games`, each (its day
    as the page writes it, the rating after it); `said` words a dot's title."""
    values = [start, *(value for _, value in games)]
    low, high = min(values), max(values)
    span = max(high - low, 1)
    steps = max(len(values) - 1, 1)
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    coords = [
        (
            round(LEFT + inner_w * index / steps, 1),
            round(TOP + inner_h - inner_h * (value - low) / span, 1),
        )
        for index, value in enumerate(values)
    ]
    points = " ".join(f"{x},{y}" for x, y in coords)
    dots = tuple(
        Dot(x, y, said(day, value)) for (x, y), (day, value) in zip(coords[1:], games, strict=True)
    )
    last = dots[-1] if dots else Dot(*coords[-1], str(start))
    first_day = games[0][0] if games else ""
    last_day = games[-1][0] if len(games) > 1 else ""
    return Chart(
        WIDTH,
        HEIGHT,
        points,
        dots if len(dots) <= MAX_DOTS else (last,),
        last,
        low,
        high,
        TOP + inner_h,
        TOP,
        TOP + inner_h,
        LEFT,
        WIDTH - RIGHT,
        first_day,
        last_day,
    )
