"""`motamot boggle roll|solve|check`: the contracts of issue 3, French by default."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from motamot.boggle import CLASSIC_FR, parse_grid, roll
from motamot.cli.main import main

GRID = "ORTE/BEST/INAM/GTED"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_b3_roll_prints_the_seeded_grid(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "boggle", "roll", "--seed", "7")
    assert code == 0 and out == roll(CLASSIC_FR, 7).text + "\n"
    code, out, _ = run(capsys, "boggle", "roll", "--preset", "big", "--seed", "7", "--json")
    data = json.loads(out)
    assert data["preset"] == "big" and data["seed"] == 7
    assert parse_grid(data["grid"]).size == 5
    code, out, _ = run(capsys, "boggle", "roll")
    assert code == 0 and parse_grid(out).size == 4


def test_b13_solve_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "boggle", "solve", GRID, "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"grid", "count", "points", "words"}
    assert data["grid"] == GRID and data["count"] == len(data["words"])
    assert data["points"] == sum(w["points"] for w in data["words"])
    manies = next(w for w in data["words"] if w["word"] == "MANIES")
    assert manies == {
        "word": "MANIES",
        "points": 3,
        "path": [[2, 3], [2, 2], [2, 1], [2, 0], [1, 1], [1, 2]],
    }


def test_b6_solve_min_length_and_preset(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "boggle", "solve", GRID, "--min-length", "8", "--json")
    assert {len(w["word"]) >= 8 for w in json.loads(out)["words"]} == {True}
    code, _, err = run(capsys, "boggle", "solve", GRID, "--preset", "big")
    assert code == 2 and "5x5" in err and "Traceback" not in err


def test_solve_batch_one_object_per_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    batch = tmp_path / "grids.txt"
    batch.write_text(f"perslatgsineters\n\n{GRID}\n")
    code, out, _ = run(capsys, "boggle", "solve", "--batch", str(batch), "--json")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 2
    assert [json.loads(line)["grid"] for line in lines] == ["PERS/LATG/SINE/TERS", GRID]
    code, out, _ = run(capsys, "boggle", "solve", "--batch", str(batch))
    assert code == 0 and out.splitlines()[1].startswith(f"{GRID} : ")


def test_check_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "boggle", "check", GRID, "santé", "TESTS", "te", "--json")
    assert code == 0
    assert json.loads(out) == [
        {
            "input": "santé",
            "word": "SANTE",
            "valid": True,
            "points": 2,
            "path": [[1, 2], [2, 2], [2, 1], [3, 1], [3, 2]],
        },
        {"input": "TESTS", "word": "TESTS", "valid": False, "reason": "no_path"},
        {"input": "te", "word": "TE", "valid": False, "reason": "too_short"},
    ]


def test_check_text_in_french_then_english(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "boggle", "check", GRID, "manies", "saint")
    assert out == (
        "MANIES : valide, 3 pt, chemin C4-C3-C2-C1-B2-B3\nsaint : refusé (pas dans la grille)\n"
    )
    _, out, _ = run(capsys, "--lang", "en", "boggle", "check", GRID, "saint")
    assert out == "saint: refused (not on the grid)\n"


def test_solve_text_lists_longest_words(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "boggle", "solve", GRID)
    assert out.startswith(f"{GRID} : ") and "Mots les plus longs : " in out
    assert "TESTAMENT" in out
    _, out, _ = run(capsys, "--lang", "en", "boggle", "solve", GRID)
    assert "Longest words: " in out


@pytest.mark.parametrize(
    "argv",
    [
        ["boggle", "solve", "ORTE/BES/INAM/GTED"],
        ["boggle", "solve", "OR1E/BEST/INAM/GTED", "--json"],
        ["boggle", "solve"],
        ["boggle", "solve", GRID, "--batch", "x"],
        ["boggle", "solve", "--batch", "/nonexistent/grids.txt"],
        ["boggle", "solve", GRID, "--dict", "nosuchdict"],
        ["boggle", "solve", GRID, "--min-length", "0"],
        ["boggle", "solve", "ABCDEFGHI"],
        ["boggle", "roll", "--preset", "huge"],
        ["boggle", "check", "abc", "word"],
    ],
)
def test_bad_input_gives_a_clear_error_never_a_traceback(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("motamot: ") and "Traceback" not in err


def test_bad_batch_line_is_named_and_the_others_solved(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    batch = tmp_path / "grids.txt"
    batch.write_text("perslatgsineters\nabc\n")
    code, out, err = run(capsys, "boggle", "solve", "--batch", str(batch), "--json")
    assert code == 1 and "ligne 2" in err
    assert [json.loads(line)["grid"] for line in out.splitlines()] == ["PERS/LATG/SINE/TERS"]


RECORD = """\
players: ana, bob
match: target 10
grid: ORTE/BEST/INAM/GTED
deadline: 180
12.5 ana: manies
21 ana: danse
190 ana: testament
14 bob: "santé"
20 bob: danse
"""


def test_b11_replay_shows_crossed_words_and_totals(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "round.txt"
    record.write_text(RECORD, encoding="utf-8")
    code, out, _ = run(capsys, "boggle", "replay", str(record))
    assert code == 0
    assert "  ana : 3 points\n" in out and "DANSE rayé (aussi trouvé par bob)" in out
    assert "testament : écrit après la fin du temps" in out
    assert out.endswith("Partie en cours (ana 3, bob 2)\n")
    code, out, _ = run(capsys, "boggle", "replay", str(record), "--json")
    data = json.loads(out)
    assert data["match"] == {"finished": False, "winners": [], "totals": {"ana": 3, "bob": 2}}
    ana = data["rounds"][0]["players"][0]
    assert [e["status"] for e in ana["entries"]] == ["scored", "crossed", "refused"]
    assert ana["entries"][1]["crossed_by"] == ["bob"]


def test_b15_replay_alone_lists_missed_words(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "alone.txt"
    record.write_text("grid: ORTE/BEST/INAM/GTED\n3 solo: manies\n", encoding="utf-8")
    code, out, _ = run(capsys, "boggle", "replay", str(record), "--json")
    missed = {w["word"] for w in json.loads(out)["rounds"][0]["missed"]}
    assert code == 0 and "TESTAMENT" in missed and "MANIES" not in missed


def test_replay_bad_record_is_a_clear_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "bad.txt"
    record.write_text("grid: ORTE/BEST/INAM/GTED\nhello\n", encoding="utf-8")
    code, out, err = run(capsys, "boggle", "replay", str(record))
    assert code == 2 and out == "" and "ligne 2 : illisible" in err and "Traceback" not in err
