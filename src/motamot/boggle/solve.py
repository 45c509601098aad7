"""The solver: every word of a grid, each with one path (B4, B5, B7, B9).

The core, `find_words`, takes plain data (each cell's letters, each cell's
neighbours, the lexicon's flat arc array and root) so that a compiled kernel
can mirror it line for line. It walks the DAWG inline: a state's bit k says
letter k leaves it, and the arc for that letter sits at
`(state >> ARC_SHIFT) + popcount(state & lower-letters mask)`.

The path kept for a word is the first in depth-first order (cells in reading
order, neighbours in increasing order), i.e. the smallest path read as a
sequence of cell numbers; the referee's path search gives the same one.
"""

from __future__ import annotations

import functools
import itertools
import json
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple
from weakref import WeakKeyDictionary

from motamot.boggle.grid import Cell, Grid, grid_of_compact
from motamot.boggle.rules import BoggleRules
from motamot.kernels import load_kernel
from motamot.lexicon import Lexicon
from motamot.lexicon.layout import ARC_SHIFT, WORD_BIT

Path = tuple[int, ...]


class _Cells(NamedTuple):
    """Per cell, what a walk needs: its first letter's bit index and lower-letters mask,
    the (index, mask) pairs of the face's other letters (Qu, Th...), its neighbours
    that are not blank, and the mask of the first letters of those neighbours."""

    first_bit: list[int]
    first_low: list[int]
    rest: list[tuple[tuple[int, int], ...]]
    neighbours: list[tuple[int, ...]]
    around_mask: list[int]

    @classmethod
    def of(cls, letters: Sequence[str], neighbours: Sequence[Sequence[int]]) -> _Cells:
        first_bit: list[int] = []
        first_low: list[int] = []
        rest: list[tuple[tuple[int, int], ...]] = []
        for face in letters:
            codes = [ord(c) - 65 for c in face] or [-1]
            first_bit.append(codes[0])
            first_low.append((1 << codes[0]) - 1 if codes[0] >= 0 else 0)
            rest.append(tuple((k, (1 << k) - 1) for k in codes[1:]))
        # A blank cell is nobody's neighbour: no word passes through it.
        kept = [tuple(j for j in around if letters[j]) for around in neighbours]
        # A child state none of whose letters starts a neighbour needs no visit.
        around = [sum(1 << bit for bit in {first_bit[j] for j in cells}) for cells in kept]
        return cls(first_bit, first_low, rest, kept, around)


def _follow(arcs: Sequence[int], state: int, pairs: tuple[tuple[int, int], ...]) -> int:
    """The state after a face's other letters (`_Cells.rest`), or 0 when no word goes on."""
    for bit, low in pairs:
        if not state >> bit & 1:
            return 0
        state = arcs[(state >> ARC_SHIFT) + (state & low).bit_count()]
    return state


def find_words(
    arcs: Sequence[int],
    root: int,
    letters: Sequence[str],
    neighbours: Sequence[Sequence[int]],
    min_letters: int,
) -> dict[str, Path]:
    """Every word of at least `min_letters` letters → its first path (cell numbers).

    `letters[i]` is cell i's folded letters (`QU` for Qu, `` for a blank);
    `neighbours[i]` the cells adjacent to i, in increasing order.
    """
    found: dict[str, Path] = {}
    first_bit, first_low, rest, around, around_mask = _Cells.of(letters, neighbours)
    used = [False] * len(letters)
    path: list[int] = []

    def visit(cell: int, state: int, word: str) -> None:
        used[cell] = True
        path.append(cell)
        for nxt in around[cell]:
            if not state >> first_bit[nxt] & 1 or used[nxt]:
                continue
            child = arcs[(state >> ARC_SHIFT) + (state & first_low[nxt]).bit_count()]
            if rest[nxt]:
                child = _follow(arcs, child, rest[nxt])
                if not child:
                    continue
            grown = word + letters[nxt]
            if child & WORD_BIT and len(grown) >= min_letters and grown not in found:
                found[grown] = (*path, nxt)
            if child & around_mask[nxt]:
                visit(nxt, child, grown)
        path.pop()
        used[cell] = False

    for start in range(len(letters)):
        bit = first_bit[start]
        if bit < 0 or not root >> bit & 1:
            continue
        state = arcs[(root >> ARC_SHIFT) + (root & first_low[start]).bit_count()]
        state = _follow(arcs, state, rest[start])
        if not state:
            continue
        word = letters[start]
        if state & WORD_BIT and len(word) >= min_letters and word not in found:
            found[word] = (start,)
        if state & around_mask[start]:
            visit(start, state, word)
    return found


class SolvedWord(NamedTuple):
    """One word of the grid, its points and one path (cells as (row, column)).

    A NamedTuple rather than a dataclass: a solve makes hundreds of them, and
    the compiled solver hands them over untracked by the cyclic collector."""

    word: str
    points: int
    path: tuple[Cell, ...]


@dataclass(frozen=True, slots=True)
class Solution:
    """Every word of a grid (alphabetical), with the totals."""

    grid: Grid
    words: tuple[SolvedWord, ...]

    @property
    def count(self) -> int:
        return len(self.words)

    @property
    def points(self) -> int:
        return sum(entry.points for entry in self.words)

    def longest(self) -> tuple[SolvedWord, ...]:
        """The words of the greatest length (in letters)."""
        if not self.words:
            return ()
        most = max(len(entry.word) for entry in self.words)
        return tuple(entry for entry in self.words if len(entry.word) == most)

    def as_json(self) -> dict[str, Any]:
        """The JSON shape of `boggle solve --json` (the compiled batch writes the same)."""
        return {
            "grid": self.grid.text,
            "count": self.count,
            "points": self.points,
            "words": [
                {"word": entry.word, "points": entry.points, "path": [list(c) for c in entry.path]}
                for entry in self.words
            ],
        }


def solve(
    grid: Grid, rules: BoggleRules, lexicon: Lexicon, min_length: int | None = None
) -> Solution:
    """Every word of `grid` in `lexicon` allowed by `rules` (or another minimum length)."""
    minimum = rules.min_length if min_length is None else min_length
    solver = _compiled_solver(lexicon)
    if solver is not None:
        with _KERNEL_LOCK:
            rows = solver.rows(
                grid.compact, grid.size, _clamped(minimum), _score_table(rules), SolvedWord
            )
        return Solution(grid, rows)
    return solve_reference(grid, rules, lexicon, minimum)


def solve_reference(grid: Grid, rules: BoggleRules, lexicon: Lexicon, minimum: int) -> Solution:
    """`solve` in pure Python: the readable reference the compiled kernel must match."""
    found = find_words(lexicon.arcs, lexicon.root, grid.letters, grid.neighbours, minimum)
    cells = [grid.cell(i) for i in range(len(grid.faces))]
    points = [rules.points(n) for n in range(max(map(len, found), default=0) + 1)]
    words = tuple(
        SolvedWord(word, points[len(word)], tuple(map(cells.__getitem__, found[word])))
        for word in sorted(found)
    )
    return Solution(grid, words)


def solve_many(grids: Iterable[Grid], rules: BoggleRules, lexicon: Lexicon) -> Iterable[Solution]:
    """Batch mode: one solution per grid, lazily."""
    for grid in grids:
        yield solve(grid, rules, lexicon)


def score_many(
    grids: Sequence[Grid], rules: BoggleRules, lexicon: Lexicon, min_length: int | None = None
) -> list[tuple[int, int]]:
    """(words, points) of each grid, without the word lists: the fastest path."""
    results: list[tuple[int, int]] = []
    for size, run in itertools.groupby(grids, key=lambda grid: grid.size):
        results += batch_totals([grid.compact for grid in run], size, rules, lexicon, min_length)
    return results


def batch_totals(
    compacts: Sequence[str | bytes],
    size: int,
    rules: BoggleRules,
    lexicon: Lexicon,
    min_length: int | None,
) -> list[tuple[int, int]]:
    """(words, points) of grids of one size in compact form (`Grid.compact`, or the
    bytes of `parse_grid_line`)."""
    minimum = rules.min_length if min_length is None else min_length
    solver = _compiled_solver(lexicon)
    if solver is not None:
        with _KERNEL_LOCK:
            totals: list[tuple[int, int]] = solver.totals(
                compacts, size, _clamped(minimum), _score_table(rules)
            )
        return totals
    results = []
    for compact in compacts:
        grid = grid_of_compact(size, compact)
        found = find_words(lexicon.arcs, lexicon.root, grid.letters, grid.neighbours, minimum)
        results.append((len(found), sum(rules.points(len(word)) for word in found)))
    return results


def batch_json(
    compacts: Sequence[str | bytes],
    size: int,
    rules: BoggleRules,
    lexicon: Lexicon,
    min_length: int | None,
    *,
    words: bool,
) -> bytes:
    """The lines of `boggle solve --batch --json` (`words`) or `--score-only --json`
    for grids of one size in compact form: UTF-8 JSON, one object a line.

    The compiled solver writes them itself (no Python object per word); the
    fallback goes through `Solution.as_json` and gives the same bytes."""
    minimum = rules.min_length if min_length is None else min_length
    solver = _compiled_solver(lexicon)
    if solver is not None:
        with _KERNEL_LOCK:
            lines: bytes = solver.json_lines(
                compacts, size, _clamped(minimum), _score_table(rules), words
            )
        return lines
    out = []
    for compact in compacts:
        solution = solve_reference(grid_of_compact(size, compact), rules, lexicon, minimum)
        data = solution.as_json()
        if not words:
            del data["words"]
        out.append(json.dumps(data) + "\n")
    return "".join(out).encode()


# -- the compiled kernel (motamot.boggle._kernel), used when it was built -------------

_KERNEL = load_kernel("motamot.boggle._kernel")
_SOLVERS: WeakKeyDictionary[Lexicon, Any] = WeakKeyDictionary()
#: A solver keeps its search and its hits in itself, so one call at a time: a collection
#: during a call (it allocates the rows) may run Python code, hand the GIL to another
#: thread and let it solve on the same solver (a server solves a round's grid ahead in a
#: worker while its event loop solves the bots' sheets; CI saw that crash).
_KERNEL_LOCK = threading.RLock()
#: Words this long or longer score the table's last entry (unless a rule says more).
_SCORED_LENGTHS = 40
#: The kernel takes a C int: any minimum beyond the longest possible word is the same.
_MAX_MINIMUM = 2**31 - 1


def _compiled_solver(lexicon: Lexicon) -> Any:
    """The kernel's solver bound to `lexicon` (built once per lexicon), or None.

    None too when the kernel refuses the lexicon (a DAWG deeper than it
    recurses): the pure-Python solver then solves it, more slowly."""
    if _KERNEL is None:
        return None
    if lexicon not in _SOLVERS:
        try:
            _SOLVERS[lexicon] = _KERNEL.Solver(lexicon.arcs, lexicon.root)
        except ValueError:
            _SOLVERS[lexicon] = None
    return _SOLVERS[lexicon]


def _clamped(minimum: int) -> int:
    return max(min(minimum, _MAX_MINIMUM), -_MAX_MINIMUM)


@functools.lru_cache(maxsize=16)
def _score_table(rules: BoggleRules) -> tuple[int, ...]:
    """The points of every length, for the kernel (the same tuple each time: it caches it)."""
    longest = max([_SCORED_LENGTHS, *(threshold for threshold, _ in rules.scores)])
    return tuple(rules.points(letters) for letters in range(longest + 1))
