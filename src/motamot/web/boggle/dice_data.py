"""The dice of every preset, as the pages' face picker reads them (B2, B16): the box's
grid picked die by die on a picture (`static/dicepick.js`) offers only faces the set's
dice have, each die once."""

from __future__ import annotations

from functools import cache
from typing import Any

from motamot.boggle.rules import PRESETS


@cache
def dice_data() -> dict[str, dict[str, Any]]:
    """Each preset's grid size and dice, six faces each as printed (`Qu`, `_` a blank)."""
    return {
        name: {"size": rules.size, "dice": [list(die) for die in rules.dice.dice]}
        for name, rules in PRESETS.items()
    }
