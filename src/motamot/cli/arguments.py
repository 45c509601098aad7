"""Options several commands share (`--dict`), and checks of option values that argparse's
`type=int` lets through.

argparse reads `--seed 999…` (300 digits) as an int; a seed then names a save
file and a record line, so it is bounded (`motamot.seeds`). Each check
raises a CliError in the player's language.
"""

from __future__ import annotations

import argparse
from typing import Literal

from motamot.cli.errors import CliError
from motamot.lexicon import DEFAULT_DICTIONARY
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


#: Where a command's `--dict` default comes from, as its help says it (French, as every
#: option help is declared; `motamot.text.cli.HELP_EN` has the English).
DictDefault = Literal["french", "game", "preset", "rules", "record"]
_DICT_HELP: dict[DictDefault, str] = {
    "french": "dictionnaire : fr (défaut), en, un nom enregistré ou un fichier",
    "game": "dictionnaire (défaut : selon le jeu)",
    "preset": "dictionnaire (défaut : selon le préréglage)",
    "rules": "dictionnaire (défaut : selon les règles)",
    "record": "dictionnaire (défaut : celui de l'enregistrement)",
}


def dict_option(parser: argparse.ArgumentParser, default: DictDefault) -> None:
    """`--dict NAME|PATH`: a built-in or registered word list, or a file. Its value is
    `fr` when the default is French, else None (the command picks)."""
    parser.add_argument(
        "--dict",
        default=DEFAULT_DICTIONARY if default == "french" else None,
        metavar="NAME|PATH",
        help=_DICT_HELP[default],
    )


def db_option(parser: argparse.ArgumentParser) -> None:
    """`--db`: the server's database, where its word lists' changes are (a record naming
    a version of a list, `fr+3`, is replayed with them)."""
    parser.add_argument(
        "--db",
        default=None,
        help="base du serveur, pour une version de ses listes (fr+3) : fichier SQLite "
        "(défaut : dossier de données) ou URL postgresql:// / the server's database, for a "
        "version of its lists (fr+3): a SQLite file (default: the data folder) or a "
        "postgresql:// URL",
    )
