"""Folding (rule W2): every word is compared as upper-case A-Z letters.

Accents are removed, the ligatures Œ and Æ expanded, surrounding blanks
trimmed. Anything else (digits, hyphens, apostrophes, inner spaces, other
scripts) cannot be folded, and the error says why, so a referee can explain it.
"""

from __future__ import annotations

import unicodedata
from enum import StrEnum
from typing import ClassVar

from motamot.errors import CodedError

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


class FoldError(CodedError, ValueError):
    """A text that is not a word: its code is the reason (a `FoldReason`), its fields
    the text and the character at fault."""

    TEMPLATES: ClassVar[dict[str, str]] = {
        FoldReason.EMPTY: "{text!r} is empty",
        FoldReason.DIGIT: "{text!r} holds a digit ({character!r})",
        FoldReason.HYPHEN: "{text!r} holds a hyphen ({character!r})",
        FoldReason.APOSTROPHE: "{text!r} holds an apostrophe ({character!r})",
        FoldReason.SPACE: "{text!r} holds a blank inside ({character!r})",
        FoldReason.INVALID_CHARACTER: "{text!r}: {character!r} is not a letter",
    }

    def __init__(self, text: str, reason: FoldReason, character: str = "") -> None:
        super().__init__(reason.value, text=text, character=character)

    @property
    def reason(self) -> FoldReason:
        """Why the text is not a word."""
        return FoldReason(self.code)


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
