"""Scoring of a move, itemised like the rulebook's examples (T12-T15).

T12: a word whose tiles all stand at level 1 scores 2 per tile (Qu is one
tile); otherwise it scores the sum of its stack heights. T13: the letter
bonus of the ruleset. T14: a tile common to the main word and a cross word
is counted once (`SharedTile.ONCE`: in the word where it is worth the most,
on a tie in the word `Ruleset.shared_tie` names, the cross word by default)
or in each word (`SharedTile.EACH`). T15: a bonus for placing a whole rack.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from motamot.topword.board import Board, Placement
from motamot.topword.tiles import QU, LetterBonus, Ruleset, SharedTie, SharedTile, tile_letters

ALL_TILES = "all_tiles"
QU_WORD = "qu_word"


@dataclass(frozen=True, slots=True)
class SharedCell:
    """T14: a tile of a word that this word does not count, because `counted_in` does."""

    cell: int
    tile: str
    counted_in: str


@dataclass(frozen=True, slots=True)
class WordScore:
    """One word formed or changed by a move and the points it brings.

    `not_counted` lists its tiles counted in another word instead (T14), so an
    itemised score can say why a word brings less than its tiles are worth.
    """

    word: str
    points: int
    cells: tuple[int, ...]
    not_counted: tuple[SharedCell, ...] = ()


@dataclass(frozen=True, slots=True)
class Bonus:
    """One bonus: `kind` is `letter_<tile>` (letter_v, letter_qu...), `qu_word` or `all_tiles`."""

    kind: str
    points: int


def _values(heights: Sequence[int], cells: Sequence[int]) -> list[int]:
    """What each tile of a word is worth in that word (T12)."""
    values = [heights[cell] for cell in cells]
    return [2] * len(values) if values.count(1) == len(values) else values


def score_move(
    board_after: Board,
    main: Sequence[int],
    crosses: Sequence[tuple[Sequence[int], int]],
    placed: Sequence[Placement],
    ruleset: Ruleset,
) -> tuple[int, tuple[WordScore, ...], tuple[Bonus, ...]]:
    """(total, words, bonuses) of a move already applied to `board_after`.

    `main` is the cells of the word along the move's line, `crosses` each
    cross word of 2+ letters with the placed cell it shares with `main`.
    """
    texts = [board_after.word(cells) for cells, _ in crosses]
    return score_words(board_after, main, board_after.word(main), crosses, texts, placed, ruleset)


def score_words(
    board_after: Board,
    main: Sequence[int],
    main_word: str,
    crosses: Sequence[tuple[Sequence[int], int]],
    cross_texts: Sequence[str],
    placed: Sequence[Placement],
    ruleset: Ruleset,
) -> tuple[int, tuple[WordScore, ...], tuple[Bonus, ...]]:
    """`score_move` given the words the cells read (the referee has read them already to
    look them up)."""
    heights, tops = board_after.heights, board_after.tops
    main_values = _values(heights, main)
    main_points = sum(main_values)
    main_not_counted: list[SharedCell] = []
    once = ruleset.shared_tile is SharedTile.ONCE
    cross_wins_tie = ruleset.shared_tie is SharedTie.CROSS_WORD
    cross_words: list[WordScore] = []
    total = 0
    for (cells, shared), text in zip(crosses, cross_texts, strict=True):
        values = _values(heights, cells)
        points = sum(values)
        not_counted: tuple[SharedCell, ...] = ()
        if once:
            tile = tops[shared]
            in_main = main_values[main.index(shared)]
            in_cross = values[cells.index(shared)]
            if in_cross > in_main or (in_cross == in_main and cross_wins_tie):
                main_points -= in_main
                main_not_counted.append(SharedCell(shared, tile, text))
            else:
                points -= in_cross
                not_counted = (SharedCell(shared, tile, main_word),)
        total += points
        cross_words.append(WordScore(text, points, tuple(cells), not_counted))
    total += main_points
    words = (WordScore(main_word, main_points, tuple(main), tuple(main_not_counted)), *cross_words)
    bonuses: list[Bonus] = []
    if ruleset.letter_bonus is LetterBonus.PLACED_TILES:
        bonus_tiles = ruleset.bonus_tiles
        bonuses.extend(
            Bonus(f"letter_{tile_letters(tile).lower()}", ruleset.bonus_points)
            for _, tile in placed
            if tile in bonus_tiles
        )
    else:
        for word in words:
            cells = word.cells
            flat = [heights[cell] for cell in cells].count(1) == len(cells)
            if flat and QU in [tops[cell] for cell in cells]:
                bonuses.append(Bonus(QU_WORD, ruleset.bonus_points))
    if len(placed) == ruleset.rack_size:
        bonuses.append(Bonus(ALL_TILES, ruleset.all_tiles_bonus))
    total += sum([bonus.points for bonus in bonuses])
    return total, words, tuple(bonuses)
