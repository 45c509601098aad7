"""Checks of option values that argparse's `type=int` lets through, shared by the commands.

argparse reads `--seed 999…` (300 digits) as an int; a seed then names a save
file and a record line, so it is bounded (`motamot.seeds`). Each check
raises a CliError in the player's language.
"""

from __future__ import annotations

from motamot.cli.errors import CliError
from motamot.seeds import MAX_SEED_DIGITS
from motamot.text.cli import OPTION_ERRORS
from motamot.text.i18n import Language, translate


def checked_seed(seed: int | None, lang: Language) -> int | None:
    """`seed` (None stays None) when it has at most MAX_SEED_DIGITS digits."""
    if seed is not None and abs(seed) >= 10**MAX_SEED_DIGITS:
        raise CliError(translate(OPTION_ERRORS, "bad_seed", lang, digits=MAX_SEED_DIGITS))
    return seed


def checked_range(value: int, option: str, low: int, high: int, lang: Language) -> int:
    """`value` when `low <= value <= high`."""
    if not low <= value <= high:
        raise CliError(
            translate(OPTION_ERRORS, "out_of_range", lang, option=option, low=low, high=high)
        )
    return value
