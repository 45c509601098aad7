"""Regressions of the issue 16 campaign: each parser refuses bad input with its coded
error, whatever the characters, the digits or the size (linear time)."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from motamot.boggle import RecordError as BoggleRecordError
from motamot.boggle import parse_record as parse_boggle_record
from motamot.cli.main import main
from motamot.errors import CodedError
from motamot.text.errors import BOGGLE_RECORD_ERRORS as RECORD_ERRORS
from motamot.text.errors import error_text
from motamot.topword import PositionError, parse_move, parse_position, parse_rack
from motamot.topword.move import MoveSyntaxError
from motamot.topword.record import RecordError, parse_record
from motamot.topword.tiles import RackError, tile_code

EMPTY_ROWS = "/".join(["." * 10] * 9)
HEADER = "seed: 1\nplayers: Ana, Bo\n"

#: A generous bound: the quadratic parsers took 12-60 s on these sizes, the linear ones
#: take milliseconds. Only a regression to super-linear time can reach it.
SLOW = 10.0


def test_french_record_error_with_a_key_field_renders() -> None:
    # translate(catalog, key, lang, **fields) took the field `key` for its own argument.
    with pytest.raises(BoggleRecordError) as caught:
        parse_boggle_record("round\npreset: x\n")
    assert caught.value.fields["key"] == "preset"
    assert error_text(caught.value, "fr") == (
        "ligne 2 : 'preset' doit venir avant la première manche"
    )
    assert "seed" in error_text(_boggle_error("seed: 3\ngrid: ORTE/BEST/INAM/GTED\n"), "fr")


def _boggle_error(text: str) -> BoggleRecordError:
    with pytest.raises(BoggleRecordError) as caught:
        parse_boggle_record(text)
    return caught.value


def test_french_record_error_with_a_key_field_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "r"
    record.write_text("round\npreset: x\n")
    assert main(["boggle", "replay", str(record)]) == 2
    assert "'preset' doit venir avant la première manche" in capsys.readouterr().err


def test_every_boggle_record_error_has_french_text_for_its_fields() -> None:
    for code, english in BoggleRecordError.TEMPLATES.items():
        if english.startswith("{") and english.endswith("}"):  # a nested error, rendered
            continue
        assert code in RECORD_ERRORS, code
        assert RECORD_ERRORS[code]["fr"] != english


def test_position_with_a_superscript_height_is_refused() -> None:
    # '²'.isdigit() holds but int('²') fails.
    for row in ("A²........", ".²........", "A2²......."):
        with pytest.raises(PositionError):
            parse_position(f"{row}/{EMPTY_ROWS}")


def test_position_or_rack_with_a_ligature_is_refused() -> None:
    # 'ﬆ'.upper() is 'ST', and 'ST' in "ABC...Z" holds.
    assert tile_code("ﬆ") is None and tile_code("ß") is None and tile_code("") is None
    with pytest.raises(PositionError):
        parse_position(f"ﬆ........./{EMPTY_ROWS}")
    for rack in ("ﬆ", "ß", "ﬁ"):
        with pytest.raises(RackError):
            parse_rack(rack)


def test_topword_moves_with_a_ligature_in_the_position_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["topword", "moves", f"ﬆ........./{EMPTY_ROWS}", "--rack", "AB"]) == 2
    assert "position invalide" in capsys.readouterr().err


def test_topword_record_number_longer_than_4300_digits_is_refused() -> None:
    for line in (
        "1" * 5000 + ". Ana: pass",
        "1. Ana: pass +" + "9" * 5000,
        "1. Ana: pass = " + "9" * 5000,
    ):
        with pytest.raises(RecordError) as caught:
            parse_record(HEADER + line + "\n")
        assert caught.value.code in ("bad_number", "bad_move")
    with pytest.raises(RecordError) as seed:
        parse_record("seed: " + "7" * 5000 + "\nplayers: Ana, Bo\n")
    assert seed.value.code == "bad_seed" and len(str(seed.value)) < 200


def test_topword_record_turn_checks_read_as_before() -> None:
    record = parse_record(
        HEADER + "1. Ana: [AEIMNST] 5E MAIN +8 = 8\n2) Bo :pass=0\n3. Ana: exchange qu = 8\n"
    )
    first, second, third = record.turns
    assert (first.move_text, first.rack, first.points, first.total) == ("5E MAIN", "AEIMNST", 8, 8)
    assert (second.player, second.points, second.total) == ("Bo", None, 0)
    assert third.tile == "Q"
    # '+8' glued to the word is not a points check, and '= x' is not a total.
    with pytest.raises(RecordError):
        parse_record(HEADER + "1. Ana: 5E MAIN+8\n")
    with pytest.raises(RecordError):
        parse_record(HEADER + "1. Ana: 5E MAIN = x\n")


def test_topword_record_splits_lines_on_newline_only() -> None:
    # U+2028 used to end the comment and make `seed: 5` a line of its own.
    record = parse_record("seed: 1 # note\u2028seed: 5\nplayers: Ana, Bo\n")
    assert record.seed == 1


def _timed(parse: Callable[[str], object], text: str) -> float:
    start = time.perf_counter()
    with contextlib.suppress(CodedError):
        parse(text)
    return time.perf_counter() - start


BIG = 200_000
OVERSIZED: list[tuple[str, Callable[[str], object], str]] = [
    ("turn with inner blanks", parse_record, HEADER + "1. Ana: x" + " " * BIG + "y\n"),
    ("turn with blanks then +", parse_record, HEADER + "1. Ana: 5E" + " " * BIG + "+\n"),
    ("turn with blanks then =", parse_record, HEADER + "1. Ana: 5E" + " =" * (BIG // 2) + "\n"),
    ("turn name of blanks", parse_record, HEADER + "1." + " " * BIG + "a\n"),
    ("record of turns", parse_record, HEADER + "1. Ana: pass\n" * (BIG // 13)),
    ("move with blanks", parse_move, "5E" + " \t" * (BIG // 2) + "x"),
    ("move long word", parse_move, "5E " + "A" * BIG),
    ("position long row", parse_position, "A2" * (BIG // 2)),
    ("rack long", parse_rack, "A" * BIG),
    (
        "boggle record entries",
        parse_boggle_record,
        "grid: ORTE/BEST/INAM/GTED\n" + "1 a: b\n" * (BIG // 7),
    ),
    (
        "boggle record players",
        parse_boggle_record,
        "grid: ORTE/BEST/INAM/GTED\n" + "".join(f"1 p{i}: b\n" for i in range(BIG // 10)),
    ),
    (
        "boggle record long line",
        parse_boggle_record,
        "grid: ORTE/BEST/INAM/GTED\n1 a: " + " " * BIG + "b\n",
    ),
]


@pytest.mark.parametrize(("label", "parse", "text"), OVERSIZED, ids=[o[0] for o in OVERSIZED])
def test_parsers_are_linear_in_their_input(
    label: str, parse: Callable[[str], object], text: str
) -> None:
    assert len(text) >= BIG * 0.9
    assert _timed(parse, text) < SLOW, label


def test_move_errors_are_coded() -> None:
    with pytest.raises(MoveSyntaxError):
        parse_move("5E" + " " * 1000)


@pytest.mark.parametrize(
    "argv",
    [
        ["boggle", "play", "--seed", "9" * 300],
        ["topword", "play", "--seed", "9" * 300],
        ["boggle", "roll", "--seed", "-" + "9" * 300],
        ["topword", "selfplay", "--seed", "9" * 300],
    ],
    ids=["boggle play", "topword play", "boggle roll", "topword selfplay"],
)
def test_a_300_digit_seed_for_play_is_refused(
    argv: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # It used to name a save file too long for the file system.
    monkeypatch.setenv("MOTAMOT_DATA_DIR", str(tmp_path))
    assert main(argv) == 2
    assert "--seed : un nombre entier d'au plus 20 chiffres" in capsys.readouterr().err
    assert not list(tmp_path.rglob("*"))  # nothing saved


def test_min_length_3000000000_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["boggle", "solve", "ORTE/BEST/INAM/GTED", "--min-length", "3000000000"]) == 2
    assert "--min-length" in capsys.readouterr().err
