"""Reading a user's word list: any UTF-8 text, one word per line, gzip allowed.

Every line is folded (W2); lines that cannot be folded are dropped and
counted by reason, so the user sees what was kept and what was not.
Everything is bounded (size once gunzipped, line length, lines, words), so
that no file, however large or however well compressed, can exhaust memory:
past a limit the list is refused with a clear error.
"""

from __future__ import annotations

import gzip
import io
import zlib
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

from motamot.errors import CodedError
from motamot.lexicon.dawg import MAX_WORD_LETTERS
from motamot.lexicon.fold import FoldError, fold

GZIP_MAGIC = b"\x1f\x8b"
SINGLE_LETTER = "single_letter"
TOO_LONG = "too_long"

#: A word list is at most this many bytes, once gunzipped (the French list is 4.8 MB).
MAX_LIST_BYTES = 32 * 1024 * 1024
#: A line (one word, UTF-8) is at most this many bytes.
MAX_LINE_BYTES = 256
#: At most this many lines, and this many different words (French: 420,420).
MAX_LINES = 2_000_000
MAX_WORDS = 1_000_000
#: At most this many states in the compiled list (French: 45,197; unrelated words cost
#: a state per letter, and the builder ~150 bytes a state).
MAX_STATES = 200_000


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
        "too_large": "{path}: more than {megabytes} MB (once gunzipped), too large for a word list",
        "line_too_long": "{path}: line {line} has more than {limit} bytes, not one word a line",
        "too_many_lines": "{path}: more than {limit} lines",
        "too_many_words": "{path}: more than {limit} different words",
        "too_many_states": "{path}: the compiled list would have more than {limit} states "
        "(too many unrelated words)",
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


def fold_lines(lines: Iterable[str], source: str = "") -> FoldedWordList:
    """Fold every line; keep words of 2 to MAX_WORD_LETTERS letters (no game uses others).

    More than MAX_WORDS different words is refused (WordListError).
    """
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
        if len(word) > MAX_WORD_LETTERS:
            result.dropped[TOO_LONG] += 1
            continue
        result.words.add(word)
        if len(result.words) > MAX_WORDS:
            raise WordListError("too_many_words", path=source, limit=MAX_WORDS)
    return result


def read_bounded(path: Path, limit: int) -> bytes:
    """At most `limit` + 1 bytes of `path` (one more says it is too large); OSError escapes."""
    with path.open("rb") as handle:
        return handle.read(limit + 1)


def read_word_list_bytes(path: Path) -> bytes:
    """The raw bytes of a word list, gunzipped when needed, with clear errors.

    Neither the file nor what it gunzips to may exceed MAX_LIST_BYTES: reading
    stops there, so a small gzip that expands to gigabytes costs no more.
    """
    try:
        data = read_bounded(path, MAX_LIST_BYTES)
    except FileNotFoundError:
        raise WordListError("no_such_file", path=path) from None
    except IsADirectoryError:
        raise WordListError("is_directory", path=path) from None
    except OSError as error:
        raise WordListError("unreadable", path=path, reason=error.strerror or error) from None
    return unpack_word_list(data, path)


def unpack_word_list(data: bytes, source: object) -> bytes:
    """`data` gunzipped when it is gzip, refused past MAX_LIST_BYTES either way."""
    if data.startswith(GZIP_MAGIC) and len(data) <= MAX_LIST_BYTES:
        try:
            with gzip.GzipFile(fileobj=io.BytesIO(data)) as unzipped:
                data = unzipped.read(MAX_LIST_BYTES + 1)
        except (OSError, EOFError, zlib.error) as error:
            raise WordListError("bad_gzip", path=source, reason=str(error)) from None
    if len(data) > MAX_LIST_BYTES:
        raise WordListError("too_large", path=source, megabytes=MAX_LIST_BYTES >> 20)
    return data


def fold_word_list(data: bytes, source: str) -> FoldedWordList:
    """The words of a (gunzipped) word list; a list with no usable word is refused."""
    report = fold_lines(decode_word_list(data, source), source)
    if not report.words:
        reasons = ", ".join(f"{n} {why}" for why, n in sorted(report.dropped.items()))
        raise WordListError(
            "no_usable_word", path=source, dropped=report.dropped_total, reasons=reasons
        )
    return report


def decode_word_list(data: bytes, source: str) -> Iterator[str]:
    """The lines of UTF-8 text (split on "\\n" only); binary or non-UTF-8 data is refused.

    Lines are decoded one by one as they are read: a line longer than
    MAX_LINE_BYTES, or more than MAX_LINES lines, is refused there.
    """
    if not data.strip():
        raise WordListError("empty", path=source)
    if b"\x00" in data:
        raise WordListError("binary", path=source)
    return _lines(data.removeprefix(b"\xef\xbb\xbf"), source)


def _lines(data: bytes, source: str) -> Iterator[str]:
    for number, line in enumerate(io.BytesIO(data), 1):
        if number > MAX_LINES:
            raise WordListError("too_many_lines", path=source, limit=MAX_LINES)
        line = line.removesuffix(b"\n").removesuffix(b"\r")
        if len(line) > MAX_LINE_BYTES:
            raise WordListError("line_too_long", path=source, line=number, limit=MAX_LINE_BYTES)
        try:
            yield line.decode("utf-8")
        except UnicodeDecodeError:
            raise WordListError("not_utf8", path=source, line=number) from None
