"""The referee for one word: rulebook examples, paths (B4, B5, B7, B13),
minimum length (B6), scores (B8), reasons (B12), folding (W2)."""

from __future__ import annotations

import functools
import itertools
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from motamot.boggle import (
    BIG_BOGGLE,
    CLASSIC_FR,
    SUPER_BIG_BOGGLE,
    Grid,
    WordReason,
    check_word,
    find_path,
    parse_grid,
)
from motamot.boggle.referee import PATH_BUDGET, LongSearch
from motamot.boggle.rules import BoggleRules
from motamot.lexicon import Lexicon, compile_user_list, load_lexicon

ACCEPTED = {
    "MANIES": 3,
    "ORBITE": 3,
    "TESTAMENT": 11,
    "DANSE": 2,
    "SANTE": 2,
    "ROBES": 2,
    "TESTER": 3,
}


@functools.cache
def _small_french() -> Lexicon:
    """The French list, loaded once for the property's examples."""
    return load_lexicon("fr")


def assert_valid_path(grid: Grid, word: str, path: tuple[tuple[int, int], ...]) -> None:
    """A path spells `word` over distinct adjacent cells (B4, B5, B7)."""
    cells = [grid.index(cell) for cell in path]
    assert len(set(cells)) == len(cells)
    assert all(grid.adjacent(a, b) for a, b in itertools.pairwise(cells))
    assert "".join(grid.letters[c] for c in cells) == word


@pytest.mark.parametrize(("word", "points"), sorted(ACCEPTED.items()))
def test_b13_rulebook_words_accepted_with_their_path(
    rulebook: Grid, fr: Lexicon, word: str, points: int
) -> None:
    verdict = check_word(rulebook, CLASSIC_FR, fr, word)
    assert verdict.valid, verdict
    assert verdict.points == points
    assert_valid_path(rulebook, word, verdict.path)


def test_b13_manies_path_as_in_the_issue(rulebook: Grid, fr: Lexicon) -> None:
    verdict = check_word(rulebook, CLASSIC_FR, fr, "MANIES")
    assert verdict.as_json()["path"] == [[2, 3], [2, 2], [2, 1], [2, 0], [1, 1], [1, 2]]


def test_b8_testament_scores_eleven(rulebook: Grid, fr: Lexicon) -> None:
    assert check_word(rulebook, CLASSIC_FR, fr, "testament").points == 11


@pytest.mark.parametrize("word", ["TESTS", "SAINT"])
def test_b5_rulebook_refusals_have_no_path(rulebook: Grid, fr: Lexicon, word: str) -> None:
    assert word in fr  # the refusal is the grid's, not the dictionary's
    verdict = check_word(rulebook, CLASSIC_FR, fr, word)
    assert not verdict.valid
    assert verdict.reason is WordReason.NO_PATH
    assert verdict.as_json() == {"input": word, "word": word, "valid": False, "reason": "no_path"}


def test_b5_a_die_is_used_once_but_two_equal_letters_may_both_be_used() -> None:
    grid = parse_grid("TEAB/CDFG/HIJK/LMNO")
    lexicon = Lexicon.from_words(["TETE", "TEA", "ETE"])
    assert check_word(grid, CLASSIC_FR, lexicon, "ETE").reason is WordReason.NO_PATH
    two_e = parse_grid("TEAB/ECFG/HIJK/LMNO")
    verdict = check_word(two_e, CLASSIC_FR, lexicon, "ETE")
    assert verdict.valid and verdict.path == ((0, 1), (0, 0), (1, 0))
    three = parse_grid("TEAB/ETFG/HIJK/LMNO")
    assert check_word(three, CLASSIC_FR, lexicon, "TETE").valid


def test_b4_diagonals_count_and_skipping_a_letter_does_not(rulebook: Grid) -> None:
    assert find_path(rulebook, "OE") is not None  # O(0,0) - E(1,1): diagonal
    assert find_path(rulebook, "OT") is None  # O(0,0) and T(0,2) do not touch
    assert find_path(rulebook, "ORT") is not None


def test_b6_minimum_length_three_classic_four_big(fr: Lexicon) -> None:
    grid = parse_grid("ORTE/BEST/INAM/GTED")
    verdict = check_word(grid, CLASSIC_FR, fr, "TE")
    assert verdict.reason is WordReason.TOO_SHORT
    assert check_word(grid, CLASSIC_FR, fr, "ANS").valid
    big = parse_grid("ORTEA/BESTA/INAMA/GTEDA/AAAAA")
    assert check_word(big, BIG_BOGGLE, fr, "ANS").reason is WordReason.TOO_SHORT
    assert check_word(big, BIG_BOGGLE, fr, "DANS").valid


def test_b7_qu_is_two_letters_on_one_die() -> None:
    grid = parse_grid("QuAIS/ABCD/EFGH/IJKL")
    lexicon = Lexicon.from_words(["QUAI", "QUAIS", "COQ", "CINQ", "QAI"])
    quai = check_word(grid, CLASSIC_FR, lexicon, "quai")
    assert quai.valid and len(quai.path) == 3
    assert quai.points == 1  # 4 letters
    assert check_word(grid, CLASSIC_FR, lexicon, "quais").points == 2  # 5 letters, 4 dice
    # A Q not followed by U cannot use the Qu die.
    assert check_word(grid, CLASSIC_FR, lexicon, "QAI").reason is WordReason.NO_PATH
    coq = parse_grid("COQuA/BCDE/FGHI/JKLM")
    assert check_word(coq, CLASSIC_FR, lexicon, "COQ").reason is WordReason.NO_PATH


def test_b7_qu_counts_for_minimum_length() -> None:
    grid = parse_grid("QuIAB/BCDE/FGHI/JKLM")
    lexicon = Lexicon.from_words(["QUI"])
    verdict = check_word(grid, BIG_BOGGLE_4x4_MIN3, lexicon, "QUI")
    assert verdict.valid and len(verdict.path) == 2


BIG_BOGGLE_4x4_MIN3 = BoggleRules("test", 4, CLASSIC_FR.dice, min_length=3)


@pytest.mark.parametrize(
    ("letters", "points"), [(3, 1), (4, 1), (5, 2), (6, 3), (7, 5), (8, 11), (12, 11)]
)
def test_b8_score_table(letters: int, points: int) -> None:
    assert CLASSIC_FR.points(letters) == points


def test_b12_each_refusal_has_its_reason(rulebook: Grid, fr: Lexicon) -> None:
    cases = {
        "TE": WordReason.TOO_SHORT,
        "TESTS": WordReason.NO_PATH,
        "ETSAN": WordReason.NOT_IN_DICTIONARY,
        "l'ami": WordReason.INVALID_CHARACTERS,
        "t3st": WordReason.INVALID_CHARACTERS,
        "": WordReason.INVALID_CHARACTERS,
    }
    for text, reason in cases.items():
        verdict = check_word(rulebook, CLASSIC_FR, fr, text)
        assert (verdict.valid, verdict.reason, verdict.points) == (False, reason, 0), text
    assert find_path(rulebook, "ETSAN") is not None


def test_w2_accents_and_case_are_folded(rulebook: Grid, fr: Lexicon) -> None:
    for text in ("santé", "SANTE", " Santé "):
        verdict = check_word(rulebook, CLASSIC_FR, fr, text)
        assert verdict.valid and verdict.word == "SANTE" and verdict.input == text


def test_w1_the_dictionary_chosen_before_the_game_decides(rulebook: Grid, fr: Lexicon) -> None:
    # Inflected forms are words: plural (ROBES), verb forms (TESTER, MANIES).
    for word in ("ROBES", "TESTER", "MANIES"):
        assert check_word(rulebook, CLASSIC_FR, fr, word).valid
    tiny = Lexicon.from_words(["ROBE"])
    verdict = check_word(rulebook, CLASSIC_FR, tiny, "ROBES")
    assert verdict.reason is WordReason.NOT_IN_DICTIONARY


def test_w3_a_users_own_word_list_can_referee(rulebook: Grid, tmp_path: Path) -> None:
    source = tmp_path / "mine.txt"
    source.write_text("orbite\nsanté\nbest\n", encoding="utf-8")
    mine = compile_user_list(source, "mine").lexicon
    assert check_word(rulebook, CLASSIC_FR, load_lexicon("mine"), "BEST").valid
    assert check_word(rulebook, CLASSIC_FR, mine, "SANTE").valid
    assert check_word(rulebook, CLASSIC_FR, mine, "MANIES").reason is WordReason.NOT_IN_DICTIONARY


def test_b5_hostile_words_are_searched_in_bounded_time() -> None:
    grid = parse_grid("A" * 15 + "B")
    assert find_path(grid, "A" * 15 + "C") is None
    assert find_path(grid, "A" * 16) is None  # one A short
    path = find_path(grid, "A" * 15 + "B")
    assert path is not None and len(set(path)) == 16
    two_b = parse_grid("B" + "A" * 14 + "B")
    assert find_path(two_b, "A" * 7 + "BB" + "A" * 7) is None  # the B's do not touch


def test_b12_a_hostile_word_is_path_searched_only_within_a_budget() -> None:
    """Searched to its end, this word takes hours on its grid: past `PATH_BUDGET` steps
    the dictionary is asked first, and only a real word is searched further."""
    six = parse_grid("B" + "A" * 34 + "B")
    hostile = "A" * 17 + "BB" + "A" * 17
    started = time.monotonic()
    verdict = check_word(six, SUPER_BIG_BOGGLE, Lexicon.from_words(["ABBA"]), hostile)
    assert verdict.reason is WordReason.NOT_IN_DICTIONARY
    with pytest.raises(LongSearch):
        find_path(six, hostile, PATH_BUDGET)
    assert time.monotonic() - started < 1.0


def test_b12_the_grid_is_looked_at_before_the_dictionary(rulebook: Grid, fr: Lexicon) -> None:
    """A word neither on the grid nor in the dictionary is refused as off the grid: the
    reason a writer is told at once when the dictionary waits for the end (B12 [choice]),
    so the results say the same (issue 37)."""
    for text in ("XYZZY", "TESTSS", "ZOTE"):
        assert text not in fr
        assert check_word(rulebook, CLASSIC_FR, fr, text).reason is WordReason.NO_PATH


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="ABEGIMNORST", min_size=3, max_size=9))
def test_b12_the_reason_is_the_first_check_that_fails_in_order(text: str) -> None:
    """An oracle in the order B12 says: length, path (searched whole), dictionary."""
    grid, lexicon = parse_grid("ORTE/BEST/INAM/GTED"), _small_french()
    verdict = check_word(grid, CLASSIC_FR, lexicon, text)
    if find_path(grid, text) is None:
        assert verdict.reason is WordReason.NO_PATH
    elif text not in lexicon:
        assert verdict.reason is WordReason.NOT_IN_DICTIONARY
    else:
        assert verdict.valid
