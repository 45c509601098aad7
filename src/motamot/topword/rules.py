"""The referee (T4-T11, T20): is a move legal, and if not, why.

Public API (what the move generator and the game use)
------------------------------------------------------
``evaluate(board, move, rack, ruleset, lexicon) -> Legal | Illegal``
    Judge a move written in notation (`motamot.topword.move.Move`). `rack`
    is a sequence of tile codes ("Q" = Qu) or None when the tiles are
    assumed available. The board is left unchanged (it is pushed and popped).
``evaluate_placements(board, placements, rack, ruleset, lexicon, across=None)``
    The same for raw placements ``[(cell, tile), ...]`` (a UI dropping tiles,
    a generator that builds placements). `across` says which way a one-tile
    move reads; None picks across when the tile has a neighbour there.
``Legal``: ``points``, ``words`` (main word first, then cross words in line
    order, each a `WordScore(word, points, cells)`), ``bonuses`` (`Bonus(kind,
    points)`), ``placements`` (sorted by cell), ``move`` (the notation), ``across``.
``Illegal``: ``reason`` (a `Reason`, a str enum such as ``not_in_dictionary``)
    and ``detail`` (the word or the cell, "5E", at fault).
``canonical_move(board, move)``: a one-tile move that forms words both ways
    can be written across or down (same placements, same total, T14); this
    picks across, so a generator can list each physical move once.

Reading of the rules, precisely
-------------------------------
* The word of a move is the maximal run of occupied cells along its line
  after the move; the notation must write all of it (`not_whole_word`).
* T4: on an empty board one placed tile must be on a centre square.
* T5: later, the move must stack on a tile, or its word must contain a tile
  already on the board, or a placed tile must form a cross word with tiles
  already there (`not_connected`).
* T6: placed tiles lie in one row or column (`not_in_line`), and the cells
  between them are all occupied (`gap_in_line`). Words have 2+ letters.
* T9: the main word and each cross word of 2+ letters through a placed tile
  must be in the dictionary; cross words through kept tiles are unchanged.
* T10: an S put on an empty cell right after the last tile of a word
  already on the board (2+ tiles, the S ending the new run) only pluralises
  it when every other tile of the run is the one that stood there before the
  move: nothing stacked on it (FAN -> FINS is a new word) and nothing added
  in front (CHAT -> ACHATS). Such a plural is refused unless the S is also
  part of another word of 2+ letters formed by the move that is not itself
  only a plural (PLUS through the S of FANS). The refusal names each word
  only pluralised, the one along the move's line first.
* T11: with `full_cover_forbidden`, every tile of an old word (a run of 2+
  tiles along the line before the move) may not be covered in one move.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from motamot.lexicon import Lexicon
from motamot.topword.board import CELLS, CENTRE, SIZE, Board, Placement, cell_name
from motamot.topword.move import Move, format_move, placements
from motamot.topword.score import Bonus, WordScore, score_words
from motamot.topword.tiles import TILE_CODES, Ruleset, tile_label


class Reason(StrEnum):
    """Why a move is refused; interfaces translate these codes."""

    NO_TILE_PLACED = "no_tile_placed"
    OFF_BOARD = "off_board"
    NOT_ON_RACK = "not_on_rack"
    DUPLICATE_CELL = "duplicate_cell"
    NOT_IN_LINE = "not_in_line"
    STACK_TOO_HIGH = "stack_too_high"
    SAME_LETTER_STACK = "same_letter_stack"
    GAP_IN_LINE = "gap_in_line"
    FIRST_MOVE_OFF_CENTRE = "first_move_off_centre"
    NOT_CONNECTED = "not_connected"
    NOT_WHOLE_WORD = "not_whole_word"
    TOO_SHORT = "too_short"
    COVERS_WHOLE_WORD = "covers_whole_word"
    PLURAL_S_ONLY = "plural_s_only"
    NOT_IN_DICTIONARY = "not_in_dictionary"


@dataclass(frozen=True, slots=True)
class Illegal:
    """A refused move: the rule broken and the word or cell at fault."""

    reason: Reason
    detail: str
    legal: ClassVar[bool] = False


@dataclass(frozen=True, slots=True)
class Legal:
    """An accepted move with its itemised score."""

    points: int
    words: tuple[WordScore, ...]
    bonuses: tuple[Bonus, ...]
    placements: tuple[Placement, ...]
    move: Move
    legal: ClassVar[bool] = True

    @property
    def across(self) -> bool:
        return self.move.across


Verdict = Legal | Illegal


def evaluate(
    board: Board,
    move: Move,
    rack: Sequence[str] | None,
    ruleset: Ruleset,
    lexicon: Lexicon,
    check_words: bool = True,
) -> Verdict:
    """Judge a move in notation on `board` (unchanged) for a player holding `rack`;
    without `check_words`, every rule but T9 (a move replayed from a stored game, judged
    when it was played: a word list changed since must not undo it)."""
    if not move.tiles:
        return Illegal(Reason.NO_TILE_PLACED, "")
    if not move.fits():
        return Illegal(Reason.OFF_BOARD, format_move(move))
    cells = move.cells()
    placed = placements(board, move)
    if not placed:
        return Illegal(Reason.NO_TILE_PLACED, move.word)
    if not _whole_word(board, move, cells, placed):
        board.push(placed)
        try:
            return Illegal(Reason.NOT_WHOLE_WORD, board.word(board.run(cells[0], move.across)))
        finally:
            board.pop()
    return evaluate_placements(board, placed, rack, ruleset, lexicon, move.across, check_words)


def _whole_word(board: Board, move: Move, cells: list[int], placed: list[Placement]) -> bool:
    """Whether the move's cells are the whole run along its line once it is laid, read
    without laying it: the cells just before and after it on the line are empty (or off
    the board), and each cell it keeps holds a tile."""
    heights = board.heights
    first, last = cells[0], cells[-1]
    if move.across:
        if (first % SIZE and heights[first - 1]) or (last % SIZE < SIZE - 1 and heights[last + 1]):
            return False
    elif (first >= SIZE and heights[first - SIZE]) or (
        last < CELLS - SIZE and heights[last + SIZE]
    ):
        return False
    tops = board.tops
    return len(placed) == len(cells) or all(
        heights[cell] or tops[cell] != tile for cell, tile in zip(cells, move.tiles, strict=True)
    )


def _names(cells: Sequence[int]) -> str:
    return " ".join(cell_name(cell) for cell in cells)


def _on_rack(tiles: Sequence[str], rack: Sequence[str]) -> bool:
    """Whether the rack holds every tile (as many times as laid): the common case, checked
    without two Counters (the referee judges every move of every game a bot plays)."""
    left = list(rack)
    for tile in tiles:
        if tile not in left:
            return False
        left.remove(tile)
    return True


def _tiles_refusal(
    placed: Sequence[Placement], cells: list[int], rack: Sequence[str] | None
) -> Illegal | None:
    """Why the placements cannot be laid whatever the board: a cell off the board or
    named twice, a tile that is no tile or not on the rack (None: they may)."""
    for cell in cells:
        if not 0 <= cell < CELLS:
            return Illegal(Reason.OFF_BOARD, str(cell))
    if len(set(cells)) != len(cells):
        duplicate = next(cell for cell, count in Counter(cells).items() if count > 1)
        return Illegal(Reason.DUPLICATE_CELL, cell_name(duplicate))
    tiles = [tile for _, tile in placed]
    for tile in tiles:
        if tile not in TILE_CODES:
            return Illegal(Reason.NOT_ON_RACK, tile)
    if rack is not None and not _on_rack(tiles, rack):
        missing = Counter(tiles) - Counter(rack)
        if missing:
            return Illegal(
                Reason.NOT_ON_RACK, "".join(tile_label(t) for t in sorted(missing.elements()))
            )
    return None


def evaluate_placements(
    board: Board,
    placed: Sequence[Placement],
    rack: Sequence[str] | None,
    ruleset: Ruleset,
    lexicon: Lexicon,
    across: bool | None = None,
    check_words: bool = True,
) -> Verdict:
    """Judge raw placements on `board` (unchanged); see the module docstring."""
    if not placed:
        return Illegal(Reason.NO_TILE_PLACED, "")
    placed = sorted(placed)
    cells = [cell for cell, _ in placed]
    refused = _tiles_refusal(placed, cells, rack)
    if refused is not None:
        return refused
    first_cell, last_cell = cells[0], cells[-1]
    if len(cells) > 1:
        # The cells are sorted and distinct: one row when the first and last share it.
        if first_cell // SIZE == last_cell // SIZE:
            line_across = True
        elif all(cell % SIZE == first_cell % SIZE for cell in cells):
            line_across = False
        else:
            return Illegal(Reason.NOT_IN_LINE, _names(cells))
        if across is not None and across != line_across:
            return Illegal(Reason.NOT_IN_LINE, _names(cells))
        across = line_across
    tops, heights = board.tops, board.heights
    max_height = ruleset.max_height
    old_heights: dict[int, int] = {}
    for cell, tile in placed:
        height = heights[cell]
        if height >= max_height:
            return Illegal(Reason.STACK_TOO_HIGH, cell_name(cell))
        if tops[cell] == tile:
            return Illegal(Reason.SAME_LETTER_STACK, cell_name(cell))
        old_heights[cell] = height
    step = 1 if across else SIZE
    if (last_cell - first_cell) // step >= len(cells):  # cells between them: each holds a tile
        for cell in range(first_cell, last_cell, step):
            if cell not in old_heights and not heights[cell]:
                return Illegal(Reason.GAP_IN_LINE, cell_name(cell))
    first = board.is_empty()
    if first and CENTRE.isdisjoint(cells):
        return Illegal(Reason.FIRST_MOVE_OFF_CENTRE, _names(cells))
    board.push(placed)
    try:
        words = lexicon if check_words else None
        return _judge_applied(board, placed, cells, old_heights, across, first, ruleset, words)
    finally:
        board.pop()


def _judge_applied(
    board: Board,
    placed: list[Placement],
    cells: list[int],
    old_heights: dict[int, int],
    across: bool | None,
    first: bool,
    ruleset: Ruleset,
    lexicon: Lexicon | None,
) -> Verdict:
    """The checks that read the board with the move applied (T5, T6, T9-T11; T9 only with
    a word list), then the score."""
    if across is None:
        across = len(board.run(cells[0], True)) >= 2
    main = board.run(cells[0], across)
    crosses = [(run, cell) for cell in cells if len(run := board.run(cell, not across)) >= 2]
    if not first:
        stacked = any(old_heights.values())
        if not (stacked or len(main) > len(cells) or crosses):
            return Illegal(Reason.NOT_CONNECTED, board.word(main))
    if len(main) < 2:
        return Illegal(Reason.TOO_SHORT, board.word(main))
    if ruleset.full_cover_forbidden:
        covered = _covered_word(board, main, placed, old_heights)
        if covered is not None:
            return Illegal(Reason.COVERS_WHOLE_WORD, covered)
    plurals = _only_plurals(board, placed, old_heights, across)
    if plurals:
        return Illegal(Reason.PLURAL_S_ONLY, ", ".join(plurals))
    main_word = board.word(main)
    cross_words = [board.word(run) for run, _ in crosses]
    if lexicon is not None:
        for word in [main_word, *cross_words]:
            if word not in lexicon:
                return Illegal(Reason.NOT_IN_DICTIONARY, word)
    points, words, bonuses = score_words(
        board, main, main_word, crosses, cross_words, placed, ruleset
    )
    row, col = divmod(main[0], SIZE)
    tops = board.tops
    move = Move(row, col, across, tuple([tops[cell] for cell in main]))
    return Legal(points, words, bonuses, tuple(placed), move)


def _covered_word(
    board: Board, main: list[int], placed: list[Placement], old_heights: dict[int, int]
) -> str | None:
    """T11: the old word of 2+ letters along `main` whose every tile the move covers."""
    group: list[int] = []
    for cell in [*main, -1]:  # -1 closes the last group
        if cell >= 0 and (old_heights[cell] if cell in old_heights else board.heights[cell]):
            group.append(cell)
            continue
        if len(group) >= 2 and all(c in old_heights for c in group):
            return _old_word(board, group, placed)
        group = []
    return None


def _only_plurals(
    board: Board, placed: list[Placement], old_heights: dict[int, int], across: bool
) -> list[str]:
    """T10: the words a new S only pluralises, when that S is part of no other new word."""
    for cell, tile in placed:
        if tile != "S" or old_heights[cell]:
            continue
        plurals: list[str] = []
        other = False
        for direction in (across, not across):
            run = board.run(cell, direction)
            if len(run) < 2:
                continue
            # The S ends the run, after cells that hold the very tiles they held before.
            unchanged = all(c not in old_heights and board.heights[c] for c in run[:-1])
            if run[-1] == cell and len(run) >= 3 and unchanged:
                plurals.append(board.word(run))
            else:
                other = True
        if plurals and not other:
            return plurals
    return []


def _old_word(board: Board, group: list[int], placed: list[Placement]) -> str:
    """The word `group` read before the move (its tiles are all covered now)."""
    board.pop()
    try:
        return board.word(group)
    finally:
        board.push(placed)


def canonical_move(board: Board, move: Move) -> Move:
    """The across form of a one-tile down move whose tile has an across word too."""
    if move.across or not move.fits():
        return move
    placed = placements(board, move)
    if len(placed) != 1:
        return move
    board.push(placed)
    try:
        run = board.run(placed[0][0], True)
        if len(run) < 2:
            return move
        row, col = divmod(run[0], SIZE)
        return Move(row, col, True, tuple(board.tops[cell] for cell in run))
    finally:
        board.pop()
