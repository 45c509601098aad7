"""One error type for the command line: a message for the user and an exit code."""


class CliError(Exception):
    """Raised by a command to stop with `message` on stderr and `exit_code`."""

    def __init__(self, message: str, exit_code: int = 2) -> None:
        super().__init__(message)
        self.exit_code = exit_code
