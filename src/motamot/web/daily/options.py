"""The daily grid's options of `motamot serve`: which presets have a grid of the day
(`--daily PRESET`, `--no-daily`; G1)."""

from __future__ import annotations

import argparse

from motamot.boggle.rules import PRESETS
from motamot.server.options import option_help, refuse
from motamot.service.daily.schedule import DailyGrids
from motamot.text.daily_web import DAILY_OPTIONS

#: The daily grids a server plays unless told otherwise (G1).
DEFAULT_PRESETS = ("classic-fr", "big")


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--daily",
        action="append",
        metavar="PRESET",
        help=option_help(DAILY_OPTIONS, "daily", default=", ".join(DEFAULT_PRESETS)),
    )
    parser.add_argument(
        "--no-daily", action="store_true", help=option_help(DAILY_OPTIONS, "no_daily")
    )


def grids(options: argparse.Namespace) -> list[DailyGrids]:
    """The daily grids the options ask for (G1); an OptionError for an unknown game."""
    if options.no_daily:
        return []
    presets = list(dict.fromkeys(options.daily or DEFAULT_PRESETS))
    for preset in presets:
        if preset not in PRESETS:
            known = ", ".join(PRESETS)
            raise refuse(DAILY_OPTIONS, "unknown_daily", options.lang, preset=preset, known=known)
    opened = getattr(options, "open_rankings", False)  # the server's own option (F1)
    return [DailyGrids(preset, open_rankings=opened) for preset in presets]
