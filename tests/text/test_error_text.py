"""Engine errors reach the player in French by default and in English with --lang en.

Each engine error carries a code and fields; its English text is the class's
template, its French text the CLI catalogue's (motamot.text.errors).
"""

from __future__ import annotations

import string
from pathlib import Path

import pytest

from motamot.cli.main import main
from motamot.errors import CodedError
from motamot.lexicon import load_lexicon
from motamot.text.errors import CATALOGS, catalog_for, error_text
from motamot.topword import parse_move, parse_position, parse_rack
from motamot.topword.game import Game, IllegalMove
from motamot.topword.record import RecordError, parse_record
from motamot.topword.rules import Reason


def _all_error_classes() -> list[type[CodedError]]:
    """Every coded error below the service layer (the rooms' errors are refusals, whose
    texts are keyed by their codes: tests/service/test_refusal_text.py; the server's
    are answered with texts of their own catalogues: text.web, text.accounts)."""
    found: list[type[CodedError]] = []
    todo = list(CodedError.__subclasses__())
    while todo:
        cls = todo.pop()
        if not cls.__module__.startswith(("motamot.service.", "motamot.server.")):
            found.append(cls)
        todo.extend(cls.__subclasses__())
    return sorted(found, key=lambda cls: cls.__qualname__)


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


ERROR_CLASSES = _all_error_classes()
CODES = [(cls, code) for cls in ERROR_CLASSES for code in cls.TEMPLATES]


def test_every_engine_error_class_has_a_catalogue() -> None:
    assert len(ERROR_CLASSES) >= 10
    assert set(ERROR_CLASSES) == set(CATALOGS)


@pytest.mark.parametrize(
    ("cls", "code"), CODES, ids=[f"{cls.__name__}.{code}" for cls, code in CODES]
)
def test_every_code_has_a_french_and_an_english_text(cls: type[CodedError], code: str) -> None:
    english = cls.TEMPLATES[code]
    entry = CATALOGS[cls][code]
    french = entry["fr"]
    assert french and english and french != english
    # The French text names only fields the error carries (the English template names them all).
    assert _fields(french) <= _fields(english)
    if "en" in entry:  # a catalogue may give its own English (the referee's refusal texts)
        assert _fields(entry["en"]) <= _fields(english)


def test_catalogues_have_no_stale_codes() -> None:
    for cls, catalog in CATALOGS.items():
        assert set(catalog) == set(cls.TEMPLATES), cls.__name__


def test_a_refused_move_is_coded_by_its_reason() -> None:
    assert set(IllegalMove.TEMPLATES) == {reason.value for reason in Reason}
    game = Game(["Ana", "Bo"], 11, load_lexicon("fr"))
    with pytest.raises(IllegalMove) as caught:
        game.play("5E AAAAAAAAAAAAA")
    error = caught.value
    assert error.code == Reason.OFF_BOARD.value == error.verdict.reason.value
    assert error_text(error, "fr") == "5E AAAAAAAAAAAAA : le mot sort du plateau"
    assert error_text(error, "en") == "5E AAAAAAAAAAAAA: the word runs off the board"


def test_codes_and_fields_are_kept_and_rendered_in_each_language() -> None:
    with pytest.raises(CodedError) as caught:
        parse_rack("QQ")
    error = caught.value
    assert (error.code, error.fields) == (
        "not_enough",
        {"rack": "QQ", "count": 2, "tile": "Qu", "available": 1},
    )
    assert str(error) == "rack 'QQ': 2 × Qu, the game has 1"
    assert error_text(error, "en") == str(error)
    assert error_text(error, "fr") == "chevalet 'QQ' : 2 × Qu, le jeu en a 1"
    with pytest.raises(CodedError) as caught:
        parse_position("..x")
    assert caught.value.code == "row_count"
    assert "rangées" in error_text(caught.value, "fr")
    with pytest.raises(CodedError) as caught:
        parse_move("5Z MAIN")
    assert caught.value.code == "bad_column"
    assert error_text(caught.value, "fr") == "coup '5Z MAIN' : la colonne Z n'est pas entre A et J"


def test_an_error_inside_a_record_line_is_rendered_in_the_same_language() -> None:
    with pytest.raises(RecordError) as caught:
        parse_record("seed: 1\nplayers: Ana, Bo\n1. Ana: 5E COQ\n")
    error = caught.value
    assert error.code == "bad_move" and isinstance(error.fields["error"], CodedError)
    assert error_text(error, "fr") == "ligne 3 : 'COQ' : Q sans U (la seule lettre Q est le Qu)"
    assert (
        error_text(error, "en")
        == str(error)
        == ("line 3: 'COQ': Q without U (the only Q tile is Qu)")
    )


def test_a_subclass_without_its_own_catalogue_uses_its_base_one() -> None:
    class Unlisted(IllegalMove):
        pass

    assert catalog_for(Unlisted.__new__(Unlisted)) is CATALOGS[IllegalMove]


@pytest.mark.parametrize(
    ("argv", "french", "english"),
    [
        (
            ["topword", "score", "..x", "5E"],
            "position invalide : une position a 10 rangées",
            "bad position: a position has 10 rows",
        ),
        (
            ["topword", "score", "vide", "5E MAIN", "--rack", "12"],
            "chevalet invalide : chevalet '12' : '1' n'est pas une lettre",
            "bad rack: rack '12': '1' is not a tile letter",
        ),
        (
            ["topword", "moves", "vide", "--rack", "QQ"],
            "2 × Qu, le jeu en a 1",
            "2 × Qu, the game has 1",
        ),
        (
            ["topword", "replay", "/dev/null"],
            "partie illisible : il manque la ligne 'seed:'",
            "bad game record: the record has no 'seed:' line",
        ),
        (
            ["dict", "build", "/dev/null", "--name", "x"],
            "/dev/null : le fichier est vide",
            "/dev/null: the file is empty",
        ),
        (
            ["dict", "info", "--dict", "nope"],
            "aucun dictionnaire 'nope'",
            "no dictionary 'nope'",
        ),
        (
            ["dict", "build", "/dev/null", "--name", "BAD"],
            "nom de dictionnaire invalide 'BAD'",
            "invalid dictionary name 'BAD'",
        ),
    ],
)
def test_cli_engine_errors_are_french_by_default_english_with_lang_en(
    capsys: pytest.CaptureFixture[str], argv: list[str], french: str, english: str
) -> None:
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and french in err and "Traceback" not in err
    assert main(["--lang", "en", *argv]) == 2
    out, err = capsys.readouterr()
    assert out == "" and english in err and "Traceback" not in err


def test_cli_a_refused_move_in_a_record_is_translated(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.txt"
    path.write_text("seed: 1\nplayers: Ana, Bo\n1. Ana: 5E AAAAAAAAAAAAA\n", encoding="utf-8")
    assert main(["topword", "replay", str(path)]) == 2
    assert "ligne 3 : 5E AAAAAAAAAAAAA : le mot sort du plateau" in capsys.readouterr().err
    assert main(["--lang", "en", "topword", "replay", str(path)]) == 2
    assert "line 3: 5E AAAAAAAAAAAAA: the word runs off the board" in capsys.readouterr().err
