"""argparse in the player's language: `--lang` is read first, then the parser's
help, value names and argparse's own messages follow it.

argparse looks its messages up through the module's gettext functions at
the moment it writes them; `argparse_language` points those at
`motamot.text.cli` for the time of one parse. Option help is translated
once the parser is built (`localise_parser`).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

from motamot.text.cli import ARGPARSE_FR, ARGPARSE_PLURALS_FR, HELP_EN, METAVARS_FR
from motamot.text.i18n import DEFAULT_LANGUAGE, LANGUAGES, Language
from motamot.text.numbers import singular


def early_language(argv: Sequence[str]) -> Language:
    """The `--lang` given on the command line, read before parsing (the default when
    absent or unknown: the parser then reports it in the default language)."""
    for index, word in enumerate(argv):
        if word == "--":
            break
        value = None
        if word == "--lang" and index + 1 < len(argv):
            value = argv[index + 1]
        elif word.startswith("--lang="):
            value = word.removeprefix("--lang=")
        for lang in LANGUAGES:
            if value == lang:
                return lang
    return DEFAULT_LANGUAGE


def help_text(text: str, lang: Language) -> str:
    """An option's help in `lang`: French as declared, English from `HELP_EN`;
    a help written "français / English" keeps the side of `lang`."""
    if " / " in text:
        french, _, english = text.partition(" / ")
        return french if lang == "fr" else english
    if lang == "fr":
        return ARGPARSE_FR.get(text, text)
    if text in HELP_EN:
        return HELP_EN[text]
    for french, english in HELP_EN.items():
        text = text.replace(french, english)
    return text


def _metavar(name: str, lang: Language) -> str:
    return METAVARS_FR.get(name, name) if lang == "fr" else name


def localise_parser(parser: argparse.ArgumentParser, lang: Language) -> None:
    """Translate the help, description and value names of `parser` and its subcommands."""
    if parser.description:
        parser.description = help_text(parser.description, lang)
    for action in parser._actions:
        if action.help and action.help is not argparse.SUPPRESS:
            action.help = help_text(action.help, lang)
        if isinstance(action.metavar, str):
            action.metavar = _metavar(action.metavar, lang)
        elif action.option_strings and action.nargs != 0 and not action.choices:
            # argparse would name the value after its dest (choices are listed instead)
            action.metavar = _metavar(action.dest.upper(), lang)
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                if choice.help:
                    choice.help = help_text(choice.help, lang)
            for subparser in action.choices.values():
                localise_parser(subparser, lang)


@contextmanager
def argparse_language(lang: Language) -> Iterator[None]:
    """argparse writes its own messages ("usage:", "error:", ...) in `lang` meanwhile."""
    if lang == "en":
        yield
        return
    saved: tuple[Callable[[str], str], Callable[[str, str, int], str]] = (
        argparse._,  # type: ignore[attr-defined]
        argparse.ngettext,  # type: ignore[attr-defined]
    )

    def gettext(message: str) -> str:
        return ARGPARSE_FR.get(message, message)

    def ngettext(single: str, plural: str, count: int) -> str:
        forms = ARGPARSE_PLURALS_FR.get((single, plural))
        if forms is None:
            return single if count == 1 else plural
        return forms[0] if singular(count, lang) else forms[1]

    argparse._ = gettext  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]
