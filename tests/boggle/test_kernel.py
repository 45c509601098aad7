"""The compiled Boggle solver (motamot.boggle._kernel) against the pure-Python reference.

Same words, same paths (the first in depth-first order), same counts and
points, the same JSON lines byte for byte, on 1,000+ seeded grids of every
preset, multi-letter and blank faces included; grids the kernel once refused
(long faces, more than 64 cells); corrupt word lists it must refuse.
"""

from __future__ import annotations

import gc
import json
import random
import sys
from array import array

import pytest

from motamot.boggle.dice import DiceSet
from motamot.boggle.grid import Grid, grid_of_compact, roll
from motamot.boggle.rules import CLASSIC_EN, CLASSIC_FR, PRESETS, BoggleRules
from motamot.boggle.solve import (
    batch_json,
    batch_totals,
    find_words,
    score_many,
    solve,
    solve_reference,
)
from motamot.lexicon import Lexicon, load_lexicon
from motamot.lexicon.layout import ARC_SHIFT, WORD_BIT
from tests.conftest import compiled_kernel

SOLVE = sys.modules["motamot.boggle.solve"]


def reference_lines(grids: list[Grid], rules: BoggleRules, lexicon: Lexicon, words: bool) -> bytes:
    """What `batch_json` must print, from the pure-Python reference and `json.dumps`."""
    lines = []
    for grid in grids:
        data = solve_reference(grid, rules, lexicon, rules.min_length).as_json()
        if not words:
            del data["words"]
        lines.append(json.dumps(data) + "\n")
    return "".join(lines).encode()


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


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_kernel_batch_entries_match_reference_json_byte_for_byte(preset: str, fr: Lexicon) -> None:
    compiled_kernel("motamot.boggle._kernel")
    rules = PRESETS[preset]
    lexicon = fr if preset.endswith("fr") else load_lexicon("en")
    grids = [roll(rules, 1000 + seed) for seed in range(60)]
    compacts = [grid.compact.encode() for grid in grids]
    for words in (False, True):
        expected = reference_lines(grids, rules, lexicon, words)
        assert batch_json(compacts, rules.size, rules, lexicon, None, words=words) == expected
    assert batch_totals(compacts, rules.size, rules, lexicon, None) == [
        (len(s.words), s.points)
        for s in (solve_reference(g, rules, lexicon, rules.min_length) for g in grids)
    ]


def test_batch_fallback_without_kernel_prints_the_same(
    fr: Lexicon, monkeypatch: pytest.MonkeyPatch
) -> None:
    grids = [roll(CLASSIC_FR, seed) for seed in range(15)]
    compacts = [grid.compact for grid in grids]
    monkeypatch.setattr(SOLVE, "_KERNEL", None)
    assert batch_json(compacts, 4, CLASSIC_FR, fr, None, words=True) == reference_lines(
        grids, CLASSIC_FR, fr, True
    )
    assert batch_json(compacts, 4, CLASSIC_FR, fr, 5, words=False) == b"".join(
        json.dumps({"grid": g.text, "count": c, "points": p}).encode() + b"\n"
        for g, (c, p) in zip(grids, score_many(grids, CLASSIC_FR, fr, 5), strict=True)
    )


def long_face_lexicon() -> Lexicon:
    return Lexicon.from_words(["ABCDEFGHIB", "ABCDEFGHIEF", "BCD", "ABCDEFGHIBCD", "MNOP"])


def test_solve_long_face_falls_back_or_solves_like_python() -> None:
    """Issue 16: the kernel took faces of at most 8 letters; AbcdefghiBCD/... crashed."""
    grid = grid_of_compact(4, "AbcdefghiBCDEFGHIJKLMNOP")
    assert grid.faces[0] == "Abcdefghi"
    lexicon = long_face_lexicon()
    solution = solve(grid, CLASSIC_EN, lexicon)
    assert solution == solve_reference(grid, CLASSIC_EN, lexicon, 3)
    found = {w.word for w in solution.words}
    assert found == {"ABCDEFGHIB", "ABCDEFGHIEF", "ABCDEFGHIBCD", "BCD", "MNOP"}
    assert batch_json([grid.compact], 4, CLASSIC_EN, lexicon, None, words=True) == (
        reference_lines([grid], CLASSIC_EN, lexicon, True)
    )


def test_solve_more_than_64_cells_falls_back_or_solves_like_python(fr: Lexicon) -> None:
    """Issue 16: the kernel took at most 64 cells; parse_grid reads up to 10x10."""
    rng = random.Random(10)
    letters = "EEEEAAAIIONRSTLUDCMP"
    for size in (8, 9, 10):
        grid = Grid(size, tuple(rng.choice(letters) for _ in range(size * size)))
        dice = DiceSet("plain", tuple(("A",) * 6 for _ in range(size * size)), "test")
        rules = BoggleRules("big-test", size, dice, min_length=4)
        solution = solve(grid, rules, fr)
        assert solution == solve_reference(grid, rules, fr, 4)
        assert solution.count > 100
        assert max(c for w in solution.words for cell in w.path for c in cell) == size - 1


def test_solve_a_face_longer_than_the_kernel_recursion_falls_back_to_python() -> None:
    """A 5,000-letter word is deeper than the kernel walks at construction: Python solves it."""
    lexicon = Lexicon.from_words(["A" * 5000, "AB"])
    grid = Grid(2, ("A" + "a" * 4999, "B", "_", "A"))
    solution = solve(grid, CLASSIC_EN, lexicon, min_length=2)
    assert [w.word for w in solution.words] == ["A" * 5000, "AB"]
    assert solution == solve_reference(grid, CLASSIC_EN, lexicon, 2)


def test_solve_huge_min_length_gives_no_word_not_an_overflow(fr: Lexicon) -> None:
    grid = roll(CLASSIC_FR, 3)
    assert solve(grid, CLASSIC_FR, fr, min_length=3_000_000_000).words == ()
    assert score_many([grid], CLASSIC_FR, fr, min_length=3_000_000_000) == [(0, 0)]


def test_solve_results_hold_no_cyclic_garbage(fr: Lexicon) -> None:
    """Issue 15: kept results must cost the cyclic collector nothing to rescan."""
    compiled_kernel("motamot.boggle._kernel")
    solution = solve(roll(CLASSIC_FR, 5), CLASSIC_FR, fr)
    assert solution.count > 10
    assert not gc.is_tracked(solution.words)
    for entry in solution.words:
        assert not gc.is_tracked(entry) and not gc.is_tracked(entry.path)
        assert all(not gc.is_tracked(cell) for cell in entry.path)


def state(letters: str, start: int, word: bool = False) -> int:
    mask = sum(1 << (ord(c) - 65) for c in letters)
    return start << ARC_SHIFT | (WORD_BIT if word else 0) | mask


@pytest.mark.parametrize(
    ("arcs", "root"),
    [
        # A and B lead to nodes sharing an arc start but with different letters
        ([state("A", 2), state("AB", 2), state("", 0, True), state("", 0, True)], state("AB", 0)),
        # B's node has arcs overlapping A's node's
        ([state("A", 2), state("AB", 3), state("C", 4), 0, state("", 0, True)], state("AB", 0)),
        # a cycle: A leads back to the root's node
        ([state("A", 0, True)], state("A", 0)),
        # an arc pointing past the end
        ([state("A", 7)], state("A", 0)),
    ],
)
def test_kernel_refuses_corrupt_dawgs_before_any_solve(arcs: list[int], root: int) -> None:
    kernel = compiled_kernel("motamot.boggle._kernel")
    with pytest.raises(ValueError):
        kernel.Solver(array("Q", arcs), root)


def test_kernel_refuses_grid_text_longer_than_its_offsets(fr: Lexicon) -> None:
    """No input reaches C with a length its int offsets cannot hold (issue 16)."""
    kernel = compiled_kernel("motamot.boggle._kernel")
    solver = kernel.Solver(fr.arcs, fr.root)
    huge = b"A" + b"a" * 2**24
    with pytest.raises(ValueError):
        solver.totals([huge], 1, 3, (0,))
    with pytest.raises(ValueError):
        solver.solve([huge.decode().upper()], [()], 3, (0,))
    assert solver.totals([b"A" + b"a" * 1000], 1, 3, (0,)) == [(0, 0)]
