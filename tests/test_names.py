"""Player names (issue 16): one validator for both games' seats and records.

Names holding control or line-separator characters broke saved records
(`splitlines()` cut them): they are refused with a reason, and record
parsers split on `\\n` only. Names that lie (issue 26 item 7: bidi controls,
zero-width characters, `ＡＮＡ` beside `ana`) are refused or collide.
"""

from __future__ import annotations

import pytest

from motamot.boggle import GameRecord, RecordError, RoundRecord, Sheet, format_record, parse_record
from motamot.boggle.grid import parse_grid
from motamot.cli.main import main
from motamot.names import (
    COMPUTER_NAMES,
    MAX_NAME_LENGTH,
    PlayerNameError,
    check_name,
    check_single_script,
    computer_name,
    look_key,
    name_key,
)
from motamot.service.rooms.seating import name_refusal
from motamot.service.topword.local import SeatError, parse_seats
from motamot.text.errors import error_text
from motamot.topword.game import Game, GameError
from tests.topword.test_topword_game import LEX

#: The seven characters of the campaign that broke a saved record.
BREAKERS = ["\r", "\v", "\f", "\x1c", "\x85", "\u2028", "\u2029"]


@pytest.mark.parametrize("char", BREAKERS, ids=[f"U+{ord(c):04X}" for c in BREAKERS])
def test_names_with_control_or_line_separator_characters_are_refused(char: str) -> None:
    name = f"An{char}a"
    with pytest.raises(PlayerNameError) as caught:
        check_name(name)
    assert caught.value.code in ("control_character", "line_separator")
    assert f"U+{ord(char):04X}" in error_text(caught.value, "fr")
    with pytest.raises(GameError):
        Game([name, "Bo"], 1, LEX)
    with pytest.raises(SeatError) as seat:
        parse_seats(f"human:{name},expert", ["Vous"], ["Ordi"])
    assert seat.value.name_error is not None
    with pytest.raises(RecordError, match="U\\+"):
        parse_record(f"players: {name}, bob\ngrid: ORTE/BEST/INAM/GTED\n")
    record = GameRecord("classic-fr", "fr", (name,), (_round(name),))
    with pytest.raises(RecordError):
        format_record(record)


def _round(name: str) -> RoundRecord:
    return RoundRecord(parse_grid("ORTE/BEST/INAM/GTED"), 180.0, (Sheet.of(name, (3, "mot")),))


def test_names_refused_say_why_in_french_and_english() -> None:
    cases = {
        "": "empty",
        " Ana": "surrounding_blanks",
        "A" * (MAX_NAME_LENGTH + 1): "too_long",
        "An\ta": "control_character",
        "An\u2028a": "line_separator",
        "An\udcffa": "not_text",
    }
    for name, code in cases.items():
        with pytest.raises(PlayerNameError) as caught:
            check_name(name)
        assert caught.value.code == code
        assert error_text(caught.value, "fr") != error_text(caught.value, "en")
    with pytest.raises(PlayerNameError) as reserved:
        check_name("A:B", ":,")
    assert reserved.value.code == "reserved_character"
    assert "':'" in error_text(reserved.value, "fr")


def test_ordinary_names_pass_everywhere() -> None:
    for name in ("Ana", "Léa-Marie", "Zoé 2", "王", "A" * MAX_NAME_LENGTH, "naïve\u00a0x"):
        assert check_name(name) == name
    assert Game(["Léa-Marie", "Zoé 2"], 1, LEX).players == ["Léa-Marie", "Zoé 2"]


def test_a_bad_seat_name_is_refused_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["topword", "play", "--players", "human:An\x85a,expert"]) == 2
    err = capsys.readouterr().err
    assert "--players : nom de joueur" in err and "U+0085" in err


@pytest.mark.parametrize("char", ["\u2028", "\x85", "\x1c", "\r"])
def test_record_parsers_split_lines_on_newline_only(char: str) -> None:
    # A word holding a separator stays on its line (quoted as JSON when written).
    grid = parse_grid("ORTE/BEST/INAM/GTED")
    record = GameRecord(
        "classic-fr",
        "fr",
        ("ana",),
        (RoundRecord(grid, 180.0, (Sheet.of("ana", (3, f"mot{char}s"), (4, "rose")),)),),
    )
    text = format_record(record)
    assert parse_record(text) == record
    # Unquoted, the separator is part of the word (it used to start a new line).
    loose = f"grid: ORTE/BEST/INAM/GTED\n3 ana: ro{char}se\n4 ana: orbite\n"
    sheet = parse_record(loose).rounds[0].sheets[0]
    assert [entry.text for entry in sheet.entries] == [f"ro{char}se", "orbite"]


#: Format characters (Unicode Cf) that make a name print other than it is.
LIARS = {
    "Ana\u202e": "U+202E",  # right-to-left override: the next name prints backwards
    "ana\u200b": "U+200B",  # zero width space: a second « ana »
    "\u200b": "U+200B",  # a lone zero width space: a whole, invisible name
    "\u2066Bo": "U+2066",  # left-to-right isolate
    "\ufeffBo": "U+FEFF",  # zero width no-break space (byte order mark)
    "Bo\u00ad": "U+00AD",  # soft hyphen
}


@pytest.mark.parametrize("name", LIARS, ids=list(LIARS.values()))
def test_names_with_format_characters_are_refused_everywhere(name: str) -> None:
    with pytest.raises(PlayerNameError) as caught:
        check_name(name)
    assert caught.value.code == "format_character"
    for lang in ("fr", "en"):
        assert LIARS[name] in error_text(caught.value, lang)
    assert "mise en forme invisible" in error_text(caught.value, "fr")
    refusal = name_refusal(name, "", ["Ana", "Bo"])
    assert refusal is not None and refusal.code == "bad_name"
    assert refusal.fields["reason"] == "format_character"
    with pytest.raises(GameError):
        Game([name, "Zoé"], 1, LEX)
    with pytest.raises(RecordError, match="U\\+"):
        parse_record(f"players: {name}, Zoé\ngrid: ORTE/BEST/INAM/GTED\n")


def test_names_are_compared_after_nfkc_and_casefold() -> None:
    assert name_key("ＡＮＡ") == name_key("Ana") == name_key("ana") == "ana"
    assert name_key("ﬁlou") == name_key("FILOU")  # the ligature ﬁ is f, i
    assert name_key("Straße") == name_key("STRASSE")
    assert name_key("ana") != name_key("anna")
    for taken, name in (("ana", "ＡＮＡ"), ("Ana", "ana"), ("FILOU", "ﬁlou")):
        assert check_name(name) == name  # a fit name on its own...
        refusal = name_refusal(name, "", [taken])
        assert refusal is not None and refusal.code == "name_taken"  # ...but that seat's
    assert name_refusal("ana", "", ["anna", "Bo"]) is None
    with pytest.raises(GameError) as caught:
        Game(["ana", "ＡＮＡ"], 1, LEX)
    assert caught.value.code == "duplicate_player"
    with pytest.raises(RecordError) as record:
        parse_record("players: ana, ＡＮＡ\ngrid: ORTE/BEST/INAM/GTED\n")
    assert record.value.code == "duplicate_player"


def test_computer_players_sit_under_french_first_names_one_list_for_every_game() -> None:
    """Issue 37: « Camille », not « Bot 1 »: each name valid, in one script, none the same
    as another; the first not taken is given (case and look-alikes count as taken), then
    the list again, numbered."""
    for name in COMPUTER_NAMES:
        assert check_name(name) == name and check_single_script(name) == name
    assert len({look_key(name) for name in COMPUTER_NAMES}) == len(COMPUTER_NAMES)
    assert computer_name([]) == "Camille"
    assert computer_name(["camille", "Ana"]) == "Hugo"
    assert computer_name(["CAMILLE", "Hugo", "Louise"]) == "Jules"
    assert computer_name(COMPUTER_NAMES) == "Camille 2"
    assert computer_name([*COMPUTER_NAMES, "Camille 2"]) == "Hugo 2"
