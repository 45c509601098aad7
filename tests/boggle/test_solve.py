"""The solver against a slow, obviously correct oracle, on every preset (B4-B9)."""

from __future__ import annotations

import itertools
import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from motamot.boggle import (
    CLASSIC_EN,
    CLASSIC_FR,
    PRESETS,
    Grid,
    find_path,
    find_words,
    parse_grid,
    roll,
    solve,
)
from motamot.boggle.dice import DiceSet
from motamot.boggle.rules import BoggleRules
from motamot.lexicon import Lexicon

GRIDS_PER_PRESET = 200


def oracle(grid: Grid, words: list[str], min_length: int) -> set[str]:
    """Each word tried by a plain path search over (row, column) coordinates."""
    n = grid.size
    faces = [grid.letters[r * n + c] for r in range(n) for c in range(n)]
    grid_letters = set("".join(faces))

    used = [False] * (n * n)

    def search(word: str, position: int, row: int, col: int) -> bool:
        face = faces[row * n + col]
        if not face or word[position : position + len(face)] != face:
            return False
        position += len(face)
        if position == len(word):
            return True
        used[row * n + col] = True
        try:
            for r in range(max(0, row - 1), min(n, row + 2)):
                for c in range(max(0, col - 1), min(n, col + 2)):
                    if not used[r * n + c] and search(word, position, r, c):
                        return True
            return False
        finally:
            used[row * n + col] = False

    starts: dict[str, list[tuple[int, int]]] = {}
    for r in range(n):
        for c in range(n):
            if faces[r * n + c]:
                starts.setdefault(faces[r * n + c][0], []).append((r, c))
    return {
        word
        for word in words
        if len(word) >= min_length
        and letter_set(word) <= grid_letters
        and any(search(word, 0, r, c) for r, c in starts.get(word[0], ()))
    }


@cache
def letter_set(word: str) -> frozenset[str]:
    return frozenset(word)


@cache
def oracle_words(preset: str) -> tuple[str, ...]:
    """A lexicon that hits the grids of a preset often: words read along random
    paths of rolled grids (multi-letter faces included), their prefixes and
    variants with one letter changed, and random letter strings."""
    rules = PRESETS[preset]
    rng = random.Random(preset)
    words: set[str] = set()
    for seed in range(120):
        grid = roll(rules, 10_000 + seed)
        for _ in range(6):
            cell = int(rng.random() * len(grid.faces))
            used = {cell}
            word = grid.letters[cell]
            for _ in range(int(rng.random() * 9)):
                options = [c for c in grid.neighbours[cell] if c not in used]
                if not options:
                    break
                cell = options[int(rng.random() * len(options))]
                used.add(cell)
                word += grid.letters[cell]
            if word:
                words.add(word)
                words.update(word[:k] for k in range(1, len(word)))
                k = int(rng.random() * len(word))
                words.add(word[:k] + "AEIOUSTRNL"[int(rng.random() * 10)] + word[k + 1 :])
    for _ in range(300):
        words.add(
            "".join(chr(65 + int(rng.random() * 26)) for _ in range(2 + int(rng.random() * 5)))
        )
    return tuple(sorted(words))


@cache
def oracle_lexicon(preset: str) -> Lexicon:
    return Lexicon.from_words(oracle_words(preset))


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_b4_b5_b7_solver_agrees_with_the_oracle(preset: str) -> None:
    rules = PRESETS[preset]
    words = list(oracle_words(preset))
    lexicon = oracle_lexicon(preset)
    found_any = 0
    for seed in range(GRIDS_PER_PRESET):
        grid = roll(rules, seed)
        solution = solve(grid, rules, lexicon)
        expected = oracle(grid, words, rules.min_length)
        assert {entry.word for entry in solution.words} == expected, (preset, seed, grid.text)
        found_any += len(expected)
        for entry in solution.words:
            assert_path(grid, entry.word, entry.path)
    assert found_any > GRIDS_PER_PRESET  # the lexicon really hits the grids


def test_b4_solver_agrees_with_the_oracle_on_french_words(fr: Lexicon) -> None:
    prefixes = ("AN", "ES", "IN", "NE", "OR", "SA", "TA", "TE")
    sample = [word for p in prefixes for i, word in enumerate(fr.completions(p)) if i % 4 == 0]
    assert len(sample) > 1000
    lexicon = Lexicon.from_words(sample)
    for seed in range(GRIDS_PER_PRESET):
        grid = roll(CLASSIC_FR, seed)
        found = {entry.word for entry in solve(grid, CLASSIC_FR, lexicon).words}
        assert found == oracle(grid, sample, 3), (seed, grid.text)


def assert_path(grid: Grid, word: str, path: tuple[tuple[int, int], ...]) -> None:
    cells = [grid.index(cell) for cell in path]
    assert len(set(cells)) == len(cells)
    assert all(grid.adjacent(a, b) for a, b in itertools.pairwise(cells))
    assert "".join(grid.letters[c] for c in cells) == word


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(sorted(PRESETS)), st.integers(min_value=0, max_value=2**32))
def test_b13_every_returned_path_is_valid_and_matches_the_referee(preset: str, seed: int) -> None:
    rules = PRESETS[preset]
    lexicon = oracle_lexicon(preset)
    grid = roll(rules, seed)
    for entry in solve(grid, rules, lexicon).words:
        assert_path(grid, entry.word, entry.path)
        assert entry.points == rules.points(len(entry.word)) > 0
        # The referee finds the same (first) path.
        referee_path = find_path(grid, entry.word)
        assert referee_path is not None
        assert tuple(grid.cell(i) for i in referee_path) == entry.path


def test_b9_a_word_on_several_paths_counts_once() -> None:
    grid = parse_grid("ABAB/BABA/ABAB/BABA")
    lexicon = Lexicon.from_words(["ABA", "BAB", "ABBA"])
    solution = solve(grid, CLASSIC_FR, lexicon)
    assert [entry.word for entry in solution.words] == ["ABA", "ABBA", "BAB"]
    assert solution.points == 3


def test_b6_min_length_is_the_presets_or_the_callers(rulebook: Grid, fr: Lexicon) -> None:
    words = {entry.word for entry in solve(rulebook, CLASSIC_FR, fr).words}
    assert min(len(word) for word in words) == 3
    assert {"MANIES", "ORBITE", "TESTAMENT", "DANSE", "SANTE", "ROBES", "TESTER"} <= words
    assert not {"TESTS", "SAINT"} & words
    longer = solve(rulebook, CLASSIC_FR, fr, min_length=6)
    assert {entry.word for entry in longer.words} == {w for w in words if len(w) >= 6}


def test_b8_totals_and_longest_words(rulebook: Grid, fr: Lexicon) -> None:
    solution = solve(rulebook, CLASSIC_FR, fr)
    assert solution.count == len(solution.words)
    assert solution.points == sum(CLASSIC_FR.points(len(e.word)) for e in solution.words)
    longest = solution.longest()
    assert "TESTAMENT" in {entry.word for entry in longest}
    assert {len(entry.word) for entry in longest} == {max(len(e.word) for e in solution.words)}


def test_b2_english_grid_solves_with_qu() -> None:
    lexicon = Lexicon.from_words(["QUIT", "QUITS", "SQUIT", "TIS"])
    grid = parse_grid("QuITS/ABCD/EFGH/IJKL")
    assert [e.word for e in solve(grid, CLASSIC_EN, lexicon).words] == ["QUIT", "QUITS"]
    # T(0,2) and S(0,3) touch, I(0,1) and S do not: TIS has no path.


def test_find_words_core_takes_plain_data() -> None:
    lexicon = Lexicon.from_words(["ABC", "AB", "CBA", "ACE"])
    letters = ["A", "B", "C", ""]
    neighbours = [[1, 3], [0, 2], [1], [0]]
    assert find_words(lexicon.arcs, lexicon.root, letters, neighbours, 2) == {
        "AB": (0, 1),
        "ABC": (0, 1, 2),
        "CBA": (2, 1, 0),
    }


def test_b1_blank_face_blocks_words() -> None:
    rules = BoggleRules("t2", 2, _two_by_two_dice(), min_length=2)
    lexicon = Lexicon.from_words(["AB", "AC", "ABC"])
    grid = Grid(2, ("A", "_", "_", "C"))
    assert [e.word for e in solve(grid, rules, lexicon).words] == ["AC"]


def _two_by_two_dice() -> DiceSet:
    return DiceSet("t", (("A",) * 6,) * 4, "test")
