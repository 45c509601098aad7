"""`motamot boggle daily`: the grid a server with this secret plays on a day (G1).

The secret is the server's (`--secret-file`, else `server.secret` in the data folder,
as `motamot serve` reads it); it is never made here: a grid from a secret no server
holds would be nobody's. The day is today (UTC, G2) unless `--date` says another."""

from __future__ import annotations

import argparse
import json
import time

from motamot.boggle.rules import PRESETS
from motamot.cli.errors import CliError
from motamot.cli.secret import load_secret
from motamot.service.daily.schedule import DailyGrids, day_at, parse_day
from motamot.service.rooms.host import cached_lexicons
from motamot.text.boggle_commands import BOGGLE_COMMANDS
from motamot.text.i18n import translate


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add `boggle daily` to the `boggle` subcommands."""
    parser = sub.add_parser("daily", help="la grille du jour d'un serveur")
    parser.add_argument(
        "--date", metavar="YYYY-MM-DD", help="le jour (défaut : aujourd'hui, en UTC)"
    )
    parser.add_argument(
        "--preset",
        default="classic-fr",
        metavar="P",
        help=f"préréglage : {', '.join(PRESETS)} (défaut classic-fr)",
    )
    parser.add_argument(
        "--secret-file",
        default=None,
        metavar="FILE",
        help="le secret du serveur (défaut : server.secret dans le dossier de données)",
    )
    parser.add_argument("--json", action="store_true")
    parser.set_defaults(handler=_daily)


def _daily(args: argparse.Namespace) -> int:
    lang = args.lang
    if args.preset not in PRESETS:
        known = ", ".join(PRESETS)
        message = translate(BOGGLE_COMMANDS, "unknown_preset", lang, name=args.preset, known=known)
        raise CliError(message)
    day = day_at(time.time()) if args.date is None else parse_day(args.date)
    if day is None:
        raise CliError(translate(BOGGLE_COMMANDS, "bad_date", lang, date=args.date))
    secret = load_secret(args.secret_file, lang, create=False)
    grid = DailyGrids(args.preset).grid(secret, day, cached_lexicons())
    if args.json:
        print(json.dumps({"grid": grid.text, "preset": args.preset, "date": day.isoformat()}))
    else:
        print(grid.text)
    return 0
