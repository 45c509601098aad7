"""Rule W2: folding, with the rulebooks' examples and hypothesis properties."""

from __future__ import annotations

import string

import pytest
from hypothesis import given
from hypothesis import strategies as st

from motamot.lexicon import FoldError, FoldReason, fold, try_fold


@pytest.mark.parametrize("text", ["santé", "SANTE", " Santé ", "\tsAnTé\n"])
def test_w2_accents_case_and_blanks_fold_to_one_word(text: str) -> None:
    assert fold(text) == "SANTE"


@pytest.mark.parametrize(
    ("text", "folded"),
    [
        ("cœur", "COEUR"),
        ("Œuvre", "OEUVRE"),
        ("ex æquo", None),
        ("tænia", "TAENIA"),
        ("garçon", "GARCON"),
        ("naïf", "NAIF"),
        ("mûr", "MUR"),
        ("où", "OU"),
        ("Noël", "NOEL"),
    ],
)
def test_w2_ligatures_and_diacritics(text: str, folded: str | None) -> None:
    assert try_fold(text) == folded


def test_w2_mur_and_mûr_are_one_word() -> None:
    assert fold("MÛR") == fold("mur")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("porte-monnaie", FoldReason.HYPHEN),
        ("aujourd'hui", FoldReason.APOSTROPHE),
        ("aujourd’hui", FoldReason.APOSTROPHE),
        ("abc1", FoldReason.DIGIT),
        ("pomme de", FoldReason.SPACE),
        ("", FoldReason.EMPTY),
        ("   ", FoldReason.EMPTY),
        ("straße", FoldReason.INVALID_CHARACTER),
        ("λόγος", FoldReason.INVALID_CHARACTER),
        ("etc.", FoldReason.INVALID_CHARACTER),
    ],
)
def test_w2_unfoldable_input_says_why(text: str, reason: FoldReason) -> None:
    with pytest.raises(FoldError) as raised:
        fold(text)
    assert raised.value.reason is reason


@given(st.text())
def test_w2_fold_gives_upper_ascii_letters_or_an_error(text: str) -> None:
    folded = try_fold(text)
    if folded is not None:
        assert folded and set(folded) <= set(string.ascii_uppercase)


@given(st.text())
def test_w2_fold_is_idempotent(text: str) -> None:
    folded = try_fold(text)
    if folded is not None:
        assert fold(folded) == folded


@given(st.text(alphabet=string.ascii_letters + "éèêëàâäîïôöûüùçÉÈÊÀÇœŒæÆ", min_size=1))
def test_w2_french_letters_always_fold(text: str) -> None:
    folded = fold(text)
    assert fold(text.upper()) == folded == fold(text.lower())
    assert fold(f"  {text} ") == folded


@given(
    st.text(alphabet=string.ascii_letters, min_size=1),
    st.sampled_from("-'0123456789"),
    st.text(alphabet=string.ascii_letters, min_size=1),
)
def test_w2_hyphen_apostrophe_digit_always_refused(left: str, bad: str, right: str) -> None:
    assert try_fold(left + bad + right) is None
