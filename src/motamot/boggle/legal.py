"""Whether a grid can be rolled with a preset's dice (B1, B2): each cell a face of a
die of its own.

A record grid is only worth publishing if a group can set it up with the real box,
so the search keeps its grids legal and this check says which die sits in each cell.
It is a bipartite matching (cells to dice), found by augmenting paths: at most 36
cells and 36 dice, so the simple algorithm is fast enough.
"""

from __future__ import annotations

from collections.abc import Sequence

from motamot.boggle.dice import DiceSet


def assign_dice(faces: Sequence[str], dice: DiceSet) -> tuple[int, ...] | None:
    """For each cell, the index of a die showing its face, no die used twice; None when
    no such assignment exists (the grid cannot be rolled with these dice)."""
    if len(faces) > len(dice):
        return None
    # Which dice can show each cell's face (the same list for equal faces).
    options: dict[str, list[int]] = {}
    for face in set(faces):
        options[face] = [i for i, die in enumerate(dice.dice) if face in die]
    cell_of_die: list[int] = [-1] * len(dice)

    def augment(cell: int, seen: list[bool]) -> bool:
        for die in options[faces[cell]]:
            if seen[die]:
                continue
            seen[die] = True
            if cell_of_die[die] < 0 or augment(cell_of_die[die], seen):
                cell_of_die[die] = cell
                return True
        return False

    for cell in range(len(faces)):
        if not augment(cell, [False] * len(dice)):
            return None
    die_of_cell = [-1] * len(faces)
    for die, cell in enumerate(cell_of_die):
        if cell >= 0:
            die_of_cell[cell] = die
    return tuple(die_of_cell)


def is_legal(faces: Sequence[str], dice: DiceSet) -> bool:
    """Whether the dice can show these faces, one die a cell."""
    return assign_dice(faces, dice) is not None
