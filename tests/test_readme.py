"""The README tells a new player the truth: how to get and install the game, and
what its example commands really print."""

from __future__ import annotations

import json
import re
import shlex
import tomllib
from pathlib import Path

import pytest

from motamot.cli.main import main

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text("utf-8")
TEST_TOOLS = ("pytest", "hypothesis", "mypy", "ruff", "pexpect")


def _section(title: str) -> str:
    start = README.index(f"## {title}\n")
    end = README.find("\n## ", start + 1)
    return README[start : end if end != -1 else None]


def _shell_blocks(text: str) -> list[str]:
    return re.findall(r"```sh\n(.*?)```", text, re.S)


def _readme_line(command: str) -> str:
    """The README line that starts with `command`."""
    return next(line for line in README.splitlines() if line.startswith(command))


def _run(capsys: pytest.CaptureFixture[str], line: str) -> str:
    """Run a README command line (`motamot ...`, before its `#` comment) in-process."""
    position = re.search(r"^POSITION='(.*)'$", README, re.M)
    assert position is not None
    words = shlex.split(line.split("  #")[0].replace('"$POSITION"', position[1]))
    assert words[0] == "motamot"
    assert main(words[1:]) == 0
    return capsys.readouterr().out


def test_the_two_commands_get_the_code_install_the_game_then_the_test_tools() -> None:
    section = _section("Two commands")
    clone, play, tests = _shell_blocks(section)
    assert clone.startswith("git clone ")
    assert "pip install -e . " in play and "[test]" not in play
    assert play.strip().endswith("motamot serve")  # the first thing a player runs
    assert "motamot boggle play" in _section("Jouer dans le terminal / Play in the terminal")
    assert "pip install -e '.[test]'" in tests and "python -m pytest" in tests


def test_a_player_install_brings_no_test_tool() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    needed = " ".join(project["dependencies"])
    assert not [tool for tool in TEST_TOOLS if tool in needed]
    extra = " ".join(project["optional-dependencies"]["test"])
    assert all(tool in extra for tool in TEST_TOOLS)


def test_boggle_roll_example_shows_what_it_prints(capsys: pytest.CaptureFixture[str]) -> None:
    line = _readme_line("motamot boggle roll --seed 42")
    printed = _run(capsys, line).strip()
    assert line.endswith(printed)


def test_topword_moves_example_count_is_the_real_count(
    capsys: pytest.CaptureFixture[str],
) -> None:
    line = _readme_line('motamot topword moves "$POSITION"')
    shown = re.search(r'"count": (\d+)', line)
    assert shown is not None
    data = json.loads(_run(capsys, line))
    assert data["count"] == int(shown[1])
    assert len(data["moves"]) == 5


def test_topword_score_example_is_nain_plus_on(capsys: pytest.CaptureFixture[str]) -> None:
    line = _readme_line('motamot topword score "$POSITION"')
    data = json.loads(_run(capsys, line))
    assert (data["legal"], data["points"]) == (True, 10)
    assert '"points": 10' in line


def test_word_counts_in_the_readme_are_the_dictionaries(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for name, pattern in (("fr", r"`fr` \(défaut\) : ([\d  ]+) mots"), ("en", r"`en`: ([\d,]+)")):
        shown = re.search(pattern, README)
        assert shown is not None, name
        assert main(["dict", "info", "--dict", name, "--json"]) == 0
        words = json.loads(capsys.readouterr().out)["words"]
        assert int(re.sub(r"\D", "", shown[1])) == words
