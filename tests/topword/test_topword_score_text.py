"""T14, T20: an itemised score says which tiles of a word count in another word."""

from __future__ import annotations

import io
import json
import os

import pytest

from motamot.cli.main import main
from motamot.cli.term import LineReader
from motamot.cli.topword_screen import TopwordScreen
from motamot.lexicon import Lexicon
from motamot.text.topword import list_text, not_counted_text, word_score_text
from motamot.topword import (
    EMPTY_POSITION,
    QU,
    TOPWORD_FR,
    Legal,
    SharedCell,
    WordScore,
    evaluate,
    parse_move,
    parse_position,
)


def _reader() -> LineReader:
    read, write = os.pipe()
    os.close(write)
    return LineReader(read)


def position(rows: dict[int, str]) -> str:
    lines = EMPTY_POSITION.split("/")
    for number, text in rows.items():
        lines[number - 1] = text
    return "/".join(lines)


PAIE = WordScore(
    "PAIE", 4, (44, 45, 46, 47), (SharedCell(44, "P", "PA"), SharedCell(45, "A", "AN"))
)


def test_t14_word_score_text_names_the_tiles_and_the_words_that_count_them() -> None:
    assert word_score_text(PAIE, "fr") == "PAIE 4 (P, A comptés dans PA et AN)"
    assert word_score_text(PAIE, "en") == "PAIE 4 (P, A counted in PA and AN)"
    nain = WordScore("NAIN", 6, (44, 45, 46, 47), (SharedCell(44, "N", "ON"),))
    assert not_counted_text(nain, "fr") == "N compté dans ON"  # one tile: singular
    assert not_counted_text(nain, "en") == "N counted in ON"
    assert word_score_text(WordScore("ON", 4, (34, 44)), "fr") == "ON 4"  # nothing to explain
    quiz = WordScore("QUIZ", 3, (1, 2, 3), (SharedCell(1, QU, "QUI"), SharedCell(3, "Z", "QUI")))
    assert not_counted_text(quiz, "fr") == "Qu, Z comptés dans QUI"  # one word named once
    assert list_text(["PA", "AN", "EX"], "fr") == "PA, AN et EX"
    assert list_text(["PA", "AN", "EX"], "en") == "PA, AN and EX"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().out


DO = position({5: "...DO....."})


def test_t14_topword_score_explains_the_word_that_does_not_count_a_tile(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out = run(capsys, "topword", "score", DO, "6E NAIN")
    assert code == 0
    assert out.splitlines() == ["6E NAIN : 10 points", "  NAIN : 6 (N compté dans ON)", "  ON : 4"]
    _, out = run(capsys, "--lang", "en", "topword", "score", DO, "6E NAIN")
    assert out.splitlines()[1] == "  NAIN: 6 (N counted in ON)"
    # the English rule counts it in each word: nothing to explain
    _, out = run(
        capsys, "topword", "score", DO, "6E NAIN", "--ruleset", "upwords-en", "--dict", "fr"
    )
    assert "compté" not in out and "  NAIN : 8" in out


def test_t14_score_json_keeps_its_shape_and_adds_what_is_not_counted(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out = run(capsys, "topword", "score", DO, "6E NAIN", "--json")
    data = json.loads(out)
    assert set(data) == {"legal", "points", "words", "bonuses"} and data["points"] == 10
    nain, on = data["words"]
    assert (nain["word"], nain["points"], on) == ("NAIN", 6, {"word": "ON", "points": 4})
    assert nain["not_counted"] == [{"cell": "6E", "letter": "N", "counted_in": "ON"}]


def test_t14_hint_lines_explain_shared_tiles(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "topword", "hint", DO, "--rack", "AINN", "--top", "3")
    assert code == 0
    notes = [line for line in out.splitlines() if "compté dans" in line]
    assert notes and all(line.startswith("  NAIN : 6 (") for line in notes)
    _, out = run(capsys, "--lang", "en", "topword", "hint", DO, "--rack", "AINN", "--top", "3")
    assert "counted in" in out


def test_t14_terminal_turn_text_explains_shared_tiles(fr: Lexicon) -> None:
    board = parse_position(DO)
    verdict = evaluate(board, parse_move("6E NAIN"), None, TOPWORD_FR, fr)
    assert isinstance(verdict, Legal)
    screen = TopwordScreen(io.StringIO(), _reader(), "fr")
    assert screen.score_detail(verdict) == "NAIN 6 (N compté dans ON), ON 4"
    english = TopwordScreen(io.StringIO(), _reader(), "en")
    assert english.score_detail(verdict) == "NAIN 6 (N counted in ON), ON 4"
