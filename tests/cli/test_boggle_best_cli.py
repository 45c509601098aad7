"""`motamot boggle best` (issue 41): what it prints is the solver's truth, a seed and its
iterations replay it, and a hostile command line gets one clear line and exit 2."""

from __future__ import annotations

import json
import re

import pytest

from motamot.boggle import parse_grid
from motamot.boggle.legal import assign_dice
from motamot.boggle.rules import PRESETS
from motamot.boggle.solve import score_many
from motamot.cli.main import main
from motamot.lexicon import Lexicon, load_lexicon


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("preset", ["classic-fr", "big", "classic-en"])
def test_the_printed_score_is_the_solvers_score_of_the_printed_grid(
    capsys: pytest.CaptureFixture[str], preset: str
) -> None:
    code, out, err = run(capsys, "boggle", "best", "--preset", preset, "--iterations", "300")
    assert code == 0 and err == ""
    data = json.loads(
        run(
            capsys,
            "boggle",
            "best",
            "--preset",
            preset,
            "--seed",
            "9",
            "--iterations",
            "300",
            "--json",
        )[1]
    )
    rules = PRESETS[preset]
    lexicon = load_lexicon(data["dictionary"])
    grid = parse_grid(data["grid"])
    ((words, points),) = score_many([grid], rules, lexicon)
    assert (data["words"], data["points"]) == (words, points)
    assert data["iterations"] == 300 and data["preset"] == preset
    assert data["dictionary"] == ("en" if preset == "classic-en" else "fr")
    assert assign_dice(grid.faces, rules.dice) is not None
    # the text form says the same grid and figures, and the command that replays it
    code, out, _ = run(
        capsys, "boggle", "best", "--preset", preset, "--seed", "9", "--iterations", "300"
    )
    head = out.splitlines()[0]
    assert head.startswith(f"{data['grid']} : ")
    shown_points = head.split(" : ")[1].split(" points")[0]
    assert re.sub(r"\D", "", shown_points) == str(points)
    assert f"--preset {preset} --seed 9 --iterations 300" in out


def test_a_timed_search_is_replayed_by_its_seed_and_iterations(
    capsys: pytest.CaptureFixture[str], fr: Lexicon
) -> None:
    code, out, _ = run(capsys, "boggle", "best", "--seconds", "1.5", "--seed", "77", "--json")
    timed = json.loads(out)
    assert code == 0 and timed["iterations"] > 0
    assert timed["command"] == (
        f"motamot boggle best --preset classic-fr --seed 77 --iterations {timed['iterations']}"
    )
    code, out, _ = run(
        capsys, "boggle", "best", "--seed", "77", "--iterations", str(timed["iterations"]), "--json"
    )
    again = json.loads(out)
    keys = ("grid", "points", "words", "dice", "iterations", "ends", "start")
    assert {k: again[k] for k in keys} == {k: timed[k] for k in keys}


def test_a_start_grid_is_where_the_search_begins(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "boggle",
        "best",
        "--start",
        "SATI/PERA/RITE/CONS",
        "--iterations",
        "20",
        "--seed",
        "1",
        "--json",
    )
    data = json.loads(out)
    assert code == 0 and data["start"] == {"grid": "SATI/PERA/RITE/CONS", "points": 7546}
    assert data["points"] >= 7546
    assert "--start SATI/PERA/RITE/CONS --seed 1 --iterations 20" in data["command"]


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--preset", "nope"], "préréglage inconnu 'nope'"),
        (["--preset", ""], "préréglage inconnu ''"),
        (["--seconds", "-1"], "--seconds : une durée en secondes"),
        (["--seconds", "0"], "--seconds : une durée en secondes"),
        (["--seconds", "nan"], "--seconds : une durée en secondes"),
        (["--seconds", "inf"], "--seconds : une durée en secondes"),
        (["--seconds", "1e300"], "--seconds : une durée en secondes"),
        (["--iterations", "0"], "--iterations : un nombre entier de 1 à"),
        (["--iterations", "-5"], "--iterations : un nombre entier de 1 à"),
        (["--seed", "1" * 40], "--seed : un nombre entier"),
        (["--start", "ABC"], "--start : "),
        (["--start", "ORTE/BEST/INAM"], "--start : "),
        (["--start", "<script>/x"], "--start : "),
        (["--start", "ABCDE/FGHIJ/KLMNO/PRSTU/VWXYZ"], "la grille est 5x5"),
        (["--start", "QZQZ/AAAA/EEEE/SSSS"], "les dés french ne peuvent pas montrer"),
        (["--preset", "big", "--start", "SATI/PERA/RITE/CONS"], "la grille est 4x4"),
    ],
)
def test_a_hostile_command_line_gets_one_clear_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    code, out, err = run(capsys, "boggle", "best", "--iterations", "5", *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("motamot: ") and said in err
    assert "Traceback" not in err


def test_a_word_list_that_does_not_exist_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys, "boggle", "best", "--dict", "/nowhere/list.txt", "--iterations", "5"
    )
    assert code == 2 and out == "" and err.count("\n") == 1 and "/nowhere/list.txt" in err


def test_the_effort_line_writes_its_seconds_as_each_language_does(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ("boggle", "best", "--preset", "classic-fr", "--iterations", "50")
    french = run(capsys, *argv)[1].splitlines()[3]
    english = run(capsys, "--lang", "en", *argv)[1].splitlines()[3]
    assert re.search(r" en \d+,\d s ", french), french  # « 0,1 s », never « 0.1 s »
    assert re.search(r" in \d+\.\d s ", english), english


def test_a_best_no_finished_restart_ended_on_is_said_cut_short_never_found_0_times(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """50 grids end the search inside its first restart: the best comes from a restart the
    budget stopped, which the line says instead of « trouvée 0 fois »."""
    argv = ("boggle", "best", "--preset", "classic-fr", "--seed", "3", "--iterations", "50")
    data = json.loads(run(capsys, *argv, "--json")[1])
    assert data["hits"] == 0  # the setting of this test: no restart ran to its end
    french = run(capsys, *argv)[1].splitlines()[3]
    english = run(capsys, "--lang", "en", *argv)[1].splitlines()[3]
    assert (
        "0 fois" not in french and "par un départ que la fin de la recherche a interrompu" in french
    ), french
    assert "0 times" not in english and "a restart the search's end cut short" in english, english
