"""Writes that survive a crash or a power cut: whole old file or whole new file, never half.

The data goes to a temporary file with a unique name in the same folder
(`.tmp-<pid>-<random>-<name>.tmp`: no pattern for the target's files matches
it), is fsync'd, renamed over the target, and the
folder is fsync'd so that the rename itself is on disk. A process killed
half-way leaves only its temporary file, which `clean_stale_temporaries`
removes on a later run (its writer is dead, or it is old). A failed write
(full disk, read-only folder) raises `WriteError` and leaves the target as
it was.
"""

from __future__ import annotations

import contextlib
import errno
import os
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

from motamot.errors import CodedError

TEMP_PREFIX = ".tmp-"
#: A temporary file this old is stale even if a process with its pid is alive (pid reuse).
STALE_SECONDS = 3600.0
_NO_SPACE = (errno.ENOSPC, errno.EDQUOT)


class WriteError(CodedError):
    """A file that could not be written; the previous version, if any, is intact."""

    TEMPLATES: ClassVar[dict[str, str]] = {
        "no_space": "{path}: not written, the disk is full (the previous version is intact)",
        "cannot_write": "{path}: cannot be written ({reason})",
    }


def write_error(path: Path, error: OSError) -> WriteError:
    """The WriteError for an OSError met while writing `path`."""
    if error.errno in _NO_SPACE:
        return WriteError("no_space", path=path)
    return WriteError("cannot_write", path=path, reason=error.strerror or str(error))


def write_atomic(path: Path, data: bytes) -> None:
    """Replace `path` by `data` durably (see the module docstring); raise WriteError."""
    folder = path.parent
    temporary: str | None = None
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(
            dir=folder, prefix=f"{TEMP_PREFIX}{os.getpid()}-", suffix=f"-{path.name}.tmp"
        )
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
        temporary = None
        fsync_folder(folder)
    except OSError as error:
        raise write_error(path, error) from None
    finally:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)


def fsync_folder(folder: Path) -> None:
    """Make a rename or creation in `folder` durable (a no-op where folders cannot be opened)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except (PermissionError, IsADirectoryError):  # pragma: no cover - Windows
        return
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _writer_pid(name: str) -> int | None:
    pid, _, _ = name.removeprefix(TEMP_PREFIX).partition("-")
    return int(pid) if pid.isdigit() else None


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process
        return True
    return True


def stale_temporaries(folder: Path, now: float | None = None) -> Iterator[Path]:
    """Temporary files in `folder` left by a dead writer, or older than STALE_SECONDS."""
    now = time.time() if now is None else now
    try:
        entries = list(folder.glob(f"{TEMP_PREFIX}*"))
    except OSError:
        return
    for entry in entries:
        pid = _writer_pid(entry.name)
        try:
            age = now - entry.lstat().st_mtime
        except OSError:
            continue
        mine = pid == os.getpid()
        if age > STALE_SECONDS or (pid is not None and not mine and not _alive(pid)):
            yield entry


def clean_stale_temporaries(folder: Path) -> int:
    """Remove what `stale_temporaries` finds; return how many files went (errors ignored)."""
    removed = 0
    for entry in stale_temporaries(folder):
        with contextlib.suppress(OSError):
            entry.unlink()
            removed += 1
    return removed


@contextlib.contextmanager
def locked(lock_path: Path) -> Iterator[None]:
    """Hold an exclusive lock on `lock_path` (created if needed) for the `with` block.

    An advisory `flock`: every motamot process that updates the same file
    takes it first, so read-modify-write updates never lose each other's work.
    """
    import fcntl

    try:
        lock_path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as error:
        raise write_error(lock_path, error) from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)
