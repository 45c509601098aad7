"""Bad `play` options stop with a clear message and exit code 2, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from motamot.cli.main import main


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["boggle", "play", "--bots", "wizard"], "niveau d'ordinateur inconnu 'wizard'"),
        (["boggle", "play", "--preset", "huge"], "préréglage inconnu 'huge'"),
        (["boggle", "play", "--duration", "0"], "--duration doit être"),
        (["boggle", "play", "--rounds", "0"], "--rounds et --target valent au moins 1"),
        (["topword", "play", "--players", "human,wizard"], "--players : 'wizard' inconnu"),
        (["topword", "play", "--players", "human"], "--players : 1 joueur, il en faut 2 à 4"),
        (["topword", "play", "--players", "human:A,human:A"], "deux joueurs ont le même nom"),
        (["topword", "play", "--ruleset", "scrabble"], "règles inconnues 'scrabble'"),
        (["--lang", "en", "topword", "play", "--resume", "/nonexistent/x.txt"], "cannot read"),
    ],
)
def test_bad_options_are_refused_clearly(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_a_finished_or_broken_record_cannot_be_resumed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.txt"
    broken.write_text("# motamot topword record\nseed: x\n")
    assert main(["topword", "play", "--resume", str(broken)]) == 2
    assert "partie illisible" in capsys.readouterr().err


def test_rounds_and_target_exclude_each_other(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["boggle", "play", "--rounds", "2", "--target", "30"])
    assert "argument --target : incompatible avec l'argument --rounds" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--lang", "en", "boggle", "play", "--rounds", "2", "--target", "30"])
    assert "not allowed with argument --rounds" in capsys.readouterr().err
