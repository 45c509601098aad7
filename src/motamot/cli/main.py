"""Entry point: `motamot [--lang fr|en] COMMAND ...`."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from motamot import __version__
from motamot.cli import boggle_cmd, dict_cmd, topword_cmd
from motamot.cli.errors import CliError
from motamot.cli.localise import argparse_language, early_language, localise_parser
from motamot.errors import CodedError
from motamot.text.errors import error_text
from motamot.text.i18n import DEFAULT_LANGUAGE, LANGUAGES, Language

_COMMAND_MODULES = (dict_cmd, boggle_cmd, topword_cmd)


def build_parser(lang: Language = DEFAULT_LANGUAGE) -> argparse.ArgumentParser:
    """Every command's parser, its help and value names in `lang`."""
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
    localise_parser(parser, lang)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; return its exit code (errors go to stderr, never a traceback)."""
    words = sys.argv[1:] if argv is None else list(argv)
    lang = early_language(words)
    with argparse_language(lang):
        args = build_parser(lang).parse_args(words)
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
