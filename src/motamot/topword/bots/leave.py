"""The value of the tiles a move keeps (its "leave"), learnt from self-play.

A leave is worth what it adds to the points of the player's next move,
compared with drawing fresh tiles: a linear model with one value per tile
code, a cost per duplicate (a second copy of a letter is less useful than
the first) and a cost for a rack out of balance between vowels and
consonants. The values are fitted by `tools/fit_topword_leaves.py` from
seeded self-play and shipped as `data/leaves-<ruleset>.json`; a ruleset
without a file gets the zero model (pure points).
"""

from __future__ import annotations

import functools
import json
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from motamot.topword.tiles import TILE_CODES, Ruleset

#: Tiles that count as vowels for the balance term (Y reads as a vowel in most words).
VOWELS = frozenset("AEIOUY")
FEATURES = (*TILE_CODES, "duplicate", "imbalance")


def leave_features(tiles: Iterable[str]) -> list[float]:
    """The model's inputs: a count per tile code, duplicates, vowel/consonant gap."""
    counts = Counter(tiles)
    vowels = sum(count for tile, count in counts.items() if tile in VOWELS)
    consonants = sum(counts.values()) - vowels
    row = [float(counts.get(tile, 0)) for tile in TILE_CODES]
    row.append(float(sum(count - 1 for count in counts.values() if count > 1)))
    row.append(float(max(0, abs(vowels - consonants) - 1)))
    return row


@dataclass(frozen=True)
class LeaveModel:
    """Points a kept set of tiles is worth, relative to fresh tiles from the pile."""

    tile_values: Mapping[str, float]
    duplicate: float = 0.0
    imbalance: float = 0.0
    source: Mapping[str, Any] = field(default_factory=dict, compare=False)

    def value(self, tiles: Sequence[str]) -> float:
        """The weights times `leave_features(tiles)`, summed without building the features
        (the expert asks this thousands of times a move)."""
        values = self.tile_values
        total = 0.0
        vowels = 0
        for tile in tiles:
            total += values.get(tile, 0.0)
            vowels += tile in VOWELS
        count = len(tiles)
        total += self.duplicate * (count - len(set(tiles)))
        return total + self.imbalance * max(0, abs(2 * vowels - count) - 1)

    def to_json(self) -> dict[str, Any]:
        return {
            **dict(self.source),
            "tiles": {tile: round(self.tile_values.get(tile, 0.0), 3) for tile in TILE_CODES},
            "duplicate": round(self.duplicate, 3),
            "imbalance": round(self.imbalance, 3),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> LeaveModel:
        tiles = {str(tile): float(value) for tile, value in data["tiles"].items()}
        source = {k: v for k, v in data.items() if k not in {"tiles", "duplicate", "imbalance"}}
        return cls(tiles, float(data["duplicate"]), float(data["imbalance"]), source)

    @classmethod
    def from_weights(cls, weights: Sequence[float], source: Mapping[str, Any]) -> LeaveModel:
        """From weights in `FEATURES` order (what the fitting tool computes)."""
        tiles = dict(zip(TILE_CODES, weights[: len(TILE_CODES)], strict=True))
        return cls(tiles, weights[len(TILE_CODES)], weights[len(TILE_CODES) + 1], source)


ZERO_LEAVES = LeaveModel({})


def leave_file_name(ruleset: Ruleset) -> str:
    return f"leaves-{ruleset.name}.json"


@functools.cache
def shipped_leaves(ruleset: Ruleset) -> LeaveModel:
    """The leave values shipped for `ruleset`, or the zero model when there are none."""
    path = resources.files("motamot.topword.bots") / "data" / leave_file_name(ruleset)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return ZERO_LEAVES
    return LeaveModel.from_json(json.loads(text))
