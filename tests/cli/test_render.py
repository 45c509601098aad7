"""The Boggle and Topword screens rendered to a string (no terminal): results with
crossed-out words, scoreboard, refusal texts, itemised scores."""

from __future__ import annotations

import io
import os
from pathlib import Path

from motamot.cli.boggle_screen import BoggleScreen
from motamot.cli.term import LineReader, strip_ansi
from motamot.cli.topword_screen import TopwordScreen
from motamot.service.boggle.local import LocalMatch
from motamot.service.boggle.settings import BoggleSettings
from motamot.service.local import LocalRooms
from motamot.service.ports import ManualClock
from motamot.service.topword.local import HUMAN, Seat, Table
from motamot.topword import TOPWORD_FR
from motamot.topword.game import Pass, Play, Turn
from motamot.web import default_kinds


def _reader() -> LineReader:
    read, write = os.pipe()
    os.close(write)
    return LineReader(read)


def test_b11_b14_results_and_scoreboard_text(tmp_path: Path) -> None:
    clock = ManualClock()
    local = LocalRooms(default_kinds().rooms, tmp_path / "rooms.sqlite3", clock)
    settings = BoggleSettings(duration=30.0, rounds=2)
    match = LocalMatch.new(local, settings, "Vous", [("Ordi 1", "expert")], 3)
    out = io.StringIO()
    screen = BoggleScreen(out, _reader(), "fr", clock.now)
    totals = []
    for number in (1, 2):
        live = match.new_round()
        shared = live.state.plan[0][2]  # the bot's first word, written first by the person
        clock.advance(1)
        live.submit(shared)
        clock.advance(1)
        live.submit("zz")
        clock.advance(40)
        outcome = match.end_round(live)
        lines = [strip_ansi(line) for line in screen.results_lines(match, outcome, number)]
        text = "\n".join(lines)
        assert f"Manche {number} — résultats" in text
        assert text.count(f"~{shared.upper()}~") == 2
        assert "refusés : zz (trop court)" in text
        bot = outcome.result.result_of("Ordi 1")
        assert f"Ordi 1 (expert) — {bot.total} points" in text
        assert "Vous — 0 point\n" in text
        assert all(len(line) <= 80 for line in lines)
        totals.append(bot.total)
    screen.show_scoreboard(match)
    board = out.getvalue()
    assert "Tableau des scores après 2 manches · 2 manches prévues" in board
    row = next(line for line in board.splitlines() if line.strip().startswith("Ordi 1"))
    assert row.split()[-3:] == [str(totals[0]), str(totals[1]), str(sum(totals))]
    local.close()


def test_t20_topword_turn_text_itemises_the_score(tmp_path: Path) -> None:
    local = LocalRooms(default_kinds().rooms, tmp_path / "rooms.sqlite3")
    seats = [Seat("Ana", HUMAN), Seat("Bob", HUMAN)]
    table = Table.new(local, seats, 5, TOPWORD_FR, "fr", tmp_path / "game.txt")
    screen = TopwordScreen(io.StringIO(), _reader(), "en")
    game = table.game
    assert game.players[game.current] == "Ana"  # seed 5: Ana starts, REAXER is on her rack
    turn = table.act(Play("E1 REAXER"))
    assert isinstance(turn, Turn) and turn.verdict is not None
    text = screen.turn_text(table, turn)
    words = ", ".join(f"{w.word} {w.points}" for w in turn.verdict.words)
    assert text.startswith(f"Ana: E1 REAXER +{turn.points} ({words}")
    assert "letter X +2" in text  # T13
    passed = table.act(Pass())
    assert isinstance(passed, Turn) and screen.turn_text(table, passed) == "Bob: pass"
    local.close()


def test_t8_a_move_that_keeps_every_tile_is_a_same_letter_stack(tmp_path: Path) -> None:
    """The room refuses a move that places nothing; the screen names it a T8 stack on the
    same letters, at the cell the move starts from, and only that refusal."""
    local = LocalRooms(default_kinds().rooms, tmp_path / "rooms.sqlite3")
    seats = [Seat("Ana", HUMAN), Seat("Bob", HUMAN)]
    table = Table.new(local, seats, 5, TOPWORD_FR, "fr", tmp_path / "game.txt")
    assert isinstance(table.act(Play("E1 REAXER")), Turn)  # down column E, rows 1-6
    screen = TopwordScreen(io.StringIO(), _reader(), "fr")

    def shown(text: str) -> str:
        answer = screen.play_move(table, text)
        assert isinstance(answer, list)  # refused: no turn taken
        return strip_ansi("\n".join(answer))

    assert "lettre empilée sur la même lettre en 1E" in shown("E1 REAXER")
    assert "lettre empilée sur la même lettre en 2E" in shown("E2 EAXER")
    assert "même lettre" not in shown("E1 RIAXER")  # I stacks on A
    assert "même lettre" not in shown("J10 ZZ")  # empty cells
    assert "même lettre" not in shown("E9 REAXER")  # runs off the board
    assert len(table.game.turns) == 1
    local.close()
