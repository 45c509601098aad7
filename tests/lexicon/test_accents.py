"""Words shown as French writes them (issue 21): the map from each folded word to its
written forms, built from the accented sources (tools/build_dictionaries.py --check
rebuilds it byte for byte in CI)."""

from __future__ import annotations

import pytest

from motamot.lexicon import load_lexicon
from motamot.lexicon.accents import _forms, written_forms, written_map
from motamot.lexicon.fold import try_fold


def test_w2_a_folded_word_gets_its_written_forms() -> None:
    assert written_forms("ARETES", "fr") == ("ARÊTES",)
    assert written_forms("COEUR", "fr") == ("CŒUR",)
    assert set(written_forms("PECHE", "fr")) >= {"PÊCHE", "PÉCHÉ"}
    assert written_forms("MAISON", "fr") == ()  # written as it is folded
    assert written_forms("ARETES", "en") == ()


@pytest.mark.slow
def test_every_form_folds_to_its_word_and_every_word_is_listed() -> None:
    forms = _forms("fr")
    french = load_lexicon("fr")
    assert len(forms) > 100_000
    for folded, line in forms.items():
        written = line.split(" ")
        assert folded in french, folded
        assert all(try_fold(form) == folded for form in written), (folded, written)
        assert not all(form == folded for form in written), folded  # one differs at least
        assert not any(form.endswith("È") for form in written)  # « aimè-je » forms left out


@pytest.mark.slow
def test_the_whole_file_is_read_as_fold_reads_each_line() -> None:
    """The map folds the file's whole text at once; `fold`, line by line, is the oracle."""
    import gzip

    from motamot.lexicon.accents import ACCENTS, DATA

    lines = gzip.decompress((DATA / ACCENTS).read_bytes()).decode("utf-8").splitlines()
    oracle = {try_fold(line.split()[0]): line.upper().split() for line in lines}
    assert None not in oracle
    assert {key: value.split(" ") for key, value in _forms("fr").items()} == oracle


def test_the_map_a_page_gets_holds_only_the_words_written_otherwise() -> None:
    assert written_map({"ARETES", "MAISON", "ETE"}, "fr") == {"ARETES": ["ARÊTES"], "ETE": ["ÉTÉ"]}
