"""A rolled grid (B1, B3): its faces, its text form, seeded rolls, adjacency (B4).

Text form: rows joined by `/`, each face as printed (`ORTE/BEST/INAM/GTED`,
`Qu` as `Qu`, `_` for a blank). The benchmark form, 16, 25 or 36 letters
row by row, is read too. A lower-case `q` is always the Qu face.

The compact form (`Grid.compact`) runs the printed faces together without
the slashes (`QuABC...`): a capital starts a face, lower-case letters continue
it. It is what the compiled solver reads, and what `parse_grid_line` gives
for a batch line without making a Grid or an object per cell.
"""

from __future__ import annotations

import random
import re
import sys
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import ClassVar

from motamot.boggle.dice import BLANK, DiceSet, face_letters
from motamot.boggle.rules import BoggleRules
from motamot.errors import CodedError

Cell = tuple[int, int]
MAX_SIZE = 10
#: A face in a mixed-case row: `q` alone (the Qu face), a capital and its lower-case
#: letters (`Qu`, `Th`), a blank.
_FACE_TOKEN = re.compile(r"q|[A-Z][a-pr-z]*|_")
_MIXED_ROW = re.compile(r"(?:q|[A-Z][a-pr-z]*|_)+")
#: A face of the compact form.
_COMPACT_FACE = re.compile(r"[A-Z][a-z]*|_")
#: Letter counts of the one-letter-a-face form (n*n, 1 to MAX_SIZE).
_SQUARES = {n * n: n for n in range(1, MAX_SIZE + 1)}


class GridError(CodedError, ValueError):
    """A grid that cannot be read or rolled: a code and the fields it names."""

    TEMPLATES: ClassVar[dict[str, str]] = {
        "empty": "empty grid",
        "not_utf8": "not UTF-8 text",
        "bad_size": "a grid is 1x1 to 10x10, not {size}x{size}",
        "face_count": "{count} faces for a {size}x{size} grid",
        "invalid_face": "invalid face {face!r}",
        "outside": "cell {cell} is outside a {size}x{size} grid",
        "not_square": "{count} faces: expected a square count (16, 25, 36) or rows joined by '/'",
        "row_length": "row {row} has {found} faces, expected {expected}",
        "empty_row": "row {row} is empty",
        "invalid_character": "invalid character {char!r}",
        "lower_case_start": "row {row} starts with a lower-case letter",
        "lower_case_alone": "row {row}: {char!r} follows no capital (a face is Qu, Th...; q is Qu)",
        "dice_count": "{count} dice cannot fill a {size}x{size} grid",
    }


def _normalise_face(face: str) -> str:
    """`Q` alone is the Qu face (no dice set has a bare Q). Interned: a room keeps the
    grid of every round it played, and the same few faces come back in each."""
    return "Qu" if face in ("Q", "q") else sys.intern(face)


@dataclass(frozen=True)
class Grid:
    """A square grid of faces in reading order; cells are numbered row by row from 0."""

    size: int
    faces: tuple[str, ...]

    def __post_init__(self) -> None:
        if not 1 <= self.size <= MAX_SIZE:
            raise GridError("bad_size", size=self.size)
        if len(self.faces) != self.size * self.size:
            raise GridError("face_count", count=len(self.faces), size=self.size)
        for face in self.faces:
            if face != BLANK and not _printed_face(face):
                raise GridError("invalid_face", face=face)

    def __str__(self) -> str:
        return self.text

    @property
    def text(self) -> str:
        """The text form, `ORTE/BEST/INAM/GTED`."""
        n = self.size
        return "/".join("".join(self.faces[r * n : (r + 1) * n]) for r in range(n))

    @cached_property
    def compact(self) -> str:
        """The printed faces run together, without slashes (`ORTEBESTINAMGTED`)."""
        return "".join(self.faces)

    @cached_property
    def letters(self) -> tuple[str, ...]:
        """Each cell's folded letters (`QU` for the Qu face, `` for a blank)."""
        return tuple(face_letters(face) for face in self.faces)

    @cached_property
    def neighbours(self) -> tuple[tuple[int, ...], ...]:
        """B4: each cell's up to 8 neighbours, in increasing order; blanks have none
        and are nobody's neighbour (no word passes through a blank face).

        One table per size and blank layout, shared by every grid that has them."""
        blanks = tuple(i for i, face in enumerate(self.faces) if face == BLANK)
        return _neighbours(self.size, blanks)

    def cell(self, index: int) -> Cell:
        """(row, column) of a cell number: one tuple per cell and grid size, shared by
        every path (a round keeps thousands of paths; a tuple each was a fifth of an
        ended round's memory)."""
        return _cells(self.size)[index]

    def index(self, cell: Cell) -> int:
        """The cell number of (row, column)."""
        row, col = cell
        if not (0 <= row < self.size and 0 <= col < self.size):
            raise GridError("outside", cell=cell, size=self.size)
        return row * self.size + col

    def adjacent(self, a: int, b: int) -> bool:
        """B4: whether two cells touch by a side or a corner."""
        (ra, ca), (rb, cb) = self.cell(a), self.cell(b)
        return a != b and abs(ra - rb) <= 1 and abs(ca - cb) <= 1


def _printed_face(face: str) -> bool:
    """A face as printed: a capital A-Z, then lower-case letters only (`Qu`, `Th`)."""
    return face.isascii() and face.isalpha() and face[0].isupper() and face[1:] == face[1:].lower()


@lru_cache(maxsize=MAX_SIZE)
def _cells(size: int) -> tuple[Cell, ...]:
    return tuple(divmod(index, size) for index in range(size * size))


@lru_cache(maxsize=64)
def _neighbours(size: int, blanks: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The adjacency of a `size` x `size` grid whose cells `blanks` are blank."""
    blank = set(blanks)
    result: list[tuple[int, ...]] = []
    for index in range(size * size):
        if index in blank:
            result.append(())
            continue
        row, col = divmod(index, size)
        around = [
            r * size + c
            for r in range(max(0, row - 1), min(size, row + 2))
            for c in range(max(0, col - 1), min(size, col + 2))
            if (r, c) != (row, col) and r * size + c not in blank
        ]
        result.append(tuple(around))
    return tuple(result)


def parse_grid_line(line: bytes) -> tuple[int, bytes]:
    """`parse_grid` for a batch line as read from a file: (size, the compact form
    as ASCII bytes), or the same GridError (`not_utf8` for bytes that are not text).

    The benchmark form (n*n letters, one case) takes a few bytes operations and
    makes no Grid and no object per cell; any other form goes through `parse_grid`."""
    line = line.strip()
    size = _SQUARES.get(len(line))
    if size is not None and line.isalpha() and (line.islower() or line.isupper()):
        return size, line.upper().replace(b"Q", b"Qu")
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        raise GridError("not_utf8") from None
    grid = parse_grid(text)
    return grid.size, grid.compact.encode("ascii")


def parse_grid_block(lines: list[bytes]) -> tuple[int, list[bytes]] | None:
    """`parse_grid_line` for many lines at once, when all of them are in the benchmark
    form of one size and case: (size, their compact forms) from a few bytes operations
    over the whole block; None when any line is not (then read them one by one)."""
    size = _SQUARES.get(len(lines[0])) if lines else None
    if size is None:
        return None
    block = b"\n".join(lines)
    if _uniform_lines(size * size).fullmatch(block) is None:
        return None
    return size, block.upper().replace(b"Q", b"Qu").split(b"\n")


@lru_cache(maxsize=MAX_SIZE)
def _uniform_lines(letters: int) -> re.Pattern[bytes]:
    """Lines of exactly `letters` letters, all lower case or all capitals."""
    lower, upper = rb"[a-z]{%d}" % letters, rb"[A-Z]{%d}" % letters
    return re.compile(rb"(?:%s\n)*%s|(?:%s\n)*%s" % (lower, lower, upper, upper))


def grid_of_compact(size: int, compact: str | bytes) -> Grid:
    """The Grid of a compact form (`Grid.compact`, or `parse_grid_line`'s bytes)."""
    text = compact.decode("ascii") if isinstance(compact, bytes) else compact
    return Grid(size, tuple(_COMPACT_FACE.findall(text)))


def parse_grid(text: str) -> Grid:
    """Read a grid in text form (`ORTE/BEST/INAM/GTED`) or as n*n letters (`q` = Qu).

    Raise GridError saying what is wrong (character, row length, not square).
    """
    compact = text.strip()
    if not compact:
        raise GridError("empty")
    if "/" in compact:
        rows = [_row_faces(row.strip(), n) for n, row in enumerate(compact.split("/"), 1)]
    else:
        faces = _row_faces(compact, 1)
        size = _root(len(faces))
        if size is None:
            raise GridError("not_square", count=len(faces))
        rows = [faces[r * size : (r + 1) * size] for r in range(size)]
    size = len(rows)
    for number, row in enumerate(rows, 1):
        if len(row) != size:
            raise GridError("row_length", row=number, found=len(row), expected=size)
    return Grid(size, tuple(face for row in rows for face in row))


def _root(count: int) -> int | None:
    size = round(count**0.5)
    return size if size * size == count and 1 <= size <= MAX_SIZE else None


def _row_faces(row: str, number: int) -> list[str]:
    """The faces of one row: all lower case or all capitals is one letter a face
    (`q`/`Q` being Qu); otherwise a capital starts a face (`Qu`, `Th`), `q` alone is
    the Qu face and `_` a blank."""
    if not row:
        raise GridError("empty_row", row=number)
    for char in row:
        if not (char.isascii() and (char.isalpha() or char == "_")):
            raise GridError("invalid_character", char=char)
    letters = row.replace("_", "")
    if not letters or letters.islower() or letters.isupper():
        return [_normalise_face(char.upper()) for char in row]
    if row[0].islower() and row[0] != "q":
        raise GridError("lower_case_start", row=number)
    whole = _MIXED_ROW.match(row)
    if whole is None or whole.end() < len(row):
        position = whole.end() if whole is not None else 0
        raise GridError("lower_case_alone", row=number, char=row[position])
    return [_normalise_face(face) for face in _FACE_TOKEN.findall(row)]


def _index_below(rng: random.Random, count: int) -> int:
    """An index in range(count) from `random()` only, whose output Python guarantees."""
    return min(int(rng.random() * count), count - 1)


def roll_dice(dice: DiceSet, size: int, seed: int) -> Grid:
    """B3: shuffle the dice into the cells and show one face each, from `seed` alone.

    Built on `Random.random()` (Fisher-Yates, then one draw per die), never on
    `shuffle`/`choice`, so the same seed gives the same grid on every version.
    """
    if len(dice) != size * size:
        raise GridError("dice_count", count=len(dice), size=size)
    rng = random.Random(seed)
    order = list(dice.dice)
    for i in range(len(order) - 1, 0, -1):
        j = _index_below(rng, i + 1)
        order[i], order[j] = order[j], order[i]
    return Grid(size, tuple(die[_index_below(rng, len(die))] for die in order))


def roll(rules: BoggleRules, seed: int) -> Grid:
    """B1, B3: the grid of a preset for a seed."""
    return roll_dice(rules.dice, rules.size, seed)
