"""`motamot boggle solve --batch FILE --score-only --json`: counts and points, the fast path."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from motamot.boggle import CLASSIC_EN, CLASSIC_FR, parse_grid, roll, solve
from motamot.cli.main import main
from motamot.lexicon import load_lexicon


def test_b8_score_only_batch_matches_full_solutions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    grids = [roll(CLASSIC_FR, seed).text for seed in range(20)]
    grids.append("perslatgsineters")  # the bench form: 16 letters, q = Qu
    batch = tmp_path / "grids.txt"
    batch.write_text("\n".join(grids) + "\n", encoding="utf-8")
    assert main(["boggle", "solve", "--batch", str(batch), "--score-only", "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    fr = load_lexicon("fr")
    assert len(lines) == len(grids)
    for text, line in zip(grids, lines, strict=True):
        grid = parse_grid(text)
        solution = solve(grid, CLASSIC_FR, fr)
        assert line == {"grid": grid.text, "count": solution.count, "points": solution.points}


def test_b6_score_only_respects_preset_and_min_length(capsys: pytest.CaptureFixture[str]) -> None:
    grid = "PERS/LATG/SINE/TERS"
    args = ["boggle", "solve", grid, "--dict", "en", "--preset", "classic-en", "--score-only"]
    assert main([*args, "--json", "--min-length", "5"]) == 0
    line = json.loads(capsys.readouterr().out)
    expected = solve(parse_grid(grid), CLASSIC_EN, load_lexicon("en"), min_length=5)
    assert (line["count"], line["points"]) == (expected.count, expected.points)
    assert all(len(word.word) >= 5 for word in expected.words)
    assert main(args) == 0
    assert "PERS/LATG/SINE/TERS" in capsys.readouterr().out
