"""What both terminal games share: where they write, how they read a line, their
language and colours, and how they page what overflows the screen.

A screen is live (cleared and redrawn) only when input and output are both a
terminal; from a pipe, lines are written one after the other and read as lines.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, ClassVar, TextIO

from motamot.cli.term import CLEAR, LineReader, Style, colour_allowed, screen_size
from motamot.errors import CodedError
from motamot.text.i18n import Catalog, Language, translate
from motamot.text.terminal import TERMINAL

if TYPE_CHECKING:
    from motamot.service.local import LocalRooms


def local_rooms() -> LocalRooms:
    """The terminal's rooms, of the kinds of the one registry (`motamot.web.default_kinds`);
    imported here, when a game starts, so other commands never load the server."""
    from motamot.service.local import LocalRooms
    from motamot.web import default_kinds

    return LocalRooms(default_kinds().rooms)


YES = {"o", "oui", "y", "yes"}
NO = {"n", "non", "no"}


class Screen:
    """The terminal of one game: `catalog` holds its texts."""

    catalog: ClassVar[Catalog]

    def __init__(self, out: TextIO, reader: LineReader, lang: Language) -> None:
        self.out = out
        self.reader = reader
        self.lang = lang
        self.live_screen = reader.interactive and out.isatty()
        self.style = Style(colour_allowed(out))

    def t(self, key: str, **fields: object) -> str:
        return translate(self.catalog, key, self.lang, **fields)

    def write(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def clear(self) -> None:
        """Start a new screen (a live screen only: a pipe keeps every line)."""
        if self.live_screen:
            self.out.write(CLEAR)

    def ask(self, prompt: str) -> str:
        """A whole line from the player (EOFError at the end of input)."""
        return self.reader.read_line(prompt, self.out)

    def ask_rematch(self) -> bool:
        """« Revanche ? » until the answer is yes or no (EOFError at the end of input)."""
        while True:
            answer = self.ask(translate(TERMINAL, "rematch", self.lang)).strip().lower()
            if answer in YES or answer in NO:
                return answer in YES
            self.write(translate(TERMINAL, "yes_or_no", self.lang))

    def page(self, lines: list[str], more: str) -> None:
        """Show lines, asking for Enter (`more`) each time they fill the screen."""
        _, rows = screen_size()
        if not self.live_screen:
            for line in lines:
                self.write(line)
            return
        shown = 0
        for line in lines:
            if shown >= rows - 2:
                self.ask(self.style(more, "dim"))
                shown = 0
            self.write(line)
            shown += 1

    def input_ended(self) -> None:
        self.write()
        self.write(translate(TERMINAL, "input_ended", self.lang))


def quiet_service_logs() -> None:
    """The rooms log a failed save with its traceback; in the terminal the screen says it
    in words (`Screen.save_failed`), so those records are not printed."""
    logging.getLogger("motamot.service").addHandler(logging.NullHandler())


def save_failure_text(error: CodedError, lang: Language, started: bool = True) -> str:
    """Why a save failed (a WriteError of the rooms' store or of a record), and that the
    game stops there (or cannot start)."""
    why = translate(TERMINAL, error.code, lang, **error.fields)
    then = translate(TERMINAL, "stopped_unsaved" if started else "cannot_start", lang)
    return f"{why}\n{then}"
