"""The terminal: colour when it is allowed, a line reader that does not block the
clock, and drawing helpers for grids, boards and word lists.

Plain ANSI and `select()`, no dependency: a countdown only needs the screen
redrawn once a second and keys read as they come. Colour is on for a terminal
unless NO_COLOR is set (https://no-color.org) or TERM is `dumb`. Without a
terminal (a pipe), nothing is cleared or redrawn and lines are read as lines.
"""

from __future__ import annotations

import codecs
import contextlib
import os
import re
import select
import shutil
import sys
import termios
import tty
from collections.abc import Iterable, Iterator, Sequence
from typing import TextIO

from motamot.boggle.grid import Cell, Grid

_SGR = {
    "bold": "1",
    "dim": "2",
    "strike": "9",
    "reverse": "7",
    "red": "31",
    "green": "32",
    "yellow": "33",
    "blue": "34",
    "magenta": "35",
    "cyan": "36",
    "on_red": "41",
    "on_yellow": "43",
}
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
CLEAR = "\x1b[H\x1b[2J"


def colour_allowed(stream: TextIO) -> bool:
    """Colour for a terminal, unless NO_COLOR is set or TERM is dumb."""
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("TERM") == "dumb":
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class Style:
    """Wraps text in ANSI styles when colour is on; returns it unchanged otherwise."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled

    def __call__(self, text: str, *styles: str) -> str:
        if not self.enabled or not styles or not text:
            return text
        codes = ";".join(_SGR[name] for name in styles)
        return f"\x1b[{codes}m{text}\x1b[0m"


def visible_len(text: str) -> int:
    """The width of `text` on screen (ANSI codes take no room)."""
    return len(_ANSI.sub("", text))


def strip_ansi(text: str) -> str:
    return _ANSI.sub("", text)


def screen_size() -> tuple[int, int]:
    """(columns, rows) of the terminal, 80×24 when unknown."""
    size = shutil.get_terminal_size((80, 24))
    return max(40, size.columns), max(12, size.lines)


def clock_text(seconds: float) -> str:
    """A countdown as m:ss, never negative (`2:05`)."""
    whole = max(0, int(seconds + 0.999))
    return f"{whole // 60}:{whole % 60:02d}"


def flow(tokens: Iterable[str], width: int, indent: str = "  ") -> list[str]:
    """Tokens laid out in lines no wider than `width` (ANSI codes do not count)."""
    lines: list[str] = []
    line = indent
    used = len(indent)
    for token in tokens:
        size = visible_len(token)
        if used > len(indent) and used + 1 + size > width:
            lines.append(line)
            line, used = indent, len(indent)
        if used > len(indent):
            line += " "
            used += 1
        line += token
        used += size
    if used > len(indent):
        lines.append(line)
    return lines


def cell_name(cell: Cell) -> str:
    """docs/rules.md notation: row letter, column number (`(2, 3)` → `C4`)."""
    row, col = cell
    return f"{chr(65 + row)}{col + 1}"


def grid_lines(grid: Grid, style: Style, path: Sequence[Cell] = ()) -> list[str]:
    """A Boggle grid in boxes, one face a cell (`Qu` in one cell), row letters and
    column numbers around it; the cells of `path` show their order (1, 2, ...)."""
    n = grid.size
    order = {cell: number for number, cell in enumerate(path, 1)}
    width = 5
    top = "   ┌" + "┬".join(["─" * width] * n) + "┐"
    middle = "   ├" + "┼".join(["─" * width] * n) + "┤"
    bottom = "   └" + "┴".join(["─" * width] * n) + "┘"
    lines = ["    " + "".join(f"{col + 1:^{width + 1}}" for col in range(n)).rstrip(), top]
    for row in range(n):
        cells = []
        for col in range(n):
            face = grid.faces[row * n + col]
            face = " " if face == "_" else face
            step = order.get((row, col))
            if step is None:
                text = f"{face:^{width}}"
                cells.append(style(text, "bold") if not path else text)
            else:
                text = f"{face:>2}{step:<3}" if step < 100 else f"{face:>2}{step}"
                cells.append(style(text, "bold", "reverse", "yellow"))
        lines.append(f" {chr(65 + row)} │" + "│".join(cells) + "│")
        lines.append(middle if row < n - 1 else bottom)
    return lines


def shorten(text: str, width: int) -> str:
    """`text` cut to `width` columns with an ellipsis (styled text is cut plain)."""
    if visible_len(text) <= width:
        return text
    plain = strip_ansi(text)
    return plain[: max(0, width - 1)] + "…"


def side_by_side(left: Sequence[str], right: Sequence[str], gap: int = 3) -> list[str]:
    """Two blocks of lines next to each other (the left one padded to its widest line)."""
    widest = max((visible_len(line) for line in left), default=0)
    lines = []
    for index in range(max(len(left), len(right))):
        a = left[index] if index < len(left) else ""
        b = right[index] if index < len(right) else ""
        lines.append((a + " " * (widest - visible_len(a) + gap) + b).rstrip() if b else a)
    return lines


class LineReader:
    """Reads a line of input without blocking the clock.

    On a terminal, keys are read one by one (no echo: the caller draws the line
    being typed from `buffer`); Enter gives the line, Backspace and Ctrl-U edit,
    Ctrl-C raises KeyboardInterrupt, Ctrl-D on an empty line raises EOFError,
    arrow keys and other escape sequences are ignored. From a pipe, input is
    read as whole lines. UTF-8 letters (é, ç, œ...) are whole characters.
    """

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.buffer = ""
        self.interactive = os.isatty(fd)
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self._lines: list[str] = []
        self._escape = ""
        self._eof = False

    @contextlib.contextmanager
    def keys(self) -> Iterator[LineReader]:
        """Key-by-key mode for the duration of the block (terminal only)."""
        if not self.interactive:
            yield self
            return
        saved = termios.tcgetattr(self.fd)
        try:
            tty.setcbreak(self.fd)
            yield self
        finally:
            termios.tcsetattr(self.fd, termios.TCSADRAIN, saved)

    def poll(self, timeout: float) -> str | None:
        """A finished line if one is typed within `timeout` seconds, else None."""
        if self._lines:
            return self._lines.pop(0)
        if self._eof:
            raise EOFError
        ready, _, _ = select.select([self.fd], [], [], max(0.0, timeout))
        if not ready:
            return None
        data = os.read(self.fd, 1024)
        if not data:
            self._eof = True
            if self.buffer:
                self._lines.append(self.buffer)
                self.buffer = ""
            if self._lines:
                return self._lines.pop(0)
            raise EOFError
        self.feed(self._decoder.decode(data))
        return self._lines.pop(0) if self._lines else None

    def feed(self, text: str) -> None:
        """Apply typed characters to the line being written."""
        for char in text:
            if self._escape:
                self._escape += char
                finished = len(self._escape) > 1 and (char.isalpha() or char == "~")
                if finished or (len(self._escape) == 2 and char not in "[O"):
                    self._escape = ""
                continue
            if char == "\x1b":
                self._escape = char
            elif char in "\r\n":
                self._lines.append(self.buffer)
                self.buffer = ""
            elif char in "\x7f\x08":
                self.buffer = self.buffer[:-1]
            elif char == "\x15":
                self.buffer = ""
            elif char == "\x03":
                raise KeyboardInterrupt
            elif char == "\x04":
                if not self.buffer:
                    raise EOFError
            elif char.isprintable():
                self.buffer += char

    def read_line(self, prompt: str, out: TextIO) -> str:
        """Wait for a whole line, echoing what is typed after `prompt`."""
        out.write(prompt)
        out.flush()
        with self.keys():
            while True:
                line = self.poll(3600.0)
                if line is not None:
                    out.write("\n")
                    out.flush()
                    return line
                if self.interactive:
                    out.write("\r\x1b[K" + prompt + self.buffer)
                    out.flush()


def stdin_reader() -> LineReader:
    return LineReader(sys.stdin.fileno())
