"""The server secret as the commands read it: `--secret-file`, or the data folder's."""

from __future__ import annotations

from pathlib import Path

from motamot.cli.errors import CliError
from motamot.service.server_secret import SecretError, ServerSecret
from motamot.text.cli import SECRET_ERRORS
from motamot.text.i18n import Language, translate


def load_secret(path: str | None, lang: Language, create: bool = True) -> ServerSecret:
    """The secret in `path` (None: the data folder's), made when missing and `create`;
    a CliError in the player's language when the file cannot serve."""
    try:
        return ServerSecret.load(Path(path) if path else None, create=create)
    except SecretError as error:
        raise CliError(translate(SECRET_ERRORS, error.code, lang, path=error.path)) from None
