"""`motamot boggle play`: a Boggle match in the terminal against computer players.

The match is a room (`motamot.service.boggle.local`) in the local store:
every word is stored before its verdict is shown, the room's clock ends the
round at its deadline (B10) and brings the computer players' words at their
times, and `--resume` takes a match left half-way back (mid-round, with the
time that is left). This module reads the options and runs the matches one after
the other (rematches); the screen is `motamot.cli.boggle_screen`.
"""

from __future__ import annotations

import argparse
import secrets
import sys
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING

from motamot.boggle.bots import BOT_LEVELS, get_level
from motamot.boggle.match import MatchError, MatchFormat
from motamot.boggle.record import MAX_PENALTY
from motamot.boggle.rules import PRESETS, get_preset
from motamot.cli.arguments import checked_seed, dict_option
from motamot.cli.boggle_screen import BoggleScreen
from motamot.cli.defaults import LANGUAGE_DEFAULTS_HELP, boggle_preset
from motamot.cli.errors import CliError
from motamot.cli.screen import local_rooms, quiet_service_logs, save_failure_text
from motamot.cli.term import (
    stdin_reader,
)
from motamot.durable import WriteError
from motamot.service.storage import new_save_path
from motamot.text.boggle_screen import BOGGLE_SCREEN
from motamot.text.i18n import Language, translate
from motamot.text.players import player_text
from motamot.text.terminal import TERMINAL
from motamot.text.web import refusal_text

if TYPE_CHECKING:  # at run time imported by `run`: see there
    from motamot.service.boggle.local import LocalMatch
    from motamot.service.boggle.settings import BoggleSettings
    from motamot.service.local import LocalRooms

Clock = Callable[[], float]


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add `boggle play` to the `boggle` subcommands."""
    parser = sub.add_parser("play", help="jouer une partie dans le terminal / play")
    parser.add_argument(
        "--preset",
        metavar="P",
        help=f"préréglage : {', '.join(PRESETS)} (défaut : {LANGUAGE_DEFAULTS_HELP})",
    )
    parser.add_argument("--seed", type=int, metavar="N", help="graine (défaut : au hasard)")
    parser.add_argument(
        "--duration", type=float, metavar="S", help="durée d'une manche en secondes"
    )
    parser.add_argument(
        "--bots",
        default="",
        metavar="LEVEL,...",
        help=f"ordinateurs, un par niveau : {', '.join(BOT_LEVELS)}",
    )
    match = parser.add_mutually_exclusive_group()
    match.add_argument("--rounds", type=int, metavar="K", help="nombre de manches (défaut 1)")
    match.add_argument("--target", type=int, metavar="T", help="score à atteindre")
    dict_option(parser, "game")
    parser.add_argument(
        "--penalty",
        type=int,
        default=0,
        metavar="N",
        help=f"points retirés par mot invalide (B12 ; 0 par défaut, au plus {MAX_PENALTY})"
        f" / points off per invalid word (B12; 0 by default, at most {MAX_PENALTY})",
    )
    parser.add_argument(
        "--verify-at-end",
        action="store_true",
        help="dictionnaire vérifié à la fin de la manche seulement (comme sur papier)",
    )
    parser.add_argument(
        "--resume",
        action="store_true",
        help="reprendre la dernière partie laissée en cours (même en pleine manche)",
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Set the match up from the options, then play it (and rematches)."""
    # The room machinery (asyncio, SQLite, the kinds) is imported by `local_rooms`, not
    # at the top: every boggle command imports this module to register `play`.
    lang: Language = args.lang
    settings = _settings(args, lang)
    bots = _bots(args.bots, lang)
    seed = checked_seed(args.seed, lang)
    seed = seed if seed is not None else secrets.randbelow(2**31)
    quiet_service_logs()
    try:
        local = local_rooms()
    except WriteError as error:
        raise CliError(save_failure_text(error, lang, started=False), exit_code=1) from None
    try:
        return _play(args, local, settings, bots, seed)
    except WriteError as error:
        print(f"\n{save_failure_text(error, lang)}")
        return 1
    finally:
        local.close()


def _settings(args: argparse.Namespace, lang: Language) -> BoggleSettings:
    """The room's settings from the options (each checked, named in the message)."""
    from motamot.service.boggle.settings import BoggleSettings

    preset = boggle_preset(args.preset, args.dict, lang)
    try:
        rules = get_preset(preset)
    except ValueError:
        raise CliError(
            translate(BOGGLE_SCREEN, "bad_preset", lang, name=preset, known=", ".join(PRESETS))
        ) from None
    if not 0 <= args.penalty <= MAX_PENALTY:
        raise CliError(translate(BOGGLE_SCREEN, "bad_penalty", lang, limit=MAX_PENALTY))
    duration = float(args.duration) if args.duration is not None else rules.duration_seconds
    if not 0 < duration < 10_000:
        raise CliError(translate(BOGGLE_SCREEN, "bad_duration", lang))
    try:
        match = (
            MatchFormat(target=args.target)
            if args.target is not None
            else MatchFormat(rounds=args.rounds if args.rounds is not None else 1)
        )
    except MatchError:
        raise CliError(translate(BOGGLE_SCREEN, "bad_match", lang)) from None
    return BoggleSettings(
        preset=rules.name,
        dictionary=args.dict,
        duration=duration,
        invalid_penalty=args.penalty,
        verify_at_end=args.verify_at_end,
        rounds=match.rounds,
        target=match.target,
    )


def _bots(text: str, lang: Language) -> list[tuple[str, str]]:
    """`--bots expert,beginner` → the computer players' (name, level), named in order."""
    levels = []
    for name in (part.strip() for part in text.split(",")):
        if not name:
            continue
        try:
            levels.append(get_level(name))
        except ValueError:
            known = ", ".join(BOT_LEVELS)
            raise CliError(
                translate(BOGGLE_SCREEN, "bad_level", lang, name=name, known=known)
            ) from None
    if len(levels) > 9:
        raise CliError(translate(BOGGLE_SCREEN, "too_many_bots", lang))
    return [
        (player_text("bot_n", lang, number=number), level.name)
        for number, level in enumerate(levels, 1)
    ]


def _play(
    args: argparse.Namespace,
    local: LocalRooms,
    settings: BoggleSettings,
    bots: list[tuple[str, str]],
    seed: int,
) -> int:
    """The match (resumed, or new), then each rematch the player asks for."""
    from motamot.service.boggle.local import LocalMatch

    lang: Language = args.lang
    ui = BoggleScreen(sys.stdout, stdin_reader(), lang, local.clock.now)
    game = LocalMatch.resume(local) if args.resume else None
    if args.resume and game is None:
        raise CliError(translate(BOGGLE_SCREEN, "nothing_to_resume", lang))
    while True:
        if game is None:
            game = _new_match(local, settings, bots, seed, lang)
        path = new_save_path("boggle", game.seed, datetime.now())
        try:
            finished = ui.play_match(game, path)
        except KeyboardInterrupt:
            ui.interrupted(game, path)
            return 130
        except EOFError:  # a pipe or /dev/null that ends: stop as Ctrl-C does
            ui.input_ended()
            ui.interrupted(game, path)
            return 0
        try:
            again = finished and ui.ask_rematch()
        except (KeyboardInterrupt, EOFError):
            again = False
        if not again:
            return 0
        seed = game.seed + len(game.rounds)
        game = None


def _new_match(
    local: LocalRooms,
    settings: BoggleSettings,
    bots: list[tuple[str, str]],
    seed: int,
    lang: Language,
) -> LocalMatch:
    """A new room: "Vous" and the computer players seated (a refusal stops the command)."""
    from motamot.service.boggle.local import LocalMatch, LocalPlayError

    try:
        return LocalMatch.new(local, settings, player_text("you", lang), bots, seed)
    except LocalPlayError as error:
        detail = error.refusal.fields.get("detail", "")
        reason = refusal_text(error.refusal.code, lang)
        raise CliError(translate(TERMINAL, "refused", lang, reason=reason, detail=detail)) from None
