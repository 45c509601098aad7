"""How a compiled word list lays a DAWG state out in one integer, and a list's identity.

A node is a single integer, its *state*: bits 0-25 say which letters leave
it (bit k for chr(65 + k)), bit 26 that the letters walked so far form a
word, and bits 27 and up where its arcs start in the arc array. The reader
(`dawg`) and the compiler (`build`) both follow it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

LETTER_MASK = (1 << 26) - 1
WORD_BIT = 1 << 26
ARC_SHIFT = 27
NO_NODE = 0
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: For a letter's code point c, the mask of the letters before it (to count arcs).
LOWER_LETTERS = tuple((1 << (c - 65)) - 1 if 65 <= c < 91 else 0 for c in range(128))
#: For a letter's code point c, its own bit in a state's letter mask.
LETTER_BITS = tuple(1 << (c - 65) if 65 <= c < 91 else 0 for c in range(128))


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
