"""A true but loose upper bound on a preset's best grid (docs/records.md).

    python tools/records_bound.py [--preset P ...]

Every word a grid holds can be spelled by distinct dice of the preset, one face each,
whatever the adjacency; so the sum of the points of all such words of the list bounds
every grid's score. It ignores that the words must share 16 (or 25) cells and their
paths, which is why it is far above any real grid: it says what is not possible, not
how close a record is.
"""

from __future__ import annotations

import argparse

from motamot.boggle.dice import DiceSet
from motamot.boggle.legal import is_legal
from motamot.boggle.rules import PRESETS
from motamot.lexicon import load_lexicon
from motamot.service.boggle.feedback import default_dictionary


def faces_of(word: str, dice: DiceSet) -> list[str] | None:
    """The faces that spell `word` (QU on the Qu face), or None when no face can."""
    faces: list[str] = []
    i = 0
    while i < len(word):
        if word.startswith("QU", i):
            faces.append("Qu")
            i += 2
        elif word[i] == "Q":
            return None
        else:
            faces.append(word[i])
            i += 1
    return faces if len(faces) <= len(dice) else None


def bound(preset: str) -> tuple[int, int, int]:
    """(words the dice can spell, their points, every word of the list)."""
    rules = PRESETS[preset]
    lexicon = load_lexicon(default_dictionary(rules))
    spelled = points = total = 0
    for word in lexicon:
        total += 1
        if len(word) < rules.min_length:
            continue
        faces = faces_of(word, rules.dice)
        if faces is not None and is_legal(faces, rules.dice):
            spelled += 1
            points += rules.points(len(word))
    return spelled, points, total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--preset", action="append", choices=sorted(PRESETS))
    for preset in parser.parse_args().preset or ["classic-fr", "big", "classic-en"]:
        spelled, points, total = bound(preset)
        print(
            f"{preset}: {spelled:,} of {total:,} words can be spelled by the dice;"
            f" their points sum to {points:,}: no grid scores more"
        )


if __name__ == "__main__":
    main()
