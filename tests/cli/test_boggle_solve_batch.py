"""`motamot boggle solve --batch`: streamed, a bad line reported and skipped (issues 14-16)."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from motamot.boggle import CLASSIC_FR, parse_grid, roll, solve
from motamot.cli.main import main
from motamot.lexicon import load_lexicon
from motamot.text.boggle_commands import BOGGLE_COMMANDS as MESSAGES
from motamot.text.i18n import translate

BOGGLE_CMD = importlib.import_module("motamot.cli.boggle_cmd")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def bad_batch(tmp_path: Path) -> Path:
    batch = tmp_path / "grids.txt"
    batch.write_bytes(
        b"perslatgsineters\n"  # 1
        b"abc\n"  # 2: not square
        b"abcdefghi\n"  # 3: 3x3, no preset
        b"ORTE/B\xe9ST/INAM/GTED\n"  # 4: not UTF-8
        + b"a"
        * (BOGGLE_CMD.MAX_BATCH_LINE + 5)  # 5: too long
        + b"\n\n"  # 6: empty, skipped silently
        b"ORTE/BEST/INAM/GTED\r\n"  # 7
    )
    return batch


def test_batch_bad_lines_are_reported_in_french_and_the_others_solved(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Issue 14: each bad line on stderr (line number, reason); exit 1 at the end."""
    code, out, err = run(capsys, "boggle", "solve", "--batch", str(bad_batch(tmp_path)), "--json")
    assert code == 1
    grids = [json.loads(line)["grid"] for line in out.splitlines()]
    assert grids == ["PERS/LATG/SINE/TERS", "ORTE/BEST/INAM/GTED"]
    messages = err.splitlines()
    assert len(messages) == 4 and "Traceback" not in err
    for number, reason in zip(
        (2, 3, 4, 5),
        ("il en faut un carré", "aucun préréglage", "UTF-8", "octets, ignorée"),
        strict=True,
    ):
        line = next(m for m in messages if f"ligne {number} " in m)
        assert line.startswith("motamot: ") and reason in line


def test_batch_bad_lines_are_reported_in_english_with_lang_en(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    argv = ["--lang", "en", "boggle", "solve", "--batch", str(bad_batch(tmp_path))]
    code, out, err = run(capsys, *argv, "--score-only")
    assert code == 1 and len(out.splitlines()) == 2
    assert "line 2: unreadable grid" in err and "no preset for a 3x3 grid" in err
    assert "line 4: unreadable grid: not UTF-8 text" in err and "line 5: line longer" in err


def test_batch_line_of_the_wrong_size_for_the_preset_is_reported(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    batch = tmp_path / "grids.txt"
    batch.write_text(f"{'a' * 25}\nperslatgsineters\n")
    code, out, err = run(capsys, "boggle", "solve", "--batch", str(batch), "--preset", "big")
    assert code == 1 and "ligne 2 : la grille est 4x4" in err
    assert out.startswith("AAAAA/AAAAA")


def test_batch_streams_chunk_by_chunk(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 16: the grids are solved and printed a chunk at a time, never all held."""
    texts = [roll(CLASSIC_FR, seed).text for seed in range(8)]
    batch = tmp_path / "grids.txt"
    batch.write_text("\n".join(texts) + "\n")
    code, whole, _ = run(capsys, "boggle", "solve", "--batch", str(batch), "--json")
    chunks: list[int] = []
    write = BOGGLE_CMD._write_batch

    def counted(chunk: list[object], *rest: object) -> None:
        chunks.append(len(chunk))
        write(chunk, *rest)

    monkeypatch.setattr(BOGGLE_CMD, "BATCH_CHUNK", 3)
    monkeypatch.setattr(BOGGLE_CMD, "_write_batch", counted)
    code, out, _ = run(capsys, "boggle", "solve", "--batch", str(batch), "--json")
    assert code == 0 and out == whole
    assert chunks == [3, 3, 2]
    fr = load_lexicon("fr")
    for text, line in zip(texts, out.splitlines(), strict=True):
        assert json.loads(line) == solve(parse_grid(text), CLASSIC_FR, fr).as_json()


def test_batch_text_summary_matches_json_totals(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    batch = tmp_path / "grids.txt"
    batch.write_text("perslatgsineters\nAnErHeInQuTh/ABCDEF/G_IJKL/MNOPRS/TUVWXY/ZABCDE\n")
    code, out, _ = run(capsys, "boggle", "solve", "--batch", str(batch))
    _, scores, _ = run(capsys, "boggle", "solve", "--batch", str(batch), "--score-only", "--json")
    assert code == 0
    for summary, line in zip(out.splitlines(), scores.splitlines(), strict=True):
        data = json.loads(line)
        assert summary == translate(MESSAGES, "summary", "fr", **data)
        assert summary.startswith(f"{data['grid']} : ") and " mots, " in summary


def test_solve_long_face_grid_gives_its_words_not_a_crash(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Issue 16: the C kernel read faces of at most 8 letters; this grid crashed."""
    code, out, err = run(capsys, "boggle", "solve", "AbcdefghiBCD/EFGH/IJKL/MNOP", "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["grid"] == "AbcdefghiBCD/EFGH/IJKL/MNOP"
    batch = tmp_path / "grids.txt"
    batch.write_text("AbcdefghiBCD/EFGH/IJKL/MNOP\n")
    code, lines, _ = run(capsys, "boggle", "solve", "--batch", str(batch), "--json")
    assert code == 0 and json.loads(lines) == data


@pytest.mark.parametrize("value", ["3000000000", "0", "-1", "1001"])
def test_solve_min_length_3000000000_is_a_clear_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, value: str
) -> None:
    """Issue 16: an out-of-range --min-length overflowed the kernel's C int."""
    batch = tmp_path / "grids.txt"
    batch.write_text("perslatgsineters\n")
    for source in (["ORTE/BEST/INAM/GTED"], ["--batch", str(batch)]):
        code, out, err = run(capsys, "boggle", "solve", *source, "--min-length", value)
        assert code == 2 and out == ""
        assert err == f"motamot: {translate(MESSAGES, 'min_length', 'fr', most=1000)}\n"
        assert err.startswith("motamot: --min-length doit valoir de 1 à 1")


def test_batch_unreadable_file_is_a_clear_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(capsys, "boggle", "solve", "--batch", str(tmp_path))
    assert code == 2 and out == "" and err.startswith("motamot: ") and "Traceback" not in err


def test_batch_line_numbers_hold_across_blocks_and_overlong_lines(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Blocks of benchmark lines are read at once; a bad one among them is still named."""
    good = [
        "perslatgsineters",
        "ortebestinamgted",
        "qabcdefghijklmno",
        "esaitnrulodcmpeb",
        "e" * 16,
    ]
    lines = [good[i % 5] for i in range(6000)]  # about 100 KB: more than one read
    lines[4500] = "abc"
    lines[5000] = "x" * 200_000  # spans several reads
    lines[5500] = good[0].upper() + "\r"
    batch = tmp_path / "grids.txt"
    batch.write_text("\n".join(lines))  # no final newline
    code, out, err = run(capsys, "boggle", "solve", "--batch", str(batch), "--score-only")
    assert code == 1
    assert [m.split(", ligne ")[1].split(" ")[0] for m in err.splitlines()] == ["4501", "5001"]
    summaries = out.splitlines()
    assert len(summaries) == 5998
    fr = load_lexicon("fr")
    for index in (0, 4499, 4500, 5499, 5997):
        text = lines[index + (index >= 4500) + (index >= 4999)]
        grid = parse_grid(text.strip())
        expected = solve(grid, CLASSIC_FR, fr)
        assert summaries[index] == translate(
            MESSAGES,
            "summary",
            "fr",
            grid=grid.text,
            count=expected.count,
            points=expected.points,
        )


def test_boggle_solve_starts_without_loading_the_other_commands() -> None:
    """Issue 15: start-up is part of every batch; only the command run is imported."""
    probe = (
        "import sys; from motamot.cli.main import main;"
        "code = main(['boggle', 'solve', 'ORTE/BEST/INAM/GTED', '--score-only']);"
        "assert code == 0, code;"
        "assert 'motamot.cli.topword_cmd' not in sys.modules;"
        "assert 'motamot.cli.dict_cmd' not in sys.modules;"
        "assert 'motamot.service.local' not in sys.modules"  # `boggle play`'s rooms
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("ORTE/BEST/INAM/GTED : ")
    helped = subprocess.run(
        [sys.executable, "-m", "motamot", "--help"], capture_output=True, text=True
    )
    assert all(command in helped.stdout for command in ("dict", "boggle", "topword"))
