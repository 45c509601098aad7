"""Which failures are a part being away (the store, Redis, the disk), and how they are told.

A background task (the lobby's reads, the projections, the arena's keeper, mail) that
fails because PostgreSQL is stopped, Redis restarts or the disk is full tries again on
its next turn: that is expected, said in one line of the log. Anything else is a bug and
keeps its traceback. The optional drivers' errors are known by name, so that a process
without them (SQLite alone) imports nothing it lacks.
"""

from __future__ import annotations

import logging
import sqlite3

from motamot.service.ports import StoreUnavailable

#: Drivers' errors that mean their server or connection is away (module, class name).
_AWAY = {
    ("psycopg", "OperationalError"),
    ("psycopg_pool", "PoolTimeout"),
    ("psycopg_pool", "TooManyRequests"),
    ("redis", "ConnectionError"),
    ("redis", "TimeoutError"),
    ("redis", "BusyLoadingError"),
}


def is_outage(error: BaseException) -> bool:
    """Whether `error` says a part is away, not that the code is wrong."""
    if isinstance(error, (StoreUnavailable, OSError, sqlite3.OperationalError)):
        return True
    for kind in type(error).__mro__:
        if (kind.__module__.split(".")[0], kind.__name__) in _AWAY:
            return True
    return False


def failed(log: logging.Logger, error: BaseException, message: str, *args: object) -> None:
    """Log `message` for `error`: a line for an outage, the traceback for anything else."""
    if is_outage(error):
        log.warning(f"{message} (%s: %s)", *args, type(error).__name__, error)
    else:
        log.error(message, *args, exc_info=error)
