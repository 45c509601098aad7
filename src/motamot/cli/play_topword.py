"""`motamot topword play`: a game of Topword in the terminal, humans and computers.

The referee is the engine (`motamot.topword.game`); seats, computer players,
saving and resuming are the service's (`motamot.service.topword_play`). This
module reads commands, translates refusals and draws the board.
"""

from __future__ import annotations

import argparse
import secrets
import sys
from datetime import datetime
from pathlib import Path
from typing import TextIO

from motamot.cli.arguments import checked_seed
from motamot.cli.defaults import topword_ruleset
from motamot.cli.errors import CliError
from motamot.cli.term import (
    CLEAR,
    LineReader,
    Style,
    colour_allowed,
    flow,
    shorten,
    side_by_side,
    stdin_reader,
)
from motamot.lexicon import try_fold
from motamot.service.local import LocalRooms
from motamot.service.outcomes import Refusal
from motamot.service.storage import new_save_path
from motamot.service.topword_play import (
    COMPUTER_LEVELS,
    HUMAN,
    Seat,
    SeatError,
    Table,
    hints,
    parse_seats,
)
from motamot.text.errors import error_text
from motamot.text.i18n import Language, translate
from motamot.text.rooms import refusal_text
from motamot.text.topword import word_score_text
from motamot.text.topword_commands import TOPWORD_COMMANDS
from motamot.text.topword_screen import TOPWORD_SCREEN
from motamot.topword.board import CENTRE, COLUMNS, SIZE, Board, cell_name
from motamot.topword.game import Action, Exchange, Pass, Play, Turn
from motamot.topword.move import Move, MoveSyntaxError, parse_move, placements
from motamot.topword.record import RecordError
from motamot.topword.rules import Legal, Reason
from motamot.topword.tiles import RULESETS, TOPWORD_FR, UPWORDS_EN, Ruleset, get_ruleset, tile_label

PASS_WORDS = {"passe", "pass", "passer"}
EXCHANGE_WORDS = {"échange", "echange", "exchange", "échanger", "echanger"}
HINT_WORDS = {"indice", "hint", "indices", "hints"}
HELP_WORDS = {"aide", "help", "?"}
QUIT_WORDS = {"quitter", "quit", "/fin", "/end", "q"}
YES = {"o", "oui", "y", "yes"}


#: The longest a computer player may think (the interface owns the clock).
THINKING_SECONDS = 10.0


class Quit(Exception):
    """The player asked to stop (the game is saved)."""


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
    parser.add_argument(
        "--dict", metavar="NAME|PATH", help="dictionnaire (défaut : selon les règles)"
    )
    parser.add_argument(
        "--resume", type=Path, metavar="FILE", help="reprendre une partie enregistrée"
    )
    parser.set_defaults(handler=run)


def _seats(text: str, lang: Language) -> list[Seat]:
    humans = text.count(HUMAN)
    computers = len([item for item in text.split(",") if item.strip()]) - humans
    human_names = (
        [translate(TOPWORD_SCREEN, "you", lang)]
        if humans <= 1
        else [translate(TOPWORD_SCREEN, "player", lang, number=n) for n in range(1, humans + 1)]
    )
    computer_names = (
        [translate(TOPWORD_SCREEN, "computer", lang)]
        if computers <= 1
        else [
            translate(TOPWORD_SCREEN, "computer_n", lang, number=n) for n in range(1, computers + 1)
        ]
    )
    try:
        return parse_seats(text, human_names, computer_names)
    except SeatError as error:
        key = "bad_seats" if error.reason == "unknown_kind" else error.reason
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
    local = LocalRooms()
    local.host.bot_think_limit = THINKING_SECONDS
    try:
        return _run(args, local, ruleset, seats)
    finally:
        local.close()


def _run(
    args: argparse.Namespace, local: LocalRooms, ruleset: Ruleset, seats: list[Seat] | None
) -> int:
    lang: Language = args.lang
    if args.resume is not None:
        table = _resume(local, args.resume, args.dict, seats, lang)
    else:
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
        table = _new_table(local, seats, seed, ruleset, dictionary, path, lang)
    ui = TopwordScreen(sys.stdout, stdin_reader(), lang)
    while True:
        table.save()
        try:
            ui.play(table)
        except (KeyboardInterrupt, Quit, EOFError):
            table.save()
            ui.write()
            ui.write(ui.t("saved", path=table.path))
            ui.write(ui.t("resume_with", path=table.path))
            return 130 if sys.exc_info()[0] is KeyboardInterrupt else 0
        table.save()
        ui.write(ui.t("saved", path=table.path))
        try:
            again = ui.ask(ui.t("rematch")).strip().lower() in YES
        except (KeyboardInterrupt, EOFError):
            again = False
        if not again:
            return 0
        game = table.game
        seed = game.seed + 1
        path = new_save_path("topword", seed, datetime.now())
        table = _new_table(local, table.seats, seed, game.ruleset, game.dictionary, path, lang)


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
        reason = refusal_text(error.reason, lang)
        text = f"{reason} : {error.item}" if lang == "fr" else f"{reason}: {error.item}"
        raise CliError(text) from None


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


class TopwordScreen:
    """Draws the table and reads each human's commands."""

    def __init__(self, out: TextIO, reader: LineReader, lang: Language) -> None:
        self.out = out
        self.reader = reader
        self.lang = lang
        self.live_screen = reader.interactive and out.isatty()
        self.style = Style(colour_allowed(out))
        self.log: list[str] = []
        self.notice: list[str] = []

    def t(self, key: str, **fields: object) -> str:
        return translate(TOPWORD_SCREEN, key, self.lang, **fields)

    def write(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def ask(self, prompt: str) -> str:
        return self.reader.read_line(prompt, self.out)

    # -- the game loop -------------------------------------------------------------

    def play(self, table: Table) -> None:
        """Turns until the game is over (Quit, KeyboardInterrupt or EOFError stop it)."""
        game = table.game
        self.log = [self.turn_text(table, turn) for turn in game.turns[-4:]]
        if not game.turns:
            self.log = [self.start_text(table)]
        while not game.finished:
            if table.seat.human:
                turn = self.human_turn(table)
            else:
                if self.live_screen:
                    if table.humans == 1:
                        # the human's last action shows at once, last turn's messages go
                        human = next(i for i, seat in enumerate(table.seats) if seat.human)
                        self.draw(table, self.notice, show_rack_of=human)
                    self.out.write(
                        self.style(self.t("thinking", name=table.seat.name), "dim") + "\r"
                    )
                    self.out.flush()
                for turn in table.bot_turns():
                    if not self.live_screen and table.humans == 0:
                        self.write(self.turn_text(table, turn))
                    self.log = [*self.log, self.turn_text(table, turn)][-4:]
                continue
            self.log = [*self.log, self.turn_text(table, turn)][-4:]
        self.show_end(table)

    def human_turn(self, table: Table) -> Turn:
        game = table.game
        seat = table.seat
        hot_seat = table.humans > 1
        if hot_seat:
            if self.live_screen:
                self.out.write(CLEAR)
            self.ask(self.style(self.t("hand_over", name=seat.name), "bold"))
        message, self.notice = self.notice, []
        while True:
            self.draw(table, message)
            text = self.ask("> ").strip()
            if not text:
                message = []
                continue
            words = text.split()
            command = words[0].lower()
            if command in QUIT_WORDS:
                raise Quit
            if command in HELP_WORDS:
                message = flow(self.t("help").split(" "), 79, "")  # keeps no-break spaces
                continue
            if command in HINT_WORDS:
                found = hints(game)
                message = [self.t("hints") if found else self.t("no_hint")]
                message.extend(
                    "  "
                    + shorten(
                        f"{hint.move.notation} +{hint.verdict.points}"
                        f" ({self.score_detail(hint.verdict)})",
                        77,
                    )
                    for hint in found
                )
                continue
            if command in PASS_WORDS and len(words) == 1:
                done = table.act(Pass())
                if isinstance(done, Refusal):
                    message = [self.style(self.refusal_text(done), "red")]
                    continue
                turn = done
                break
            if command in EXCHANGE_WORDS:
                if len(words) == 1:
                    message = [self.t("exchange_which")]
                    continue
                asked = "".join(words[1:])
                letters = try_fold(asked) or asked.upper()
                tile = "Q" if letters == "QU" else letters
                if len(tile) != 1:
                    message = [self.t("exchange_one", first=tile_label(tile[0]))]
                    continue
                if not len(game.bag):
                    message = [self.t("no_exchange_empty")]
                    continue
                if tile not in game.rack():
                    message = [self.t("no_such_tile", tile=asked)]
                    continue
                before = list(game.rack())
                done = table.act(Exchange(tile))
                if isinstance(done, Refusal):
                    message = [self.style(self.refusal_text(done), "red")]
                    continue
                turn = done
                after = list(game.racks[turn.player])
                for kept in before:
                    if kept in after and kept != tile:
                        after.remove(kept)
                drawn = tile_label(after[0]) if after else "?"
                message = [self.t("you_exchanged", tile=tile_label(tile), drawn=drawn)]
                break
            try:
                move = parse_move(text)
                stacked = same_letter_cell(game.board, move)
                if stacked is not None:
                    reason = translate(
                        TOPWORD_COMMANDS, Reason.SAME_LETTER_STACK.value, self.lang, detail=stacked
                    )
                    refused = self.t("refused", reason=reason)
                    message = [self.style(refused, "red"), self.t("same_letter_kept")]
                    continue
            except MoveSyntaxError:
                message = [self.style(self.t("syntax", text=text), "red")]
                continue
            done = table.act(Play(move))
            if isinstance(done, Refusal):
                message = [self.style(self.refusal_text(done), "red")]
                continue
            turn = done
            message = []
            break
        if hot_seat:
            self.log = [*self.log, self.turn_text(table, turn)][-4:]
            self.draw(table, message, show_rack_of=turn.player)
            self.ask(self.t("pass_on"))
            self.log = self.log[:-1]
            if self.live_screen:
                self.out.write(CLEAR)
        else:
            self.notice = message
        return turn

    # -- text of a turn ------------------------------------------------------------

    def refusal_text(self, refusal: Refusal) -> str:
        """Why the room refused a turn: the referee's reason, or the table's."""
        if refusal.code in TOPWORD_COMMANDS:
            detail = refusal.fields.get("detail", "")
            reason = translate(TOPWORD_COMMANDS, refusal.code, self.lang, detail=detail)
            return self.t("refused", reason=reason)
        return refusal_text(refusal.code, self.lang, **refusal.fields)

    def score_detail(self, verdict: Legal) -> str:
        """T20: each word and each bonus of a move."""
        parts = [word_score_text(word, self.lang) for word in verdict.words]
        for bonus in verdict.bonuses:
            if bonus.kind.startswith("letter_"):
                letter = bonus.kind.removeprefix("letter_").upper()
                label = translate(
                    TOPWORD_COMMANDS, "letter", self.lang, letter="Qu" if letter == "QU" else letter
                )
            else:
                label = translate(TOPWORD_COMMANDS, bonus.kind, self.lang)
            parts.append(f"{label} +{bonus.points}")
        return ", ".join(parts)

    def start_text(self, table: Table) -> str:
        """T3: the draw for who starts (each round of draws, ties drawing again)."""
        game = table.game
        draws = " / ".join(
            ", ".join(f"{game.players[p]} {tile_label(tile)}" for p, tile in round_)
            for round_ in game.start_draws
        )
        return self.t("start", draws=draws, name=game.players[game.starter])

    def turn_text(self, table: Table, turn: Turn) -> str:
        name = table.game.players[turn.player]
        if turn.action is Action.PLAY:
            assert turn.move is not None and turn.verdict is not None
            return self.t(
                "played",
                name=name,
                move=str(turn.move),
                points=turn.points,
                detail=self.score_detail(turn.verdict),
            )
        if turn.action is Action.EXCHANGE:
            return self.t("exchanged", name=name)
        return self.t("passed", name=name)

    # -- drawing -----------------------------------------------------------------------

    def draw(self, table: Table, message: list[str], show_rack_of: int | None = None) -> None:
        game = table.game
        player = game.current if show_rack_of is None else show_rack_of
        last: set[int] = set()
        if game.turns and game.turns[-1].verdict is not None:
            last = {cell for cell, _ in game.turns[-1].verdict.placements}
        lines = [
            self.style(self.t("title", turn=len(game.turns) + 1, ruleset=game.ruleset.name), "bold")
        ]
        panel = [self.t("pile", count=len(game.bag)), self.t("scores")]
        for index, name in enumerate(game.players):
            line = self.t("score_line", name=name, score=game.scores[index])
            if index == game.current and not game.finished:
                line = self.style(line, "bold") + self.t("to_play")
            panel.append(line)
        panel.append("")
        panel.extend(self.style(line, "dim") for line in self.t("legend").split(" · "))
        lines.extend(side_by_side(board_lines(game.board, self.style, last), panel, gap=2))
        recent = self.log[-max(1, min(3, len(game.players))) :]
        if recent:
            lines.append(self.t("last_moves"))
            lines.extend("  " + shorten(entry, 77) for entry in recent)
        tiles = " ".join(
            self.style(f"{tile_label(t)}", "bold", "reverse") for t in game.rack(player)
        )
        lines.append(self.t("rack", name=game.players[player], tiles=tiles))
        lines.append(self.style(self.t("help_short"), "dim"))
        lines.extend(message)
        if self.live_screen:
            self.out.write(CLEAR)
        self.out.write("\n".join(lines) + "\n")
        self.out.flush()

    def show_end(self, table: Table) -> None:
        game = table.game
        self.draw_final_board(table)
        reason = self.t(game.end_reason.value) if game.end_reason else ""
        self.write(self.style(self.t("over", reason=reason), "bold"))
        finals = game.final_scores()
        for index, name in enumerate(game.players):
            self.write(
                self.t(
                    "final_line",
                    name=name,
                    score=game.scores[index],
                    penalty=game.penalties[index],
                    left=len(game.racks[index]),
                    final=finals[index],
                )
            )
        names = ", ".join(game.players[index] for index in game.winners())
        key = "winner" if len(game.winners()) == 1 else "winners"
        self.write(self.style(self.t(key, names=names), "bold", "green"))

    def draw_final_board(self, table: Table) -> None:
        if self.live_screen:
            self.out.write(CLEAR)
        for line in board_lines(table.game.board, self.style, set()):
            self.write(line)
        for entry in self.log[-3:]:
            self.write(entry)


def same_letter_cell(board: Board, move: Move) -> str | None:
    """The first cell of a move whose every letter is already on the board, else None.

    The notation writes the word as it will read (RULES.md, Notation), so a
    letter written over the same letter cannot mean "stack it": T8 forbids
    that, and `move.placements` reads it as "keep the tile". A stack on the
    same letter is only expressible as raw placements, which the referee
    refuses with `same_letter_stack`. A move that keeps every tile (the word
    is already there, as in "5E FAN" over FAN) places nothing: the only thing
    the player can have meant is to stack on the same letters, so the
    terminal names the T8 refusal rather than a bare "no tile placed".
    """
    if not move.fits() or placements(board, move):
        return None
    cells = move.cells()
    return cell_name(cells[0]) if all(board.heights[cell] for cell in cells) else None


def board_lines(board: Board, style: Style, highlight: set[int]) -> list[str]:
    """The 10×10 board: each tile with its stack height (`M2`, `Qu1`), `*` on an empty
    red centre square, `·` elsewhere; the last move's tiles highlighted."""
    lines = ["    " + "".join(f"{column:>4}" for column in COLUMNS)]
    for row in range(SIZE):
        cells = []
        for col in range(SIZE):
            cell = row * SIZE + col
            height = board.heights[cell]
            if height:
                text = f"{tile_label(board.tops[cell])}{height}"
                styles = ["bold"]
                if cell in highlight:
                    styles += ["yellow"]
                if cell in CENTRE:
                    styles += ["on_red"]
                cells.append(" " * (4 - len(text)) + style(text, *styles))
            elif cell in CENTRE:
                cells.append("   " + style("*", "red", "bold"))
            else:
                cells.append("   " + style("·", "dim"))
        lines.append(f"{row + 1:>3} " + "".join(cells))
    return lines
