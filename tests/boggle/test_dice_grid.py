"""Dice sets (B2), grids and seeded rolls (B1, B3), adjacency (B4)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from motamot.boggle import (
    BIG_BOGGLE,
    CLASSIC_EN,
    CLASSIC_FR,
    DICE_SETS,
    PRESETS,
    SUPER_BIG_BOGGLE,
    Grid,
    GridError,
    get_preset,
    parse_grid,
    preset_for_size,
    roll,
)
from motamot.boggle.dice import parse_dice
from motamot.boggle.grid import grid_of_compact, parse_grid_block, parse_grid_line


def test_b1_presets_have_their_size_and_dice() -> None:
    assert (CLASSIC_FR.size, len(CLASSIC_FR.dice)) == (4, 16)
    assert (BIG_BOGGLE.size, len(BIG_BOGGLE.dice)) == (5, 25)
    assert (SUPER_BIG_BOGGLE.size, len(SUPER_BIG_BOGGLE.dice)) == (6, 36)
    assert set(PRESETS) >= {"classic-fr", "classic-en", "big", "super-big"}
    assert get_preset("classic-fr") is CLASSIC_FR
    assert preset_for_size(5) is BIG_BOGGLE
    with pytest.raises(ValueError, match="unknown preset"):
        get_preset("mega")


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_b1_roll_uses_each_die_once_with_one_of_its_faces(name: str) -> None:
    rules = PRESETS[name]
    for seed in range(30):
        grid = roll(rules, seed)
        assert grid.size == rules.size
        # Match faces to dice: a perfect matching must exist (each die used once).
        dice = list(rules.dice.dice)
        assert _matches(list(grid.faces), dice), (name, seed, grid.text)


def _matches(faces: list[str], dice: list[tuple[str, ...]]) -> bool:
    """Whether each face can be given a distinct die carrying it (bipartite matching)."""
    owner: dict[int, int] = {}

    def assign(face: int, seen: set[int]) -> bool:
        for d, die in enumerate(dice):
            if faces[face] in die and d not in seen:
                seen.add(d)
                if d not in owner or assign(owner[d], seen):
                    owner[d] = face
                    return True
        return False

    return all(assign(i, set()) for i in range(len(faces)))


def test_b2_dice_sets_are_data_with_six_faces_and_a_qu_face() -> None:
    for dice in DICE_SETS.values():
        assert all(len(die) == 6 for die in dice.dice)
        assert dice.source
    french = DICE_SETS["french"].dice
    assert ("B", "M", "A", "Qu", "J", "O") in french
    assert sum(1 for die in french for face in die if face == "Qu") == 1
    assert Counter(f for die in CLASSIC_EN.dice.dice for f in die)["Qu"] == 1
    faces = {f for die in SUPER_BIG_BOGGLE.dice.dice for f in die}
    assert {"An", "Er", "He", "In", "Qu", "Th", "_"} <= faces


def test_b2_malformed_dice_are_refused() -> None:
    with pytest.raises(ValueError, match="faces"):
        parse_dice("ABCDE")
    with pytest.raises(ValueError, match="malformed"):
        parse_dice("AB(qu)DEF")


def test_b3_same_seed_same_grid_and_known_values() -> None:
    assert roll(CLASSIC_FR, 1) == roll(CLASSIC_FR, 1)
    assert len({roll(CLASSIC_FR, seed).text for seed in range(50)}) == 50
    # Golden values: the roll is built on Random.random() alone, which Python
    # guarantees across versions; these must never change.
    assert roll(CLASSIC_FR, 1).text == "IPAR/EBEO/XNIR/EEIE"
    assert roll(CLASSIC_EN, 1).text == "THUU/GEOT/FHEA/CFIB"
    assert roll(BIG_BOGGLE, 1).text == "HOONR/IDPAI/EDTMT/AERCJ/LMTPN"
    assert roll(SUPER_BIG_BOGGLE, 3).text == "UZHAFT/ONBTHI/TLWOYN/TXATUT/RSEMLA/ARWAnOG"


def test_b3_text_form_of_the_rulebook_grid() -> None:
    grid = parse_grid("ORTE/BEST/INAM/GTED")
    assert grid.size == 4
    assert grid.faces[4:8] == ("B", "E", "S", "T")
    assert grid.text == "ORTE/BEST/INAM/GTED"
    qu = parse_grid("QuAIS/ABCD/EFGH/IJKL")
    assert qu.faces[0] == "Qu" and qu.letters[0] == "QU"
    assert qu.text == "QuAIS/ABCD/EFGH/IJKL"


def test_b3_bench_form_sixteen_letters_with_q_for_qu() -> None:
    grid = parse_grid("perslatgsineters")
    assert grid.text == "PERS/LATG/SINE/TERS"
    assert parse_grid("qabcdefghijklmno").faces[0] == "Qu"
    assert parse_grid("orte/best/inam/gted") == parse_grid("ORTE/BEST/INAM/GTED")
    assert parse_grid("a" * 25).size == 5
    assert parse_grid("b" * 36).size == 6


def test_b3_multi_letter_and_blank_faces_round_trip() -> None:
    text = "AnErHeInQuTh/ABCDEF/G_IJKL/MNOPRS/TUVWXY/ZABCDE"
    grid = parse_grid(text)
    assert grid.faces[:6] == ("An", "Er", "He", "In", "Qu", "Th")
    assert grid.letters[13] == ""
    assert grid.text == text


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty"),
        ("ORT/BEST/INAM/GTED", "row_length"),
        ("ORTE/BE5T/INAM/GTED", "invalid_character"),
        ("ORTE/BÉST/INAM/GTED", "invalid_character"),
        ("abcde", "not_square"),
        ("oRTE/BEST/INAM/GTED", "lower_case_start"),
        ("ORTE//INAM/GTED", "empty_row"),
    ],
)
def test_b3_malformed_grids_say_why(text: str, reason: str) -> None:
    with pytest.raises(GridError) as caught:
        parse_grid(text)
    assert caught.value.code == reason
    assert str(caught.value)


@given(st.sampled_from(sorted(PRESETS)), st.integers(min_value=0, max_value=2**64))
def test_b3_text_form_round_trips(name: str, seed: int) -> None:
    grid = roll(PRESETS[name], seed)
    assert parse_grid(grid.text) == grid
    assert parse_grid(f"  {grid.text} ") == grid


def test_b4_eight_neighbours_and_corners() -> None:
    grid = parse_grid("ORTE/BEST/INAM/GTED")
    assert grid.neighbours[5] == (0, 1, 2, 4, 6, 8, 9, 10)
    assert grid.neighbours[0] == (1, 4, 5)
    assert grid.adjacent(0, 5) and not grid.adjacent(0, 2) and not grid.adjacent(3, 4)


def test_b4_blank_faces_are_nobodys_neighbour() -> None:
    grid = Grid(2, ("A", "_", "B", "C"))
    assert grid.neighbours[1] == ()
    assert 1 not in grid.neighbours[0]


@pytest.mark.parametrize(
    ("text", "face"),
    [
        ("ORTE/BESq/INAM/GTED", "Qu"),
        ("qRTE/BEST/INAM/GTED", "Qu"),
        ("ORTE/BEST/INAM/GTEq", "Qu"),
        ("PERSLATGSINETERq", "Qu"),
        ("QuRTE/BEST/INAM/GTED", "Qu"),
    ],
)
def test_lower_case_q_is_the_qu_face_in_mixed_case_rows(text: str, face: str) -> None:
    """Issue 14: `q` is the Qu face as documented, not a letter glued to the face before."""
    grid = parse_grid(text)
    assert grid.size == 4
    assert face in grid.faces and "Sq" not in grid.faces and "Rq" not in grid.faces
    assert grid.letters.count("QU") == 1


def test_a_lower_case_letter_after_q_is_refused_with_its_reason() -> None:
    with pytest.raises(GridError) as caught:
        parse_grid("AquB/BEST/INAM/GTED")
    assert caught.value.code == "lower_case_alone"
    assert caught.value.fields == {"row": 1, "char": "u"}


def test_grid_faces_are_written_as_printed() -> None:
    """A face is a capital then lower case: `QU` would not read back as one face."""
    with pytest.raises(GridError):
        Grid(1, ("QU",))
    assert Grid(1, ("Qu",)).compact == "Qu"


@pytest.mark.parametrize(
    "line",
    [
        "perslatgsineters",
        "PERSLATGSINETERQ",
        "qabcdefghijklmno",
        "ORTE/BEST/INAM/GTED",
        "  AnErHeInQuTh/ABCDEF/G_IJKL/MNOPRS/TUVWXY/ZABCDE \r",
        "a" * 25,
        "x",
    ],
)
def test_parse_grid_line_reads_what_parse_grid_reads(line: str) -> None:
    grid = parse_grid(line)
    size, compact = parse_grid_line(line.encode())
    assert (size, compact) == (grid.size, grid.compact.encode())
    assert grid_of_compact(size, compact) == grid


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        (b"abcde", "not_square"),
        (b"ORTE/BE5T/INAM/GTED", "invalid_character"),
        ("ORTE/BÉST/INAM/GTED".encode(), "invalid_character"),
        (b"ORTE/B\xe9ST/INAM/GTED", "not_utf8"),
        (b"a" * 121, "not_square"),
    ],
)
def test_parse_grid_line_refuses_with_parse_grids_reasons(line: bytes, reason: str) -> None:
    with pytest.raises(GridError) as caught:
        parse_grid_line(line)
    assert caught.value.code == reason


def test_b4_neighbour_tables_are_shared_per_size_and_blank_layout() -> None:
    """Issue 15: one table per grid shape, not one rebuilt per grid."""
    first, second = parse_grid("perslatgsineters"), parse_grid("ORTE/BEST/INAM/GTED")
    assert first.neighbours is second.neighbours
    blank = Grid(2, ("A", "_", "B", "C"))
    assert blank.neighbours is Grid(2, ("D", "_", "E", "F")).neighbours
    assert blank.neighbours is not Grid(2, ("A", "B", "C", "D")).neighbours


def test_parse_grid_block_reads_a_uniform_block_at_once_or_declines() -> None:
    lines = [b"perslatgsineters", b"qabcdefghijklmno"]
    assert parse_grid_block(lines) == (4, [b"PERSLATGSINETERS", b"QuABCDEFGHIJKLMNO"])
    assert parse_grid_block([b"PERSLATGSINETERS"] * 3) == (4, [b"PERSLATGSINETERS"] * 3)
    for mixed in (
        [b"perslatgsineters", b"PERSLATGSINETERS"],  # one case a block
        [b"perslatgsineters", b"abc"],
        [b"perslatgsineters", b""],
        [b"perslatgsineters", b"perslatgsineter5"],
        [b"ORTE/BEST/INAM/GTED"],
        [],
    ):
        assert parse_grid_block(mixed) is None
