"""Where played games are saved: the user's data directory (platformdirs).

`MOTAMOT_DATA_DIR` overrides it (tests, portable installs).
"""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

import platformdirs

from motamot.durable import clean_stale_temporaries, write_atomic

DATA_ENV = "MOTAMOT_DATA_DIR"


def data_dir() -> Path:
    """The directory for saved games (not created here)."""
    override = os.environ.get(DATA_ENV)
    if override:
        return Path(override)
    return Path(platformdirs.user_data_dir("motamot", appauthor=False))


def new_save_path(game: str, seed: int, when: datetime) -> Path:
    """A fresh file name for a game started at `when`: `<data>/<game>/<date>-<seed>.txt`.

    The time is passed in (the caller owns the clock); an existing name gets a suffix.
    """
    folder = data_dir() / game
    stem = f"{when:%Y%m%d-%H%M%S}-{seed}"
    path = folder / f"{stem}.txt"
    number = 2
    while path.exists():
        path = folder / f"{stem}-{number}.txt"
        number += 1
    return path


def save_text(path: Path, text: str) -> None:
    """Write `text` to `path` durably and whole (motamot.durable), creating folders.

    Temporary files that a killed save left in the folder are removed first;
    a failed write raises WriteError and leaves the previous save intact.
    """
    clean_stale_temporaries(path.parent)
    write_atomic(path, text.encode("utf-8"))


def default_db() -> str:
    """The server's database when none is given: `server.sqlite3` in the data folder (the
    command line's admin commands read it without importing the server)."""
    return str(data_dir() / "server.sqlite3")
