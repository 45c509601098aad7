"""The scorer and referee against a slow, obviously correct oracle on random positions."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from motamot.lexicon import Lexicon
from motamot.topword import (
    CELLS,
    QU,
    SIZE,
    TOPWORD_FR,
    UPWORDS_EN,
    Board,
    Illegal,
    Legal,
    Ruleset,
    SharedTie,
    WordScore,
    evaluate_placements,
    tile_letters,
)

LETTERS = "AEIOUSNRTLMDQJVXZ"


def random_board(rng: random.Random) -> Board:
    board = Board()
    for cell in range(CELLS):
        if rng.random() < 0.25:
            board.tops[cell] = rng.choice(LETTERS)
            board.heights[cell] = rng.randint(1, 5)
    return board


def random_placements(rng: random.Random) -> list[tuple[int, str]]:
    across = rng.random() < 0.5
    line, start = rng.randrange(SIZE), rng.randrange(SIZE)
    length = rng.randint(1, min(7, SIZE - start))
    cells = [
        (line * SIZE + start + i) if across else ((start + i) * SIZE + line) for i in range(length)
    ]
    return [(cell, rng.choice(LETTERS)) for cell in cells if rng.random() < 0.85]


def runs(board: Board) -> list[tuple[bool, list[int]]]:
    """Every maximal line of 2+ occupied cells, both ways, by scanning the whole board."""
    found: list[tuple[bool, list[int]]] = []
    for across in (True, False):
        for line in range(SIZE):
            current: list[int] = []
            for i in range(SIZE + 1):
                cell = (line * SIZE + i if across else i * SIZE + line) if i < SIZE else -1
                if cell >= 0 and board.heights[cell]:
                    current.append(cell)
                    continue
                if len(current) >= 2:
                    found.append((across, current))
                current = []
    return found


def oracle_points(before: Board, legal: Legal, ruleset: Ruleset) -> tuple[int, list[str]]:
    after = before.copy()
    after.place(legal.placements)
    placed = {cell for cell, _ in legal.placements}
    words = [(across, cells) for across, cells in runs(after) if placed & set(cells)]
    value = {}
    for index, (_, cells) in enumerate(words):
        flat = all(after.heights[c] == 1 for c in cells)
        for c in cells:
            value[index, c] = 2 if flat else after.heights[c]
    total = 0
    for index, (across, cells) in enumerate(words):
        for c in cells:
            others = [j for j, (_, other) in enumerate(words) if j != index and c in other]
            if ruleset.shared_tile.value == "each" or not others:
                total += value[index, c]
                continue
            (other,) = others
            mine, theirs = value[index, c], value[other, c]
            wins_tie = (across != legal.across) == (ruleset.shared_tie is SharedTie.CROSS_WORD)
            if mine > theirs or (mine == theirs and wins_tie):
                total += mine
    for _, tile in legal.placements:
        if ruleset.letter_bonus.value == "placed_tiles" and tile in "JQVXZ":
            total += 2
    if ruleset.letter_bonus.value == "qu_flat_word":
        for _, cells in words:
            if any(after.tops[c] == QU for c in cells) and all(
                after.heights[c] == 1 for c in cells
            ):
                total += 2
    if len(placed) == 7:
        total += ruleset.all_tiles_bonus
    return total, sorted("".join(tile_letters(after.tops[c]) for c in cells) for _, cells in words)


def explained(before: Board, legal: Legal, word: WordScore) -> int:
    """T14: what a word's tiles are worth in it, less those it says another word counts."""
    after = before.copy()
    after.place(legal.placements)
    skipped = {shared.cell for shared in word.not_counted}
    assert skipped <= set(word.cells)
    flat = all(after.heights[c] == 1 for c in word.cells)
    return sum(2 if flat else after.heights[c] for c in word.cells if c not in skipped)


def lexicon_of_everything(board: Board, placements: list[tuple[int, str]]) -> Lexicon:
    """A dictionary holding every word the placements could form (to reach scoring)."""
    after = board.copy()
    for cell, tile in dict(placements).items():
        after.tops[cell] = tile
        after.heights[cell] += 1
    return Lexicon.from_words(after.word(cells) for _, cells in runs(after))


def test_scores_agree_with_the_oracle_on_random_positions() -> None:
    rng = random.Random(404)
    line_word = replace(TOPWORD_FR, name="line-word-tie", shared_tie=SharedTie.LINE_WORD)
    rulesets = (TOPWORD_FR, UPWORDS_EN, line_word)
    checked = {ruleset.name: 0 for ruleset in rulesets}
    for _ in range(1500):
        board = random_board(rng)
        placements = random_placements(rng)
        if not placements:
            continue
        lexicon = lexicon_of_everything(board, placements)
        for ruleset in rulesets:
            verdict = evaluate_placements(board, placements, None, ruleset, lexicon)
            if isinstance(verdict, Legal):
                points, words = oracle_points(board, verdict, ruleset)
                assert verdict.points == points, (board, placements, verdict)
                assert sorted(w.word for w in verdict.words) == words
                assert all(w.points >= 0 for w in verdict.words)
                assert all(explained(board, verdict, w) == w.points for w in verdict.words)
                checked[ruleset.name] += 1
    assert min(checked.values()) >= 100, checked


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([TOPWORD_FR, UPWORDS_EN]))
def test_referee_never_changes_the_board(seed: int, ruleset: Ruleset) -> None:
    rng = random.Random(seed)
    board = random_board(rng)
    before = board.copy()
    placements = random_placements(rng)
    lexicon = lexicon_of_everything(board, placements)
    verdict = evaluate_placements(
        board, placements, tuple(rng.choice(LETTERS) for _ in range(7)), ruleset, lexicon
    )
    assert board == before
    assert isinstance(verdict, (Legal, Illegal))
    if isinstance(verdict, Legal):
        board.push(verdict.placements)
        assert board.tile_count() == before.tile_count() + len(verdict.placements)
        assert all(h <= ruleset.max_height for h in board.heights)
