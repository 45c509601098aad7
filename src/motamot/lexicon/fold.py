"""Folding (rule W2): every word is compared as upper-case A-Z letters.

Accents are removed, the ligatures Œ and Æ expanded, surrounding blanks
trimmed. Anything else (digits, hyphens, apostrophes, inner spaces, other
scripts) cannot be folded, and the error says why, so a referee can explain it.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from enum import StrEnum

_LIGATURES = str.maketrans({"œ": "oe", "Œ": "OE", "æ": "ae", "Æ": "AE"})
_APOSTROPHES = frozenset("'’‘ʼ`´")
_HYPHENS = frozenset("-‐‑‒–—")
_ASCII_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")


class FoldReason(StrEnum):
    """Why a text is not a foldable word."""

    EMPTY = "empty"
    DIGIT = "contains_digit"
    HYPHEN = "contains_hyphen"
    APOSTROPHE = "contains_apostrophe"
    SPACE = "contains_space"
    INVALID_CHARACTER = "invalid_character"


@dataclass(frozen=True)
class FoldError(ValueError):
    """A text that is not a word: the reason code and the character at fault."""

    text: str
    reason: FoldReason
    character: str = ""

    def __str__(self) -> str:
        if self.character:
            return f"{self.text!r}: {self.reason.value} ({self.character!r})"
        return f"{self.text!r}: {self.reason.value}"


def _reason_for(char: str) -> FoldReason:
    if char.isdigit():
        return FoldReason.DIGIT
    if char in _HYPHENS:
        return FoldReason.HYPHEN
    if char in _APOSTROPHES:
        return FoldReason.APOSTROPHE
    if char.isspace():
        return FoldReason.SPACE
    return FoldReason.INVALID_CHARACTER


def fold(text: str) -> str:
    """Return the folded form of `text` (`" Santé "` → `"SANTE"`), or raise FoldError."""
    stripped = text.strip()
    if not stripped:
        raise FoldError(text, FoldReason.EMPTY)
    if stripped.isascii() and stripped.isalpha():
        return stripped.upper()
    decomposed = unicodedata.normalize("NFD", stripped.translate(_LIGATURES))
    letters = []
    for char in decomposed:
        if unicodedata.category(char) == "Mn":
            continue
        if char not in _ASCII_LETTERS:
            raise FoldError(text, _reason_for(char), char)
        letters.append(char)
    if not letters:
        raise FoldError(text, FoldReason.INVALID_CHARACTER, stripped[0])
    return "".join(letters).upper()


def try_fold(text: str) -> str | None:
    """Return the folded form of `text`, or None when it cannot be folded."""
    try:
        return fold(text)
    except FoldError:
        return None
