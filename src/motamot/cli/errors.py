"""One error type for the command line: a message for the user and an exit code."""

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
