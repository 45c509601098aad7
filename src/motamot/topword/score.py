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


def _values(board: Board, cells: Sequence[int]) -> list[int]:
    """What each tile of a word is worth in that word (T12)."""
    heights = board.heights
    if all(heights[cell] == 1 for cell in cells):
        return [2] * len(cells)
    return [heights[cell] for cell in cells]


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
    main_values = _values(board_after, main)
    main_points = sum(main_values)
    main_word = board_after.word(main)
    main_not_counted: list[SharedCell] = []
    index_in_main = {cell: i for i, cell in enumerate(main)}
    cross_words: list[WordScore] = []
    for cells, shared in crosses:
        values = _values(board_after, cells)
        points = sum(values)
        text = board_after.word(cells)
        not_counted: tuple[SharedCell, ...] = ()
        if ruleset.shared_tile is SharedTile.ONCE:
            tile = board_after.tops[shared]
            in_main = main_values[index_in_main[shared]]
            in_cross = values[list(cells).index(shared)]
            cross_wins_tie = ruleset.shared_tie is SharedTie.CROSS_WORD
            if in_cross > in_main or (in_cross == in_main and cross_wins_tie):
                main_points -= in_main
                main_not_counted.append(SharedCell(shared, tile, text))
            else:
                points -= in_cross
                not_counted = (SharedCell(shared, tile, main_word),)
        cross_words.append(WordScore(text, points, tuple(cells), not_counted))
    words = [WordScore(main_word, main_points, tuple(main), tuple(main_not_counted)), *cross_words]
    bonuses: list[Bonus] = []
    if ruleset.letter_bonus is LetterBonus.PLACED_TILES:
        bonuses.extend(
            Bonus(f"letter_{tile_letters(tile).lower()}", ruleset.bonus_points)
            for _, tile in placed
            if tile in ruleset.bonus_tiles
        )
    else:
        heights, tops = board_after.heights, board_after.tops
        for word in words:
            if any(tops[cell] == QU for cell in word.cells) and all(
                heights[cell] == 1 for cell in word.cells
            ):
                bonuses.append(Bonus(QU_WORD, ruleset.bonus_points))
    if len(placed) == ruleset.rack_size:
        bonuses.append(Bonus(ALL_TILES, ruleset.all_tiles_bonus))
    total = sum(word.points for word in words) + sum(bonus.points for bonus in bonuses)
    return total, tuple(words), tuple(bonuses)
