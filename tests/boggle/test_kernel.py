"""The compiled Boggle solver (motamot.boggle._kernel) against the pure-Python reference.

Same words, same paths (the first in depth-first order), same counts and
points, on 1,000+ seeded grids of every preset, multi-letter and blank faces
included.
"""

from __future__ import annotations

import pytest

from motamot.boggle.grid import roll
from motamot.boggle.rules import PRESETS
from motamot.boggle.solve import find_words, score_many, solve, solve_reference
from motamot.lexicon import Lexicon, load_lexicon
from tests.conftest import compiled_kernel


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_kernel_matches_reference_on_seeded_grids(preset: str, fr: Lexicon) -> None:
    kernel = compiled_kernel("motamot.boggle._kernel")
    rules = PRESETS[preset]
    lexicon = fr if preset.endswith("fr") else load_lexicon("en")
    solver = kernel.Solver(lexicon.arcs, lexicon.root)
    table = tuple(rules.points(n) for n in range(41))
    grids = [roll(rules, seed) for seed in range(250)]
    for grid in grids:
        expected = find_words(
            lexicon.arcs, lexicon.root, grid.letters, grid.neighbours, rules.min_length
        )
        count, points, found = solver.solve(grid.letters, grid.neighbours, rules.min_length, table)
        assert found == list(expected.items()), grid.text
        assert count == len(expected)
        assert points == sum(rules.points(len(word)) for word in expected)
    for grid in grids[:100]:
        assert solve(grid, rules, lexicon) == solve_reference(
            grid, rules, lexicon, rules.min_length
        )
    assert score_many(grids, rules, lexicon) == [
        (len(words), sum(rules.points(len(w)) for w in words))
        for words in (
            find_words(lexicon.arcs, lexicon.root, g.letters, g.neighbours, rules.min_length)
            for g in grids
        )
    ]


def test_kernel_refuses_bad_input(fr: Lexicon) -> None:
    kernel = compiled_kernel("motamot.boggle._kernel")
    solver = kernel.Solver(fr.arcs, fr.root)
    with pytest.raises(ValueError):
        solver.solve(["a"], [()], 3, (0,))  # lower case is not a folded face
    with pytest.raises(ValueError):
        solver.solve(["A", "B"], [(1,)], 3, (0,))  # one neighbour list per cell
    with pytest.raises(ValueError):
        solver.solve(["A"], [(5,)], 3, (0,))  # neighbour out of range
    with pytest.raises(ValueError):
        kernel.Solver(fr.arcs, 1 << 60)  # root outside the arcs
