"""The arena's options of `motamot serve`: which arenas the server keeps open, and their
pace (`--arena PRESET`, `--no-arena`, `--arena-seconds`, `--arena-pause`)."""

from __future__ import annotations

import argparse

from motamot.boggle.rules import PRESETS
from motamot.server.options import checked_range, option_help, refuse
from motamot.service.arena.schedule import DEFAULT_PAUSE, ArenaSchedule
from motamot.service.arena.settings import MAX_PAUSE, MAX_ROUND, MIN_ROUND
from motamot.text.arena_web import ARENA_OPTIONS

#: The arena a server keeps open unless told otherwise.
DEFAULT_ARENA = "classic-fr"
#: The results' pause between two rounds unless told otherwise (seconds).
ARENA_PAUSE = int(DEFAULT_PAUSE)


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--arena",
        action="append",
        metavar="PRESET",
        help=option_help(ARENA_OPTIONS, "arena", default=DEFAULT_ARENA),
    )
    parser.add_argument(
        "--no-arena", action="store_true", help=option_help(ARENA_OPTIONS, "no_arena")
    )
    parser.add_argument(
        "--arena-seconds",
        type=int,
        default=None,
        metavar="S",
        help=option_help(ARENA_OPTIONS, "arena_seconds"),
    )
    parser.add_argument(
        "--arena-pause",
        type=int,
        default=ARENA_PAUSE,
        metavar="S",
        help=option_help(ARENA_OPTIONS, "arena_pause", default=ARENA_PAUSE),
    )


def schedules(options: argparse.Namespace) -> list[ArenaSchedule]:
    """The arenas the options ask for; an OptionError for an unknown game or a pace out
    of range."""
    lang = options.lang
    if options.arena_seconds is not None:
        checked_range(options.arena_seconds, "--arena-seconds", MIN_ROUND, MAX_ROUND, lang)
    checked_range(options.arena_pause, "--arena-pause", 1, MAX_PAUSE, lang)
    if options.no_arena:
        return []
    presets = list(dict.fromkeys(options.arena or [DEFAULT_ARENA]))
    for preset in presets:
        if preset not in PRESETS:
            known = ", ".join(PRESETS)
            raise refuse(ARENA_OPTIONS, "unknown_arena", lang, preset=preset, known=known)
    seconds = None if options.arena_seconds is None else float(options.arena_seconds)
    pause = float(options.arena_pause)
    opened = getattr(options, "open_rankings", False)  # the server's own option (F1)
    return [ArenaSchedule(p, seconds, pause, open_rankings=opened) for p in presets]
