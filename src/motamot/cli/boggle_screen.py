"""The Boggle match on the terminal: the live round (grid, clock, counts, verdicts), the
results with crossed-out words and what was missed (B15), the scoreboard.

The screen only shows what the room (`motamot.service.boggle.local`) says: every
word goes to the room, which stores it before its verdict comes back; the room's
clock ends the round (B10) and brings the computer players' words.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from motamot.boggle.referee import Feedback, Verdict, WordReason, find_path
from motamot.boggle.round import JudgedEntry, RoundResult, Status
from motamot.cli.screen import Screen
from motamot.cli.term import (
    CLEAR,
    LineReader,
    cell_name,
    clock_text,
    flow,
    grid_lines,
    screen_size,
    shorten,
    side_by_side,
    visible_len,
)
from motamot.lexicon import try_fold
from motamot.service.boggle.feedback import RoundOutcome
from motamot.text.boggle import VERDICTS, reason_text
from motamot.text.boggle_screen import BOGGLE_SCREEN
from motamot.text.i18n import Language, translate
from motamot.text.players import level_text, names_in_sentence

if TYPE_CHECKING:  # the room machinery is imported by the command when it runs
    from motamot.service.boggle.local import LocalMatch, LocalRound

Clock = Callable[[], float]

END_COMMANDS = {"/fin", "/end", "/stop"}
ALL_COMMANDS = {"/tous", "/tout", "/all", "/liste", "/list"}
#: What a word taken is told (the others are refusals, with their reason).
TAKEN = (Feedback.ACCEPTED, Feedback.WRITTEN)
#: Lines of missed words shown at once on a live screen (the rest on request, paged).
MISSED_LINES = 4


class BoggleScreen(Screen):
    """Draws the match and reads the human's words; owns the clock."""

    catalog = BOGGLE_SCREEN

    def __init__(self, out: TextIO, reader: LineReader, lang: Language, clock: Clock) -> None:
        super().__init__(out, reader, lang)
        self.clock = clock
        self.current: LocalRound | None = None

    # -- the match -------------------------------------------------------------

    def play_match(self, game: LocalMatch, path: Path) -> bool:
        """Rounds until the match is decided; False when the player stops early."""
        self.intro(game)
        resumed = game.live()
        while True:
            number = len(game.rounds) + 1
            if resumed is not None:
                left = clock_text(max(0.0, resumed.deadline - self.clock()))
                self.write(self.t("resumed", number=number, time=left))
                live, resumed = resumed, None
            else:
                answer = self.ask(self.t("press_start", number=number))
                if answer.strip().lower() in END_COMMANDS:
                    return False
                live = game.new_round()
            self.current = live
            self.play_round(game, live, number)
            outcome = game.end_round(live)
            self.current = None
            game.save(path)
            self.show_missed(self.results_lines(game, outcome, number), outcome, live)
            table = game.standing()
            self.show_scoreboard(game)
            if table.finished:
                self.write(self.style(self.match_winner_text(game), "bold"))
                self.write(self.t("saved", path=path))
                return True
            if game.match.rounds is not None and len(game.rounds) >= game.match.rounds:
                self.write(self.t("tie_extra"))

    def intro(self, game: LocalMatch) -> None:
        rules = game.rules
        self.clear()
        self.write(
            self.style(
                self.t(
                    "intro",
                    preset=rules.name,
                    size=rules.size,
                    duration=clock_text(game.duration),
                    min=rules.min_length,
                ),
                "bold",
            )
        )
        self.write(
            self.t(
                "intro_players",
                names=", ".join(self.player_label(game, p.name) for p in game.players),
            )
        )
        if game.match.target is not None:
            self.write(self.t("intro_target", target=game.match.target))
        else:
            self.write(self.t("intro_rounds", rounds=game.match.rounds))
        if game.verify_at_end:
            self.write(self.t("intro_verify"))
        if rules.invalid_penalty:
            key = "intro_penalty_one" if rules.invalid_penalty == 1 else "intro_penalty"
            self.write(self.t(key, points=rules.invalid_penalty))
        self.write(self.t("how"))

    def player_label(self, game: LocalMatch, name: str) -> str:
        for player in game.players:
            if player.name == name and player.level is not None:
                level = level_text(player.level.name, self.lang)
                return self.t("level", name=name, level=level)
        return name

    def winners_text(self, game: LocalMatch, winners: Sequence[str]) -> str:
        """The winners inside a sentence, the person as « vous »."""
        return names_in_sentence(winners, self.current_human(game), self.lang)

    def match_winner_text(self, game: LocalMatch) -> str:
        table = game.standing()
        if not any(table.totals):
            return self.t("no_match_winner")
        return self.t("match_winner", names=self.winners_text(game, table.winners))

    # -- one round, live ---------------------------------------------------------

    def play_round(self, game: LocalMatch, live: LocalRound, number: int) -> None:
        """The round until its deadline or /fin (B10): the room's clock decides."""
        if not self.live_screen:
            self.write("\n".join(grid_lines(live.grid, self.style)))
            self.write(self.t("time_left", time=clock_text(live.duration)))
        with self.reader.keys():
            self.read_round(game, live, number)
        if self.live_screen:
            self.out.write("\n")
        if live.stopped_at is None:
            self.write(self.style(self.t("time_up"), "bold", "yellow"))
        else:
            left = clock_text(max(0.0, live.duration - live.stopped_at))
            self.write(self.style(self.t("stopped", time=left), "bold", "yellow"))

    def read_round(self, game: LocalMatch, live: LocalRound, number: int) -> None:
        """Words as they are typed, the screen redrawn each second (EOFError: the end)."""
        feedback: list[str] = []
        last_drawn = -1
        while True:
            live.tick()
            remaining = live.deadline - self.clock()
            if remaining <= 0 or not live.state.running:
                return
            tick = int(remaining + 0.999)
            if self.live_screen and tick != last_drawn:
                self.draw_live(game, live, number, remaining, feedback)
                last_drawn = tick
            wait = remaining - (tick - 1) if tick > 1 else remaining
            line = self.reader.poll(min(wait, remaining) + 0.001)
            if line is None:
                if self.live_screen:
                    self.draw_input()
                continue
            text = line.strip()
            if not text:
                continue
            if text.lower() in END_COMMANDS:
                live.stop()
                return
            if text.startswith("/"):  # a command, never a word (no word has a /)
                message = self.style(self.t("not_in_round", text=text), "yellow")
            else:
                message = self.feedback_text(live.submit(text), live)
            feedback.append(message)
            if self.live_screen:
                self.draw_live(game, live, number, live.deadline - self.clock(), feedback)
            else:
                self.write(message)

    def feedback_text(self, result: Verdict, live: LocalRound) -> str:
        """The verdict on a word just written, in the words the web uses too."""
        word = (result.word or result.input).upper()
        if result.feedback in (Feedback.TOO_SHORT, Feedback.INVALID_CHARACTERS):
            word = result.input
        if result.feedback in TAKEN:
            verdict = translate(
                VERDICTS, result.feedback, self.lang, word=word, points=result.points
            )
            return self.style(self.t("taken", verdict=verdict), "green")
        reason = reason_text(WordReason(result.feedback.value), self.lang)
        if result.feedback is Feedback.DUPLICATE:
            return self.style(self.t("duplicate", word=word, reason=reason), "yellow")
        if result.feedback is Feedback.TOO_SHORT:
            reason = self.t("minimum", reason=reason, min=live.rules.min_length)
        return self.style(self.t("refused_word", word=word, reason=reason), "red")

    def draw_input(self) -> None:
        self.out.write("\r\x1b[K> " + self.reader.buffer)
        self.out.flush()

    def draw_live(
        self,
        game: LocalMatch,
        live: LocalRound,
        number: int,
        remaining: float,
        feedback: list[str],
    ) -> None:
        columns, rows = screen_size()
        of = f"/{game.match.rounds}" if game.match.rounds is not None else ""
        title = self.t("title", number=number, of=of, preset=game.rules.name)
        timer = f"⏱ {clock_text(remaining)}"
        colour = (
            ("bold", "red")
            if remaining <= 10
            else ("bold", "yellow")
            if remaining <= 30
            else ("bold",)
        )
        gap = max(1, min(columns, 80) - 1 - len(title) - len(timer))
        lines = [self.style(title, "bold") + " " * gap + self.style(timer, *colour), ""]
        mine = live.my_words()
        good = [verdict.feedback in TAKEN for verdict in mine]
        panel = [self.t("count", name=live.human, count=sum(good))]
        for name, count in live.bot_counts():
            panel.append(self.t("count", name=self.player_label(game, name), count=count))
        panel.append("")
        board = grid_lines(live.grid, self.style)
        room = len(board) - len(panel)
        panel.extend(feedback[-room:] if room > 0 else [])
        fits = min(columns, 80) - 1 - visible_len(board[1]) - 3
        lines.extend(side_by_side(board, [shorten(line, fits) for line in panel]))
        words = [
            self.style(verdict.input, "green") if ok else self.style(f"✗{verdict.input}", "red")
            for verdict, ok in zip(mine, good, strict=True)
        ]
        lines.append(self.t("your_words", count=sum(good)))
        fixed = len(lines) + 3
        listed = flow(words, min(columns, 80) - 1)
        room = max(1, rows - fixed)
        lines.extend(listed[-room:])
        lines.append(self.style(self.t("how"), "dim"))
        self.out.write(CLEAR + "\n".join(lines) + "\n")
        self.draw_input()

    # -- after the round ---------------------------------------------------------

    def entry_token(self, entry: JudgedEntry) -> str:
        word = (entry.word or entry.input).upper()
        if entry.status is Status.SCORED:
            return self.style(word, "green") + f" {entry.points}"
        return self.style(f"~{word}~", "strike", "dim")

    def results_lines(self, game: LocalMatch, outcome: RoundOutcome, number: int) -> list[str]:
        """Every player's list (crossed-out words marked), points, totals, the winner."""
        columns, rows = screen_size()
        width = min(columns, 80) - 1
        result = outcome.result
        lines = [self.style(self.t("results", number=number, grid=result.grid.text), "bold")]
        lines.append(self.style(self.t("legend"), "dim"))
        limit = max(2, (rows - 6) // max(1, len(result.players)) - 2)
        for player in result.players:
            lines.append(
                self.style(
                    self.t(
                        "player_total",
                        name=self.player_label(game, player.player),
                        total=player.total,
                    ),
                    "bold",
                )
            )
            listed = [self.entry_token(e) for e in player.entries if e.status is not Status.REFUSED]
            block = flow(listed, width) or [self.t("no_word")]
            human = player.player == self.current_human(game)
            if not human and len(block) > limit:
                hidden = sum(len(line.split()) for line in block[limit:])
                block = block[:limit]
                block[-1] += " " + self.t("more", count=hidden)
            lines.extend(block)
            refused = [
                f"{e.input} ({reason_text(e.reason, self.lang)})"
                for e in player.refused
                if e.reason is not None
            ]
            if refused:
                head = self.t("refused", items="").strip()
                items = [f"{item}," for item in refused[:-1]] + refused[-1:]
                lines.extend(flow([head, *items], width))
            if player.penalty:
                lines.append(self.t("penalty", penalty=player.penalty))
        if len(result.players) > 1:
            lines.append(self.style(self.round_winner_text(game, result), "bold", "cyan"))
        return lines

    def round_winner_text(self, game: LocalMatch, result: RoundResult) -> str:
        """B14: who won the round; nobody, when nobody scored."""
        if not any(player.total for player in result.players):
            return self.t("no_round_winner")
        return self.t("round_winner", names=self.winners_text(game, result.winners))

    @staticmethod
    def current_human(game: LocalMatch) -> str:
        return next(player.name for player in game.players if player.level is None)

    def show_missed(self, before: list[str], outcome: RoundOutcome, live: LocalRound) -> None:
        """B15: what the player missed, the best word's path drawn on the grid; then
        any word asked for is shown the same way (B13)."""
        columns, _ = screen_size()
        width = min(columns, 80) - 1
        if not outcome.missed:
            self.page_more([*before, self.style(self.t("all_found"), "bold", "green")])
            return
        title = self.t("missed_title", count=len(outcome.missed), total=outcome.all_words)
        before = [*before, self.style(title, "bold")]
        best = sorted(outcome.missed, key=lambda w: (-w.points, -len(w.word), w.word))
        first = best[0]
        lines = self.path_lines(live, first.word, first.points, first.path)
        everything = flow([f"{w.word} {w.points}" for w in best], width)
        listed = everything
        if self.live_screen and len(everything) > MISSED_LINES:
            listed = everything[:MISSED_LINES]
            shown = sum(len(line.split()) // 2 for line in listed)
            listed.append(self.style(self.t("more_missed", count=len(best) - shown), "dim"))
        self.page_more(before + lines + listed)
        if not self.live_screen:
            return
        missed = {w.word: w for w in outcome.missed}
        while True:
            answer = self.ask(self.t("show_word")).strip()
            if not answer or answer.lower() in END_COMMANDS:
                return
            if answer.lower() in ALL_COMMANDS:
                self.page_more([self.style(title, "bold"), *everything])
                continue
            word = try_fold(answer)
            if word is None:
                continue
            if word in missed:
                entry = missed[word]
                self.page_more(self.path_lines(live, entry.word, entry.points, entry.path))
                continue
            found = find_path(live.grid, word) if len(word) <= 3 * len(live.grid.faces) else None
            if found is None:
                self.write(self.t("not_on_grid", word=word))
                continue
            cells = tuple(live.grid.cell(i) for i in found)
            self.page_more(self.path_lines(live, word, live.rules.points(len(word)), cells))

    def path_lines(
        self, live: LocalRound, word: str, points: int, path: tuple[tuple[int, int], ...]
    ) -> list[str]:
        steps = " → ".join(
            f"{live.grid.faces[r * live.grid.size + c]}({cell_name((r, c))})" for r, c in path
        )
        text = self.t("path_of", word=word, points=points, path=steps)
        return [*grid_lines(live.grid, self.style, path), text]

    def show_scoreboard(self, game: LocalMatch) -> None:
        table = game.standing()
        played = len(game.rounds)
        detail = (
            self.t("target", target=game.match.target)
            if game.match.target is not None
            else self.t("rounds_of", rounds=game.match.rounds)
        )
        lines = [self.style(f"{self.t('scoreboard', played=played)} · {detail}", "bold")]
        shown = game.rounds[-6:]
        first = played - len(shown) + 1
        heads = "".join(f"{self.t('round_short', number=n):<5}" for n in range(first, played + 1))
        name_width = max(len(self.player_label(game, n)) for n in game.names) + 2
        lines.append(" " * (name_width + 2) + heads + self.t("total"))
        for name, total in zip(table.players, table.totals, strict=True):
            points = "".join(f"{outcome.result.result_of(name).total:<5}" for outcome in shown)
            label = self.player_label(game, name)
            lines.append(f"  {label:<{name_width}}{points}{self.style(str(total), 'bold')}")
        self.page_more(lines)
        if not table.finished:
            pass

    def interrupted(self, game: LocalMatch, path: Path) -> None:
        """Ctrl-C or the end of input: export what was played (a round in progress as
        written so far); the match stays in the store, its round running, for `--resume`."""
        self.write()
        if not game.rounds and self.current is None:
            self.write(self.t("nothing_saved"))
            return
        game.save(path, self.current)
        self.write(self.t("saved", path=path))
        if not game.standing().finished:
            self.write(self.t("interrupted", path=path))
            self.write(self.t("resume_with"))

    def page_more(self, lines: list[str]) -> None:
        self.page(lines, self.t("more_page"))
