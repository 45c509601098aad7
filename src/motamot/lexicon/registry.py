"""Choosing a dictionary by name or path: built-in lists, user lists, the cache.

Built-in names (`fr`, the default, and `en`) are compiled files shipped in
the package. A user's list is compiled once into the cache directory, keyed
by the sha256 of the source file, and can then be named. Writes go through a
temporary file and a rename, so the cache never holds half a file.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import tempfile
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import ClassVar

import platformdirs

from motamot.errors import CodedError
from motamot.lexicon.dawg import MAGIC, Lexicon, LexiconFormatError
from motamot.lexicon.wordlist import (
    FoldedWordList,
    WordListError,
    decode_word_list,
    fold_lines,
    read_word_list_bytes,
)

DEFAULT_DICTIONARY = "fr"
BUILTIN_DICTIONARIES = ("fr", "en")
CACHE_ENV = "MOTAMOT_CACHE_DIR"
SHIPPED_SUMS = "SHA256SUMS"
_NAME_PATTERN = re.compile(r"^[a-z][a-z0-9_.]{0,39}$")


class DictionaryNotFound(CodedError, LookupError):
    """A dictionary name or path that leads nowhere."""

    TEMPLATES: ClassVar[dict[str, str]] = {
        "unreadable": "{path}: cannot be read ({reason})",
        "builtin_missing": "built-in dictionary {name!r} is missing from the package",
        "unknown": "no dictionary {name!r} (known: {known}; or give a file path)",
    }


class DictionaryNameError(CodedError, ValueError):
    """A name that cannot be given to a user's dictionary."""

    TEMPLATES: ClassVar[dict[str, str]] = {
        "bad_name": "invalid dictionary name {name!r}: use lower-case letters, digits, '_' or '.'",
        "builtin_name": "{name!r} is a built-in dictionary name",
    }


def cache_dir() -> Path:
    """Where compiled user lists live (MOTAMOT_CACHE_DIR overrides the OS default)."""
    override = os.environ.get(CACHE_ENV)
    return Path(override) if override else Path(platformdirs.user_cache_dir("motamot"))


def _dictionaries_dir() -> Path:
    return cache_dir() / "dictionaries"


def _names_file() -> Path:
    return _dictionaries_dir() / "names.json"


def _atomic_write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def registered_names() -> dict[str, str]:
    """User dictionary names → source sha256 (the key of their compiled file)."""
    try:
        data = json.loads(_names_file().read_text("utf-8"))
    except (FileNotFoundError, json.JSONDecodeError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(k): str(v) for k, v in data.items()}


def validate_name(name: str) -> str:
    """A dictionary name: lower-case letters, digits, `_` or `.`, not a built-in name."""
    if not _NAME_PATTERN.match(name):
        raise DictionaryNameError("bad_name", name=name)
    if name in BUILTIN_DICTIONARIES:
        raise DictionaryNameError("builtin_name", name=name)
    return name


@dataclass(frozen=True)
class CompiledUserList:
    """The outcome of `compile_user_list`: the lexicon and what was dropped."""

    lexicon: Lexicon
    report: FoldedWordList
    source_sha256: str
    path: Path


def compile_user_list(source: Path, name: str | None = None) -> CompiledUserList:
    """Compile a text word list into the cache (and register `name` for it)."""
    if name is not None:
        validate_name(name)
    raw = read_word_list_bytes(source)
    source_sha = hashlib.sha256(raw).hexdigest()
    report = fold_lines(decode_word_list(raw, str(source)))
    if not report.words:
        reasons = ", ".join(f"{n} {why}" for why, n in sorted(report.dropped.items()))
        raise WordListError(
            "no_usable_word", path=source, dropped=report.dropped_total, reasons=reasons
        )
    lexicon = Lexicon.from_words(report.words, name or source.name)
    target = _dictionaries_dir() / f"{source_sha}.dawg"
    _atomic_write(target, lexicon.to_bytes())
    if name is not None:
        names = registered_names()
        names[name] = source_sha
        _atomic_write(_names_file(), json.dumps(names, indent=1, sort_keys=True).encode())
    _load_path.cache_clear()
    return CompiledUserList(lexicon, report, source_sha, target)


@functools.lru_cache(maxsize=8)
def _load_path(path: Path, name: str) -> Lexicon:
    try:
        data = path.read_bytes()
    except OSError as error:
        raise DictionaryNotFound("unreadable", path=path, reason=error.strerror) from None
    return Lexicon.from_bytes(data, name, shipped_digests())


def _data_dir() -> Path:
    return Path(str(resources.files("motamot.lexicon") / "data"))


def _builtin_path(name: str) -> Path:
    return _data_dir() / f"{name}.dawg"


@functools.cache
def shipped_digests() -> frozenset[str]:
    """sha256 of the shipped compiled lists (data/SHA256SUMS, written when they are built)."""
    try:
        text = (_data_dir() / SHIPPED_SUMS).read_text("ascii")
    except (OSError, UnicodeDecodeError):
        return frozenset()
    return frozenset(line.split()[0] for line in text.splitlines() if line.strip())


def load_lexicon(spec: str | None = None) -> Lexicon:
    """The dictionary named `spec` (built-in, registered) or stored at path `spec`.

    A path to a text word list is compiled into the cache on first use.
    """
    spec = spec or DEFAULT_DICTIONARY
    if spec in BUILTIN_DICTIONARIES:
        path = _builtin_path(spec)
        if not path.exists():
            raise DictionaryNotFound("builtin_missing", name=spec)
        return _load_path(path, spec)
    names = registered_names()
    if spec in names:
        return _load_path(_dictionaries_dir() / f"{names[spec]}.dawg", spec)
    path = Path(spec).expanduser()
    if not path.is_file():
        known = ", ".join([*BUILTIN_DICTIONARIES, *sorted(names)])
        raise DictionaryNotFound("unknown", name=spec, known=known)
    with path.open("rb") as handle:
        head = handle.read(len(MAGIC))
    if head == MAGIC:
        return _load_path(path.resolve(), path.stem)
    raw = read_word_list_bytes(path)
    cached = _dictionaries_dir() / f"{hashlib.sha256(raw).hexdigest()}.dawg"
    if cached.exists():
        try:
            return _load_path(cached, path.stem)
        except LexiconFormatError:
            pass
    return compile_user_list(path).lexicon


__all__ = [
    "BUILTIN_DICTIONARIES",
    "DEFAULT_DICTIONARY",
    "CompiledUserList",
    "DictionaryNameError",
    "DictionaryNotFound",
    "LexiconFormatError",
    "WordListError",
    "cache_dir",
    "compile_user_list",
    "load_lexicon",
    "registered_names",
]
