"""Choosing a dictionary by name or path: built-in lists, user lists, the cache.

Built-in names (`fr`, the default, and `en`) are compiled files shipped in
the package. A user's list is compiled once into the cache directory, keyed
by the sha256 of the source file, and can then be named. Writes are durable
and atomic (motamot.durable) and the registry of names is locked while it is
updated, so neither a crash nor two builds at once lose or damage anything.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import ClassVar

import platformdirs

from motamot.durable import (
    WriteError,
    clean_stale_temporaries,
    locked,
    write_atomic,
    write_error,
)
from motamot.errors import CodedError
from motamot.lexicon.build import TooManyStates
from motamot.lexicon.dawg import MAGIC, MAX_COMPILED_BYTES, Lexicon, LexiconFormatError
from motamot.lexicon.wordlist import (
    MAX_STATES,
    FoldedWordList,
    WordListError,
    fold_word_list,
    read_bounded,
    read_word_list_bytes,
)

DEFAULT_DICTIONARY = "fr"
BUILTIN_DICTIONARIES = ("fr", "en")
CACHE_ENV = "MOTAMOT_CACHE_DIR"
SHIPPED_SUMS = "SHA256SUMS"
_NAME_PATTERN = re.compile(r"^[a-z][a-z0-9_.]{0,39}\Z")
_SHA256 = re.compile(r"^[0-9a-f]{64}\Z")
_MAX_REGISTRY_BYTES = 1024 * 1024
#: A dictionary spec is shown at most this long in an error message.
_SHOWN_SPEC = 80


class DictionaryNotFound(CodedError, LookupError):
    """A dictionary name or path that leads nowhere."""

    TEMPLATES: ClassVar[dict[str, str]] = {
        "unreadable": "{path}: cannot be read ({reason})",
        "builtin_missing": "built-in dictionary {name!r} is missing from the package",
        "unknown": "no dictionary {name!r} (known: {known}; or give a file path)",
        "no_version": "no version {name!r}: this server has {count} changes of {base!r}",
    }


class RegistryError(CodedError, ValueError):
    """The registry of user dictionary names (names.json) cannot be trusted."""

    TEMPLATES: ClassVar[dict[str, str]] = {
        "damaged": "{path}: the registry of dictionary names is damaged ({reason}); "
        "repair or delete it (the compiled lists are kept)",
        "unreadable": "{path}: cannot be read ({reason})",
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


def _names_lock() -> Path:
    return _dictionaries_dir() / "names.lock"


def registered_names() -> dict[str, str]:
    """User dictionary names → source sha256 (the key of their compiled file).

    A damaged registry is refused (RegistryError), never read as empty: that
    would silently forget every registered list at the next registration.
    """
    path = _names_file()
    try:
        raw = read_bounded(path, _MAX_REGISTRY_BYTES)
    except (FileNotFoundError, NotADirectoryError):  # no registry yet, or no cache at all
        return {}
    except OSError as error:
        raise RegistryError("unreadable", path=path, reason=error.strerror or error) from None
    if len(raw) > _MAX_REGISTRY_BYTES:
        raise RegistryError("damaged", path=path, reason=f"over {_MAX_REGISTRY_BYTES} bytes")
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise RegistryError("damaged", path=path, reason=str(error)) from None
    if not isinstance(data, dict) or not all(
        isinstance(k, str) and _NAME_PATTERN.match(k) and isinstance(v, str) and _SHA256.match(v)
        for k, v in data.items()
    ):
        raise RegistryError("damaged", path=path, reason="not a map of names to sha256")
    return dict(data)


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
    """Compile a text word list into the cache (and register `name` for it).

    The compiled file is written before the name, each durably (see
    motamot.durable); a failed write raises WriteError and changes nothing.
    """
    if name is not None:
        validate_name(name)
    report, source_sha = _read_words(source)
    folder = _dictionaries_dir()
    try:  # before the long part: an unwritable cache is said at once
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise write_error(folder, error) from None
    clean_stale_temporaries(folder)
    compiled = _compile(source, name, report, source_sha)
    write_atomic(compiled.path, compiled.lexicon.to_bytes())
    if name is not None:
        with locked(_names_lock()):
            names = registered_names()
            names[name] = compiled.source_sha256
            write_atomic(_names_file(), json.dumps(names, indent=1, sort_keys=True).encode())
    _load_path.cache_clear()
    return compiled


def _read_words(source: Path) -> tuple[FoldedWordList, str]:
    """The folded words of a text word list, and the sha256 of its (gunzipped) bytes."""
    raw = read_word_list_bytes(source)
    return fold_word_list(raw, str(source)), hashlib.sha256(raw).hexdigest()


def _compile(
    source: Path, name: str | None, report: FoldedWordList, source_sha: str
) -> CompiledUserList:
    """Compile folded words (nothing is written)."""
    try:
        lexicon = Lexicon.from_words(report.words, name or source.name, MAX_STATES)
    except TooManyStates:
        raise WordListError("too_many_states", path=source, limit=MAX_STATES) from None
    return CompiledUserList(lexicon, report, source_sha, _dictionaries_dir() / f"{source_sha}.dawg")


@functools.lru_cache(maxsize=8)
def _load_path(path: Path, name: str) -> Lexicon:
    try:
        data = read_bounded(path, MAX_COMPILED_BYTES)
    except OSError as error:
        raise DictionaryNotFound("unreadable", path=path, reason=error.strerror or error) from None
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


def _shown(spec: str) -> str:
    return spec if len(spec) <= _SHOWN_SPEC else spec[: _SHOWN_SPEC - 1] + "…"


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except OSError:  # a name too long for the system, a loop of links
        return False


def load_lexicon(spec: str | None = None) -> Lexicon:
    """The dictionary named `spec` (built-in, registered) or stored at path `spec`.

    A path to a text word list is compiled into the cache on first use (or
    only in memory when the cache cannot be written).
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
    if not _is_file(path):
        known = ", ".join([*BUILTIN_DICTIONARIES, *sorted(names)])
        raise DictionaryNotFound("unknown", name=_shown(spec), known=known)
    try:
        with path.open("rb") as handle:
            head = handle.read(len(MAGIC))
    except OSError as error:
        raise DictionaryNotFound("unreadable", path=path, reason=error.strerror or error) from None
    if head == MAGIC:
        return _load_path(path.resolve(), path.stem)
    raw = read_word_list_bytes(path)
    cached = _dictionaries_dir() / f"{hashlib.sha256(raw).hexdigest()}.dawg"
    if cached.exists():
        try:
            return _load_path(cached, path.stem)
        except LexiconFormatError:
            pass
    try:
        return compile_user_list(path).lexicon
    except WriteError:  # no cache to keep it in: this run still gets its list
        return _compile(path, None, *_read_words(path)).lexicon


__all__ = [
    "BUILTIN_DICTIONARIES",
    "DEFAULT_DICTIONARY",
    "CompiledUserList",
    "DictionaryNameError",
    "DictionaryNotFound",
    "LexiconFormatError",
    "RegistryError",
    "WordListError",
    "cache_dir",
    "compile_user_list",
    "load_lexicon",
    "registered_names",
]
