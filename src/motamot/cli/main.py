"""Entry point: `motamot [--lang fr|en] COMMAND ...`."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from motamot import __version__
from motamot.cli import boggle_cmd, dict_cmd, topword_cmd
from motamot.cli.errors import CliError
from motamot.errors import CodedError
from motamot.text.errors import error_text
from motamot.text.i18n import DEFAULT_LANGUAGE, LANGUAGES

_COMMAND_MODULES = (dict_cmd, boggle_cmd, topword_cmd)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="motamot",
        description="Boggle et Topword : arbitre, solveur, joueurs ordinateur.",
    )
    parser.add_argument("--version", action="version", version=f"motamot {__version__}")
    parser.add_argument(
        "--lang", choices=LANGUAGES, default=DEFAULT_LANGUAGE, help="langue / language"
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.required = True
    for module in _COMMAND_MODULES:
        module.register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; return its exit code (errors go to stderr, never a traceback)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.handler(args)
    except CliError as error:
        print(f"motamot: {error}", file=sys.stderr)
        return error.exit_code
    except CodedError as error:  # an engine error no command put in context
        print(f"motamot: {error_text(error, args.lang)}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        sys.stderr.close()
        return 1
    return code
