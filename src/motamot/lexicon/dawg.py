"""The compiled word list: a minimal DAWG stored as one flat array of arcs.

A node is a single integer, its *state*: bits 0-25 say which letters leave
it (bit k for chr(65 + k)), bit 26 that the letters walked so far form a
word, and bits 27 and up where its arcs start in `arcs`. Arcs are laid out
node by node in letter order and each arc holds the state of the node it
leads to, so one step of a walk is one array read: the arc for a letter is
found by counting the lower bits of the mask. Loading is a copy of bytes
into an array.
"""

from __future__ import annotations

import hashlib
import struct
import sys
from array import array
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import ClassVar

from motamot.errors import CodedError
from motamot.kernels import load_kernel

MAGIC = b"MOTAMOT-DAWG\x00\x00\x00\x02"
_HEADER = struct.Struct("<16sQQI32s")
LETTER_MASK = (1 << 26) - 1
WORD_BIT = 1 << 26
ARC_SHIFT = 27
NO_NODE = 0
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: For a letter's code point c, the mask of the letters before it (to count arcs).
LOWER_LETTERS = tuple((1 << (c - 65)) - 1 if 65 <= c < 91 else 0 for c in range(128))
#: For a letter's code point c, its own bit in a state's letter mask.
LETTER_BITS = tuple(1 << (c - 65) if 65 <= c < 91 else 0 for c in range(128))

#: The optional C membership test (motamot._speedups); MOTAMOT_NO_SPEEDUPS=1 turns it off.
_SPEEDUPS = load_kernel("motamot._speedups")
_c_contains: Callable[[array[int], int, object], bool] | None = (
    _SPEEDUPS.dawg_contains if _SPEEDUPS is not None else None
)


def speedups_enabled() -> bool:
    """Whether membership tests run in C (motamot._speedups was built and imported)."""
    return _c_contains is not None


class LexiconFormatError(CodedError, ValueError):
    """A compiled lexicon file that is truncated, corrupt or of another format."""

    TEMPLATES: ClassVar[dict[str, str]] = {
        "too_short": "file too short to be a compiled lexicon",
        "bad_magic": "not a motamot compiled lexicon (bad magic)",
        "bad_length": "compiled lexicon has {size} bytes, expected {expected}",
        "bad_root": "compiled lexicon root points outside its arcs",
    }


def word_list_sha256(words: Iterable[str]) -> str:
    """The identity of a word list: sha256 of its sorted export, one word a line."""
    digest = hashlib.sha256()
    for word in words:
        digest.update(word.encode("ascii"))
        digest.update(b"\n")
    return digest.hexdigest()


def is_folded_word(word: str) -> bool:
    """Whether `word` is made of upper-case A-Z only (and is not empty)."""
    return word.isascii() and word.isalpha() and word.isupper()


@dataclass(frozen=True, eq=False)
class Lexicon:
    """A set of folded words (A-Z) with a letter-by-letter prefix walk.

    `word in lexicon` tests membership. A walk starts at `root` and goes
    one letter at a time with `child(state, letter)`, which gives NO_NODE
    when no word continues that way; `is_word(state)` says whether the
    letters walked so far form a word.
    """

    arcs: array[int]
    root: int
    word_count: int
    sha256: str
    name: str = ""

    # -- membership and walk ------------------------------------------------

    def __contains__(self, word: object) -> bool:
        if _c_contains is not None:
            return _c_contains(self.arcs, self.root, word)
        return self.contains_python(word)

    def contains_python(self, word: object) -> bool:
        """`word in self` in pure Python (the reference for the C version)."""
        if not isinstance(word, str) or not is_folded_word(word):
            return False
        arcs, lower, bits = self.arcs, LOWER_LETTERS, LETTER_BITS
        state = self.root
        for code in word.encode():
            if not state & bits[code]:
                return False
            state = arcs[(state >> ARC_SHIFT) + (state & lower[code]).bit_count()]
        return state & WORD_BIT != 0

    def child(self, state: int, letter: str) -> int:
        """The state reached from `state` by one upper-case letter, or NO_NODE."""
        index = ord(letter) - 65
        if not 0 <= index < 26 or not state >> index & 1:
            return NO_NODE
        return self.arcs[(state >> ARC_SHIFT) + (state & ((1 << index) - 1)).bit_count()]

    def walk(self, state: int, letters: str) -> int:
        """The state reached from `state` by several letters, or NO_NODE."""
        for letter in letters:
            state = self.child(state, letter)
            if state == NO_NODE:
                return NO_NODE
        return state

    @staticmethod
    def is_word(state: int) -> bool:
        """Whether the letters that led to `state` form a word."""
        return state & WORD_BIT != 0

    def children(self, state: int) -> Iterator[tuple[str, int]]:
        """Every (letter, child state) leaving `state`, in alphabetical order."""
        arc = state >> ARC_SHIFT
        for index in range(26):
            if state >> index & 1:
                yield ALPHABET[index], self.arcs[arc]
                arc += 1

    # -- counts and iteration -----------------------------------------------

    def __len__(self) -> int:
        return self.word_count

    def __iter__(self) -> Iterator[str]:
        """Every word, in alphabetical order."""
        return self.completions("")

    def completions(self, prefix: str) -> Iterator[str]:
        """Every word that starts with `prefix`, in alphabetical order."""
        state = self.walk(self.root, prefix)
        if state == NO_NODE:
            return
        stack: list[tuple[int, str]] = [(state, prefix)]
        while stack:
            current, letters = stack.pop()
            if current & WORD_BIT:
                yield letters
            stack.extend(
                (child, letters + letter)
                for letter, child in reversed(list(self.children(current)))
            )

    # -- bytes ----------------------------------------------------------------

    def to_bytes(self) -> bytes:
        """The compiled file: header (with the root state), then the arcs, little-endian."""
        header = _HEADER.pack(
            MAGIC, self.root, len(self.arcs), self.word_count, bytes.fromhex(self.sha256)
        )
        arcs = array("Q", self.arcs)
        if sys.byteorder == "big":  # pragma: no cover - no big-endian CI
            arcs.byteswap()
        return header + arcs.tobytes()

    @classmethod
    def from_bytes(cls, data: bytes, name: str = "") -> Lexicon:
        """Load a compiled file; raise LexiconFormatError when it is not one."""
        if len(data) < _HEADER.size:
            raise LexiconFormatError("too_short")
        magic, root, arc_count, words, digest = _HEADER.unpack_from(data)
        if magic != MAGIC:
            raise LexiconFormatError("bad_magic")
        expected = _HEADER.size + 8 * arc_count
        if len(data) != expected:
            raise LexiconFormatError("bad_length", size=len(data), expected=expected)
        arcs = array("Q")
        arcs.frombytes(data[_HEADER.size :])
        if sys.byteorder == "big":  # pragma: no cover
            arcs.byteswap()
        if (root >> ARC_SHIFT) + (root & LETTER_MASK).bit_count() > arc_count:
            raise LexiconFormatError("bad_root")
        return cls(arcs, root, words, digest.hex(), name)

    @classmethod
    def from_words(cls, words: Iterable[str], name: str = "") -> Lexicon:
        """Compile already folded words (any order, duplicates allowed)."""
        from motamot.lexicon.build import build_dawg

        return build_dawg(words, name)
