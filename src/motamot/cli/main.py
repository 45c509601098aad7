"""Entry point: `motamot [--lang fr|en] COMMAND ...`."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from motamot import __version__
from motamot.cli.errors import CliError, readable, store_failure
from motamot.cli.localise import argparse_language, early_language, localise_parser
from motamot.errors import CodedError
from motamot.text.i18n import DEFAULT_LANGUAGE, LANGUAGES, Language

#: Each command's module, imported only when it is needed: start-up is part of
#: every run (`boggle solve --batch` need not load Topword).
_COMMAND_MODULES = {
    "dict": "motamot.cli.dict_cmd",
    "boggle": "motamot.cli.boggle_cmd",
    "topword": "motamot.cli.topword_cmd",
    "serve": "motamot.cli.serve_cmd",
    "admin": "motamot.cli.admin_cmd",
}


def _command(words: Sequence[str]) -> str | None:
    """The command `words` run, or None when they ask for the help or name none known."""
    rest = iter(words)
    for word in rest:
        if word in ("-h", "--help"):
            return None
        if word == "--lang":
            next(rest, None)
        elif not word.startswith("-"):
            return word if word in _COMMAND_MODULES else None
    return None


def build_parser(
    lang: Language = DEFAULT_LANGUAGE, words: Sequence[str] | None = None
) -> argparse.ArgumentParser:
    """The parser of the command `words` run (every command's without `words`, or for
    the help and unknown commands), its help and value names in `lang`."""
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
    chosen = _command(words) if words is not None else None
    for name, module in _COMMAND_MODULES.items():
        if chosen in (None, name):
            importlib.import_module(module).register(commands)
    localise_parser(parser, lang)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; return its exit code (errors go to stderr, never a traceback)."""
    words = sys.argv[1:] if argv is None else list(argv)
    lang = early_language(words)
    with argparse_language(lang):
        args = build_parser(lang, words).parse_args(words)
    try:
        code: int = args.handler(args)
    except CliError as error:
        print(f"motamot: {readable(str(error))}", file=sys.stderr)
        return error.exit_code
    except CodedError as error:  # an engine error no command put in context
        from motamot.text.errors import error_text  # here: it loads every engine's errors

        print(f"motamot: {readable(error_text(error, args.lang))}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        sys.stderr.close()
        return 1
    except Exception as error:
        said = store_failure(error, args)
        if said is None:
            raise
        print(f"motamot: {readable(said)}", file=sys.stderr)
        return 2
    return code
