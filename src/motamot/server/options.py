"""A kind's own options of `motamot serve` (`WebKind.add_options`, `WebKind.configured`):
how their help is written and how a value is refused.

The terminal (`cli/serve_cmd.py`) builds the parser and reads it, but names no kind's
option: each kind adds its own, and says in the player's language why a value will not
do (an `OptionError`, which the terminal prints as any option's error).
"""

from __future__ import annotations

from motamot.text.cli import OPTION_ERRORS
from motamot.text.i18n import Catalog, Language, translate


class OptionError(Exception):
    """A value of a kind's option refused; its text is in the player's language."""


def option_help(catalog: Catalog, key: str, **fields: object) -> str:
    """An option's help as « français / English » (the terminal shows the side of its
    language, `cli.localise.help_text`)."""
    return f"{translate(catalog, key, 'fr', **fields)} / {translate(catalog, key, 'en', **fields)}"


def refuse(catalog: Catalog, key: str, lang: Language, **fields: object) -> OptionError:
    """The error saying `catalog`'s `key` in `lang`."""
    return OptionError(translate(catalog, key, lang, **fields))


def checked_range(value: int, option: str, low: int, high: int, lang: Language) -> int:
    """`value` when `low <= value <= high`, else an OptionError (as the terminal's own
    options say it)."""
    if not low <= value <= high:
        raise refuse(OPTION_ERRORS, "out_of_range", lang, option=option, low=low, high=high)
    return value
