"""Every legal Topword move of a position, with its points (pure-Python reference).

The method is Scrabble's (Appel & Jacobson) extended to stacks. For each of
the 20 lines of the board, the cells across it are summarised once: which
letters may go on each cell so that the word across stays valid, and what
that cross word would score. Then, from every cell where a word may start,
a depth-first walk of the lexicon's DAWG goes along the line; on each cell it
either keeps the tile there (its letters must continue the word) or puts a
rack tile on it (empty, or a different letter on a stack below the limit).
A word ends where the line is empty or the board ends.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from motamot.kernels import load_kernel
from motamot.lexicon import NO_NODE, Lexicon
from motamot.topword.board import CENTRE, SIZE, Board, Placement
from motamot.topword.move import Move, format_move
from motamot.topword.tiles import QU, TILE_CODES, LetterBonus, Ruleset, SharedTile

LETTERS_OF_TILE = {tile: tile for tile in TILE_CODES} | {QU: "QU"}


@dataclass(frozen=True)
class GenRules:
    """The ruleset as the generator (and its compiled twin) reads it.

    `Ruleset.shared_tie` is not here: it moves a tied common tile from one
    word's itemised points to the other's, never the total (T14).
    """

    max_height: int
    rack_size: int
    letter_bonus_tiles: frozenset[str]
    letter_bonus: int
    qu_flat_word_bonus: int
    full_rack_bonus: int
    shared_tile_counted_once: bool
    forbid_full_cover: bool

    @classmethod
    def of(cls, ruleset: Ruleset) -> GenRules:
        per_tile = ruleset.letter_bonus is LetterBonus.PLACED_TILES
        return cls(
            max_height=ruleset.max_height,
            rack_size=ruleset.rack_size,
            letter_bonus_tiles=ruleset.bonus_tiles if per_tile else frozenset(),
            letter_bonus=ruleset.bonus_points if per_tile else 0,
            qu_flat_word_bonus=0 if per_tile else ruleset.bonus_points,
            full_rack_bonus=ruleset.all_tiles_bonus,
            shared_tile_counted_once=ruleset.shared_tile is SharedTile.ONCE,
            forbid_full_cover=ruleset.full_cover_forbidden,
        )


class GeneratedMove(NamedTuple):
    """A legal move: where, which way, the word it reads, its points and its tiles.

    A named tuple so that the compiled kernel builds it directly (a frozen
    dataclass costs a Python-level `__init__` per move, as much as generating it).
    """

    points: int
    row: int
    col: int
    across: bool
    word: str
    placements: tuple[Placement, ...]  # (cell, tile) of each tile laid, along the line

    @property
    def move(self) -> Move:
        """The move in notation: the word's tiles are its letters, QU read as the Qu tile
        (a generated word is folded and has no Q but the Qu tile's; `word_tiles` would
        fold it again, a loop per letter on every move a bot plays)."""
        return Move(self.row, self.col, self.across, tuple(self.word.replace("QU", QU)))

    @property
    def notation(self) -> str:
        return format_move(self.move)


@dataclass
class _Cross:
    """The word across a cell, if any: letters before and after, and heights."""

    before: str
    after: str
    heights_sum: int  # heights of the other cells of the cross word
    cells: int  # other cells of the cross word
    all_level_one: bool  # every other cell at height 1
    has_qu: bool  # the Qu tile is among the other cells


class _Line:
    """One row or column: its cells in reading order, and the step to the cells across it."""

    def __init__(self, index: int, across: bool) -> None:
        self.across = across
        self.cells = [index * SIZE + k if across else k * SIZE + index for k in range(SIZE)]
        self.cross_step = SIZE if across else 1


def _cross_of(tops: Sequence[str], heights: Sequence[int], cell: int, step: int) -> _Cross | None:
    """The run of tiles through `cell` along `step` (excluding `cell`), or None if alone."""
    row, col = divmod(cell, SIZE)
    first, last = (
        (row * SIZE, row * SIZE + SIZE - 1) if step == 1 else (col, col + SIZE * (SIZE - 1))
    )
    before: list[int] = []
    after: list[int] = []
    c = cell - step
    while c >= first and heights[c]:
        before.append(c)
        c -= step
    c = cell + step
    while c <= last and heights[c]:
        after.append(c)
        c += step
    if not before and not after:
        return None
    before.reverse()
    others = before + after
    return _Cross(
        before="".join(LETTERS_OF_TILE[tops[c]] for c in before),
        after="".join(LETTERS_OF_TILE[tops[c]] for c in after),
        heights_sum=sum(heights[c] for c in others),
        cells=len(others),
        all_level_one=all(heights[c] == 1 for c in others),
        has_qu=any(tops[c] == QU for c in others),
    )


class MoveGenerator:
    """All legal moves of one position and rack under one ruleset and lexicon."""

    def __init__(
        self,
        tops: Sequence[str],
        heights: Sequence[int],
        rack: str,
        lexicon: Lexicon,
        rules: GenRules,
    ) -> None:
        self.tops = tops
        self.heights = heights
        self.lexicon = lexicon
        self.rules = rules
        self.rack: dict[str, int] = {}
        for tile in rack:
            self.rack[tile] = self.rack.get(tile, 0) + 1
        self.tiles_in_rack = len(rack)
        self.empty_board = not any(heights)
        self.moves: list[GeneratedMove] = []

    # -- cross checks ---------------------------------------------------------

    def _cross_table(self, line: _Line) -> list[tuple[_Cross | None, dict[str, bool]]]:
        """Per cell of the line: its cross word, and for each tile whether it keeps it valid."""
        table: list[tuple[_Cross | None, dict[str, bool]]] = []
        for cell in line.cells:
            cross = _cross_of(self.tops, self.heights, cell, line.cross_step)
            allowed: dict[str, bool] = {}
            if cross is not None:
                start = self.lexicon.walk(self.lexicon.root, cross.before)
                for tile in self.rack:
                    ok = False
                    if start != NO_NODE:
                        state = self.lexicon.walk(start, LETTERS_OF_TILE[tile] + cross.after)
                        ok = state != NO_NODE and self.lexicon.is_word(state)
                    allowed[tile] = ok
            table.append((cross, allowed))
        return table

    # -- generation -------------------------------------------------------------

    def generate(self) -> list[GeneratedMove]:
        """Every legal move, best points first, then by notation order."""
        for index in range(SIZE):
            for across in (True, False):
                self._generate_line(_Line(index, across))
        self.moves.sort(key=sort_key)
        return self.moves

    def _generate_line(self, line: _Line) -> None:
        heights = self.heights
        cells = line.cells
        occupied = [heights[c] > 0 for c in cells]
        table = self._cross_table(line)
        # A cell "anchors" a move when a move through it touches the tiles already there.
        if self.empty_board:
            anchors = [c in CENTRE for c in cells]
        else:
            anchors = [occupied[k] or table[k][0] is not None for k in range(SIZE)]
        for start in range(SIZE):
            if start > 0 and occupied[start - 1]:
                continue
            nearest = next((k for k in range(start, SIZE) if anchors[k]), None)
            if nearest is None:
                break
            # Tiles needed to reach the anchor: one per empty cell up to it, and on it.
            needed = sum(1 for k in range(start, nearest + 1) if not occupied[k])
            if needed > self.tiles_in_rack:
                continue
            self._walk(line, table, occupied, start, start, self.lexicon.root, "", [], False)

    def _walk(
        self,
        line: _Line,
        table: list[tuple[_Cross | None, dict[str, bool]]],
        occupied: list[bool],
        start: int,
        k: int,
        state: int,
        word: str,
        placed: list[tuple[int, str]],
        anchored: bool,
    ) -> None:
        ends_here = k > start and (k == SIZE or not occupied[k])
        if ends_here and placed and anchored and k - start >= 2 and self.lexicon.is_word(state):
            self._record(line, table, start, k, word, placed)
        if k == SIZE:
            return
        cell = line.cells[k]
        height = self.heights[cell]
        top = self.tops[cell]
        cross, allowed = table[k]
        is_anchor = anchored or (
            (cell in CENTRE) if self.empty_board else (height > 0 or cross is not None)
        )
        if height:
            kept = self.lexicon.walk(state, LETTERS_OF_TILE[top])
            if kept != NO_NODE:
                self._walk(
                    line,
                    table,
                    occupied,
                    start,
                    k + 1,
                    kept,
                    word + LETTERS_OF_TILE[top],
                    placed,
                    True,
                )
            if height >= self.rules.max_height:
                return
        for tile, count in self.rack.items():
            if count == 0 or tile == top or (cross is not None and not allowed[tile]):
                continue
            letters = LETTERS_OF_TILE[tile]
            nxt = self.lexicon.walk(state, letters)
            if nxt == NO_NODE:
                continue
            self.rack[tile] = count - 1
            placed.append((k, tile))
            self._walk(line, table, occupied, start, k + 1, nxt, word + letters, placed, is_anchor)
            placed.pop()
            self.rack[tile] = count

    # -- rules that look at the whole move, and the score -----------------------

    def _crossings(
        self,
        table: list[tuple[_Cross | None, dict[str, bool]]],
        placed: list[tuple[int, str]],
        new_height: dict[int, int],
        main_flat: bool,
    ) -> tuple[int, int]:
        """The points of the words the placed tiles make across the main one (a tile
        shared by two words counted once where the rules say so), and their Qu bonus."""
        rules = self.rules
        points = bonus = 0
        for k, tile in placed:
            cross = table[k][0]
            if cross is None:
                continue
            height = new_height[k]
            cross_flat = cross.all_level_one and height == 1
            points += 2 * (cross.cells + 1) if cross_flat else cross.heights_sum + height
            if rules.shared_tile_counted_once:
                in_main = 2 if main_flat else height
                in_cross = 2 if cross_flat else height
                points -= min(in_main, in_cross)
            if rules.qu_flat_word_bonus and cross_flat and (cross.has_qu or tile == QU):
                bonus += rules.qu_flat_word_bonus
        return points, bonus

    def _record(
        self,
        line: _Line,
        table: list[tuple[_Cross | None, dict[str, bool]]],
        start: int,
        end: int,
        word: str,
        placed: list[tuple[int, str]],
    ) -> None:
        rules = self.rules
        heights = self.heights
        cells = line.cells
        if len(placed) == 1 and not line.across:
            k, _ = placed[0]
            if table[k][0] is not None:
                return  # the same tile laid across: written (and counted) once, across
        new_height = {k: heights[cells[k]] + 1 for k, _ in placed}
        if rules.forbid_full_cover and self._covers_whole_word(cells, start, end, new_height):
            return
        if self._plural_s_only(line, table, start, placed):
            return
        span = range(start, end)
        span_heights = [new_height.get(k, heights[cells[k]]) for k in span]
        main_flat = all(h == 1 for h in span_heights)
        main_points = 2 * len(span_heights) if main_flat else sum(span_heights)
        qu_in_main = any((self.tops[cells[k]] == QU and k not in new_height) for k in span) or any(
            tile == QU for _, tile in placed
        )
        bonus = 0
        if rules.qu_flat_word_bonus and main_flat and qu_in_main:
            bonus += rules.qu_flat_word_bonus
        cross_points, cross_bonus = self._crossings(table, placed, new_height, main_flat)
        points = main_points + cross_points
        bonus += cross_bonus
        bonus += rules.letter_bonus * sum(1 for _, t in placed if t in rules.letter_bonus_tiles)
        if len(placed) == rules.rack_size:
            bonus += rules.full_rack_bonus
        row, col = divmod(cells[start], SIZE)
        self.moves.append(
            GeneratedMove(
                points + bonus,
                row,
                col,
                line.across,
                word,
                tuple((cells[k], tile) for k, tile in placed),
            )
        )

    def _covers_whole_word(
        self, cells: list[int], start: int, end: int, new_height: dict[int, int]
    ) -> bool:
        """T11: some word already on this line has every one of its tiles covered."""
        k = start
        while k < end:
            if not self.heights[cells[k]]:
                k += 1
                continue
            run_start = k
            while k < end and self.heights[cells[k]]:
                k += 1
            if k - run_start >= 2 and all(j in new_height for j in range(run_start, k)):
                return True
        return False

    def _plural_s_only(
        self,
        line: _Line,
        table: list[tuple[_Cross | None, dict[str, bool]]],
        start: int,
        placed: list[tuple[int, str]],
    ) -> bool:
        """T10: an S that only makes a plural.

        The move is one S on an empty cell that ends the line's word, every
        cell before it holding the tile it held before (two or more): a tile
        stacked (FAN -> FINS) or added in front (CHAT -> ACHATS) in the same
        move makes a new word. It is refused unless a word crosses the S that
        is not itself such a plural (the S ending a cross word of two or more
        tiles, all old since the move is one tile).
        """
        if len(placed) != 1:
            return False
        k, tile = placed[0]
        cells = line.cells
        if (
            tile != "S"
            or self.heights[cells[k]]
            or k - start < 2
            or (k + 1 < SIZE and self.heights[cells[k + 1]])
            or not all(self.heights[cells[j]] for j in range(start, k))
        ):
            return False
        cross = table[k][0]
        return cross is None or (not cross.after and cross.cells >= 2)


def sort_key(move: GeneratedMove) -> tuple[int, int, int, bool, str]:
    """Best first: more points, then row, column, across before down, word."""
    return (-move.points, move.row, move.col, not move.across, move.word)


def generate_moves(
    tops: Sequence[str],
    heights: Sequence[int],
    rack: Sequence[str],
    lexicon: Lexicon,
    rules: GenRules,
) -> list[GeneratedMove]:
    """Every legal move of the position for `rack` (tile codes; 'Q' is the Qu tile)."""
    return MoveGenerator(tops, heights, "".join(rack), lexicon, rules).generate()


# -- the public entry points: the compiled kernel when built, else the reference -----

_KERNEL = load_kernel("motamot.topword._kernel")
_ALL, _COUNT, _ANY, _BEST = 0, 1, 2, 3


@functools.cache
def _kernel_rules(ruleset: Ruleset) -> tuple[int, ...]:
    """The ruleset as the kernel's parameter tuple (worked out once per ruleset)."""
    rules = GenRules.of(ruleset)
    bonus_mask = sum(1 << (ord(tile) - 65) for tile in rules.letter_bonus_tiles)
    return (
        rules.max_height,
        rules.rack_size,
        bonus_mask,
        rules.letter_bonus,
        rules.qu_flat_word_bonus,
        rules.full_rack_bonus,
        int(rules.shared_tile_counted_once),
        int(rules.forbid_full_cover),
        1,
    )


def _kernel_call(
    board: Board, rack: Sequence[str], ruleset: Ruleset, lexicon: Lexicon, mode: int
) -> object:
    assert _KERNEL is not None
    result: object = _KERNEL.generate(
        lexicon.arcs,
        lexicon.root,
        board.tops,
        bytes(board.heights),
        "".join(rack).encode(),
        _kernel_rules(ruleset),
        mode,
        GeneratedMove,
    )
    return result


def legal_moves(
    board: Board, rack: Sequence[str], ruleset: Ruleset, lexicon: Lexicon
) -> list[GeneratedMove]:
    """Every legal move for `rack` on `board`, best first (see `sort_key`)."""
    if _KERNEL is None:
        return generate_moves(board.tops, board.heights, rack, lexicon, GenRules.of(ruleset))
    moves = _kernel_call(board, rack, ruleset, lexicon, _ALL)
    assert isinstance(moves, list)  # sorted by the kernel in sort_key's order
    return moves


def count_legal_moves(board: Board, rack: Sequence[str], ruleset: Ruleset, lexicon: Lexicon) -> int:
    """How many legal moves `rack` has on `board`."""
    if _KERNEL is None:
        return len(legal_moves(board, rack, ruleset, lexicon))
    count = _kernel_call(board, rack, ruleset, lexicon, _COUNT)
    assert isinstance(count, int)
    return count


def has_legal_move(board: Board, rack: Sequence[str], ruleset: Ruleset, lexicon: Lexicon) -> bool:
    """Whether `rack` can play at all (T18, end condition 2); stops at the first move."""
    if _KERNEL is None:
        return bool(legal_moves(board, rack, ruleset, lexicon))
    return bool(_kernel_call(board, rack, ruleset, lexicon, _ANY))


def best_move(
    board: Board, rack: Sequence[str], ruleset: Ruleset, lexicon: Lexicon
) -> GeneratedMove | None:
    """The first move in `sort_key` order (most points), or None when none is legal."""
    if _KERNEL is None:
        moves = legal_moves(board, rack, ruleset, lexicon)
        return moves[0] if moves else None
    move = _kernel_call(board, rack, ruleset, lexicon, _BEST)
    assert move is None or isinstance(move, GeneratedMove)
    return move
