"""The Topword table on the terminal: the board, the scores, the last moves, the rack of
the person to play, and the commands they type (a move, pass, exchange, hint, help, quit).

Every turn is a command to the room (`motamot.service.topword.local.Table`), which
refuses what the rules forbid; the screen shows the refusal and never judges a
move itself. With several people at one keyboard (hot seat) each rack is shown
only to its owner, behind a hand-over prompt.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TextIO

from motamot.cli.screen import Screen
from motamot.cli.term import LineReader, flow, shorten, side_by_side
from motamot.cli.topword_board import board_lines
from motamot.lexicon import try_fold
from motamot.service.rooms.outcomes import Refusal
from motamot.service.topword.local import Table, hints
from motamot.text.errors import MOVE_REFUSALS
from motamot.text.i18n import Language, elides, translate
from motamot.text.topword import bonus_text, word_score_text
from motamot.text.topword_screen import TOPWORD_SCREEN
from motamot.text.web import refusal_text
from motamot.topword.board import SIZE, cell_name
from motamot.topword.game import Action, Exchange, Pass, Play, Turn, TurnAction
from motamot.topword.move import MoveSyntaxError, parse_move
from motamot.topword.rules import Legal, Reason
from motamot.topword.tiles import tile_label

PASS_WORDS = {"passe", "pass", "passer"}
EXCHANGE_WORDS = {"échange", "echange", "exchange", "échanger", "echanger"}
HINT_WORDS = {"indice", "hint", "indices", "hints"}
HELP_WORDS = {"aide", "help", "?"}
QUIT_WORDS = {"quitter", "quit", "/fin", "/end", "q"}
#: Turns kept in the "last moves" panel.
LOG_LENGTH = 4


class Quit(Exception):
    """The player asked to stop (the game is saved)."""


@dataclass(frozen=True)
class Done:
    """A turn the room took, and what to tell its player afterwards."""

    turn: Turn
    message: list[str]


class TopwordScreen(Screen):
    """Draws the table and reads each human's commands."""

    catalog = TOPWORD_SCREEN

    def __init__(self, out: TextIO, reader: LineReader, lang: Language) -> None:
        super().__init__(out, reader, lang)
        self.log: list[str] = []
        self.notice: list[str] = []

    # -- the game loop -------------------------------------------------------------

    def play(self, table: Table) -> None:
        """Turns until the game is over (Quit, KeyboardInterrupt or EOFError stop it)."""
        game = table.game
        self.log = [self.turn_text(table, turn) for turn in game.turns[-LOG_LENGTH:]]
        if not game.turns:
            self.log = [self.start_text(table)]
        while not game.finished:
            if table.seat.human:
                self.logged(table, self.human_turn(table))
            else:
                self.bot_turns(table)
        self.show_end(table)

    def logged(self, table: Table, turn: Turn) -> None:
        self.log = [*self.log, self.turn_text(table, turn)][-LOG_LENGTH:]

    def bot_turns(self, table: Table) -> None:
        """The computer players to play play (the human's last action shows meanwhile)."""
        if self.live_screen:
            if table.humans == 1:
                human = next(i for i, seat in enumerate(table.seats) if seat.human)
                self.draw(table, self.notice, show_rack_of=human)
            self.out.write(self.style(self.t("thinking", name=table.seat.name), "dim") + "\r")
            self.out.flush()
        for turn in table.bot_turns():
            if not self.live_screen and table.humans == 0:
                self.write(self.turn_text(table, turn))
            self.logged(table, turn)

    def human_turn(self, table: Table) -> Turn:
        """Commands from the person to play until the room takes one as their turn."""
        hot_seat = table.humans > 1
        if hot_seat:
            self.clear()
            name = table.seat.name
            key = "hand_over_elided" if elides(name) else "hand_over"
            self.ask(self.style(self.t(key, name=name), "bold"))
        done = self.read_turn(table)
        if hot_seat:
            self.hand_back(table, done)
        else:
            self.notice = done.message
        return done.turn

    def read_turn(self, table: Table) -> Done:
        """The board, a command, its answer on the board again: until a turn is taken."""
        message, self.notice = self.notice, []
        while True:
            self.draw(table, message)
            text = self.ask("> ").strip()
            answer = self.command(table, text) if text else []
            if isinstance(answer, Done):
                return answer
            message = answer

    def hand_back(self, table: Table, done: Done) -> None:
        """Hot seat: the player sees their move and new rack, then hides it."""
        self.logged(table, done.turn)
        self.draw(table, done.message, show_rack_of=done.turn.player)
        self.ask(self.t("pass_on"))
        self.log = self.log[:-1]
        self.clear()

    # -- one command -----------------------------------------------------------------

    def command(self, table: Table, text: str) -> Done | list[str]:
        """What `text` asks: a turn the room took, or the lines to show before the next."""
        words = text.split()
        command = words[0].lower()
        if command in QUIT_WORDS:
            raise Quit
        if command in HELP_WORDS:
            return flow(self.t("help").split(" "), 79, "")  # keeps no-break spaces
        if command in HINT_WORDS:
            return self.hint_lines(table)
        if command in PASS_WORDS and len(words) == 1:
            return self.act(table, Pass())
        if command in EXCHANGE_WORDS:
            return self.exchange(table, "".join(words[1:]))
        return self.play_move(table, text)

    def act(self, table: Table, action: TurnAction) -> Done | list[str]:
        answer = table.act(action)
        if isinstance(answer, Refusal):
            return [self.style(self.refusal_text(answer), "red")]
        return Done(answer, [])

    def hint_lines(self, table: Table) -> list[str]:
        found = hints(table.game)
        lines = [self.t("hints") if found else self.t("no_hint")]
        for hint in found:
            line = (
                f"{hint.move.notation} +{hint.verdict.points} ({self.score_detail(hint.verdict)})"
            )
            lines.append("  " + shorten(line, 77))
        return lines

    def exchange(self, table: Table, asked: str) -> Done | list[str]:
        """T17: `échange E` swaps one tile (QU or Q for Qu); the room checks the pile and
        the rack."""
        if not asked:
            return [self.t("exchange_which")]
        letters = try_fold(asked) or asked.upper()
        tile = "Q" if letters == "QU" else letters
        if len(tile) != 1:  # the command names one tile: the room's Exchange holds one
            return [self.t("exchange_one", first=tile_label(tile[0]))]
        before = table.game.rack()
        answer = table.act(Exchange(tile))
        if isinstance(answer, Refusal):
            if answer.code == "pile_empty":
                return [self.t("no_exchange_empty")]
            if answer.code == "not_on_rack":
                return [self.t("no_such_tile", tile=asked)]
            return [self.style(self.refusal_text(answer), "red")]
        after = list(table.game.racks[answer.player])
        for kept in before:
            if kept in after and kept != tile:
                after.remove(kept)
        drawn = tile_label(after[0]) if after else "?"
        return Done(answer, [self.t("you_exchanged", tile=tile_label(tile), drawn=drawn)])

    def play_move(self, table: Table, text: str) -> Done | list[str]:
        """A move in notation (`5E MAIN`), read here and judged by the room."""
        try:
            move = parse_move(text)
        except MoveSyntaxError:
            return [self.style(self.t("syntax", text=text), "red")]
        answer = table.act(Play(move))
        if not isinstance(answer, Refusal):
            return Done(answer, [])
        if answer.code == Reason.NO_TILE_PLACED and answer.fields.get("detail"):
            # The notation writes the word as it will read, so a move that places
            # nothing wrote every letter over the same letter: a T8 stack, not a move.
            start = cell_name(move.row * SIZE + move.col)
            reason = translate(MOVE_REFUSALS, Reason.SAME_LETTER_STACK, self.lang, detail=start)
            refused = self.t("refused", reason=reason)
            return [self.style(refused, "red"), self.t("same_letter_kept")]
        return [self.style(self.refusal_text(answer), "red")]

    # -- text of a turn ------------------------------------------------------------

    def refusal_text(self, refusal: Refusal) -> str:
        """Why the room refused a turn: the referee's reason, or the table's."""
        if refusal.code in MOVE_REFUSALS:
            detail = refusal.fields.get("detail", "")
            reason = translate(MOVE_REFUSALS, refusal.code, self.lang, detail=detail)
            return self.t("refused", reason=reason)
        return refusal_text(refusal.code, self.lang, refusal.fields)

    def score_detail(self, verdict: Legal) -> str:
        """T20: each word and each bonus of a move."""
        parts = [word_score_text(word, self.lang) for word in verdict.words]
        parts.extend(f"{bonus_text(b.kind, self.lang)} +{b.points}" for b in verdict.bonuses)
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
        last: frozenset[int] = frozenset()
        if game.turns and game.turns[-1].verdict is not None:
            last = frozenset(cell for cell, _ in game.turns[-1].verdict.placements)
        lines = [
            self.style(self.t("title", turn=len(game.turns) + 1, ruleset=game.ruleset.name), "bold")
        ]
        lines.extend(side_by_side(board_lines(game.board, self.style, last), self.panel(table), 2))
        recent = self.log[-max(1, min(3, len(game.players))) :]
        if recent:
            lines.append(self.t("last_moves"))
            lines.extend("  " + shorten(entry, 77) for entry in recent)
        tiles = " ".join(self.style(tile_label(t), "bold", "reverse") for t in game.rack(player))
        lines.append(self.t("rack", name=game.players[player], tiles=tiles))
        lines.append(self.style(self.t("help_short"), "dim"))
        lines.extend(message)
        self.clear()
        self.out.write("\n".join(lines) + "\n")
        self.out.flush()

    def panel(self, table: Table) -> list[str]:
        """Beside the board: the pile, the scores (who is to play), the legend."""
        game = table.game
        panel = [self.t("pile", count=len(game.bag)), self.t("scores")]
        for index, name in enumerate(game.players):
            line = self.t("score_line", name=name, score=game.scores[index])
            if index == game.current and not game.finished:
                line = self.style(line, "bold") + self.t("to_play")
            panel.append(line)
        panel.append("")
        panel.extend(self.style(line, "dim") for line in self.t("legend").split(" · "))
        return panel

    def show_end(self, table: Table) -> None:
        game = table.game
        self.clear()
        for line in [*board_lines(game.board, self.style), *self.log[-3:]]:
            self.write(line)
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
