"""Reading a user's word list: any UTF-8 text, one word per line, gzip allowed.

Every line is folded (W2); lines that cannot be folded are dropped and
counted by reason, so the user sees what was kept and what was not.
"""

from __future__ import annotations

import gzip
import zlib
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

from motamot.errors import CodedError
from motamot.lexicon.fold import FoldError, fold

GZIP_MAGIC = b"\x1f\x8b"
SINGLE_LETTER = "single_letter"


class WordListError(CodedError, ValueError):
    """A word list that cannot be read at all (missing, binary, not UTF-8, empty)."""

    TEMPLATES: ClassVar[dict[str, str]] = {
        "no_such_file": "{path}: no such file",
        "is_directory": "{path}: is a directory, not a word list",
        "unreadable": "{path}: cannot be read ({reason})",
        "bad_gzip": "{path}: damaged gzip file ({reason})",
        "empty": "{path}: the file is empty",
        "binary": "{path}: binary data, not a text word list",
        "not_utf8": "{path}: not UTF-8 text (line {line})",
        "no_usable_word": "{path}: no usable word ({dropped} lines dropped: {reasons})",
    }


@dataclass
class FoldedWordList:
    """The words kept from a list, and how many lines were dropped for each reason."""

    words: set[str] = field(default_factory=set)
    dropped: Counter[str] = field(default_factory=Counter)

    @property
    def dropped_total(self) -> int:
        return sum(self.dropped.values())


def fold_lines(lines: Iterable[str]) -> FoldedWordList:
    """Fold every line; keep words of two letters or more (no game uses one letter)."""
    result = FoldedWordList()
    for line in lines:
        if not line.strip():
            continue
        try:
            word = fold(line)
        except FoldError as error:
            result.dropped[error.reason.value] += 1
            continue
        if len(word) < 2:
            result.dropped[SINGLE_LETTER] += 1
            continue
        result.words.add(word)
    return result


def read_word_list_bytes(path: Path) -> bytes:
    """The raw bytes of a word list, gunzipped when needed, with clear errors."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise WordListError("no_such_file", path=path) from None
    except IsADirectoryError:
        raise WordListError("is_directory", path=path) from None
    except OSError as error:
        raise WordListError("unreadable", path=path, reason=error.strerror) from None
    if data.startswith(GZIP_MAGIC):
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError, zlib.error) as error:
            raise WordListError("bad_gzip", path=path, reason=str(error)) from None
    return data


def decode_word_list(data: bytes, source: str) -> list[str]:
    """Decode UTF-8 text into lines; binary or non-UTF-8 data is refused."""
    if not data.strip():
        raise WordListError("empty", path=source)
    if b"\x00" in data:
        raise WordListError("binary", path=source)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise WordListError("not_utf8", path=source, line=line) from None
    return text.splitlines()
