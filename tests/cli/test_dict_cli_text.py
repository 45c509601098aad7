"""`motamot dict` text output: refusal reasons read in French by default, English on request."""

from __future__ import annotations

from pathlib import Path

import pytest

from motamot.cli.main import main
from motamot.lexicon import FoldReason
from motamot.lexicon.wordlist import SINGLE_LETTER
from motamot.text.dictionary import NOT_IN_DICTIONARY, REASONS


def test_w2_every_refusal_reason_has_french_and_english_text() -> None:
    for reason in [*FoldReason, SINGLE_LETTER, NOT_IN_DICTIONARY]:
        assert set(REASONS[reason]) == {"fr", "en"}, reason


def test_w2_check_explains_refusals_in_the_players_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["dict", "check", "santé", "l'eau", "xqzw"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [
        "SANTE : valide",
        "l'eau : refusé (contient une apostrophe)",
        "xqzw : refusé (absent du dictionnaire)",
    ]
    assert main(["--lang", "en", "dict", "check", "porte-monnaie"]) == 0
    assert capsys.readouterr().out == "porte-monnaie: refused (contains a hyphen)\n"


def test_w3_build_lists_dropped_lines_with_their_meaning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "list.txt"
    source.write_text("chat\nchien\nabc1\nx\n", "utf-8")
    assert main(["dict", "build", str(source), "--name", "mine"]) == 0
    out = capsys.readouterr().out
    assert "mine : 2 mots gardés, 2 lignes écartées" in out
    assert "1 × contains_digit (contient un chiffre)" in out
    assert "1 × single_letter (une seule lettre)" in out
