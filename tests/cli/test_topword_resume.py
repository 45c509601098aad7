"""`motamot topword play --resume` without a file takes back the last game left unfinished,
as Boggle's does (issue 37); with none, it says so in French and changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from motamot.cli.errors import CliError
from motamot.cli.main import main
from motamot.cli.play_topword import _latest_unfinished
from motamot.lexicon import load_lexicon
from motamot.service.storage import DATA_ENV
from motamot.topword.game import Game, Pass
from motamot.topword.record import format_record


def saved(folder: Path, name: str, over: bool) -> Path:
    game = Game(["Vous", "Ordi"], 7, load_lexicon("fr"))
    if over:
        game.apply(Pass())
        game.apply(Pass())
    path = folder / "topword" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(format_record(game), "utf-8")
    return path


def test_resume_without_a_file_takes_the_latest_game_not_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(DATA_ENV, str(tmp_path))
    older = saved(tmp_path, "20261201-100000-7.txt", over=False)
    latest = saved(tmp_path, "20261205-100000-7.txt", over=False)
    saved(tmp_path, "20261206-100000-7.txt", over=True)  # the last one is over: not it
    (tmp_path / "topword" / "20261207-100000-9.txt").write_text("not a record", "utf-8")
    assert _latest_unfinished("fr") == latest
    latest.unlink()
    assert _latest_unfinished("fr") == older


def test_resume_with_nothing_to_resume_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(DATA_ENV, str(tmp_path))
    saved(tmp_path, "20261206-100000-7.txt", over=True)
    with pytest.raises(CliError, match="aucune partie de Topword à reprendre"):
        _latest_unfinished("fr")
    assert main(["topword", "play", "--resume"]) != 0
    assert "aucune partie de Topword à reprendre" in capsys.readouterr().err
