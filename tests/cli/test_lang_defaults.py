"""`--lang en` picks the English dice, rules and words unless the player names a preset,
a ruleset or a dictionary; a named preset brings its own word list."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from motamot.boggle import CLASSIC_EN, roll
from motamot.boggle.solve import solve
from motamot.cli.defaults import boggle_preset, topword_ruleset
from motamot.cli.main import main
from motamot.lexicon import load_lexicon

SRC = Path(__file__).resolve().parents[2] / "src"
GRID = "ORTE/BEST/INAM/GTED"


def _check(capsys: pytest.CaptureFixture[str], *argv: str) -> list[bool]:
    assert main(list(argv)) == 0
    return [verdict["valid"] for verdict in json.loads(capsys.readouterr().out)]


def test_boggle_check_follows_the_language_and_the_preset(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # REST and BETS are English words, not French ones; SANTÉ is French only
    words = ["rest", "bets", "santé"]
    assert _check(capsys, "boggle", "check", GRID, *words, "--json") == [False, False, True]
    english = _check(capsys, "--lang", "en", "boggle", "check", GRID, *words, "--json")
    assert english == [True, True, False]
    by_preset = _check(capsys, "boggle", "check", "--preset", "classic-en", GRID, *words, "--json")
    assert by_preset == [True, True, False]
    named = _check(
        capsys, "--lang", "en", "boggle", "check", "--dict", "fr", GRID, *words, "--json"
    )
    assert named == [False, False, True]
    french_preset = ["--lang", "en", "boggle", "check", "--preset", "classic-fr", GRID, "rest"]
    assert _check(capsys, *french_preset, "--json") == [False]


def test_boggle_roll_rolls_the_english_dice_with_lang_en(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for argv, preset in (
        (["boggle", "roll"], "classic-fr"),
        (["--lang", "en", "boggle", "roll"], "classic-en"),
        (["--lang", "en", "boggle", "roll", "--preset", "big"], "big"),
    ):
        assert main([*argv, "--seed", "7", "--json"]) == 0
        assert json.loads(capsys.readouterr().out)["preset"] == preset


def test_defaults_give_way_to_what_the_player_names() -> None:
    assert boggle_preset(None, None, "en") == "classic-en"
    assert boggle_preset(None, "fr", "en") == "classic-fr"
    assert boggle_preset("big", None, "en") == "big"
    assert boggle_preset(None, None, "fr") == "classic-fr"
    assert topword_ruleset(None, None, "en") == "upwords-en"
    assert topword_ruleset(None, "fr", "en") == "topword-fr"
    assert topword_ruleset("topword-fr", None, "en") == "topword-fr"
    assert topword_ruleset(None, None, "fr") == "topword-fr"


def test_boggle_play_in_english_accepts_english_words(tmp_path: Path) -> None:
    """The issue's case: `motamot --lang en boggle play` refused English words."""
    seed = 11
    grid = roll(CLASSIC_EN, seed)
    french = load_lexicon("fr")
    word = next(
        entry.word
        for entry in solve(grid, CLASSIC_EN, load_lexicon("en")).words
        if entry.word not in french and len(entry.word) >= 4
    )
    env = {**os.environ, "PYTHONPATH": str(SRC), "MOTAMOT_DATA_DIR": str(tmp_path)}
    play = ["--seed", str(seed), "--duration", "5"]
    done = subprocess.run(
        [sys.executable, "-m", "motamot", "--lang", "en", "boggle", "play", *play],
        input=f"\n{word.lower()}\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "classic-en" in done.stdout
    assert f"✓ {word}: accepted" in done.stdout
