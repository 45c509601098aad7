"""A compiled word list is checked whole when loaded, and the kernels never read outside it.

Before this check a file with an out-of-range arc raised IndexError, one with
a cycle made `dict export` run forever, and one where two states share an arc
start made the Boggle kernel read far outside the array (segfault).
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
from array import array
from pathlib import Path

import pytest
from hypothesis import given, settings

from motamot.errors import CodedError
from motamot.lexicon import Lexicon, LexiconFormatError, load_lexicon
from motamot.lexicon.dawg import (
    _HEADER,
    MAX_WORD_LETTERS,
    check_arcs,
    check_arcs_python,
    speedups_enabled,
)
from motamot.lexicon.registry import shipped_digests
from tests.conftest import compiled_kernel
from tests.fuzz.dawg import (
    CYCLE,
    DAMAGED,
    DEAD_END,
    OUT_OF_RANGE_ARC,
    SHARED_ARC_START,
    compiled,
    mutated_arcs,
    state,
)

GRID_B_D_A = "BDAX/XXXX/XXXX/XXXX"


def _arcs_and_root(data: bytes) -> tuple[array[int], int]:
    arcs = array("Q")
    arcs.frombytes(data[_HEADER.size :])
    return arcs, _HEADER.unpack_from(data)[1]


def _code(data: bytes) -> str:
    with pytest.raises(LexiconFormatError) as caught:
        Lexicon.from_bytes(data)
    return caught.value.code


def _motamot(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "motamot", *args],
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_dawg_out_of_range_arc_refused() -> None:
    assert _code(OUT_OF_RANGE_ARC) == "bad_arc"


def test_dawg_cycle_refused() -> None:
    assert _code(CYCLE) == "cycle"


def test_dawg_shared_arc_start_refused() -> None:
    assert _code(SHARED_ARC_START) == "shared_arcs"


def test_dawg_dead_end_refused() -> None:
    assert _code(DEAD_END) == "dead_end"


def test_dawg_word_count_must_match_the_header() -> None:
    good = Lexicon.from_words(["MAIN", "MAINS", "FAIM"])
    arcs = list(good.arcs)
    with pytest.raises(LexiconFormatError) as caught:
        Lexicon.from_bytes(compiled(arcs, good.root, 4))
    assert caught.value.code == "bad_word_count"
    assert caught.value.fields == {"expected": 4, "actual": 3}


def test_dawg_unreachable_arcs_refused() -> None:
    good = Lexicon.from_words(["MAIN", "FAIM"])
    assert _code(compiled([*good.arcs, state(0, "", True)], good.root, 2)) == "unreachable_arcs"


def test_dawg_empty_word_at_the_root_refused() -> None:
    assert _code(compiled([state(0, "", True)], state(0, "A", True), 2)) == "bad_root"


def test_dawg_word_longer_than_the_limit_refused() -> None:
    long_word = "A" * (MAX_WORD_LETTERS + 1)
    lexicon = Lexicon.from_words([long_word])
    assert _code(lexicon.to_bytes()) == "too_long"
    assert len(Lexicon.from_bytes(Lexicon.from_words(["B" * MAX_WORD_LETTERS]).to_bytes())) == 1


def test_dawg_empty_list_loads() -> None:
    assert len(Lexicon.from_bytes(Lexicon.from_words([]).to_bytes())) == 0


@pytest.mark.parametrize("name", ["fr", "en"])
def test_dawg_shipped_lists_pass_the_complete_check_in_c_and_python(name: str) -> None:
    lexicon = load_lexicon(name)
    assert check_arcs_python(lexicon.arcs, lexicon.root) == len(lexicon)
    assert check_arcs(lexicon.arcs, lexicon.root) == len(lexicon)
    # The pure-Python loader may skip the check only for these exact, checked files.
    data = Path(__file__).parents[2] / "src" / "motamot" / "lexicon" / "data" / f"{name}.dawg"
    assert hashlib.sha256(data.read_bytes()).hexdigest() in shipped_digests()


def test_dawg_known_good_digest_does_not_spare_a_damaged_file() -> None:
    """A digest only vouches for the exact bytes it was computed from."""
    good = load_lexicon("fr").to_bytes()
    damaged = good[:-8] + (2**63).to_bytes(8, "little")
    with pytest.raises(LexiconFormatError):
        Lexicon.from_bytes(damaged, "fr", shipped_digests())


@settings(max_examples=400, deadline=None)
@given(mutated_arcs())
def test_dawg_check_c_matches_python_on_mutated_arrays(arcs_root: tuple[array[int], int]) -> None:
    speedups = compiled_kernel("motamot._speedups")
    arcs, root = arcs_root
    try:
        expected: tuple[str, int, int] = ("", 0, check_arcs_python(arcs, root))
    except LexiconFormatError as error:
        index = error.fields.get("index", 0)
        assert isinstance(index, int)
        expected = (error.code, index, 0)
    code, index, words = speedups.dawg_check(arcs, root, MAX_WORD_LETTERS)
    if code in ("too_long", "too_many_words", "bad_root"):
        index = 0
    assert (code, index, words) == expected


@settings(max_examples=300, deadline=None)
@given(mutated_arcs())
def test_dawg_any_mutated_file_loads_or_is_refused_with_a_code(
    arcs_root: tuple[array[int], int],
) -> None:
    arcs, root = arcs_root
    try:
        lexicon = Lexicon.from_bytes(compiled(list(arcs), root, check_arcs_python(arcs, root)))
    except CodedError:
        return
    # Loaded: every walk stays in the array and ends (export, membership, both paths).
    words = list(lexicon)
    assert len(words) == len(lexicon)
    assert all(word in lexicon and lexicon.contains_python(word) for word in words)


@pytest.mark.parametrize("fault", sorted(DAMAGED))
def test_boggle_kernel_refuses_an_unchecked_damaged_array(fault: str) -> None:
    kernel = compiled_kernel("motamot.boggle._kernel")
    arcs, root = _arcs_and_root(DAMAGED[fault])
    with pytest.raises(ValueError, match=fault):
        kernel.Solver(arcs, root)


@settings(max_examples=200, deadline=None)
@given(mutated_arcs())
def test_kernels_never_read_outside_a_mutated_array(arcs_root: tuple[array[int], int]) -> None:
    """Under the sanitizer build (.ci/run) an out-of-bounds read here aborts the run."""
    from motamot.boggle import parse_grid

    boggle = compiled_kernel("motamot.boggle._kernel")
    topword = compiled_kernel("motamot.topword._kernel")
    arcs, root = arcs_root
    grid = parse_grid("ABCD/EABC/DEAB/CDEA")
    try:
        solver = boggle.Solver(arcs, root)
    except ValueError:
        pass
    else:
        solver.solve(grid.letters, grid.neighbours, 2, (0, 0, 1, 1, 2))
    tops = bytearray(100)
    heights = bytearray(100)
    for cell, letter in zip((43, 44, 45), b"ABC", strict=True):
        tops[cell], heights[cell] = letter, 1
    rules = (5, 7, 0, 0, 0, 0, 0, 0, 0)
    topword.generate(arcs, root, bytes(tops), bytes(heights), b"ABCDEAB", rules, 0)
    topword.generate(arcs, root, bytes(100), bytes(100), b"ABCDEAB", rules, 0)


@pytest.mark.parametrize("fault", sorted(DAMAGED))
def test_damaged_list_is_a_clear_cli_error_for_every_command(fault: str, tmp_path: Path) -> None:
    path = tmp_path / f"{fault}.dawg"
    path.write_bytes(DAMAGED[fault])
    for command in (
        ["dict", "export", "--dict", str(path)],
        ["dict", "info", "--dict", str(path)],
        ["boggle", "solve", GRID_B_D_A, "--dict", str(path)],
        ["--lang", "en", "topword", "moves", "empty", "--rack", "ABCDEAB", "--dict", str(path)],
    ):
        result = _motamot(*command)
        assert result.returncode == 2, (command, result)
        assert "Traceback" not in result.stderr
        assert "compil" in result.stderr, result.stderr  # "compiled lexicon" / "compilé"


def test_speedups_state_is_reported() -> None:
    assert isinstance(speedups_enabled(), bool)
