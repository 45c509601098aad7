"""The bad-command-line corpus (issue 16): no traceback reaches a user.

At least 20 bad command lines per command, each run in-process through
`motamot.cli.main.main(argv)`: it must stop with a non-zero exit code and a
clear message on stderr (one short `motamot` line, in French by default and
in English with `--lang en`), never an exception. A few run through a real
subprocess, where the bytes of a command line need not be UTF-8.

A crash in another engineer's area would be marked `xfail(strict=True)`
naming the item that fixes it; none is left (the `--dict` crashes of the
campaign were fixed by the lexicon hardening).
"""

from __future__ import annotations

import gzip
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from motamot.cli.main import main
from motamot.service.storage import DATA_ENV

GRID = "ORTE/BEST/INAM/GTED"
EMPTY_ROWS = "/".join(["." * 10] * 9)
LONG = "A" * 5000
DIGITS_300 = "9" * 300
DIGITS_5000 = "9" * 5000
SURROGATE = "mot\udcff"  # what Python makes of a byte that is not UTF-8 on a command line

#: Values no integer option accepts.
BAD_INTEGERS = ["x", "", "1.5", "1e3", "--", DIGITS_5000]


def _files(folder: Path) -> dict[str, str]:
    """The files the corpus names: broken in every way a user's file can be."""
    made = {
        "empty": b"",
        "binary": bytes(range(256)) * 4,
        "latin1": "caf\xe9\nd\xe9j\xe0\n".encode("latin-1"),
        "badgz.gz": b"\x1f\x8b\x08\x00garbage",
        "dawg.dawg": b"MOTAMOT" + b"\x00" * 40,
        "nowords.txt": b"123\n--\n'\n",
        "boggle_key.txt": b"round\npreset: x\n",
        "boggle_line.txt": b"grid: ORTE/BEST/INAM/GTED\nfoo bar\n",
        "boggle_grid.txt": b"grid: ORTE/BEST\n1 a: b\n",
        "boggle_player.txt": b'players: a"b\ngrid: ORTE/BEST/INAM/GTED\n',
        "boggle_time.txt": b"grid: ORTE/BEST/INAM/GTED\n1e999 a: mot\n",
        "boggle_penalty.txt": b"penalty: -3\ngrid: ORTE/BEST/INAM/GTED\n",
        "boggle_number.txt": b"grid: ORTE/BEST/INAM/GTED\nseed: " + b"9" * 5000 + b"\n",
        "boggle_sep.txt": "players: a\u2028b\ngrid: ORTE/BEST/INAM/GTED\n".encode(),
        "topword_seed.txt": b"seed: x\nplayers: A, B\n",
        "topword_turn.txt": b"seed: 1\nplayers: A, B\n" + b"1" * 5000 + b". A: pass\n",
        "topword_points.txt": b"seed: 1\nplayers: A, B\n1. A: pass +" + b"9" * 5000 + b"\n",
        "topword_blanks.txt": b"seed: 1\nplayers: A, B\n1. A: x" + b" " * 50_000 + b"y\n",
        "topword_player.txt": b"seed: 1\nplayers: A\x85x, B\n",
        "topword_noseed.txt": b"players: A, B\n",
        "topword_limit.txt": b"seed: 1\nplayers: A, B\nscoreless_limit: 0\n",
        "topword_wrong.txt": b"seed: 1\nplayers: A, B\n1. B: pass\n",
        "topword_over.txt": b"seed: 1\nplayers: A, B\n1. A: pass\n2. B: pass\n3. A: pass\n",
        "topword_ruleset.txt": b"seed: 1\nruleset: scrabble\nplayers: A, B\n",
        "topword_move.txt": b"seed: 1\nplayers: A, B\n1. A: 5E M4IN\n",
        "grids_bad.txt": b"ORTE/BEST/INAM/GTED\nnot a grid\n",
        "grids_only_bad.txt": b"ABC\n",
    }
    paths = {}
    for name, content in made.items():
        path = folder / name
        path.write_bytes(content)
        paths[name.split(".")[0]] = str(path)
    (folder / "dir").mkdir()
    paths["dir"] = str(folder / "dir")
    paths["missing"] = str(folder / "missing.txt")
    paths["long_path"] = str(folder / ("x" * 5000))
    with gzip.open(folder / "huge.gz", "wb") as handle:
        handle.write(b"\xff" * 1000)
    paths["notutf8gz"] = str(folder / "huge.gz")
    return paths


def _dict_options() -> list[list[str]]:
    """`--dict` values that name no usable word list."""
    return [
        ["--dict", "nosuch"],
        ["--dict", " "],
        ["--dict", "{missing}"],
        ["--dict", "{dir}"],
        ["--dict", "{empty}"],
        ["--dict", "{binary}"],
        ["--dict", "{latin1}"],
        ["--dict", "{badgz}"],
        ["--dict", "{dawg}"],
        ["--dict", "{nowords}"],
        ["--dict", "{notutf8gz}"],
        ["--dict", "Bad Name"],
        ["--dict", SURROGATE],
        ["--dict", "{long_path}"],
        ["--dict", LONG],
        ["--dict", "/proc/self/mem"],
        ["--dict", "fr", "--dict", "nosuch"],
        ["--dict"],
    ]


def _record_files(kind: str) -> list[list[str]]:
    names = {
        "boggle": [
            "boggle_key",
            "boggle_line",
            "boggle_grid",
            "boggle_player",
            "boggle_time",
            "boggle_penalty",
            "boggle_number",
            "boggle_sep",
        ],
        "topword": [
            "topword_seed",
            "topword_turn",
            "topword_points",
            "topword_blanks",
            "topword_player",
            "topword_noseed",
            "topword_limit",
            "topword_wrong",
            "topword_ruleset",
            "topword_move",
        ],
    }[kind]
    files = ["missing", "dir", "empty", "binary", "latin1", "long_path", "badgz"]
    return [[f"{{{name}}}"] for name in files + names]


def _commands() -> Iterator[tuple[str, list[str]]]:
    """(command, argv) for every bad command line of the corpus."""
    unknown = [["--nope"], ["--json=yes"], ["-x"]]

    def each(command: str, lines: list[list[str]]) -> Iterator[tuple[str, list[str]]]:
        for line in lines:
            yield command, command.split() + line

    yield from each("dict info", [*_dict_options(), *unknown, ["extra"], ["--json", "x"]])
    yield from each(
        "dict check",
        [
            [],
            ["--json"],
            *([*option, "mot"] for option in _dict_options()[:-1]),
            ["--dict"],
            *([*option, "mot"] for option in unknown),
        ],
    )
    yield from each("dict export", [*_dict_options(), *unknown, ["extra"], ["a", "b"]])
    yield from each(
        "dict build",
        [
            [],
            ["{nowords}"],
            ["--name", "x"],
            *(
                [f"{{{name}}}", "--name", "mine"]
                for name in ("missing", "dir", "empty", "binary", "latin1", "badgz", "nowords")
            ),
            *(
                ["{nowords}", "--name", name]
                for name in ("", "fr", "en", "Bad Name", "../x", "a/b", LONG, SURROGATE, "é")
            ),
            ["{long_path}", "--name", "mine"],
            ["{nowords}", "--name"],
            ["{nowords}", "--name", "mine", "--nope"],
        ],
    )
    yield from each(
        "boggle roll",
        [
            *(["--seed", value] for value in [*BAD_INTEGERS, DIGITS_300, "-" + DIGITS_300]),
            *(["--preset", value] for value in ["huge", "", LONG, SURROGATE, "CLASSIC-FR"]),
            ["--seed"],
            ["--preset"],
            *unknown,
            ["extra"],
            ["--json", "x"],
        ],
    )
    bad_grids = [
        "",
        "ABC",
        LONG,
        "ORTE/BEST/INAM/GTE",
        "ORTE/BEST/INAM/GTE1",
        "ORTE/BEST/INAM/GTEé",
        "ortE/BEST/INAM/GTED",
        "/".join(["A" * 11] * 11),
        "ORTE//INAM/GTED",
        SURROGATE,
    ]
    yield from each(
        "boggle solve",
        [
            [],
            [GRID, "--batch", "{grids_bad}"],
            *([grid] for grid in bad_grids),
            *([GRID, "--min-length", value] for value in ["0", "-1", "3000000000", *BAD_INTEGERS]),
            [GRID, "--preset", "big"],
            [GRID, "--preset", "huge"],
            *(
                ["--batch", f"{{{name}}}"]
                for name in ("missing", "dir", "binary", "latin1", "grids_only_bad", "long_path")
            ),
            [GRID, "--dict", "nosuch"],
            [GRID, "--dict", "{dir}"],
            [GRID, "--nope"],
        ],
    )
    yield from each(
        "boggle check",
        [
            [],
            [GRID],
            *([grid, "mot"] for grid in bad_grids),
            [GRID, "mot", "--preset", "big"],
            [GRID, "mot", "--preset", "huge"],
            *([GRID, "mot", *option] for option in _dict_options()[:6]),
            [GRID, "mot", "--nope"],
        ],
    )
    yield from each(
        "boggle replay",
        [
            [],
            *_record_files("boggle"),
            ["{boggle_line}", "--dict", "nosuch"],
            ["{boggle_line}", "--dict"],
            ["a", "b"],
            ["--nope"],
        ],
    )
    yield from each(
        "boggle play",
        [
            *(["--seed", value] for value in [*BAD_INTEGERS, DIGITS_300]),
            *(["--duration", value] for value in ["0", "-1", "nan", "inf", "1e9", "x"]),
            *(["--bots", value] for value in ["wizard", ",".join(["expert"] * 10), "expert,?"]),
            *(["--rounds", value] for value in ["0", "-1", "x", DIGITS_5000]),
            ["--target", "0"],
            ["--rounds", "1", "--target", "1"],
            *(["--penalty", value] for value in ["-1", "1001", "x", "3000000000"]),
            ["--preset", "huge"],
            ["--preset", ""],
            ["--bots", "expert", "--rounds", "-5"],
            ["extra"],
            ["--nope"],
        ],
    )
    bad_positions = [
        "x",
        "vide/vide",
        f"A²......../{EMPTY_ROWS}",
        f"ﬆ........./{EMPTY_ROWS}",
        f"A6......../{EMPTY_ROWS}",
        f".2......../{EMPTY_ROWS}",
        f"A22......./{EMPTY_ROWS}",
        f"........../{EMPTY_ROWS}/..........",
        f"..........A/{EMPTY_ROWS}",
        "/".join(["." * 10] * 9),
        LONG,
        "A2" * 5000,
        f"{SURROGATE}/{EMPTY_ROWS}",
        f"٣........./{EMPTY_ROWS}",
    ]
    yield from each(
        "topword show",
        [
            *([position] for position in bad_positions),
            [],
            ["vide", "extra"],
            ["--nope"],
            ["vide", "--json"],
            ["--", "-x"],
            ["\u2028x"],
        ],
    )
    bad_moves = [
        "",
        "5E",
        "11A MAIN",
        "5K MAIN",
        "E5",
        "5E M4IN",
        "5E QATAR",
        "5E ﬆ",
        LONG,
        "5E A B",
    ]
    yield from each(
        "topword score",
        [
            ["vide"],
            *([position, "5E MAIN"] for position in bad_positions[:8]),
            *(["vide", move] for move in bad_moves),
            *(["vide", "5E MAIN", "--rack", rack] for rack in ["ﬆ", "A" * 8, "QQ", "1", "ß"]),
            ["vide", "5E MAIN", "--ruleset", "scrabble"],
            ["vide", "5E MAIN", "--dict", "nosuch"],
            ["vide", "5E MAIN", "--nope"],
        ],
    )
    yield from each(
        "topword replay",
        [[], *_record_files("topword"), ["{topword_seed}", "--dict", "nosuch"], ["--nope"]],
    )
    for command in ("topword moves", "topword hint"):
        yield from each(
            command,
            [
                ["vide"],
                *([position, "--rack", "AB"] for position in bad_positions[:10]),
                *(["vide", "--rack", rack] for rack in ["ﬆ", "A" * 8, "QQ", "1", "A-", "ß"]),
                *(["vide", "--rack", "AB", "--top", value] for value in ["-1", *BAD_INTEGERS]),
                ["vide", "--rack", "AB", "--ruleset", "scrabble"],
                ["vide", "--rack", "AB", "--dict", "nosuch"],
                ["vide", "--rack"],
            ],
        )
    yield from each(
        "topword analyse",
        [[], *_record_files("topword"), ["{topword_seed}", "--dict", "nosuch"], ["--nope"]],
    )
    yield from each(
        "topword selfplay",
        [
            *(["--games", value] for value in ["0", "-1", "10000000000", *BAD_INTEGERS]),
            *(["--players", value] for value in ["", "wizard", "expert", "expert," * 5, ",,"]),
            *(["--seed", value] for value in [*BAD_INTEGERS, DIGITS_300]),
            ["--ruleset", "scrabble"],
            ["--dict", "nosuch"],
            ["--nope"],
        ],
    )
    yield from each(
        "topword play",
        [
            *(
                ["--players", value]
                for value in [
                    "human,wizard",
                    "human",
                    "human," * 5,
                    "human:A,human:A",
                    "human:A\x85B,expert",
                    "human:A\u2028B,expert",
                    "human:A\rB,expert",
                    "human:" + "A" * 41 + ",expert",
                    "human:A:B,expert",
                    "human:A]B,expert",
                    "human:A,human:B,expert,greedy,human",
                ]
            ),
            *(["--seed", value] for value in [*BAD_INTEGERS, DIGITS_300]),
            ["--ruleset", "scrabble"],
            ["--dict", "nosuch"],
            *(["--resume", f"{{{name}}}"] for name in ("missing", "dir", "empty", "binary")),
            ["--resume", "{topword_seed}"],
            ["--resume", "{topword_over}"],
            ["--nope"],
        ],
    )


CORPUS = list(_commands())


@pytest.fixture(autouse=True)
def _private_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DATA_ENV, str(tmp_path))  # a line not refused must save nowhere real


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    return _files(tmp_path_factory.mktemp("corpus"))


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    try:
        code = main(argv)
    except SystemExit as stop:  # argparse's own errors
        code = stop.code if isinstance(stop.code, int) else 1
    return code, capsys.readouterr().err


def _fill(argv: list[str], files: dict[str, str]) -> list[str]:
    return [
        word.format(**files) if word.startswith("{") and word.endswith("}") else word
        for word in argv
    ]


def _params() -> list[object]:
    params: list[object] = []
    for command, argv in CORPUS:
        ident = f"{command}: {' '.join(argv[len(command.split()) :])[:40]!r}"
        params.append(pytest.param(argv, id=ident))
    return params


def test_the_corpus_has_at_least_20_bad_lines_per_command() -> None:
    counts: dict[str, int] = {}
    for command, _ in CORPUS:
        counts[command] = counts.get(command, 0) + 1
    assert len(counts) == 17
    assert min(counts.values()) >= 20, counts


@pytest.mark.parametrize("argv", _params())
def test_a_bad_command_line_stops_with_a_clear_message(
    argv: list[str], files: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    argv = _fill(argv, files)
    code, french = _run(argv, capsys)
    assert code != 0
    lines = french.strip().splitlines()
    assert lines, "no message"
    assert "Traceback" not in french
    assert lines[-1].startswith("motamot"), french
    if lines[-1].startswith("motamot:"):  # ours (argparse quotes a bad value whole)
        assert len(lines[-1]) < 400, "a message must not echo a whole input"
    english_code, english = _run(["--lang", "en", *argv], capsys)
    assert english_code == code
    assert english.strip() != french.strip(), "the same message in French and English"


SUBPROCESS_LINES = [
    [b"dict", b"check", b"mot\xff"],
    [b"boggle", b"check", GRID.encode(), b"mot\xff"],
    [b"topword", b"show", b"\xff"],
    [b"topword", b"play", b"--players", b"human:A\xffB,expert"],
    [b"boggle", b"roll", b"--seed", DIGITS_300.encode()],
    # `boggle play` takes the terminal before it loads the word list: a real process only
    [b"boggle", b"play", b"--dict", b"nosuch"],
    [b"boggle", b"play", b"--dict", b"/"],
]


@pytest.mark.parametrize(
    "argv", SUBPROCESS_LINES, ids=[b" ".join(a).decode("latin-1") for a in SUBPROCESS_LINES]
)
@pytest.mark.slow
def test_bytes_that_are_not_utf8_never_give_a_traceback(argv: list[bytes], tmp_path: Path) -> None:
    env = {**os.environ, "MOTAMOT_DATA_DIR": str(tmp_path)}
    done = subprocess.run(
        [sys.executable.encode(), b"-m", b"motamot", *argv],
        capture_output=True,
        env=env,
        stdin=subprocess.DEVNULL,
        timeout=120,
        check=False,
    )
    assert b"Traceback" not in done.stderr, done.stderr.decode(errors="replace")
    assert done.returncode in (0, 1, 2)
