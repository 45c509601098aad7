"""`motamot topword play`: a game of Topword in the terminal, humans and computers.

The referee is the engine (`motamot.topword.game`); seats, computer players,
saving and resuming are the service's (`motamot.service.topword.local`). This
module reads the options, seats the players and runs the games one after the
other (rematches); the screen is `motamot.cli.topword_screen`.
"""

from __future__ import annotations

import argparse
import secrets
import sys
from datetime import datetime
from pathlib import Path

from motamot.cli.arguments import checked_seed, dict_option
from motamot.cli.defaults import topword_ruleset
from motamot.cli.errors import CliError
from motamot.cli.screen import local_rooms, quiet_service_logs, save_failure_text
from motamot.cli.term import stdin_reader
from motamot.cli.topword_screen import Quit, TopwordScreen
from motamot.durable import WriteError
from motamot.service.local import LocalRooms
from motamot.service.storage import data_dir, new_save_path
from motamot.service.topword.local import (
    COMPUTER_LEVELS,
    HUMAN,
    Seat,
    SeatError,
    Table,
    parse_seats,
)
from motamot.text.errors import error_text
from motamot.text.i18n import Language, translate
from motamot.text.players import player_text
from motamot.text.terminal import TERMINAL
from motamot.text.topword_screen import TOPWORD_SCREEN
from motamot.text.web import refusal_text
from motamot.topword.record import RecordError, parse_record
from motamot.topword.tiles import RULESETS, TOPWORD_FR, UPWORDS_EN, Ruleset, get_ruleset

#: The longest a computer player may think (the interface owns the clock).
THINKING_SECONDS = 10.0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add `topword play` to the `topword` subcommands."""
    parser = sub.add_parser("play", help="jouer une partie dans le terminal / play")
    parser.add_argument(
        "--players",
        metavar="P,...",
        help=f"joueurs dans l'ordre : human ou {', '.join(COMPUTER_LEVELS)} "
        "(human:Nom pour nommer), défaut human,expert",
    )
    parser.add_argument(
        "--ruleset",
        metavar="R",
        help=f"{', '.join(RULESETS)} "
        f"(défaut : {TOPWORD_FR.name}, {UPWORDS_EN.name} avec --lang en)",
    )
    parser.add_argument("--seed", type=int, metavar="N", help="graine (défaut : au hasard)")
    dict_option(parser, "rules")
    parser.add_argument(
        "--resume",
        nargs="?",
        const="",
        metavar="FILE",
        help="reprendre une partie enregistrée (sans FILE : la dernière laissée en cours)",
    )
    parser.set_defaults(handler=run)


def _seats(text: str, lang: Language) -> list[Seat]:
    humans = text.count(HUMAN)
    computers = len([item for item in text.split(",") if item.strip()]) - humans
    human_names = (
        [player_text("you", lang)]
        if humans <= 1
        else [player_text("player_n", lang, number=n) for n in range(1, humans + 1)]
    )
    computer_names = (
        [player_text("bot", lang)]
        if computers <= 1
        else [player_text("bot_n", lang, number=n) for n in range(1, computers + 1)]
    )
    try:
        return parse_seats(text, human_names, computer_names)
    except SeatError as error:
        key = "bad_seats" if error.code == "unknown_kind" else error.code
        item = error_text(error.name_error, lang) if error.name_error else error.item
        raise CliError(
            translate(TOPWORD_SCREEN, key, lang, item=item, levels=", ".join(COMPUTER_LEVELS))
        ) from None


def run(args: argparse.Namespace) -> int:
    lang: Language = args.lang
    name = topword_ruleset(args.ruleset, args.dict, lang)
    try:
        ruleset = get_ruleset(name)
    except KeyError:
        known = ", ".join(RULESETS)
        raise CliError(
            translate(TOPWORD_SCREEN, "bad_ruleset", lang, name=name, known=known)
        ) from None
    seats = _seats(args.players, lang) if args.players else None
    checked_seed(args.seed, lang)  # before the rooms' store is opened: bad input changes nothing
    quiet_service_logs()
    try:
        local = local_rooms()
    except WriteError as error:
        raise CliError(save_failure_text(error, lang, started=False), exit_code=1) from None
    local.host.bot_think_limit = THINKING_SECONDS
    try:
        table = _first_table(args, local, ruleset, seats)
        return _games(TopwordScreen(sys.stdout, stdin_reader(), lang), local, table)
    except WriteError as error:
        print(f"\n{save_failure_text(error, lang)}")
        return 1
    finally:
        local.close()


def _first_table(
    args: argparse.Namespace, local: LocalRooms, ruleset: Ruleset, seats: list[Seat] | None
) -> Table:
    """The game `--resume FILE` names, or a new one for the seats (`human,expert` by default)."""
    lang: Language = args.lang
    if args.resume is not None:
        path = Path(args.resume) if args.resume else _latest_unfinished(lang)
        return _resume(local, path, args.dict, seats, lang)
    seats = seats or _seats("human,expert", lang)
    if not ruleset.min_players <= len(seats) <= ruleset.max_players:
        raise CliError(
            translate(
                TOPWORD_SCREEN,
                "seat_count",
                lang,
                count=len(seats),
                low=ruleset.min_players,
                high=ruleset.max_players,
            )
        )
    dictionary = args.dict or ruleset.dictionary
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    path = new_save_path("topword", seed, datetime.now())
    return _new_table(local, seats, seed, ruleset, dictionary, path, lang)


def _games(ui: TopwordScreen, local: LocalRooms, table: Table) -> int:
    """The game, then each rematch asked for; the record saved at every stop."""
    while True:
        table.save()
        try:
            ui.play(table)
        except (KeyboardInterrupt, Quit, EOFError) as stop:
            if isinstance(stop, EOFError):
                ui.input_ended()
            table.save()
            ui.write()
            ui.write(ui.t("saved", path=table.path))
            ui.write(ui.t("resume_with", path=table.path))
            return 130 if isinstance(stop, KeyboardInterrupt) else 0
        table.save()
        ui.write(ui.t("saved", path=table.path))
        try:
            again = ui.ask_rematch()
        except (KeyboardInterrupt, EOFError):
            again = False
        if not again:
            return 0
        game = table.game
        seed = game.seed + 1
        path = new_save_path("topword", seed, datetime.now())
        table = _new_table(local, table.seats, seed, game.ruleset, game.dictionary, path, ui.lang)


def _new_table(
    local: LocalRooms,
    seats: list[Seat],
    seed: int,
    ruleset: Ruleset,
    dictionary: str,
    path: Path,
    lang: Language,
) -> Table:
    try:
        return Table.new(local, seats, seed, ruleset, dictionary, path)
    except SeatError as error:
        reason = refusal_text(error.why or error.code, lang)
        raise CliError(
            translate(TERMINAL, "refused", lang, reason=reason, detail=error.item)
        ) from None


def _latest_unfinished(lang: Language) -> Path:
    """The last game saved that is not over (`--resume` without a file, as Boggle's): the
    saves are named by the time they began, so the last name is the latest."""
    for path in sorted((data_dir() / "topword").glob("*.txt"), reverse=True):
        try:
            if parse_record(path.read_text("utf-8")).end is None:
                return path
        except (OSError, UnicodeDecodeError, RecordError):
            continue  # not a game to take back: the next one
    raise CliError(translate(TOPWORD_SCREEN, "nothing_to_resume", lang))


def _resume(
    local: LocalRooms, path: Path, dictionary: str | None, seats: list[Seat] | None, lang: Language
) -> Table:
    try:
        text = path.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        detail = error.strerror if isinstance(error, OSError) else str(error)
        raise CliError(
            translate(TOPWORD_SCREEN, "no_file", lang, path=path, error=detail)
        ) from None
    try:
        table = Table.resume(local, text, dictionary, path, seats)
    except RecordError as error:
        raise CliError(
            translate(TOPWORD_SCREEN, "bad_record", lang, path=path, error=error_text(error, lang))
        ) from None
    except SeatError as error:
        raise CliError(translate(TOPWORD_SCREEN, "seats_mismatch", lang, item=error.item)) from None
    if table.game.finished:
        raise CliError(translate(TOPWORD_SCREEN, "finished_record", lang, path=path))
    return table
