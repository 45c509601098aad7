"""The compiled word list: a minimal DAWG stored as one flat array of arcs.

A node is a single integer, its *state* (`motamot.lexicon.layout`). Arcs are
laid out node by node in letter order and each arc holds the state of the
node it leads to, so one step of a walk is one array read: the arc for a
letter is found by counting the lower bits of the mask. Loading is a copy of
bytes into an array; `build` compiles a list of words into arcs.
"""

from __future__ import annotations

import hashlib
import struct
import sys
from array import array
from collections.abc import Callable, Collection, Iterable, Iterator
from dataclasses import dataclass
from typing import ClassVar

from motamot.errors import CodedError
from motamot.kernels import load_kernel
from motamot.lexicon.build import compile_words
from motamot.lexicon.layout import (
    ALPHABET,
    ARC_SHIFT,
    LETTER_BITS,
    LETTER_MASK,
    LOWER_LETTERS,
    NO_NODE,
    WORD_BIT,
    is_folded_word,
)

MAGIC = b"MOTAMOT-DAWG\x00\x00\x00\x02"
_HEADER = struct.Struct("<16sQQI32s")

#: No word of a compiled list is longer (the longest shipped word has 45 letters).
MAX_WORD_LETTERS = 64
#: No compiled file is larger (the French list is 0.9 MB).
MAX_COMPILED_BYTES = 64 * 1024 * 1024
_MAX_WORDS = (1 << 32) - 1

#: The optional C kernels (motamot._speedups); MOTAMOT_NO_SPEEDUPS=1 turns them off.
_SPEEDUPS = load_kernel("motamot._speedups")
_c_contains: Callable[[array[int], int, object], bool] | None = (
    _SPEEDUPS.dawg_contains if _SPEEDUPS is not None else None
)
_c_check: Callable[[array[int], int, int], tuple[str, int, int]] | None = (
    _SPEEDUPS.dawg_check if _SPEEDUPS is not None else None
)


def speedups_enabled() -> bool:
    """Whether membership tests run in C (motamot._speedups was built and imported)."""
    return _c_contains is not None


class LexiconFormatError(CodedError, ValueError):
    """A compiled lexicon file that is truncated, corrupt or of another format."""

    TEMPLATES: ClassVar[dict[str, str]] = {
        "too_short": "file too short to be a compiled lexicon",
        "too_large": "file larger than {megabytes} MB, too large for a compiled lexicon",
        "bad_magic": "not a motamot compiled lexicon (bad magic)",
        "bad_length": "compiled lexicon has {size} bytes, expected {expected}",
        "bad_root": "compiled lexicon root points outside its arcs",
        "bad_arc": "damaged compiled lexicon: a state points outside the arcs (at {index})",
        "shared_arcs": "damaged compiled lexicon: two states share arcs (at {index})",
        "cycle": "damaged compiled lexicon: its arcs form a cycle (at {index})",
        "dead_end": "damaged compiled lexicon: a path ends without a word (at {index})",
        "too_long": "compiled lexicon holds a word longer than {limit} letters",
        "unreachable_arcs": "damaged compiled lexicon: {index} arcs are not reachable",
        "too_many_words": "compiled lexicon holds more than {limit} words",
        "bad_word_count": "damaged compiled lexicon: "
        "{expected} words in the header, {actual} in the arcs",
    }


def check_arcs(arcs: array[int], root: int, max_letters: int = MAX_WORD_LETTERS) -> int:
    """The word count of a valid DAWG array; raise LexiconFormatError on any fault.

    Runs in C when motamot._speedups is built (about 1 ms for `fr`), else in
    Python (`check_arcs_python`, the reference); both report the same first fault.
    """
    if _c_check is None:
        return check_arcs_python(arcs, root, max_letters)
    code, index, words = _c_check(arcs, root, max_letters)
    if code:
        raise _fault(code, index, max_letters)
    return words


def _fault(code: str, index: int, max_letters: int) -> LexiconFormatError:
    if code == "too_long":
        return LexiconFormatError(code, limit=max_letters)
    if code == "too_many_words":
        return LexiconFormatError(code, limit=_MAX_WORDS)
    if code == "bad_root":
        return LexiconFormatError(code)
    return LexiconFormatError(code, index=index)


def check_arcs_python(arcs: array[int], root: int, max_letters: int = MAX_WORD_LETTERS) -> int:
    """`check_arcs` in pure Python, step for step the C check of motamot/dawg_check.h.

    Valid: every state reached from the root has its arcs inside the array, a
    state with arcs owns them alone (no two states share or overlap arcs), a
    state without arcs ends a word, no word is longer than `max_letters` (so
    there is no cycle), every arc is reached, at most 2**32 - 1 words.
    """
    n = len(arcs)
    if root & WORD_BIT:
        raise _fault("bad_root", 0, max_letters)
    if not root & LETTER_MASK:
        if root >> ARC_SHIFT:
            raise _fault("bad_root", 0, max_letters)
        if n:
            raise _fault("unreachable_arcs", n, max_letters)
        return 0
    if (root >> ARC_SHIFT) + (root & LETTER_MASK).bit_count() > n:
        raise _fault("bad_root", 0, max_letters)
    walk = _ArcWalk(arcs, max_letters)
    state = root
    while True:
        words = walk.enter(state)
        if words >= 0:
            total = walk.leave(words)
            if total is not None:
                return total
        state = walk.next_state()


class _ArcWalk:
    """The depth-first walk of `check_arcs_python`, one frame per letter of the path."""

    def __init__(self, arcs: array[int], max_letters: int) -> None:
        self.arcs = arcs
        self.max_letters = max_letters
        self.claimed = bytearray(len(arcs))
        self.claimed_count = 0
        self.owner: dict[int, int] = {}  # arc start -> the one state whose arcs start there
        self.below: dict[int, int] = {}  # arc start -> words from that state (once walked)
        # Frames: [state, arcs walked, words so far].
        self.stack: list[list[int]] = []

    def enter(self, state: int) -> int:
        """The words below `state` when known (a leaf, or arcs walked before), else -1
        once its arcs are claimed and its frame pushed."""
        n, max_letters = len(self.arcs), self.max_letters
        mask = state & LETTER_MASK
        start = state >> ARC_SHIFT
        if not mask:
            if start > n:
                raise _fault("bad_arc", start, max_letters)
            if not state & WORD_BIT:
                raise _fault("dead_end", start, max_letters)
            return 1
        count = mask.bit_count()
        if start >= n or count > n - start:
            raise _fault("bad_arc", start, max_letters)
        known = self.owner.get(start)
        if known == state:
            if start not in self.below:
                raise _fault("cycle", start, max_letters)
            return self.below[start]
        if known is not None:
            raise _fault("shared_arcs", start, max_letters)
        if any(self.claimed[start : start + count]):
            raise _fault("shared_arcs", self.claimed.index(1, start), max_letters)
        self.claimed[start : start + count] = b"\x01" * count
        self.claimed_count += count
        if len(self.stack) >= max_letters:
            raise _fault("too_long", start, max_letters)
        self.owner[start] = state
        self.stack.append([state, 0, 1 if state & WORD_BIT else 0])
        return -1

    def leave(self, words: int) -> int | None:
        """Add `words` to the frames it ends; the root's total once every frame is done."""
        while self.stack:
            top = self.stack[-1]
            top[2] += words
            if top[2] > _MAX_WORDS:
                raise _fault("too_many_words", top[0] >> ARC_SHIFT, self.max_letters)
            top[1] += 1
            if top[1] < (top[0] & LETTER_MASK).bit_count():
                return None
            self.below[top[0] >> ARC_SHIFT] = top[2]
            words = top[2]
            self.stack.pop()
        if self.claimed_count != len(self.arcs):
            unreached = len(self.arcs) - self.claimed_count
            raise _fault("unreachable_arcs", unreached, self.max_letters)
        return words

    def next_state(self) -> int:
        """The state the top frame's next arc leads to."""
        top = self.stack[-1]
        return self.arcs[(top[0] >> ARC_SHIFT) + top[1]]


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
    def from_bytes(cls, data: bytes, name: str = "", known_good: Collection[str] = ()) -> Lexicon:
        """Load a compiled file, checked whole (`check_arcs`) so that no walk over it
        can go astray; raise LexiconFormatError when it is not a valid one.

        `known_good`: sha256 digests of files already checked (the shipped lists);
        they skip the check when it would run in pure Python (~170 ms for `fr`,
        against ~2 ms in C, which always runs).
        """
        if len(data) < _HEADER.size:
            raise LexiconFormatError("too_short")
        if len(data) > MAX_COMPILED_BYTES:
            raise LexiconFormatError("too_large", megabytes=MAX_COMPILED_BYTES >> 20)
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
        if _c_check is None and known_good and hashlib.sha256(data).hexdigest() in known_good:
            return cls(arcs, root, words, digest.hex(), name)
        actual = check_arcs(arcs, root)
        if actual != words:
            raise LexiconFormatError("bad_word_count", expected=words, actual=actual)
        return cls(arcs, root, words, digest.hex(), name)

    @classmethod
    def from_words(
        cls, words: Iterable[str], name: str = "", max_states: int | None = None
    ) -> Lexicon:
        """Compile already folded words (any order, duplicates allowed); past
        `max_states` states, TooManyStates (`build.compile_words`)."""
        compiled = compile_words(words, max_states)
        return cls(compiled.arcs, compiled.root, compiled.word_count, compiled.sha256, name)
