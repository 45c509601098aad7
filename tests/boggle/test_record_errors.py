"""Boggle's errors are coded like every engine error: a code, fields, both languages."""

from __future__ import annotations

import pytest

from motamot.boggle import MatchError, MatchFormat, RecordError, parse_record
from motamot.boggle.grid import GridError, parse_grid
from motamot.errors import CodedError
from motamot.lexicon import FoldError, FoldReason, fold
from motamot.text.errors import error_text


def _record_error(text: str) -> RecordError:
    with pytest.raises(RecordError) as caught:
        parse_record(text)
    return caught.value


def test_b3_a_bad_grid_in_a_record_names_its_line_in_either_language() -> None:
    error = _record_error("grid: ORTE/BEST\n")
    assert (error.code, error.line) == ("bad_grid", 1)
    inner = error.fields["error"]
    assert isinstance(inner, GridError) and inner.code == "row_length"
    assert str(error) == "line 1: row 1 has 4 faces, expected 2"
    assert error_text(error, "fr") == "ligne 1 : la rangée 1 a 4 faces au lieu de 2"


def test_b14_a_match_error_is_coded_and_translated() -> None:
    with pytest.raises(MatchError) as caught:
        MatchFormat()
    assert isinstance(caught.value, CodedError) and caught.value.code == "no_format"
    assert error_text(caught.value, "fr").startswith("une partie se joue")


def test_b3_grid_errors_are_coded_errors_and_value_errors() -> None:
    with pytest.raises(GridError) as caught:
        parse_grid("ab/cd/e")
    assert isinstance(caught.value, CodedError) and isinstance(caught.value, ValueError)
    assert error_text(caught.value, "fr") == "la rangée 1 a 2 faces au lieu de 3"


def test_w2_fold_error_keeps_its_reason_and_reads_in_french() -> None:
    with pytest.raises(FoldError) as caught:
        fold("l'ami")
    assert (
        caught.value.reason is FoldReason.APOSTROPHE and caught.value.code == "contains_apostrophe"
    )
    assert error_text(caught.value, "fr") == '"l\'ami" contient une apostrophe ("\'")'
