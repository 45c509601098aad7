"""The draw pile (T2) and a shuffle that gives the same order on every machine.

Only `random.Random.random()` is guaranteed stable across Python versions,
so the shuffle is a Fisher-Yates written on top of it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import TypeVar

T = TypeVar("T")


def shuffled(items: Iterable[T], rng: random.Random) -> list[T]:
    """A new list with `items` in an order drawn from `rng.random()` only."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        out[i], out[j] = out[j], out[i]
    return out


class Bag:
    """The pile: `tiles[0]` is drawn first."""

    __slots__ = ("tiles",)

    def __init__(self, tiles: Iterable[str]) -> None:
        self.tiles = list(tiles)

    def __len__(self) -> int:
        return len(self.tiles)

    def draw(self, count: int) -> list[str]:
        """Up to `count` tiles from the top (fewer when the pile runs out)."""
        drawn = self.tiles[:count]
        del self.tiles[:count]
        return drawn

    def put_back(self, tile: str, rng: random.Random) -> None:
        """Return one tile, mixed in at a position drawn from `rng`."""
        position = int(rng.random() * (len(self.tiles) + 1))
        self.tiles.insert(position, tile)

    def reshuffle(self, rng: random.Random) -> None:
        self.tiles = shuffled(self.tiles, rng)
