"""One error type for the command line: a message for the user and an exit code; and
what a command that opens the server's database says when it cannot."""

import argparse
import re

#: An echoed input in a message: a run of 100+ non-blanks or 30+ blanks (a 5,000-letter
#: grid, a line of 50,000 blanks). Bounded repeats: the search stays linear.
_LONG_RUN = re.compile(r"\S{100,}|\s{30,}")
_KEPT = 60


class CliError(Exception):
    """Raised by a command to stop with `message` on stderr and `exit_code`."""

    def __init__(self, message: str, exit_code: int = 2) -> None:
        super().__init__(message)
        self.exit_code = exit_code


def readable(message: str) -> str:
    """`message` fit for a terminal: an over-long run it echoes is cut to its start and `…`."""
    return _LONG_RUN.sub(lambda run: run[0][:_KEPT] + "…", message)


def store_failure(error: Exception, args: argparse.Namespace) -> str | None:
    """What to say of `error` raised by a command on the server's database (`--db`): a
    URL no store reads, or the database or Redis away; None for anything else (a bug)."""
    from motamot.service.stores.outages import is_outage
    from motamot.service.stores.urls import StoreUrlError, redacted
    from motamot.text.cli import OPTION_ERRORS
    from motamot.text.i18n import translate

    if isinstance(error, StoreUrlError):
        return translate(OPTION_ERRORS, "bad_db", args.lang, value=redacted(error.url))
    if not hasattr(args, "db") or not is_outage(error):
        return None
    first = str(error).strip().partition("\n")[0]  # a driver's hint lines aside
    reason = f"{type(error).__name__}: {first}"
    return translate(OPTION_ERRORS, "part_away", args.lang, reason=reason)
