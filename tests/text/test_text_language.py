"""Player text in the player's language: French plurals and numbers, and argparse's
usage, errors and help in French by default, English with --lang en."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from motamot.cli.localise import early_language
from motamot.cli.main import build_parser, main
from motamot.text.i18n import LANGUAGES, Language, render
from motamot.text.numbers import FRENCH_SPACE

SRC = Path(__file__).resolve().parents[2] / "src" / "motamot"


@pytest.mark.parametrize(
    ("count", "french", "english"),
    [
        (0, "0 point", "0 points"),
        (1, "1 point", "1 point"),
        (2, "2 points", "2 points"),
        (1.5, "1,5 point", "1.5 points"),
        (12345, f"12{FRENCH_SPACE}345 points", "12,345 points"),
    ],
)
def test_a_count_agrees_with_its_noun(count: float, french: str, english: str) -> None:
    assert render("{n:point|points}", "fr", n=count) == french
    assert render("{n:point|points}", "en", n=count) == english


def test_numbers_as_each_language_writes_them() -> None:
    template = "{rate:.1%} {avg:.1f} {big:n} {seed}"
    assert render(template, "fr", rate=1.0, avg=12.25, big=420420, seed=1234567) == (
        f"100,0{FRENCH_SPACE}% 12,2 420{FRENCH_SPACE}420 1234567"
    )
    assert render(template, "en", rate=1.0, avg=12.25, big=420420, seed=1234567) == (
        "100.0% 12.2 420,420 1234567"
    )


@given(st.integers(min_value=-(10**9), max_value=10**9))
def test_french_grouping_reads_back_as_the_number(value: int) -> None:
    text = render("{v:n}", "fr", v=value)
    assert int(text.replace(FRENCH_SPACE, "").replace("\u2212", "-")) == value  # − : minus
    assert all(len(group) == 3 for group in text.lstrip("\u2212").split(FRENCH_SPACE)[1:])


def test_no_text_writes_a_plural_in_brackets() -> None:
    """No "mot(s)", "joueur(s)": every count agrees with its noun."""
    found = [
        f"{path.relative_to(SRC)}:{number}"
        for path in sorted(SRC.rglob("*.py"))
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1)
        if re.search(r"[a-zé]\((s|es|x)\)", line) and '"""' not in line and "#" not in line
    ]
    assert found == []


def test_lang_is_read_before_parsing() -> None:
    assert early_language(["--lang", "en", "boggle", "roll"]) == "en"
    assert early_language(["--lang=en", "boggle"]) == "en"
    assert early_language(["boggle", "roll"]) == "fr"
    assert early_language(["--lang", "de"]) == "fr"


def _error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    with pytest.raises(SystemExit) as stop:
        main(list(argv))
    assert stop.value.code == 2
    return capsys.readouterr().err


def test_argparse_errors_in_french_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    err = _error(capsys, "boggle", "check")
    assert err.startswith("usage : motamot boggle check")
    assert "GRILLE MOT [MOT ...]" in err
    assert "motamot boggle check : erreur : il manque GRILLE, MOT" in err
    err = _error(capsys, "boggle", "rol")
    assert "erreur : argument ACTION : choix invalide : 'rol' (au choix : 'roll'," in err
    err = _error(capsys, "boggle", "play", "--seed", "x")
    assert "argument --seed : 'x' n'est pas un nombre valide" in err
    err = _error(capsys, "boggle", "roll", "--bad")
    assert "erreur : arguments inconnus : --bad" in err
    assert "error" not in _error(capsys, "topword", "moves", "x", "--rack")


def test_argparse_errors_in_english_with_lang_en(capsys: pytest.CaptureFixture[str]) -> None:
    err = _error(capsys, "--lang", "en", "boggle", "check")
    assert err.startswith("usage: motamot boggle check")
    assert "error: the following arguments are required: GRID, WORD" in err
    err = _error(capsys, "--lang", "en", "boggle", "rol")
    assert "error: argument ACTION: invalid choice: 'rol'" in err


def _help_texts(parser: argparse.ArgumentParser) -> list[str]:
    texts = [parser.description or ""]
    for action in parser._actions:
        texts.append(action.help or "")
        if isinstance(action, argparse._SubParsersAction):
            texts.extend(choice.help or "" for choice in action._choices_actions)
            for subparser in action.choices.values():
                texts.extend(_help_texts(subparser))
    return [text for text in texts if text]


FRENCH_MARKS = re.compile(r"[éèàùç]|\b(les?|la|des?|du|une?|ou|pour|défaut|mots?)\b")
ENGLISH_MARKS = re.compile(r"\b(the|show|this|and|of|every|default)\b")


def test_every_option_help_is_in_the_chosen_language() -> None:
    helps = {lang: _help_texts(build_parser(lang)) for lang in LANGUAGES}
    assert len(helps["fr"]) == len(helps["en"]) > 40
    assert [text for text in helps["en"] if FRENCH_MARKS.search(text)] == []
    assert [text for text in helps["fr"] if ENGLISH_MARKS.search(text)] == []
    assert not [text for text in helps["fr"] if " / " in text]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_help_screens_in_each_language(lang: Language, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--lang", lang, "boggle", "play", "--help"])
    out = capsys.readouterr().out
    if lang == "fr":
        assert out.startswith("usage : motamot boggle play")
        assert "afficher cette aide et quitter" in out and "durée d'une manche" in out
    else:
        assert out.startswith("usage: motamot boggle play")
        assert "show this help message and exit" in out and "length of a round" in out


def test_only_numeric_option_types_so_the_french_type_error_is_true() -> None:
    """argparse's "invalid int value" reads "n'est pas un nombre valide" in French."""

    def types(parser: argparse.ArgumentParser) -> set[object]:
        found: set[object] = set()
        for action in parser._actions:
            found.add(action.type)
            if isinstance(action, argparse._SubParsersAction):
                for subparser in action.choices.values():
                    found |= types(subparser)
        return found

    assert types(build_parser()) <= {None, int, float, Path}
